// The actions of a bulk edit as the console offers them: their titles, the dialog's values, the
// validation of each and the action body the server takes (ProductBulkEdit / VariantBulkEdit).
import * as yup from 'yup';
import type { BulkEditResult, ProductBulkEditAction } from '@generated/model';
import { validationSummary } from '@/components/form';
import type { Noun } from '@/components/list-screen';
import { t } from './messages';

export type BulkAction = ProductBulkEditAction;
export type BulkActionKind = BulkAction['type'];

/** The action's name: its button and its dialog's title ('Set Price'). */
export const bulkActionTitle = (kind: BulkActionKind) => t(kind);

/** A variant's own VAT rate choice that makes it use its product's. */
export const INHERIT_VAT_RATE = 'inherit';

/** Every field of every action's dialog, as typed. */
export interface BulkEditValues {
  price: string;
  unit: 'amount' | 'percent';
  value: string;
  quantity: string;
  delta: string;
  reason: string;
  is_active: 'true' | 'false';
  category_id: string;
  vat_rate_id: string;
}

export const EMPTY_BULK_VALUES: BulkEditValues = {
  price: '',
  unit: 'percent',
  value: '',
  quantity: '',
  delta: '',
  reason: '',
  is_active: 'true',
  category_id: '',
  vat_rate_id: '',
};

const MONEY = /^\d{1,9}(\.\d{1,3})?$/;
const SIGNED_AMOUNT = /^-?\d{1,9}(\.\d{1,3})?$/;
const SIGNED_PERCENT = /^-?\d{1,4}(\.\d{1,2})?$/;
const INTEGER = /^-?\d+$/;

const reason = yup
  .string()
  .trim()
  .required(() => t('reasonRequired'))
  .max(255, () => t('tooLong', { max: 255 }));

const wholeNumber = (min: number, max: number, message: () => string) =>
  yup
    .string()
    .trim()
    .required(message)
    .test('range', message, (v) => INTEGER.test(v) && Number(v) >= min && Number(v) <= max);

const SCHEMAS: Record<BulkActionKind, yup.AnyObjectSchema> = {
  set_price: yup.object({
    price: yup
      .string()
      .trim()
      .required(() => t('priceRequired'))
      .matches(MONEY, () => t('amountInvalid')),
  }),
  shift_price: yup.object({
    value: yup
      .string()
      .trim()
      .required(() => t('changeRequired'))
      .when('unit', ([unit]: string[], field: yup.StringSchema) =>
        unit === 'percent'
          ? field.test(
              'percent',
              () => t('percentInvalid'),
              (v) => !v || (SIGNED_PERCENT.test(v) && Number(v) >= -100 && Number(v) <= 1000),
            )
          : field.matches(SIGNED_AMOUNT, () => t('amountInvalid')),
      )
      .test(
        'non-zero',
        () => t('changeZero'),
        (v) => !v || Number(v) !== 0,
      ),
  }),
  set_stock: yup.object({
    quantity: wholeNumber(0, 1_000_000_000, () => t('quantityInvalid')),
    reason,
  }),
  adjust_stock: yup.object({
    delta: wholeNumber(-1_000_000, 1_000_000, () => t('deltaInvalid')).test(
      'non-zero',
      () => t('deltaZero'),
      (v) => !INTEGER.test(v) || Number(v) !== 0,
    ),
    reason,
  }),
  set_status: yup.object({}),
  set_category: yup.object({ category_id: yup.string().required(() => t('chooseCategory')) }),
  set_vat_rate: yup.object({ vat_rate_id: yup.string().required(() => t('chooseVatRate')) }),
};

/** The messages of the fields of `kind`'s dialog (empty when the values can be sent). */
export const validateBulkValues = (kind: BulkActionKind, values: BulkEditValues) =>
  validationSummary(SCHEMAS[kind], values).errors;

/** The action the server takes, from valid values of `kind`'s dialog. */
export function toBulkAction(kind: BulkActionKind, values: BulkEditValues): BulkAction {
  switch (kind) {
    case 'set_price':
      return { type: kind, price: values.price.trim() };
    case 'shift_price':
      return { type: kind, unit: values.unit, value: values.value.trim() };
    case 'set_stock':
      return { type: kind, quantity: Number(values.quantity), reason: values.reason.trim() };
    case 'adjust_stock':
      return { type: kind, delta: Number(values.delta), reason: values.reason.trim() };
    case 'set_status':
      return { type: kind, is_active: values.is_active === 'true' };
    case 'set_category':
      return { type: kind, category_id: Number(values.category_id) };
    case 'set_vat_rate':
      return {
        type: kind,
        vat_rate_id: values.vat_rate_id === INHERIT_VAT_RATE ? null : Number(values.vat_rate_id),
      };
  }
}

/** The success toast: '12 products updated', with the rows that already were so. */
export function bulkSummary(result: BulkEditResult, noun: Noun): string {
  const rows = noun.count(result.changed);
  return result.unchanged > 0
    ? t('updatedSome', { rows, unchanged: result.unchanged })
    : t('updated', { rows });
}
