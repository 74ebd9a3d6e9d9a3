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
  bulkActionTitle,
  EMPTY_BULK_VALUES,
  toBulkAction,
  validateBulkValues,
  type BulkAction,
  type BulkActionKind,
  type BulkEditValues,
} from './actions';
import { useT } from './messages';

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

/** The choices of a select: value and message key. */
const UNITS = [
  ['percent', 'percentUnit'],
  ['amount', 'amountUnit'],
] as const;
const STATUSES = [
  ['true', 'active'],
  ['false', 'inactive'],
] as const;

/** An action that picks one of a list: its field, label, first (empty) option and options. */
const choiceOf = (
  name: 'category_id' | 'vat_rate_id',
  label: string,
  empty: string,
  options: readonly Option[],
) => ({ name, label, empty, options });

/** One dialog per bulk action (the kit's FormDialog): its fields, then the server's refusal. */
export function BulkEditDialog({ kind, submitting, onClose, ...props }: BulkEditDialogProps) {
  const t = useT();
  const formId = useId();
  return (
    <FormDialog
      open={kind !== null}
      title={kind ? bulkActionTitle(kind) : ''}
      submitLabel={t('apply')}
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
  const t = useT();
  const choices = (list: typeof UNITS | typeof STATUSES): Option[] =>
    list.map(([value, key]) => ({ value, label: t(key) }));
  const form = useFormik<BulkEditValues>({
    initialValues: EMPTY_BULK_VALUES,
    validate: (values) => validateBulkValues(kind, values),
    onSubmit: (values) => onSubmit(toBulkAction(kind, values)),
  });
  const choice =
    kind === 'set_category'
      ? choiceOf('category_id', t('category'), t('chooseCategory'), categories)
      : kind === 'set_vat_rate'
        ? choiceOf('vat_rate_id', t('vatRate'), t('chooseVatRate'), vatRates)
        : null;
  const reason = (
    <TextField
      label={t('reason')}
      required
      placeholder={t('reasonPlaceholder')}
      {...bindText(form, 'reason')}
    />
  );
  return (
    <form id={id} onSubmit={form.handleSubmit} noValidate aria-label={bulkActionTitle(kind)}>
      <Stack gap="4">
        <Text data-testid="bulk-target">{t('appliesTo', { target })}</Text>
        {kind === 'set_price' && (
          <MoneyField label={t('price')} required {...bindText(form, 'price')} />
        )}
        {kind === 'shift_price' && (
          <>
            <SelectField
              label={t('changeBy')}
              options={choices(UNITS)}
              {...bindText(form, 'unit')}
            />
            <TextField
              label={t(form.values.unit === 'percent' ? 'changePercent' : 'changeAmount')}
              required
              inputMode="decimal"
              placeholder={t('changePlaceholder')}
              helperText={t('changeHelp')}
              {...bindText(form, 'value')}
            />
          </>
        )}
        {kind === 'set_stock' && (
          <>
            <TextField
              label={t('stockQuantity')}
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
              label={t('adjustment')}
              required
              type="number"
              step="1"
              inputMode="numeric"
              placeholder={t('changePlaceholder')}
              helperText={t('adjustmentHelp')}
              {...bindText(form, 'delta')}
            />
            {reason}
          </>
        )}
        {kind === 'set_status' && (
          <SelectField
            label={t('status')}
            options={choices(STATUSES)}
            {...bindText(form, 'is_active')}
          />
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
              <Alert.Title>{t('nothingChanged')}</Alert.Title>
              <Alert.Description data-testid="bulk-refusal">{error}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
      </Stack>
    </form>
  );
}
