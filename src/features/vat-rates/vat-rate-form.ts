import { boolean, object, string } from 'yup';
import type { VatRate, VatRateCreate, VatRateUpdate } from '@generated/model';
import { validationSummary, type ValidationResult } from '@/components/form';
import { endOfDayUtc, formatDate, startOfDayUtc, toDateInput } from '@/lib/format';
import { inputText, trimmedOrNull } from '@/lib/forms/text';
import { SHOP_COUNTRY } from '@/lib/shop';
import { t } from './messages';

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

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRate = (text: string) => text.trim() !== '' && Number.isFinite(Number(text));

/**
 * docs/product.md §5: name, rate, country code and effective-from required; rate a number from 0 to 100
 * with at most two decimals; country code two letters; the period not ending before it starts.
 */
const vatRateSchema = object({
  name: string()
    .trim()
    .required(() => t('nameRequired'))
    .max(100, () => t('nameTooLong')),
  rate: string()
    .trim()
    .required(() => t('rateRequired'))
    .test(
      'range',
      () => t('rateRange'),
      (value) => {
        if (!value || !isRate(value)) return false;
        const rate = Number(value);
        return rate >= 0 && rate <= 100;
      },
    )
    .test(
      'decimals',
      () => t('rateDecimals'),
      (value) => !value || !/\.\d{3,}$/.test(value.trim()),
    ),
  country_code: string()
    .trim()
    .required(() => t('countryRequired'))
    .matches(/^[A-Za-z]{2}$/, () => t('countryFormat')),
  description: string().max(500, () => t('descriptionTooLong')),
  is_default: boolean(),
  effective_from: string()
    .trim()
    .required(() => t('effectiveFromRequired'))
    .matches(DAY, () => t('validDate')),
  effective_to: string()
    .matches(DAY, { message: () => t('validDate'), excludeEmptyString: true })
    .test(
      'order',
      () => t('dateOrder'),
      function (value) {
        const from = (this.parent as VatRateFormValues).effective_from;
        // Same-format ISO days compare as strings.
        return !value || !DAY.test(from) || value >= from;
      },
    ),
  successor_id: string(),
  is_active: boolean(),
});

export function validateVatRate(values: VatRateFormValues): ValidationResult<VatRateFormValues> {
  return validationSummary(vatRateSchema, values);
}

/**
 * A rate's bound as the day it was entered: bounds are UTC days (startOfDayUtc / endOfDayUtc), so
 * the shop's time zone must not move them (31 Dec 23:59 UTC is 1 Jan in Tunis). Noon UTC of that
 * day is the same day in every zone within 12 hours of UTC.
 */
export function formatVatDay(value: string | null | undefined): string {
  const day = toDateInput(value);
  return formatDate(day && `${day}T12:00:00Z`);
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
const STATUS_KEYS = {
  in_force: 'statusInForce',
  scheduled: 'statusScheduled',
  expired: 'statusExpired',
  inactive: 'statusInactive',
} as const satisfies Record<VatRate['status'], Parameters<typeof t>[0]>;

export const statusLabel = (status: VatRate['status']) => t(STATUS_KEYS[status]);

/** "3 products", "1 product, 2 variants", "Not used". */
export function usageText(rate: Pick<VatRate, 'product_count' | 'variant_count'>): string {
  const products = rate.product_count > 0 && t('productCount', { count: rate.product_count });
  const variants = rate.variant_count > 0 && t('variantCount', { count: rate.variant_count });
  if (products && variants) return t('usageBoth', { products, variants });
  return products || variants || t('notUsed');
}

/**
 * docs/product.md §5: a rate's rate and country are fixed once it has taken effect or a product
 * or variant uses it (the server answers 409); a change of law is a new rate named as successor.
 * Only a future rate that nothing uses can be corrected.
 */
export function rateLawLocked(
  rate: Pick<VatRate, 'effective_from' | 'product_count' | 'variant_count'>,
  now: Date,
): boolean {
  return (
    rate.product_count > 0 ||
    rate.variant_count > 0 ||
    Date.parse(rate.effective_from) <= now.getTime()
  );
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
