import * as yup from 'yup';
import type {
  Dimensions,
  DimensionUnit,
  Variant,
  VariantCreate,
  VariantUpdate,
} from '@generated/model';
import { toDecimal, toMoneyString } from '@/lib/format';
import {
  DEFAULT_DIMENSION_UNIT,
  DEFAULT_LOW_STOCK_THRESHOLD,
  DEFAULT_STOCK_QUANTITY,
  DIMENSION_UNITS,
  MAX_VARIANT_IMAGES,
} from './constants';
import { inputText, trimmedOrNull } from '@/lib/forms/text';
import { t } from './messages';

/** One option entry of the dialog, e.g. color → Red. */
export interface OptionEntry {
  key: string;
  value: string;
}

/**
 * What the Add/Edit Variant dialog edits. Numbers are kept as the inputs' strings so a field can
 * be empty; `toCreatePayload` / `toUpdatePayload` turn them into the API's types.
 */
export interface VariantFormValues {
  option_values: OptionEntry[];
  sku: string;
  variant_title: string;
  price: string;
  compare_at_price: string;
  cost_price: string;
  /** '' inherits the product's rate. */
  vat_rate_id: string;
  barcode: string;
  weight: string;
  length: string;
  width: string;
  height: string;
  unit: DimensionUnit;
  images: string[];
  stock_quantity: string;
  low_stock_threshold: string;
  track_inventory: boolean;
  allow_backorder: boolean;
  is_active: boolean;
  position: string;
}

/** A new variant (docs/product.md §3 and §9 defaults). */
export function emptyVariantValues(position = 0): VariantFormValues {
  return {
    option_values: [],
    sku: '',
    variant_title: '',
    price: '',
    compare_at_price: '',
    cost_price: '',
    vat_rate_id: '',
    barcode: '',
    weight: '',
    length: '',
    width: '',
    height: '',
    unit: DEFAULT_DIMENSION_UNIT,
    images: [],
    stock_quantity: String(DEFAULT_STOCK_QUANTITY),
    low_stock_threshold: String(DEFAULT_LOW_STOCK_THRESHOLD),
    track_inventory: true,
    allow_backorder: false,
    is_active: true,
    position: String(position),
  };
}

/** An existing variant, for the dialog in edit mode. */
export function variantToValues(v: Variant): VariantFormValues {
  return {
    option_values: Object.entries(v.option_values ?? {}).map(([key, value]) => ({ key, value })),
    sku: v.sku,
    variant_title: v.variant_title,
    price: inputText(v.price),
    compare_at_price: inputText(v.compare_at_price),
    cost_price: inputText(v.cost_price),
    vat_rate_id: inputText(v.vat_rate_id),
    barcode: inputText(v.barcode),
    weight: inputText(v.weight),
    length: inputText(v.dimensions?.length),
    width: inputText(v.dimensions?.width),
    height: inputText(v.dimensions?.height),
    unit: v.dimensions?.unit ?? DEFAULT_DIMENSION_UNIT,
    images: [...(v.images ?? [])],
    stock_quantity: String(v.stock_quantity),
    low_stock_threshold: String(v.low_stock_threshold),
    track_inventory: v.track_inventory,
    allow_backorder: v.allow_backorder,
    is_active: v.is_active,
    position: String(v.position),
  };
}

/** Stock, threshold and position (docs/product.md §5): an integer; anything non-numeric becomes 0. */
export function parseInteger(value: string | number | null | undefined): number {
  const n = Number.parseInt(String(value ?? '').trim(), 10);
  return Number.isFinite(n) ? n : 0;
}

