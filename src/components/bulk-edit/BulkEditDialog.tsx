import { Alert, Stack, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useId } from 'react';
import {
  bindText,
  FormDialog,
  MoneyField,
  NUMBER_INPUT,
  SelectField,
  TextField,
  type Option,
} from '@/components/form';
import {
  BULK_ACTION_TITLES,
  EMPTY_BULK_VALUES,
  toBulkAction,
  validateBulkValues,
  type BulkAction,
  type BulkActionKind,
  type BulkEditValues,
} from './actions';

export interface BulkEditDialogProps {
  /** The action whose dialog is open; null: closed. */
  kind: BulkActionKind | null;
  /** What it applies to: '3 products'. */
  target: string;
  /** The choices of Set Category and Set VAT Rate. */
  categories?: readonly Option[];
  vatRates?: readonly Option[];
  /** Why the server refused the last try (it names the refused rows); nothing was changed. */
  error: string | null;
  submitting: boolean;
  onSubmit: (action: BulkAction) => Promise<void>;
  onClose: () => void;
}

const UNITS: readonly Option[] = [
  { value: 'percent', label: 'Percent (%)' },
  { value: 'amount', label: 'Amount (TND)' },
];
const STATUSES: readonly Option[] = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

/** An action that picks one of a list: its field, label, first (empty) option and options. */
const choiceOf = (
  name: 'category_id' | 'vat_rate_id',
  label: string,
  empty: string,
  options: readonly Option[],
) => ({ name, label, empty, options });

/** One dialog per bulk action (the kit's FormDialog): its fields, then the server's refusal. */
export function BulkEditDialog({ kind, submitting, onClose, ...props }: BulkEditDialogProps) {
  const formId = useId();
  return (
    <FormDialog
      open={kind !== null}
      title={kind ? BULK_ACTION_TITLES[kind] : ''}
      submitLabel="Apply"
      submitting={submitting}
      onClose={onClose}
      size="md"
      formId={formId}
    >
      {kind && <BulkEditForm key={kind} id={formId} kind={kind} {...props} />}
    </FormDialog>
  );
}

function BulkEditForm({
  id,
  kind,
  target,
  categories = [],
  vatRates = [],
  error,
  onSubmit,
}: Omit<BulkEditDialogProps, 'kind' | 'submitting' | 'onClose'> & {
  id: string;
  kind: BulkActionKind;
}) {
  const form = useFormik<BulkEditValues>({
    initialValues: EMPTY_BULK_VALUES,
    validate: (values) => validateBulkValues(kind, values),
    onSubmit: (values) => onSubmit(toBulkAction(kind, values)),
  });
  const choice =
    kind === 'set_category'
      ? choiceOf('category_id', 'Category', 'Choose a category', categories)
      : kind === 'set_vat_rate'
        ? choiceOf('vat_rate_id', 'VAT rate', 'Choose a VAT rate', vatRates)
        : null;
  const reason = (
    <TextField
      label="Reason"
      required
      placeholder="e.g. Stocktake, damaged goods"
      {...bindText(form, 'reason')}
    />
  );
  return (
    <form id={id} onSubmit={form.handleSubmit} noValidate aria-label={BULK_ACTION_TITLES[kind]}>
      <Stack gap="4">
        <Text data-testid="bulk-target">Applies to {target}.</Text>
        {kind === 'set_price' && <MoneyField label="Price" required {...bindText(form, 'price')} />}
        {kind === 'shift_price' && (
          <>
            <SelectField label="Change by" options={UNITS} {...bindText(form, 'unit')} />
            <TextField
              label={form.values.unit === 'percent' ? 'Change (%)' : 'Change (TND)'}
              required
              inputMode="decimal"
              placeholder="e.g. 10 or -5"
              helperText="A positive number raises prices, a negative one lowers them (rounded to 3 decimals)."
              {...bindText(form, 'value')}
            />
          </>
        )}
        {kind === 'set_stock' && (
          <>
            <TextField
              label="Stock quantity"
              required
              {...NUMBER_INPUT.count}
              {...bindText(form, 'quantity')}
            />
            {reason}
          </>
        )}
        {kind === 'adjust_stock' && (
          <>
            <TextField
              label="Adjustment"
              required
              type="number"
              step="1"
              inputMode="numeric"
              placeholder="e.g. 10 or -5"
              helperText="A positive number adds stock, a negative number removes it."
              {...bindText(form, 'delta')}
            />
            {reason}
          </>
        )}
        {kind === 'set_status' && (
          <SelectField label="Status" options={STATUSES} {...bindText(form, 'is_active')} />
        )}
        {choice && (
          <SelectField
            label={choice.label}
            required
            options={choice.options}
            {...bindText(form, choice.name)}
          >
            <option value="">{choice.empty}</option>
          </SelectField>
        )}
        {error && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Nothing was changed</Alert.Title>
              <Alert.Description data-testid="bulk-refusal">{error}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
      </Stack>
    </form>
  );
}
