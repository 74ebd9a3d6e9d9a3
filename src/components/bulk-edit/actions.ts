// The actions of a bulk edit as the console offers them: their titles, the dialog's values, the
// validation of each and the action body the server takes (ProductBulkEdit / VariantBulkEdit).
import * as yup from 'yup';
import type { BulkEditResult, ProductBulkEditAction } from '@generated/model';
import { validationSummary } from '@/components/form';

export type BulkAction = ProductBulkEditAction;
export type BulkActionKind = BulkAction['type'];

export const BULK_ACTION_TITLES: Record<BulkActionKind, string> = {
  set_price: 'Set Price',
  shift_price: 'Shift Price',
  set_stock: 'Set Stock',
  adjust_stock: 'Adjust Stock',
  set_status: 'Set Status',
  set_category: 'Set Category',
  set_vat_rate: 'Set VAT Rate',
};

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
  .required('Reason is required')
  .max(255, 'At most 255 characters');

const wholeNumber = (min: number, max: number, message: string) =>
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
      .required('Price is required')
      .matches(MONEY, 'Enter an amount in TND with up to 3 decimals'),
  }),
  shift_price: yup.object({
    value: yup
      .string()
      .trim()
      .required('Change is required')
      .when('unit', ([unit]: string[], field: yup.StringSchema) =>
        unit === 'percent'
          ? field.test(
              'percent',
              'Enter a percentage from -100 to 1000 with up to 2 decimals',
              (v) => !v || (SIGNED_PERCENT.test(v) && Number(v) >= -100 && Number(v) <= 1000),
            )
          : field.matches(SIGNED_AMOUNT, 'Enter an amount in TND with up to 3 decimals'),
      )
      .test('non-zero', 'The change cannot be 0', (v) => !v || Number(v) !== 0),
  }),
  set_stock: yup.object({
    quantity: wholeNumber(0, 1_000_000_000, 'Enter a whole number from 0 to 1000000000'),
    reason,
  }),
  adjust_stock: yup.object({
    delta: wholeNumber(-1_000_000, 1_000_000, 'Enter a whole number from -1000000 to 1000000').test(
      'non-zero',
      'Adjustment cannot be 0',
      (v) => !INTEGER.test(v) || Number(v) !== 0,
    ),
    reason,
  }),
  set_status: yup.object({}),
  set_category: yup.object({ category_id: yup.string().required('Choose a category') }),
  set_vat_rate: yup.object({ vat_rate_id: yup.string().required('Choose a VAT rate') }),
};

/** The messages of the fields of `kind`'s dialog (empty when the values can be sent). */
export const validateBulkValues = (kind: BulkActionKind, values: BulkEditValues) =>
  validationSummary(SCHEMAS[kind], values, '').errors;

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
export function bulkSummary(result: BulkEditResult, noun: readonly [string, string]): string {
  const updated = `${result.changed} ${result.changed === 1 ? noun[0] : noun[1]} updated`;
  return result.unchanged > 0 ? `${updated}, ${result.unchanged} unchanged` : updated;
}
