import { Field, IconButton, Input, InputGroup } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { EyeIcon, EyeOffIcon } from '@/components/icons';

interface PasswordFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean;
}

/** A password input with a show/hide toggle (spec §2 "Users"). */
export function PasswordField({
  label,
  value,
  onChange,
  onBlur,
  name,
  error,
  helperText,
  required = false,
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <InputGroup
        endElement={
          <IconButton
            size="xs"
            variant="ghost"
            me="-2"
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-pressed={visible}
            title={visible ? 'Hide password' : 'Show password'}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? <EyeOffIcon /> : <EyeIcon />}
          </IconButton>
        }
      >
        <Input
          type={visible ? 'text' : 'password'}
          name={name}
          autoComplete="new-password"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      </InputGroup>
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
