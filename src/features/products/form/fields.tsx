import {
  Field,
  Flex,
  Input,
  InputGroup,
  NativeSelect,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { memo, useId, type ChangeEvent, type FocusEvent, type ReactNode } from 'react';
import { CURRENCY } from '@/lib/format';
import type { ProductFormField } from './product-form-values';

/** The empty <form> the product's inputs belong to through their `form` attribute. */
export const PRODUCT_FORM_ID = 'product-form';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What every field gets from the form: its own value and error, and Formik's stable handlers. */
interface BoundProps {
  name: ProductFormField;
  value: string;
  /** Shown once the field was touched (or a submit was tried). */
  error: string | undefined;
  onChange: (event: ChangeEvent<Control>) => void;
  onBlur: (event: FocusEvent<Control>) => void;
  disabled: boolean;
}

interface FieldFrameProps {
  label: string;
  required?: boolean;
  helper?: string;
}

function Frame({
  label,
  required,
  helper,
  error,
  disabled,
  counter,
  children,
}: FieldFrameProps & {
  error: string | undefined;
  disabled: boolean;
  counter?: { length: number; max: number; name: string };
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={error !== undefined} required={required} disabled={disabled}>
      <Field.Label>
        {label} <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {(helper || counter) && (
        <Field.HelperText width="full">
          <Flex as="span" justify="space-between" gap="3" width="full">
            <span>{helper}</span>
            {counter && (
              <Text
                as="span"
                flexShrink={0}
                fontVariantNumeric="tabular-nums"
                color={counter.length >= counter.max ? 'fg.warning' : undefined}
                data-testid={`${counter.name.replace('_', '-')}-count`}
              >
                {counter.length}/{counter.max}
              </Text>
            )}
          </Flex>
        </Field.HelperText>
      )}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/**
 * A text input, textarea (`multiline`) or TND amount (`money`: number input, step 0.001), with
 * its label, required mark, helper, optional `counter` (length/maxLength) and error.
 */
export const TextField = memo(function TextField({
  name,
  value,
  error,
  onChange,
  onBlur,
  disabled,
  label,
  required,
  helper,
  multiline,
  rows,
  money,
  maxLength,
  placeholder,
  counter,
}: BoundProps &
  FieldFrameProps & {
    multiline?: boolean;
    rows?: number;
    money?: boolean;
    maxLength?: number;
    placeholder?: string;
    counter?: boolean;
  }) {
  const control = { name, value, onChange, onBlur, form: PRODUCT_FORM_ID, maxLength, placeholder };
  return (
    <Frame
      label={label}
      required={required}
      helper={helper}
      error={error}
      disabled={disabled}
      counter={counter && maxLength ? { length: value.length, max: maxLength, name } : undefined}
    >
      {multiline ? (
        <Textarea {...control} rows={rows} />
      ) : money ? (
        <InputGroup endElement={CURRENCY} endElementProps={{ color: 'fg.muted', fontSize: 'sm' }}>
          <Input
            {...control}
            type="number"
            inputMode="decimal"
            step="0.001"
            min="0"
            placeholder="0.000"
          />
        </InputGroup>
      ) : (
        <Input {...control} spellCheck={name === 'slug' ? false : undefined} />
      )}
    </Frame>
  );
});

export interface Option {
  value: string;
  label: string;
}

/** A native select; disabled while `options` is undefined (loading). */
export const SelectField = memo(function SelectField({
  name,
  value,
  error,
  onChange,
  onBlur,
  disabled,
  label,
  required,
  helper,
  options,
  placeholder,
}: BoundProps & FieldFrameProps & { options: Option[] | undefined; placeholder: string }) {
  return (
    <Frame label={label} required={required} helper={helper} error={error} disabled={disabled}>
      <NativeSelect.Root disabled={disabled || options === undefined}>
        <NativeSelect.Field
          name={name}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          form={PRODUCT_FORM_ID}
          placeholder={placeholder}
        >
          {options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Frame>
  );
});

type BooleanField = 'price_includes_vat' | 'has_variants' | 'is_active' | 'is_featured';

/** A switch with its label and an optional helper line. */
export const SwitchField = memo(function SwitchField({
  name,
  label,
  checked,
  helper,
  disabled,
  setFieldValue,
}: {
  name: BooleanField;
  label: string;
  checked: boolean;
  helper?: string;
  disabled?: boolean;
  setFieldValue: (field: BooleanField, value: boolean) => unknown;
}) {
  const helperId = useId();
  return (
    <Stack gap="1">
      <Switch.Root
        checked={checked}
        onCheckedChange={(details) => void setFieldValue(name, details.checked)}
        disabled={disabled}
      >
        <Switch.HiddenInput
          name={name}
          form={PRODUCT_FORM_ID}
          aria-describedby={helper ? helperId : undefined}
        />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>{label}</Switch.Label>
      </Switch.Root>
      {helper && (
        <Text id={helperId} fontSize="xs" color="fg.muted">
          {helper}
        </Text>
      )}
    </Stack>
  );
});
