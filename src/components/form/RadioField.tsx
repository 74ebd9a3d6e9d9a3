import { Field, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';

interface RadioFieldProps<T extends string> {
  label: string;
  value: T;
  /** The choices, in the order shown (side by side from the small breakpoint up). */
  options: readonly T[];
  optionLabel: (option: T) => string;
  onChange: (value: T) => void;
}

/** One choice among a few shown at once (a rate's or a discount's kind), named by its label. */
export function RadioField<T extends string>({
  label,
  value,
  options,
  optionLabel,
  onChange,
}: RadioFieldProps<T>) {
  const labelId = useId();
  return (
    <Field.Root>
      <RadioGroup.Root
        value={value}
        // The group offers only `options`, so its value is one of them.
        onValueChange={(event) => onChange(event.value as T)}
        aria-labelledby={labelId}
      >
        <Text id={labelId} fontSize="sm" fontWeight="medium" mb="2">
          {label}
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
          {options.map((option) => (
            <RadioGroup.Item key={option} value={option}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{optionLabel(option)}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
    </Field.Root>
  );
}
