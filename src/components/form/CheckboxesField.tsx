import { Checkbox, Fieldset, Text, Wrap } from '@chakra-ui/react';

interface CheckboxesFieldProps<V extends string | number> {
  legend: string;
  /** Every choice, in the order shown: its value and its label. */
  choices: readonly { value: V; label: string }[];
  value: readonly V[];
  onChange: (value: V[]) => void;
  helperText?: string;
  error?: string | undefined;
  /** Shown instead of the checkboxes when there is nothing to choose (none: nothing shown). */
  emptyText?: string | undefined;
}

/**
 * A set of checkboxes in a fieldset (a Field would give every checkbox its one id): the zones of
 * a shipping method, the governorates of a zone, the categories of a discount. The values chosen
 * keep the choices' order.
 */
export function CheckboxesField<V extends string | number>({
  legend,
  choices,
  value,
  onChange,
  helperText,
  error,
  emptyText,
}: CheckboxesFieldProps<V>) {
  const toggle = (choice: V, checked: boolean) => {
    const chosen = new Set(value);
    if (checked) chosen.add(choice);
    else chosen.delete(choice);
    onChange(choices.map((c) => c.value).filter((v) => chosen.has(v)));
  };
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium" color="fg">
        {legend}
      </Fieldset.Legend>
      {helperText && <Fieldset.HelperText>{helperText}</Fieldset.HelperText>}
      <Fieldset.Content mt="2">
        {choices.length === 0 && emptyText && (
          <Text fontSize="sm" color="fg.muted">
            {emptyText}
          </Text>
        )}
        <Wrap gap="4">
          {choices.map((choice) => (
            <Checkbox.Root
              key={choice.value}
              size="sm"
              checked={value.includes(choice.value)}
              onCheckedChange={(details) => toggle(choice.value, details.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{choice.label}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Wrap>
      </Fieldset.Content>
      <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}
