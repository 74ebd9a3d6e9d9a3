import { SimpleGrid } from '@chakra-ui/react';
import type { VatRate } from '@generated/model';
import {
  FormDialog,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
  useFormDialog,
} from '@/components/form';
import { formatDate, formatVatRate } from '@/lib/format';
import {
  emptyVatRateValues,
  successorOptions,
  validateVatRate,
  vatRateToValues,
  type VatRateFormValues,
} from './vat-rate-form';

export interface VatRateFormDialogProps {
  open: boolean;
  /** The rate being edited; null: a new one. */
  vatRate: VatRate | null;
  /** Every rate, for the "Replaced by" choice (the other rates of the same country). */
  vatRates?: readonly VatRate[];
  /** Saves; the container closes the dialog on success and reports the outcome. */
  onSubmit: (values: VatRateFormValues) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Create/Edit VAT Rate (spec §2, §5). A missing required field gives the toast 'Validation Error'
 * / 'Please fill in all required fields' and sends nothing; the country code is upper-cased as it
 * is typed; 'Active' is offered when editing.
 */
export function VatRateFormDialog({
  open,
  vatRate,
  vatRates = [],
  onSubmit,
  onClose,
}: VatRateFormDialogProps) {
  const editing = vatRate !== null;
  const { values, handleSubmit, errorOf, setField, touch, formik } = useFormDialog({
    initialValues: vatRate ? vatRateToValues(vatRate) : emptyVatRateValues,
    validate: validateVatRate,
    onSubmit,
    invalidTitle: 'Validation Error',
  });

  return (
    <FormDialog
      open={open}
      title={editing ? 'Edit VAT Rate' : 'Create VAT Rate'}
      submitLabel={editing ? 'Update' : 'Create'}
      submitting={formik.isSubmitting}
      onSubmit={handleSubmit}
      onClose={onClose}
      dirty={formik.dirty}
    >
      <TextField
        label="Name"
        required
        name="name"
        placeholder="e.g. Standard rate"
        value={values.name}
        onChange={(name) => setField('name', name)}
        onBlur={touch('name')}
        error={errorOf('name')}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField
          label="Rate (%)"
          required
          name="rate"
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step={0.01}
          placeholder="19.00"
          value={values.rate}
          onChange={(rate) => setField('rate', rate)}
          onBlur={touch('rate')}
          error={errorOf('rate')}
        />
        <TextField
          label="Country Code"
          required
          name="country_code"
          maxLength={2}
          autoCapitalize="characters"
          autoComplete="off"
          placeholder="TN"
          value={values.country_code}
          onChange={(code) => setField('country_code', code.toUpperCase())}
          onBlur={touch('country_code')}
          error={errorOf('country_code')}
          helperText="Two letters (ISO 3166-1)"
        />
      </SimpleGrid>
      <TextAreaField
        label="Description"
        name="description"
        value={values.description}
        onChange={(description) => setField('description', description)}
        onBlur={touch('description')}
        error={errorOf('description')}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField
          label="Effective From"
          required
          name="effective_from"
          type="date"
          value={values.effective_from}
          onChange={(day) => setField('effective_from', day)}
          onBlur={touch('effective_from')}
          error={errorOf('effective_from')}
        />
        <TextField
          label="Effective To"
          name="effective_to"
          type="date"
          value={values.effective_to}
          onChange={(day) => setField('effective_to', day)}
          onBlur={touch('effective_to')}
          error={errorOf('effective_to')}
          helperText="Leave empty when open-ended"
        />
      </SimpleGrid>
      <SelectField
        label="Replaced by"
        name="successor_id"
        value={values.successor_id}
        onChange={(id) => setField('successor_id', id)}
        helperText="When the law changes: the rate charged after Effective To, for every product on this rate"
      >
        <option value="">None</option>
        {successorOptions(vatRates, vatRate, values.country_code).map((r) => (
          <option key={r.id} value={String(r.id)}>
            {`${r.name} (${formatVatRate(r.rate)} from ${formatDate(r.effective_from)})`}
          </option>
        ))}
      </SelectField>
      <SwitchField
        label="Default rate for this country"
        name="is_default"
        checked={values.is_default}
        onChange={(checked) => setField('is_default', checked)}
      />
      {editing && (
        <SwitchField
          label="Active"
          name="is_active"
          checked={values.is_active}
          onChange={(checked) => setField('is_active', checked)}
        />
      )}
    </FormDialog>
  );
}
