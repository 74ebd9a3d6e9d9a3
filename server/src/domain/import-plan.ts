// The rules of planning a CSV import (services/catalogue/product-import.ts runs them): what a row's cells
// make of a product and a variant, which columns change, and each row's action. Pure: the service
// loads what exists, runs these steps on the rows in file order and writes the plan.
import { MAX_STOCK, PLACEHOLDER_SKU } from './inventory';
import type { CellError, ImportColumn, ImportLine } from './product-import';
import { rateStatus, type RateRecord } from './vat';

type Flag = 0 | 1;
const flag = (value: boolean): Flag => (value ? 1 : 0);

/** A product's columns the file can set, as numbers and 0/1 flags. */
export interface ProductValues {
  name: string;
  category_id: number | null;
  is_active: Flag;
  price_includes_vat: Flag;
  base_price: number;
  compare_at_price: number | null;
  vat_rate_id: number;
  has_variants: Flag;
}
/** A variant's columns the file can set, as numbers and 0/1 flags. */
export interface VariantValues {
  sku: string;
  variant_title: string;
  /** JSON text. */
  option_values: string;
  price: number;
  compare_at_price: number | null;
  stock_quantity: number;
  track_inventory: Flag;
  allow_backorder: Flag;
  is_active: Flag;
}

// ---------------------------------------------------------------------------------------------
// Names to ids

/** The category a cell names, by slug, else by a name no other category has. */
export function categoryOf(
  categories: readonly { id: number; name: string; slug: string }[],
  name: string,
  errors: CellError[],
): number | undefined {
  const bySlug = categories.find((c) => c.slug === name);
  if (bySlug) return bySlug.id;
  const named = categories.filter((c) => c.name === name);
  if (named.length === 1) return named[0]!.id;
  errors.push({
    column: 'category',
    message:
      named.length === 0
        ? `Unknown category "${name}"`
        : `${named.length} categories are named "${name}": give the category's slug`,
  });
  return undefined;
}

/** The VAT rate a cell names: the product's own (even expired), else one in force at `at`. */
export function rateOf(
  rates: readonly (RateRecord & { name: string })[],
  name: string,
  current: number | null,
  at: Date,
  errors: CellError[],
): number | undefined {
  const named = rates.filter((r) => r.name === name);
  // Naming the rate the product already has is no new assignment (an expired rate stays).
  const own = named.find((r) => Number(r.id) === current);
  if (own) return Number(own.id);
  const inForce = named.find((r) => rateStatus(r, at) === 'in_force');
  if (inForce) return Number(inForce.id);
  errors.push({
    column: 'vat_rate_name',
    message:
      named.length === 0 ? `Unknown VAT rate "${name}"` : `VAT rate "${name}" is not in force`,
  });
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// A product's rows

/** A later row of a product repeats its first row's product cells: each one that differs is refused. */
export function checkAgainstFirstRow(first: ImportLine, line: ImportLine): void {
  for (const [key, value] of Object.entries(line.product)) {
    if (first.product[key as keyof ImportLine['product']] === value) continue;
    line.errors.push({
      column: key === 'name' ? 'product_name' : key,
      message: `Differs from line ${first.line}, the same product's first row`,
    });
  }
}

/** The product's values after the file: its first row's cells over what it has (or defaults). */
export function productAfter(
  line: ImportLine,
  before: ProductValues | null,
  category: number | undefined,
  rate: number | undefined,
): ProductValues {
  const cells = line.product;
  return {
    name: cells.name ?? before?.name ?? '',
    category_id: category !== undefined ? category : (before?.category_id ?? null),
    is_active: cells.is_active !== undefined ? flag(cells.is_active) : (before?.is_active ?? 1),
    price_includes_vat:
      cells.price_includes_vat !== undefined
        ? flag(cells.price_includes_vat)
        : (before?.price_includes_vat ?? 1),
    base_price: cells.base_price ?? before?.base_price ?? line.variant.price ?? 0,
    compare_at_price: before?.compare_at_price ?? null,
    vat_rate_id: rate ?? before?.vat_rate_id ?? 0,
    has_variants: before?.has_variants ?? 0,
  };
}

/** A new product needs a price and a VAT rate (an empty cell, not a wrong one: it has its message). */
export function checkNewProduct(line: ImportLine): void {
  const errors = line.errors;
  const missing = (column: ImportColumn, given: unknown) =>
    given === undefined && !errors.some((e) => e.column === column);
  if (missing('base_price', line.product.base_price ?? line.variant.price)) {
    errors.push({ column: 'base_price', message: 'Required for a new product' });
  }
  if (missing('vat_rate_name', line.product.vat_rate_name)) {
    errors.push({ column: 'vat_rate_name', message: 'Required for a new product' });
  }
}

/**
 * Whether a row is a product without variants (its stock goes to the default variant): no SKU,
 * the placeholder, or the SKU of this product's default variant.
 */
export function namesDefaultVariant(
  sku: string | null,
  slug: string,
  known: { is_default: number; product_slug: string } | undefined,
  defaultSku: string | undefined,
): boolean {
  return (
    sku === null ||
    sku === PLACEHOLDER_SKU ||
    (known?.is_default === 1 && known.product_slug === slug) ||
    (defaultSku !== undefined && defaultSku === sku)
  );
}

/** One price for a product without variants: the row's price is its base price, or equal to it. */
export function takeSimplePrices(line: ImportLine, after: ProductValues): void {
  const cells = line.variant;
  if (cells.price !== undefined) {
    if (line.product.base_price === undefined) after.base_price = cells.price;
    else if (cells.price !== line.product.base_price) {
      line.errors.push({
        column: 'price',
        message:
          'A product without variants has one price: leave price empty or equal to base_price',
      });
    }
  }
  if (cells.compare_at_price !== undefined) after.compare_at_price = cells.compare_at_price;
}

/** Whether a simple product's row gives stock settings (else a new one needs no default variant). */
export const setsInventory = ({ variant }: ImportLine): boolean =>
  variant.stock_quantity !== undefined ||
  variant.track_inventory !== undefined ||
  variant.allow_backorder !== undefined;

// ---------------------------------------------------------------------------------------------
// A variant's row

const sameOptions = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([k, v]) => b[k] === v);

