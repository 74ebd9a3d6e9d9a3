import { SimpleGrid } from '@chakra-ui/react';
import type { VatRate } from '@generated/model';
import {
  FormDialog,
  NUMBER_INPUT,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
  useFormDialog,
  type ItemFormDialogProps,
} from '@/components/form';
import { formatVatRate } from '@/lib/format';
import { SHOP_COUNTRY } from '@/lib/shop';
import { useT } from './messages';
import {
  emptyVatRateValues,
  formatVatDay,
  rateLawLocked,
  successorOptions,
  validateVatRate,
  vatRateToValues,
  type VatRateFormValues,
} from './vat-rate-form';

/** The rate field's example: a number as the input takes it, the same in every language. */
const RATE_EXAMPLE = '19.00';

interface VatRateFormDialogProps extends ItemFormDialogProps<VatRate, VatRateFormValues> {
  /** Every rate, for the "Replaced by" choice (the other rates of the same country). */
  vatRates: readonly VatRate[];
}

/**
 * Create/Edit VAT Rate (docs/product.md §2, §5). A missing required field gives the toast 'Validation Error'
 * / 'Please fill in all required fields' and sends nothing; the country code is upper-cased as it
 * is typed; 'Active' is offered when editing. The rate and country of a rate in force, past or
 * in use cannot be edited (rateLawLocked): the rate field says to record a successor instead.
 */
export function VatRateFormDialog({ vatRates, ...props }: VatRateFormDialogProps) {
  const t = useT();
  // A rate in force, past or in use keeps its rate and country: the law changes by a successor.
  const locked = props.item !== null && rateLawLocked(props.item, new Date());
  const { editing, values, setField, bind, bindSwitch, dialog } = useFormDialog(props, {
    values: { empty: emptyVatRateValues, of: vatRateToValues },
    validate: validateVatRate,
    titles: [t('createTitle'), t('editTitle')],
    invalidTitle: t('validationError'),
  });

  return (
    <FormDialog {...dialog}>
      <TextField label={t('name')} required {...bind('name')} placeholder={t('namePlaceholder')} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField
          label={t('ratePercent')}
          required
          {...bind('rate')}
          {...NUMBER_INPUT.percent}
          placeholder={RATE_EXAMPLE}
          disabled={locked}
          helperText={locked ? t('lawLocked') : undefined}
        />
        <TextField
          label={t('countryCode')}
          required
          {...bind('country_code')}
          maxLength={2}
          autoCapitalize="characters"
          autoComplete="off"
          placeholder={SHOP_COUNTRY}
          onChange={(code) => setField('country_code', code.toUpperCase())}
          disabled={locked}
          helperText={t('countryCodeHelper')}
        />
      </SimpleGrid>
      <TextAreaField label={t('description')} {...bind('description')} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label={t('effectiveFrom')} required {...bind('effective_from')} type="date" />
        <TextField
          label={t('effectiveTo')}
          {...bind('effective_to')}
          type="date"
          helperText={t('effectiveToHelper')}
        />
      </SimpleGrid>
      <SelectField
        label={t('replacedBy')}
        {...bind('successor_id')}
        helperText={t('replacedByHelper')}
      >
        <option value="">{t('none')}</option>
        {successorOptions(vatRates, props.item, values.country_code).map((r) => (
          <option key={r.id} value={String(r.id)}>
            {t('successorOption', {
              name: r.name,
              rate: formatVatRate(r.rate),
              date: formatVatDay(r.effective_from),
            })}
          </option>
        ))}
      </SelectField>
      <SwitchField label={t('defaultForCountry')} {...bindSwitch('is_default')} />
      {editing && <SwitchField label={t('active')} {...bindSwitch('is_active')} />}
    </FormDialog>
  );
}
