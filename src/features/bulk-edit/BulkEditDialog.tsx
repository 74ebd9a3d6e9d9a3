import { Alert, List, Stack, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useId } from 'react';
import type { BulkPricePreview } from '@generated/model';
import { formatMoney } from '@/lib/format';
import { activeLocale, INTL_TAGS } from '@/lib/i18n';
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
  /** The action is previewed before it is applied: the button says Preview. */
  previewFirst?: boolean;
  /** What the previewed price action would change (the server's dry run). */
  preview?: BulkPricePreview | null;
  /** A value was changed (the preview no longer applies). */
  onEdit?: () => void;
}

/** Products named in the preview before "and N more". */
const NAMED = 5;

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
export function BulkEditDialog({
  kind,
  submitting,
  onClose,
  previewFirst = false,
  ...props
}: BulkEditDialogProps) {
  const t = useT();
  const formId = useId();
  return (
    <FormDialog
      open={kind !== null}
      title={kind ? bulkActionTitle(kind) : ''}
      submitLabel={t(previewFirst ? 'preview' : 'apply')}
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
  preview = null,
  onEdit,
}: Omit<BulkEditDialogProps, 'kind' | 'submitting' | 'onClose' | 'previewFirst'> & {
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
    <form
      id={id}
      onSubmit={form.handleSubmit}
      onChange={onEdit}
      noValidate
      aria-label={bulkActionTitle(kind)}
    >
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
        {preview && !error && <PricePreview preview={preview} />}
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

/**
 * What a price action would change, before it is applied (#26): how many charged prices, the
 * first few old → new, and the products whose variants' own prices move too.
 */
function PricePreview({ preview }: { preview: BulkPricePreview }) {
  const t = useT();
  const withVariants = preview.products_with_variants;
  const names = withVariants.slice(0, NAMED).map((p) => p.name);
  if (withVariants.length > NAMED) names.push(t('andMore', { count: withVariants.length - NAMED }));
  const list = new Intl.ListFormat(INTL_TAGS[activeLocale()], { type: 'conjunction' });
  return (
    <Alert.Root status="info" data-testid="bulk-preview">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('pricesChange', { count: preview.prices_changed })}</Alert.Title>
        <Alert.Description>
          <Stack gap="2">
            {preview.examples.length > 0 && (
              <List.Root ps="4">
                {preview.examples.map((example) => (
                  <List.Item key={example.label}>
                    {t('priceExample', {
                      label: example.label,
                      before: formatMoney(example.before),
                      after: formatMoney(example.after),
                    })}
                  </List.Item>
                ))}
              </List.Root>
            )}
            {withVariants.length > 0 && (
              <Text>
                {t('variantPricesMove', { count: withVariants.length, names: list.format(names) })}
              </Text>
            )}
            <Text>{t('applyToConfirm')}</Text>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
