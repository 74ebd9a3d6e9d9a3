import {
  Field,
  Flex,
  IconButton,
  Input,
  InputGroup,
  NativeSelect,
  Stack,
  Switch,
  Text,
  Textarea,
  type InputProps,
  type NativeSelectFieldProps,
  type NativeSelectRootProps,
  type TextareaProps,
} from '@chakra-ui/react';
import {
  memo,
  useId,
  useState,
  type ChangeEvent,
  type FocusEventHandler,
  type ReactNode,
} from 'react';
import { EyeIcon, EyeOffIcon } from '@/components/icons';
import { CURRENCY } from '@/lib/format';
import { useT } from './messages';

/** What every labelled field takes besides its control's own props. */
interface FrameProps {
  label: ReactNode;
  /** Shown (and the field marked invalid) when set; hides the helper text meanwhile. */
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean | undefined;
}

/** A field's value as typed, and the change event for handlers that want it (Formik's). */
type OnTextChange<E extends HTMLElement> = (value: string, event: ChangeEvent<E>) => void;

/** Label (with the required mark), control, helper text or character counter, and error. */
function FieldFrame({
  label,
  error,
  helperText,
  required = false,
  disabled,
  counter,
  children,
}: FrameProps & {
  /** The length/max counter at the end of the helper line, with its test id. */
  counter?: { length: number; max: number; testId: string } | undefined;
  children: ReactNode;
}) {
  const helper = error ? undefined : helperText;
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {counter ? (
        <Field.HelperText width="full">
          <Flex as="span" justify="space-between" gap="3" width="full">
            <span>{helper}</span>
            <Text
              as="span"
              flexShrink={0}
              fontVariantNumeric="tabular-nums"
              color={counter.length >= counter.max ? 'fg.warning' : undefined}
              data-testid={counter.testId}
            >
              {counter.length}/{counter.max}
            </Text>
          </Flex>
        </Field.HelperText>
      ) : (
        helper && <Field.HelperText>{helper}</Field.HelperText>
      )}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

interface TextFieldProps extends FrameProps, Omit<InputProps, 'onChange' | 'value' | 'required'> {
  value: string;
  onChange: OnTextChange<HTMLInputElement>;
  /** Shows the length against `maxLength` (test id `<name>-count`). */
  counter?: boolean;
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface ControlledProps<E extends Control> extends FrameProps {
  value: string;
  onChange: OnTextChange<E>;
  counter?: boolean;
  name?: string | undefined;
  maxLength?: number | undefined;
}

/** A field's props split into its frame's and its control's (value and change wired up). */
function frameAndControl<E extends Control, P extends ControlledProps<E>>(props: P) {
  const { label, error, helperText, required, disabled, counter, value, onChange, ...rest } = props;
  const max: number | undefined = (props as ControlledProps<E>).maxLength;
  return {
    frame: {
      label,
      error,
      helperText,
      required,
      disabled,
      counter:
        counter && max
          ? { length: value.length, max, testId: `${(rest.name ?? '').replace('_', '-')}-count` }
          : undefined,
    },
    control: {
      ...rest,
      value,
      onChange: (event: ChangeEvent<E>) => onChange(event.target.value, event),
    },
  };
}

/** A labelled input (memoised: a form re-renders only the fields whose props changed). */
export const TextField = memo(function TextField(props: TextFieldProps) {
  const { frame, control } = frameAndControl<HTMLInputElement, TextFieldProps>(props);
  return (
    <FieldFrame {...frame}>
      <Input {...control} />
    </FieldFrame>
  );
});

/** A TND amount: a number input with step 0.001 and the currency at its end. */
export const MoneyField = memo(function MoneyField(props: TextFieldProps) {
  const { frame, control } = frameAndControl<HTMLInputElement, TextFieldProps>(props);
  return (
    <FieldFrame {...frame}>
      <InputGroup endElement={CURRENCY} endElementProps={{ color: 'fg.muted', fontSize: 'sm' }}>
        <Input {...control} {...NUMBER_INPUT.money} placeholder="0.000" />
      </InputGroup>
    </FieldFrame>
  );
});

interface TextAreaFieldProps
  extends FrameProps, Omit<TextareaProps, 'onChange' | 'value' | 'required'> {
  value: string;
  onChange: OnTextChange<HTMLTextAreaElement>;
  counter?: boolean;
}

/** A labelled multi-line input; without `rows` it grows with its text. */
export const TextAreaField = memo(function TextAreaField(props: TextAreaFieldProps) {
  const { frame, control } = frameAndControl<HTMLTextAreaElement, TextAreaFieldProps>(props);
  const sizing = control.rows === undefined ? { autoresize: true, minH: '5rem' } : {};
  return (
    <FieldFrame {...frame}>
      <Textarea {...sizing} {...control} />
    </FieldFrame>
  );
});

export interface Option {
  value: string;
  label: string;
}

interface SelectFieldProps
  extends FrameProps, Omit<NativeSelectFieldProps, 'onChange' | 'value' | 'required'> {
  value: string;
  onChange: OnTextChange<HTMLSelectElement>;
  /** The choices, after any `<option>`s given as children. */
  options?: readonly Option[] | undefined;
}

/** A native select with its options (unlabelled: give it an `aria-label`, or use SelectField). */
export function Select({
  options,
  children,
  disabled,
  width,
  size,
  flex,
  ...field
}: Omit<NativeSelectFieldProps, 'width' | 'size' | 'flex'> & {
  options?: readonly Option[] | undefined;
  width?: NativeSelectRootProps['width'];
  size?: NativeSelectRootProps['size'];
  flex?: NativeSelectRootProps['flex'];
  disabled?: boolean | undefined;
}) {
  return (
    <NativeSelect.Root disabled={disabled} width={width} size={size} flex={flex}>
      <NativeSelect.Field {...field}>
        {children}
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** A labelled native select. */
export const SelectField = memo(function SelectField({
  options,
  children,
  ...props
}: SelectFieldProps) {
  const { frame, control } = frameAndControl<HTMLSelectElement, typeof props>(props);
  return (
    <FieldFrame {...frame}>
      <Select {...control} options={options} disabled={frame.disabled}>
        {children}
      </Select>
    </FieldFrame>
  );
});

interface SwitchFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
  disabled?: boolean | undefined;
  /** A line under the switch, which also describes it. */
  helperText?: ReactNode;
  /** The id of the form the hidden checkbox belongs to, when it is not inside it. */
  form?: string;
}

/** A switch with its label (the hidden checkbox is named by the label). */
export function SwitchField({
  label,
  checked,
  onChange,
  name,
  disabled,
  helperText,
  form,
}: SwitchFieldProps) {
  const helperId = useId();
  const control = (
    <Switch.Root
      name={name}
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked)}
      disabled={disabled}
    >
      <Switch.HiddenInput form={form} aria-describedby={helperText ? helperId : undefined} />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label>{label}</Switch.Label>
    </Switch.Root>
  );
  if (!helperText) return control;
  return (
    <Stack gap="1">
      {control}
      <Text id={helperId} fontSize="xs" color="fg.muted">
        {helperText}
      </Text>
    </Stack>
  );
}

interface PasswordFieldProps extends FrameProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  name?: string;
  /** 'current-password' for one the user proves they know (password managers fill it in). */
  autoComplete?: 'new-password' | 'current-password';
}

