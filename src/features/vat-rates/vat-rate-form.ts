import { boolean, object, string } from 'yup';
import type { VatRate, VatRateCreate, VatRateUpdate } from '@generated/model';
import { validationSummary, type ValidationResult } from '@/components/form';
import { endOfDayUtc, startOfDayUtc, toDateInput } from '@/lib/format';
import { inputText, trimmedOrNull } from '@/lib/forms/text';
import { SHOP_COUNTRY } from '@/lib/shop';

/** The Create/Edit VAT Rate dialog's fields, as typed (dates as YYYY-MM-DD, '' for none). */
export interface VatRateFormValues {
  name: string;
  /** Percent as typed, e.g. '19' or '5.5'. */
  rate: string;
  country_code: string;
  description: string;
  is_default: boolean;
  effective_from: string;
  effective_to: string;
  /** Id of the rate that replaces this one after Effective To, '' for none. */
  successor_id: string;
  /** Sent on update only. */
  is_active: boolean;
}

export const emptyVatRateValues: VatRateFormValues = {
  name: '',
  rate: '',
  country_code: SHOP_COUNTRY,
  description: '',
  is_default: false,
  effective_from: '',
  effective_to: '',
  successor_id: '',
  is_active: true,
};

export function vatRateToValues(rate: VatRate): VatRateFormValues {
  return {
    name: rate.name,
    rate: String(rate.rate),
    country_code: rate.country_code,
    description: inputText(rate.description),
    is_default: rate.is_default,
    effective_from: toDateInput(rate.effective_from),
    effective_to: toDateInput(rate.effective_to),
    successor_id: rate.successor_id === null ? '' : String(rate.successor_id),
    is_active: rate.is_active,
  };
}

export const REQUIRED_MESSAGE = 'Please fill in all required fields';
export const RATE_RANGE_MESSAGE = 'Rate must be a number between 0 and 100';
export const RATE_DECIMALS_MESSAGE = 'Rate can have at most 2 decimals';
export const COUNTRY_MESSAGE = 'Country code must be 2 letters';
export const DATE_ORDER_MESSAGE = 'Effective To must not be before Effective From';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRate = (text: string) => text.trim() !== '' && Number.isFinite(Number(text));

/**
 * docs/product.md §5: name, rate, country code and effective-from required; rate a number from 0 to 100
 * with at most two decimals; country code two letters; the period not ending before it starts.
 */
const vatRateSchema = object({
  name: string()
    .trim()
    .required('Name is required')
    .max(100, 'Name must be at most 100 characters'),
  rate: string()
    .trim()
    .required('Rate is required')
    .test('range', RATE_RANGE_MESSAGE, (value) => {
      if (!value || !isRate(value)) return false;
      const rate = Number(value);
      return rate >= 0 && rate <= 100;
    })
    .test('decimals', RATE_DECIMALS_MESSAGE, (value) => !value || !/\.\d{3,}$/.test(value.trim())),
  country_code: string()
    .trim()
    .required('Country code is required')
    .matches(/^[A-Za-z]{2}$/, COUNTRY_MESSAGE),
  description: string().max(500, 'Description must be at most 500 characters'),
  is_default: boolean(),
  effective_from: string()
    .trim()
    .required('Effective From is required')
    .matches(DAY, 'Enter a valid date'),
  effective_to: string()
    .matches(DAY, { message: 'Enter a valid date', excludeEmptyString: true })
    .test('order', DATE_ORDER_MESSAGE, function (value) {
      const from = (this.parent as VatRateFormValues).effective_from;
      // Same-format ISO days compare as strings.
      return !value || !DAY.test(from) || value >= from;
    }),
  successor_id: string(),
  is_active: boolean(),
});

export function validateVatRate(values: VatRateFormValues): ValidationResult<VatRateFormValues> {
  return validationSummary(vatRateSchema, values, REQUIRED_MESSAGE);
}

/** docs/product.md §7: the create body (valid values). */
export function toVatRateCreate(values: VatRateFormValues): Required<VatRateCreate> {
  return {
    name: values.name.trim(),
    rate: Number(values.rate.trim()),
    country_code: values.country_code.trim().toUpperCase(),
    description: trimmedOrNull(values.description),
    is_default: values.is_default,
    effective_from: startOfDayUtc(values.effective_from),
    effective_to: endOfDayUtc(values.effective_to),
    successor_id: values.successor_id ? Number(values.successor_id) : null,
  };
}

/** docs/product.md §7: the update body — the create fields plus is_active. */
export function toVatRateUpdate(values: VatRateFormValues): VatRateUpdate {
  return { ...toVatRateCreate(values), is_active: values.is_active };
}

/** docs/product.md §2: the search matches name, country code and description, ignoring case. */
export function filterVatRates(rates: readonly VatRate[], query: string): readonly VatRate[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return rates;
  return rates.filter((rate) =>
    [rate.name, rate.country_code, rate.description ?? ''].some((text) =>
      text.toLowerCase().includes(needle),
    ),
  );
}

/** Spec-free labels of VatRate.status (the server says which rates are in force now). */
export const STATUS_LABELS: Record<VatRate['status'], string> = {
  in_force: 'In force',
  scheduled: 'Scheduled',
  expired: 'Expired',
  inactive: 'Inactive',
};

/** "3 products", "1 product, 2 variants", "Not used". */
export function usageText(rate: Pick<VatRate, 'product_count' | 'variant_count'>): string {
  const parts: string[] = [];
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (rate.product_count > 0) parts.push(plural(rate.product_count, 'product'));
  if (rate.variant_count > 0) parts.push(plural(rate.variant_count, 'variant'));
  return parts.length > 0 ? parts.join(', ') : 'Not used';
}

/** The rates that may replace `rate`: the other rates of its country. */
export function successorOptions(
  rates: readonly VatRate[],
  rate: VatRate | null,
  countryCode: string,
): readonly VatRate[] {
  const country = countryCode.trim().toUpperCase();
  return rates.filter((r) => r.country_code === country && r.id !== rate?.id);
}
