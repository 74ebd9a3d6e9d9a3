import { Field, NativeSelect, Wrap } from '@chakra-ui/react';
import { useId, useMemo } from 'react';
import { RemovableChip } from '@/components/form';
import { useLocale } from '@/lib/i18n';
import { COUNTRY_CODES } from './countries';
import { useT } from './messages';
import { countryName } from './shipping-display';

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