/** A password's input (a new one unless told) with a show/hide toggle. */
export function PasswordField({
  value,
  onChange,
  onBlur,
  name,
  autoComplete = 'new-password',
  ...frame
}: PasswordFieldProps) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  const toggle = visible ? t('hidePassword') : t('showPassword');
  return (
    <FieldFrame {...frame}>
      <InputGroup
        endElement={
          <IconButton
            size="xs"
            variant="ghost"
            me="-2"
            aria-label={toggle}
            aria-pressed={visible}
            title={toggle}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? <EyeOffIcon /> : <EyeIcon />}
          </IconButton>
        }
      >
        <Input
          type={visible ? 'text' : 'password'}
          name={name}
          autoComplete={autoComplete}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      </InputGroup>
    </FieldFrame>
  );
}

/** Input props of the number kinds the forms take (spread onto a TextField). */
export const NUMBER_INPUT = {
  /** A whole count: stock, thresholds, positions. */
  count: { type: 'number', step: '1', min: '0', inputMode: 'numeric' },
  /** A measure with up to 2 decimals: weight, dimensions. */
  measure: { type: 'number', step: '0.01', min: '0', inputMode: 'decimal' },
  /** A TND amount with up to 3 decimals. */
  money: { type: 'number', step: '0.001', min: '0', inputMode: 'decimal' },
  /** A percentage with up to 2 decimals: VAT rates, discounts. */
  percent: { type: 'number', step: '0.01', min: '0', max: '100', inputMode: 'decimal' },
  /** A whole count of at least one: usage limits. */
  positive: { type: 'number', step: '1', min: '1', inputMode: 'numeric' },
} as const;
