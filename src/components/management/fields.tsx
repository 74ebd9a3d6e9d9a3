import {
  Field,
  Input,
  NativeSelect,
  Switch,
  Textarea,
  type InputProps,
  type TextareaProps,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface FieldFrameProps {
  label: ReactNode;
  /** Shown (and the field marked invalid) when set. */
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/** Label, control, helper and error text. */
function FieldFrame({ label, error, helperText, required, disabled, children }: FieldFrameProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

interface TextFieldProps extends Omit<InputProps, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean;
}

/** A labelled input. */
export function TextField({
  label,
  value,
  onChange,
  error,
  helperText,
  required = false,
  disabled,
  ...input
}: TextFieldProps) {
  return (
    <FieldFrame
      label={label}
      error={error}
      helperText={helperText}
      required={required}
      disabled={disabled}
    >
      <Input value={value} onChange={(event) => onChange(event.target.value)} {...input} />
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends Omit<TextareaProps, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  helperText?: ReactNode;
}

/** A labelled multi-line input. */
export function TextAreaField({
  label,
  value,
  onChange,
  error,
  helperText,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} helperText={helperText}>
      <Textarea
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoresize
        minH="5rem"
        {...textarea}
      />
    </FieldFrame>
  );
}

interface SelectFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  name?: string;
  /** The `<option>`s. */
  children: ReactNode;
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean;
}

/** A labelled native select. */
export function SelectField({
  label,
  value,
  onChange,
  name,
  children,
  error,
  helperText,
  required = false,
}: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} helperText={helperText} required={required}>
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
    </FieldFrame>
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