/** The variant's values after the row; a default variant follows its product's price. */
export function variantAfter(
  line: ImportLine,
  before: VariantValues | null,
  product: ProductValues,
  isDefault: boolean,
  /** The SKU when neither the row nor the variant has one. */
  newSku: () => string,
): VariantValues {
  const cells = line.variant;
  const bool = (value: boolean | undefined, current: Flag | undefined, fallback: Flag) =>
    value !== undefined ? flag(value) : (current ?? fallback);
  const options = cells.option_values;
  const optionsBefore = JSON.parse(before?.option_values ?? '{}') as Record<string, string>;
  return {
    sku: line.sku ?? before?.sku ?? newSku(),
    variant_title: isDefault
      ? (before?.variant_title ?? PLACEHOLDER_SKU)
      : (cells.variant_title ??
        before?.variant_title ??
        (options && Object.keys(options).length > 0
          ? Object.values(options).join(' / ')
          : (line.sku ?? ''))),
    option_values:
      isDefault || options === undefined || sameOptions(options, optionsBefore)
        ? (before?.option_values ?? '{}')
        : JSON.stringify(options),
    price: isDefault ? product.base_price : (cells.price ?? before?.price ?? product.base_price),
    compare_at_price: isDefault
      ? product.compare_at_price
      : (cells.compare_at_price ?? before?.compare_at_price ?? null),
    stock_quantity: cells.stock_quantity ?? before?.stock_quantity ?? 0,
    track_inventory: bool(cells.track_inventory, before?.track_inventory, 1),
    allow_backorder: bool(cells.allow_backorder, before?.allow_backorder, 0),
    is_active: isDefault ? (before?.is_active ?? 1) : bool(cells.is_active, before?.is_active, 1),
  };
}

