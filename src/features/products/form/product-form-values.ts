/**
 * The product form's values and their mapping to and from the API (docs/product.md §3 Product, §7 Admin
 * products). Pure functions, no React.
 */
import Decimal from 'decimal.js';
import type {
  Product,
  ProductCreate,
  ProductUpdate,
  SimpleProductInventory,
} from '@generated/model';
import { slugify, toDecimal, toMoneyString } from '@/lib/format';
import { ApiError } from '@/lib/http';
import { inputText, trimmedOrNull } from '@/lib/forms/text';

/** What the inputs hold: text as typed, ids as the selects' string values. */
export interface ProductFormValues {
  name: string;
  slug: string;
  short_description: string;
  description: string;
  category_id: string;
  brand: string;
  base_price: string;
  compare_at_price: string;
  vat_rate_id: string;
  price_includes_vat: boolean;
  images: string[];
  /** Form only (docs/product.md §3): uploaded and shown, never sent with the product. */
  videos: string[];
  has_variants: boolean;
  is_active: boolean;
  is_featured: boolean;
  meta_title: string;
  meta_description: string;
  /** Comma-separated. */
  tags: string;
}

export type ProductFormField = keyof ProductFormValues;
export type ProductFieldErrors = Partial<Record<ProductFormField, string>>;

/** Limits of docs/product.md §5 and §9 (and the API contract). */
export const LIMITS = {
  name: 200,
  slug: 200,
  shortDescription: 500,
  description: 20000,
  brand: 100,
  metaTitle: 60,
  metaDescription: 160,
  images: 10,
  videos: 3,
  tags: 50,
} as const;

/** A new product: active, not featured, simple, price including VAT (docs/product.md §3 defaults). */
export const EMPTY_PRODUCT_VALUES: ProductFormValues = {
  name: '',
  slug: '',
  short_description: '',
  description: '',
  category_id: '',
  brand: '',
  base_price: '',
  compare_at_price: '',
  vat_rate_id: '',
  price_includes_vat: true,
  images: [],
  videos: [],
  has_variants: false,
  is_active: true,
  is_featured: false,
  meta_title: '',
  meta_description: '',
  tags: '',
};

/** The form's values for an existing product. */
export function fromProduct(product: Product): ProductFormValues {
  return {
    name: product.name,
    slug: product.slug,
    short_description: inputText(product.short_description),
    description: product.description,
    category_id: product.category_id === null ? '' : String(product.category_id),
    brand: inputText(product.brand),
    base_price: product.base_price,
    compare_at_price: inputText(product.compare_at_price),
    vat_rate_id: String(product.vat_rate_id),
    price_includes_vat: product.price_includes_vat,
    images: [...product.images],
    videos: [],
    has_variants: product.has_variants,
    is_active: product.is_active,
    is_featured: product.is_featured,
    meta_title: inputText(product.meta_title),
    meta_description: inputText(product.meta_description),
    tags: product.tags.join(', '),
  };
}

/** 'cuir, fait-main,, cuir ' → ['cuir', 'fait-main']: trimmed, no empty ones, no repeats. */
export function parseTags(tags: string): string[] {
  return [
    ...new Set(
      tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

/** POST /admin/products/ body: the whole product; money as 3-decimal strings, no videos. */
export function toProductCreate(values: ProductFormValues): ProductCreate {
  return {
    name: values.name.trim(),
    slug: values.slug.trim(),
    description: values.description.trim(),
    short_description: trimmedOrNull(values.short_description),
    category_id: Number(values.category_id),
    brand: trimmedOrNull(values.brand),
    has_variants: values.has_variants,
    base_price: toMoneyString(values.base_price) ?? '0.000',
    compare_at_price: toMoneyString(values.compare_at_price),
    vat_rate_id: Number(values.vat_rate_id),
    price_includes_vat: values.price_includes_vat,
    images: [...values.images],
    is_active: values.is_active,
    is_featured: values.is_featured,
    meta_title: trimmedOrNull(values.meta_title),
    meta_description: trimmedOrNull(values.meta_description),
    tags: parseTags(values.tags),
  };
}

/**
 * PATCH /admin/products/{id} body: the full product payload, plus the simple product's unsaved
 * inventory settings when there are some. has_variants is left out: the product type is fixed
 * after creation and the server keeps it in line with the variants, so a value loaded before
 * variants were added or deleted on this page must not overwrite it.
 */
export function toProductUpdate(
  values: ProductFormValues,
  inventory?: SimpleProductInventory | null,
): ProductUpdate {
  const payload: ProductUpdate = toProductCreate(values);
  delete payload.has_variants;
  return inventory ? { ...payload, inventory } : payload;
}

/**
 * The slug after the name changed (docs/product.md §2): it follows the name while it is empty or still the
 * one generated from the previous name; once edited by hand it is left alone.
 */
export function nextSlug(previousName: string, name: string, slug: string): string {
  return slug === '' || slug === slugify(previousName) ? slugify(name) : slug;
}

/**
 * The gross price shown under the price fields: the base price itself when it includes VAT,
 * else base × (1 + rate/100) rounded half-up to 3 decimals (as the server computes
 * price_incl_vat). Null when the price or the rate is missing or invalid.
 */
export function grossPrice(
  basePrice: string,
  ratePercent: number | undefined,
  includesVat: boolean,
): string | null {
  const base = toDecimal(basePrice);
  if (!base || base.isNegative()) return null;
  if (includesVat) return base.toFixed(3, Decimal.ROUND_HALF_UP);
  if (ratePercent === undefined) return null;
  return base
    .times(new Decimal(ratePercent).dividedBy(100).plus(1))
    .toFixed(3, Decimal.ROUND_HALF_UP);
}

const FIELDS = new Set<string>(Object.keys(EMPTY_PRODUCT_VALUES));
const LOCATION_ROOTS = new Set(['body', 'query', 'path']);

/**
 * Field errors of a 422 answer whose issue locations name a form field
 * (`{loc: ['body', 'slug'], msg}` → `{slug: msg}`); the first message per field wins.
 */
export function fieldErrorsFrom(error: unknown): ProductFieldErrors {
  const errors: ProductFieldErrors = {};
  if (!(error instanceof ApiError) || !Array.isArray(error.detail)) return errors;
  for (const issue of error.detail as unknown[]) {
    if (typeof issue !== 'object' || issue === null) continue;
    const { loc, msg } = issue as { loc?: unknown; msg?: unknown };
    if (!Array.isArray(loc) || typeof msg !== 'string') continue;
    const path = LOCATION_ROOTS.has(String(loc[0])) ? loc.slice(1) : loc;
    const field = String(path[0] ?? '');
    if (FIELDS.has(field) && !(field in errors)) errors[field as ProductFormField] = msg;
  }
  return errors;
}
