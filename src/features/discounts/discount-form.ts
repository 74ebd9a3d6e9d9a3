import { array, boolean, mixed, number, object, string } from 'yup';
import type {
  Discount,
  DiscountCreate,
  DiscountKind,
  DiscountScope,
  DiscountUpdate,
} from '@generated/model';
import { validationSummary, type ValidationResult } from '@/components/form';
import { MONEY_PATTERN, toDecimal, toMoneyString } from '@/lib/format';
import { inputText } from '@/lib/forms/text';
import { t } from './messages';

/** The Create/Edit Discount dialog's fields, as typed ('' for none; days as YYYY-MM-DD). */
export interface DiscountFormValues {
  name: string;
  code: string;
  /** An automatic promotion: no code, applied to every cart that meets its rules. */
  automatic: boolean;
  kind: DiscountKind;
  /** Percent off as typed ('10', '12.5'), for kind percent. */
  percent: string;
  /** TND off as typed, for kind fixed_amount. */
  amount: string;
  scope: DiscountScope;
  product_ids: number[];
  category_ids: number[];
  minimum_subtotal: string;
  starts_on: string;
  ends_on: string;
  usage_limit: string;
  usage_limit_per_customer: string;
  is_active: boolean;
}

export const emptyDiscountValues: DiscountFormValues = {
  name: '',
  code: '',
  automatic: false,
  kind: 'percent',
  percent: '',
  amount: '',
  scope: 'order',
  product_ids: [],
  category_ids: [],
  minimum_subtotal: '',
  starts_on: '',
  ends_on: '',
  usage_limit: '',
  usage_limit_per_customer: '',
  is_active: true,
};

export function discountToValues(d: Discount): DiscountFormValues {
  return {
    name: d.name,
    code: d.code ?? '',
    automatic: d.code === null,
    kind: d.kind,
    percent: inputText(d.percent),
    amount: inputText(d.amount),
    scope: d.scope,
    product_ids: [...d.product_ids],
    category_ids: [...d.category_ids],
    minimum_subtotal: inputText(d.minimum_subtotal),
    starts_on: d.starts_on ?? '',
    ends_on: d.ends_on ?? '',
    usage_limit: inputText(d.usage_limit),
    usage_limit_per_customer: inputText(d.usage_limit_per_customer),
    is_active: d.is_active,
  };
}

/** The contract's DiscountCode: what a customer types. */
const CODE = /^[A-Za-z0-9_-]{3,32}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
const LIMIT = /^\d{1,10}$/;
const MAX_LIMIT = 1_000_000_000;

const isValidDay = (day: string) => DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`));

/** An optional usage limit: empty, or a whole number from 1 to 1,000,000,000. */
const limitField = () =>
  string().test(
    'limit',
    () => t('limitFormat'),
    (value = '') => {
      const text = value.trim();
      if (text === '') return true;
      return LIMIT.test(text) && Number(text) >= 1 && Number(text) <= MAX_LIMIT;
    },
  );

type Parent = { parent: DiscountFormValues };

/**
 * The contract's rules (DiscountCreate), said in the form before anything is sent: a name; a code
 * unless automatic; the value its kind needs; the products or categories its scope needs; amounts
 * with at most 3 decimals; the period in order; limits from 1.
 */
const discountSchema = object({
  name: string()
    .trim()
    .required(() => t('nameRequired'))
    .max(100, () => t('nameTooLong')),
  code: string().when('automatic', {
    is: false,
    then: (s) =>
      s
        .trim()
        .required(() => t('codeRequired'))
        .matches(CODE, () => t('codeFormat')),
  }),
  automatic: boolean(),
  kind: mixed<DiscountKind>(),
  percent: string().when('kind', {
    is: 'percent',
    then: (s) =>
      s
        .trim()
        .required(() => t('percentRequired'))
        .test(
          'range',
          () => t('percentRange'),
          (value = '') => {
            if (!PERCENT.test(value)) return false;
            const percent = Number(value);
            return percent > 0 && percent <= 100;
          },
        ),
  }),
  amount: string().when('kind', {
    is: 'fixed_amount',
    then: (s) =>
      s
        .trim()
        .required(() => t('amountRequired'))
        .test(
          'amount',
          () => t('amountFormat'),
          (value = '') => MONEY_PATTERN.test(value) && (toDecimal(value)?.gt(0) ?? false),
        ),
  }),
  scope: mixed<DiscountScope>(),
  product_ids: array(number()).when('scope', {
    is: 'products',
    then: (s) => s.min(1, () => t('productsRequired')),
  }),
  category_ids: array(number()).when('scope', {
    is: 'categories',
    then: (s) => s.min(1, () => t('categoriesRequired')),
  }),
  minimum_subtotal: string().test(
    'money',
    () => t('minimumFormat'),
    (value = '') => value.trim() === '' || MONEY_PATTERN.test(value.trim()),
  ),
  starts_on: string().test(
    'day',
    () => t('validDate'),
    (value = '') => value === '' || isValidDay(value),
  ),
  ends_on: string()
    .test(
      'day',
      () => t('validDate'),
      (value = '') => value === '' || isValidDay(value),
    )
    .test(
      'order',
      () => t('dateOrder'),
      function (value = '') {
        const start = (this as unknown as Parent).parent.starts_on;
        // Same-format days compare as strings.
        return value === '' || !isValidDay(start) || value >= start;
      },
    ),
  usage_limit: limitField(),
  usage_limit_per_customer: limitField(),
  is_active: boolean(),
});

export function validateDiscount(values: DiscountFormValues): ValidationResult<DiscountFormValues> {
  return validationSummary(discountSchema, values);
}

const limitOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
const moneyOrNull = (text: string) => (text.trim() === '' ? null : toMoneyString(text.trim()));

/**
 * The body of createDiscount for valid values: every field, so that a change of kind, scope or
 * code clears what no longer applies (the server refuses a percent on a fixed amount).
 */
export function toDiscountCreate(values: DiscountFormValues): Required<DiscountCreate> {
  return {
    name: values.name.trim(),
    code: values.automatic ? null : values.code.trim().toUpperCase(),
    kind: values.kind,
    percent: values.kind === 'percent' ? Number(values.percent.trim()) : null,
    amount: values.kind === 'fixed_amount' ? toMoneyString(values.amount.trim()) : null,
    scope: values.scope,
    product_ids: values.scope === 'products' ? values.product_ids : [],
    category_ids: values.scope === 'categories' ? values.category_ids : [],
    minimum_subtotal: moneyOrNull(values.minimum_subtotal),
    starts_on: values.starts_on || null,
    ends_on: values.ends_on || null,
    usage_limit: limitOrNull(values.usage_limit),
    usage_limit_per_customer: limitOrNull(values.usage_limit_per_customer),
    is_active: values.is_active,
  };
}

/** The body of updateDiscount: the whole discount as the form holds it. */
export function toDiscountUpdate(values: DiscountFormValues): DiscountUpdate {
  return toDiscountCreate(values);
}

/** Letters and digits that cannot be mistaken for one another (no O/0, I/1/L). */
const READABLE = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Long enough not to be guessed in a few tries (31^8 ≈ 8.5e11), short enough to type. */
const GENERATED_LENGTH = 8;

/** A random code a customer can read aloud and type: 8 upper-case letters and digits. */
export function generateCode(random: (n: number) => Uint32Array = randomValues): string {
  return Array.from(random(GENERATED_LENGTH), (n) => READABLE[n % READABLE.length]).join('');
}

function randomValues(n: number): Uint32Array {
  return crypto.getRandomValues(new Uint32Array(n));
}