/** A stock the row changes must be in range (one kept as it is never refuses the row). */
export function checkStock(line: ImportLine, before: VariantValues | null, after: VariantValues) {
  if (
    after.stock_quantity !== (before?.stock_quantity ?? 0) &&
    (after.stock_quantity < 0 || after.stock_quantity > MAX_STOCK)
  ) {
    line.errors.push({
      column: 'stock_quantity',
      message: `Stock quantity must be a whole number from 0 to ${MAX_STOCK}`,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// What changes

const PRODUCT_COLUMNS: [ImportColumn, keyof ProductValues][] = [
  ['product_name', 'name'],
  ['category', 'category_id'],
  ['is_active', 'is_active'],
  ['price_includes_vat', 'price_includes_vat'],
  ['base_price', 'base_price'],
  ['vat_rate_name', 'vat_rate_id'],
  ['compare_at_price', 'compare_at_price'],
];
const VARIANT_COLUMNS: [ImportColumn, keyof VariantValues][] = [
  ['sku', 'sku'],
  ['variant_title', 'variant_title'],
  ['option_values', 'option_values'],
  ['price', 'price'],
  ['compare_at_price', 'compare_at_price'],
  ['stock_quantity', 'stock_quantity'],
  ['track_inventory', 'track_inventory'],
  ['allow_backorder', 'allow_backorder'],
  ['variant_is_active', 'is_active'],
];

/** The columns whose values differ (for a create, the columns `set` says the file sets). */
function changedColumns<T>(
  columns: [ImportColumn, keyof T][],
  before: T | null,
  after: T,
  set: (column: ImportColumn, field: keyof T) => boolean,
): ImportColumn[] {
  return columns
    .filter(([column, field]) => (before ? before[field] !== after[field] : set(column, field)))
    .map(([column]) => column);
}

/** The columns a product's rows change (a new product's: those with a value of the file's). */
export const productChanges = (
  before: ProductValues | null,
  after: ProductValues,
  firstLine: ImportLine,
): ImportColumn[] =>
  changedColumns(PRODUCT_COLUMNS, before, after, (column) => {
    if (column === 'category') return after.category_id !== null;
    if (column === 'compare_at_price') return after.compare_at_price !== null;
    if (column === 'is_active' || column === 'price_includes_vat') {
      return firstLine.product[column] !== undefined;
    }
    return true;
  });

/** The columns a row changes of its variant (a new variant's: the cells the row fills). */
export const variantChanges = (
  line: ImportLine,
  before: VariantValues | null,
  after: VariantValues,
): ImportColumn[] =>
  changedColumns(VARIANT_COLUMNS, before, after, (column, field) =>
    column === 'sku' ? line.sku !== null : field in line.variant,
  );

// ---------------------------------------------------------------------------------------------
// Each row's action

type ImportAction = 'create' | 'update' | 'unchanged' | 'refused';

/** A planned row as the decision reads it. */
export interface RowDecision {
  line: ImportLine;
  /** `existing` is what the database has (undefined for a new one). */
  product: { firstLine: ImportLine; existing: unknown; changed: ImportColumn[] } | null;
  variant: { existing: unknown; before: VariantValues | null; after: VariantValues } | null;
  changed: ImportColumn[];
  action: ImportAction;
}

/**
 * Each row's action and changed columns, in file order: a row with an error is refused, and so is
 * every later row of a new product whose first row is (it would have no product to go to).
 */
export function decideActions(rows: RowDecision[]): void {
  const firstRefused = new Set<RowDecision['product']>();
  for (const row of rows) {
    const { line, product, variant } = row;
    const isFirst = product !== null && product.firstLine === line;
    if (product && !product.existing && !isFirst && firstRefused.has(product)) {
      line.errors.push({
        column: null,
        message: `The product's first row (line ${product.firstLine.line}) is refused`,
      });
    }
    if (line.errors.length > 0) {
      row.action = 'refused';
      if (isFirst) firstRefused.add(product);
      continue;
    }
    const fromProduct = isFirst ? product.changed : [];
    const fromVariant = variant ? variantChanges(line, variant.before, variant.after) : [];
    row.changed = [...new Set([...fromProduct, ...fromVariant])];
    const creates = (isFirst && !product.existing) || (variant !== null && !variant.existing);
    row.action = creates ? 'create' : row.changed.length > 0 ? 'update' : 'unchanged';
  }
}
