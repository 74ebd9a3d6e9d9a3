import { Field, Input, NativeSelect, Switch, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface InputFieldProps extends Omit<InputProps, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Shown (and the field marked invalid) when set. */
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean;
}

/** A labelled input with its helper and error text. */
export function InputField({
  label,
  value,
  onChange,
  error,
  helperText,
  required = false,
  ...input
}: InputFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input value={value} onChange={(event) => onChange(event.target.value)} {...input} />
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

interface SelectFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  name?: string;
  children: ReactNode;
  helperText?: ReactNode;
  disabled?: boolean;
}

/** A labelled native select. */
export function SelectField({
  label,
  value,
  onChange,
  name,
  children,
  helperText,
  disabled,
}: SelectFieldProps) {
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          name={name}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        >
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
    </Field.Root>
  );
}

interface SwitchFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
  disabled?: boolean;
}

/** A switch with its label (the hidden checkbox is named by the label). */
export function SwitchField({ label, checked, onChange, name, disabled }: SwitchFieldProps) {
  return (
    <Switch.Root
      name={name}
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked)}
      disabled={disabled}
    >
      <Switch.HiddenInput />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label>{label}</Switch.Label>
    </Switch.Root>
  );
}
