import { SimpleGrid } from '@chakra-ui/react';
import type { VatRate } from '@generated/model';
import {
  FormDialog,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
  useFormDialog,
  type ItemFormDialogProps,
} from '@/components/form';
import { formatDate, formatVatRate } from '@/lib/format';
import {
  emptyVatRateValues,
  successorOptions,
  validateVatRate,
  vatRateToValues,
  type VatRateFormValues,
} from './vat-rate-form';

interface VatRateFormDialogProps extends ItemFormDialogProps<VatRate, VatRateFormValues> {
  /** Every rate, for the "Replaced by" choice (the other rates of the same country). */
  vatRates: readonly VatRate[];
}

/**
 * Create/Edit VAT Rate (docs/product.md §2, §5). A missing required field gives the toast 'Validation Error'
 * / 'Please fill in all required fields' and sends nothing; the country code is upper-cased as it
 * is typed; 'Active' is offered when editing.
 */
export function VatRateFormDialog({ vatRates, ...props }: VatRateFormDialogProps) {
  const { editing, values, setField, bind, bindSwitch, dialog } = useFormDialog(props, {
    values: { empty: emptyVatRateValues, of: vatRateToValues },
    validate: validateVatRate,
    titles: ['Create VAT Rate', 'Edit VAT Rate'],
    invalidTitle: 'Validation Error',
  });

  return (
    <FormDialog {...dialog}>
      <TextField label="Name" required {...bind('name')} placeholder="e.g. Standard rate" />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField
          label="Rate (%)"
          required
          {...bind('rate')}
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step={0.01}
          placeholder="19.00"
        />
        <TextField
          label="Country Code"
          required
          {...bind('country_code')}
          maxLength={2}
          autoCapitalize="characters"
          autoComplete="off"
          placeholder="TN"
          onChange={(code) => setField('country_code', code.toUpperCase())}
          helperText="Two letters (ISO 3166-1)"
        />
      </SimpleGrid>
      <TextAreaField label="Description" {...bind('description')} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label="Effective From" required {...bind('effective_from')} type="date" />
        <TextField
          label="Effective To"
          {...bind('effective_to')}
          type="date"
          helperText="Leave empty when open-ended"
        />
      </SimpleGrid>
      <SelectField
        label="Replaced by"
        {...bind('successor_id')}
        helperText="When the law changes: the rate charged after Effective To, for every product on this rate"
      >
        <option value="">None</option>
        {successorOptions(vatRates, props.item, values.country_code).map((r) => (
          <option key={r.id} value={String(r.id)}>
            {`${r.name} (${formatVatRate(r.rate)} from ${formatDate(r.effective_from)})`}
          </option>
        ))}
      </SelectField>
      <SwitchField label="Default rate for this country" {...bindSwitch('is_default')} />
      {editing && <SwitchField label="Active" {...bindSwitch('is_active')} />}
    </FormDialog>
  );
}
