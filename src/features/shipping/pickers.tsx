import { Checkbox, Field, Fieldset, NativeSelect, Text, Wrap } from '@chakra-ui/react';
import { useId, useMemo } from 'react';
import { RemovableChip } from '@/components/form';
import { useLocale } from '@/lib/i18n';
import { COUNTRY_CODES } from './countries';
import { useT } from './messages';
import { countryName } from './shipping-display';

interface ChecksProps<V extends string | number> {
  legend: string;
  /** Every choice, in the order shown: its value and its label. */
  choices: readonly { value: V; label: string }[];
  value: readonly V[];
  onChange: (value: V[]) => void;
  helperText?: string;
  error?: string | undefined;
  /** Shown instead of the checkboxes when there is nothing to choose. */
  emptyText?: string;
}

/**
 * A set of checkboxes in a fieldset (a Field would give every checkbox its one id): the zones of
 * a method, the governorates of a zone. The values chosen keep the choices' order.
 */
export function Checks<V extends string | number>({
  legend,
  choices,
  value,
  onChange,
  helperText,
  error,
  emptyText,
}: ChecksProps<V>) {
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

interface CountryPickerProps {
  value: readonly string[];
  onChange: (codes: string[]) => void;
  error?: string | undefined;
}

/**
 * The countries of a zone: the chosen ones as removable chips (named in the active language),
 * and a select of the others, sorted by name, that adds the one picked.
 */
export function CountryPicker({ value, onChange, error }: CountryPickerProps) {
  const t = useT();
  const id = useId();
  const locale = useLocale();
  const others = useMemo(
    () =>
      COUNTRY_CODES.filter((code) => !value.includes(code))
        .map((code) => ({ code, name: countryName(code) }))
        .sort((a, b) => a.name.localeCompare(b.name, locale)),
    [value, locale],
  );
  return (
    <Field.Root invalid={Boolean(error)} required>
      <Field.Label htmlFor={id}>
        {t('countries')}
        <Field.RequiredIndicator />
      </Field.Label>
      {value.length > 0 && (
        <Wrap as="ul" gap="2" mb="2" listStyleType="none" aria-label={t('countries')}>
          {value.map((code) => {
            const name = countryName(code);
            return (
              <RemovableChip
                key={code}
                name={name}
                removeLabel={t('removeCountry', { name })}
                onRemove={() => onChange(value.filter((v) => v !== code))}
                testId="chosen-country"
              />
            );
          })}
        </Wrap>
      )}
      <NativeSelect.Root>
        <NativeSelect.Field
          id={id}
          aria-label={t('addCountry')}
          value=""
          onChange={(event) => {
            if (event.target.value) onChange([...value, event.target.value]);
          }}
        >
          <option value="">{t('chooseCountry')}</option>
          {others.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