/** A decimal input (weight, dimensions): a number, or null when empty or not a number. */
export function parseDecimal(value: string | number | null | undefined): number | null {
  const raw = String(value ?? '').trim();
  if (raw === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

/** The option entries as the API's map; blank entries are dropped, a repeated name keeps the last. */
export function optionEntriesToMap(entries: readonly OptionEntry[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const { key, value } of entries) {
    const k = key.trim();
    const v = value.trim();
    if (k && v) map[k] = v;
  }
  return map;
}

/** Adds (or replaces, when the name exists) an option entry; blank input changes nothing. */
export function addOptionEntry(entries: readonly OptionEntry[], entry: OptionEntry): OptionEntry[] {
  const key = entry.key.trim();
  const value = entry.value.trim();
  if (!key || !value) return [...entries];
  const index = entries.findIndex((e) => e.key.trim() === key);
  if (index === -1) return [...entries, { key, value }];
  return entries.map((e, i) => (i === index ? { key, value } : e));
}

function dimensionsOf(values: VariantFormValues): Dimensions | null {
  const length = parseDecimal(values.length);
  const width = parseDecimal(values.width);
  const height = parseDecimal(values.height);
  if (length === null && width === null && height === null) return null;
  return { length, width, height, unit: values.unit };
}

/** Every field, with empty optional ones as null (the update payload). */
function fullPayload(values: VariantFormValues) {
  return {
    option_values: optionEntriesToMap(values.option_values),
    sku: values.sku.trim(),
    variant_title: values.variant_title.trim(),
    price: toMoneyString(values.price) ?? '',
    compare_at_price: toMoneyString(values.compare_at_price),
    cost_price: toMoneyString(values.cost_price) ?? '',
    vat_rate_id: values.vat_rate_id.trim() ? Number(values.vat_rate_id) : null,
    barcode: trimmedOrNull(values.barcode),
    weight: parseDecimal(values.weight),
    dimensions: dimensionsOf(values),
    images: values.images
      .map((url) => url.trim())
      .filter(Boolean)
      .slice(0, MAX_VARIANT_IMAGES),
    stock_quantity: parseInteger(values.stock_quantity),
    low_stock_threshold: parseInteger(values.low_stock_threshold),
    track_inventory: values.track_inventory,
    allow_backorder: values.allow_backorder,
    is_active: values.is_active,
    position: parseInteger(values.position),
  } satisfies Required<VariantUpdate>;
}

/** POST /admin/variants/{productId}/variants: empty optional fields are left out. */
export function toCreatePayload(values: VariantFormValues): VariantCreate {
  const full = fullPayload(values);
  const payload: VariantCreate = { ...full };
  for (const key of [
    'compare_at_price',
    'vat_rate_id',
    'barcode',
    'weight',
    'dimensions',
  ] as const) {
    if (payload[key] === null) delete payload[key];
  }
  return payload;
}

/** PATCH /admin/variants/{id}: every field, empty optional ones as null (docs/product.md §5). */
export function toUpdatePayload(values: VariantFormValues): VariantUpdate {
  return fullPayload(values);
}

type MessageKey = Parameters<typeof t>[0];

const validAmount = () =>
  yup
    .string()
    .trim()
    .test(
      'amount',
      () => t('validAmount'),
      (v) => !v || (toDecimal(v)?.gte(0) ?? false),
    );

const notNegative = (message: MessageKey) =>
  yup.string().test(
    'not-negative',
    () => t(message),
    (v) => (parseDecimal(v) ?? 0) >= 0,
  );

const integerNotNegative = (message: MessageKey) =>
  yup.string().test(
    'not-negative',
    () => t(message),
    (v) => parseInteger(v) >= 0,
  );

/** Validation of the dialog (docs/product.md §5 messages). */
export const variantSchema = yup.object({
  sku: yup
    .string()
    .trim()
    .required(() => t('skuRequired'))
    .matches(/^\S+$/, { message: () => t('skuNoSpaces'), excludeEmptyString: true }),
  variant_title: yup
    .string()
    .trim()
    .required(() => t('variantTitleRequired')),
  price: validAmount().required(() => t('priceRequired')),
  compare_at_price: validAmount(),
  cost_price: validAmount().required(() => t('costPriceRequired')),
  weight: notNegative('weightNegative'),
  length: notNegative('lengthNegative'),
  width: notNegative('widthNegative'),
  height: notNegative('heightNegative'),
  unit: yup.string().oneOf(DIMENSION_UNITS as DimensionUnit[]),
  images: yup
    .array()
    .max(MAX_VARIANT_IMAGES, () => t('tooManyImages', { max: MAX_VARIANT_IMAGES })),
  stock_quantity: integerNotNegative('stockNegative'),
  low_stock_threshold: integerNotNegative('thresholdNegative'),
  position: integerNotNegative('positionNegative'),
});
