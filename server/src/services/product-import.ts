// CSV import of products and variants (importProducts): the file's rows (domain/product-import.ts)
// checked against the database, reported per row, then written all or nothing.
//
// - A row finds its product by slug and its variant by SKU. A row without SKU (or with the
//   placeholder 'DEFAULT', or the SKU of a simple product's hidden default variant) is a product
//   without variants: its stock, track_inventory and allow_backorder go to the default variant,
//   whose price follows the product's (simple-inventory.ts). The first row of a slug gives the
//   product's values; later rows of that slug must agree with it. A new simple product's stock
//   without SKU gets its slug's in capitals ('olive-oil-1l' → 'OLIVE-OIL-1L') when no variant has
//   it and the file names it nowhere, else the placeholder (#26: not the literal 'DEFAULT').
// - Reads are batched (the file's slugs and SKUs in a few queries), and so are the inserts, so
//   that 10,000 rows take seconds. Applying checks everything again inside the transaction that
//   writes, so what is written is what was checked.
// - Each stock change is a stock movement (reason "CSV import <file name>", the admin), written
//   with the stock in the same transaction (stock = Σ movements), and each product or variant
//   created or changed is an audit entry there too.
import type { Schemas } from '../api/types';
import { HttpProblem } from '../api/problem';
import { json, money, moneyOrNull } from '../api/present';
import { fromBool, toBool } from '../db/bool';
import type { Db } from '../db/database';
import type { NewProduct, NewVariant, ProductRow, VariantRow, VatRateRow } from '../db/schema';
import { isUniqueViolation } from '../db/transaction';
import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  MAX_STOCK,
  PLACEHOLDER_SKU,
  skuFromSlug,
} from '../domain/inventory';
import type { CsvValue } from '../domain/csv';
import {
  IMPORT_COLUMNS,
  readImportFile,
  type CellError,
  type ImportColumn,
  type ImportLine,
} from '../domain/product-import';
import { rateStatus } from '../domain/vat';
import { recordAudits, type AuditActor, type AuditEntry } from './audit';
import type { CsvExport } from './exports';
import { movementTitle, STOCK_REASONS } from './stock';

type Report = Schemas['ProductImportReport'];
type ReportRow = Schemas['ImportRow'];
type Mode = Schemas['ImportMode'];

/** An apply refused because some rows are: nothing was written. */
export class ImportRefused extends Error {
  constructor(readonly report: Report) {
    const n = report.summary.refused;
    super(`${n} ${n === 1 ? 'row is' : 'rows are'} refused; nothing was imported`);
  }
}

/** The contract has no 409 for an import: a race with another writer refuses the file (422). */
const changedMeanwhile = (what: string) => new HttpProblem(422, `${what}; import the file again`);

/** Values bound per query: far below SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const CHUNK = 500;

const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
};

// ---------------------------------------------------------------------------------------------
// What exists

type Flag = 0 | 1;
/** A product's columns the file can set, as numbers and 0/1 flags. */
interface ProductValues {
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
interface VariantValues {
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

/** Numbers as numbers (PostgreSQL gives bigint and numeric columns as text). */
const productValues = (p: ProductRow): ProductValues => ({
  name: p.name,
  category_id: p.category_id === null ? null : Number(p.category_id),
  is_active: fromBool(toBool(p.is_active)),
  price_includes_vat: fromBool(toBool(p.price_includes_vat)),
  base_price: Number(p.base_price),
  compare_at_price: p.compare_at_price === null ? null : Number(p.compare_at_price),
  vat_rate_id: Number(p.vat_rate_id),
  has_variants: fromBool(toBool(p.has_variants)),
});
const variantValues = (v: VariantRow): VariantValues => ({
  sku: v.sku,
  variant_title: v.variant_title,
  option_values: JSON.stringify(json<Record<string, string>>(v.option_values, {})),
  price: Number(v.price),
  compare_at_price: v.compare_at_price === null ? null : Number(v.compare_at_price),
  stock_quantity: Number(v.stock_quantity),
  track_inventory: fromBool(toBool(v.track_inventory)),
  allow_backorder: fromBool(toBool(v.allow_backorder)),
  is_active: fromBool(toBool(v.is_active)),
});

type ExistingVariant = VariantRow & { product_slug: string };

interface Catalogue {
  products: Map<string, ProductRow>;
  /** By SKU, real SKUs only. */
  variants: Map<string, ExistingVariant>;
  /** Default variants by product id. */
  defaults: Map<number, VariantRow>;
  /** Next free position per product. */
  positions: Map<number, number>;
  categories: { id: number; name: string; slug: string }[];
  rates: VatRateRow[];
}

/** The products, variants, categories and rates the file's rows name, in a few queries. */
async function loadCatalogue(db: Db, lines: ImportLine[]): Promise<Catalogue> {
  const slugs = [...new Set(lines.flatMap((l) => (l.slug ? [l.slug] : [])))];
  const skus = [
    ...new Set(
      lines.flatMap((l) => {
        if (l.sku && l.sku !== PLACEHOLDER_SKU) return [l.sku];
        // A row without SKU may be a new simple product's: is the SKU of its slug free?
        return l.slug ? [skuFromSlug(l.slug)] : [];
      }),
    ),
  ];
  const products = new Map<string, ProductRow>();
  for (const part of chunks(slugs)) {
    const rows = await db.selectFrom('products').selectAll().where('slug', 'in', part).execute();
    for (const row of rows) products.set(row.slug, row);
  }
  const variants = new Map<string, ExistingVariant>();
  for (const part of chunks(skus)) {
    const rows = await db
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .selectAll('v')
      .select('p.slug as product_slug')
      .where('v.sku', 'in', part)
      .execute();
    for (const row of rows) variants.set(row.sku, row);
  }
  const defaults = new Map<number, VariantRow>();
  const positions = new Map<number, number>();
  for (const part of chunks([...products.values()].map((p) => p.id))) {
    // Every variant of these products: their default variant and the next free position.
    for (const row of await db
      .selectFrom('variants')
      .selectAll()
      .where('product_id', 'in', part)
      .execute()) {
      const productId = Number(row.product_id);
      if (row.is_default === 1) defaults.set(productId, row);
      positions.set(productId, Math.max(positions.get(productId) ?? 0, Number(row.position) + 1));
    }
  }
  const [categories, rates] = await Promise.all([
    db.selectFrom('categories').select(['id', 'name', 'slug']).execute(),
    db.selectFrom('vat_rates').selectAll().execute(),
  ]);
  return { products, variants, defaults, positions, categories, rates };
}

// ---------------------------------------------------------------------------------------------
// Checking

/** A product of the file: the first row of its slug gives its values. */
interface ProductPlan {
  slug: string;
  firstLine: ImportLine;
  existing: ProductRow | undefined;
  defaultVariant: VariantRow | undefined;
  /** simple: one row without variants; variants: rows with SKUs; null: not decided yet. */
  kind: 'simple' | 'variants' | null;
  simpleLine: number | null;
  before: ProductValues | null;
  after: ProductValues;
  /** The columns the product's cells change or set. */
  changed: ImportColumn[];
  id: number | null;
  nextPosition: number;
}

interface VariantPlan {
  product: ProductPlan;
  existing: VariantRow | undefined;
  isDefault: boolean;
  before: VariantValues | null;
  after: VariantValues;
  position: number;
  id: number | null;
}

interface RowPlan {
  line: ImportLine;
  product: ProductPlan | null;
  variant: VariantPlan | null;
  changed: ImportColumn[];
  action: Schemas['ImportRowAction'];
}

interface ImportPlan {
  rows: RowPlan[];
  products: ProductPlan[];
  variants: VariantPlan[];
}

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

/** The columns whose values differ (every column set, for a create). */
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

const sameOptions = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([k, v]) => b[k] === v);

/** Checks every row against the catalogue; writes nothing. */
async function planImport(db: Db, lines: ImportLine[], at: Date): Promise<ImportPlan> {
  const catalogue = await loadCatalogue(db, lines);
  const products = new Map<string, ProductPlan>();
  const variants: VariantPlan[] = [];
  const skuLines = new Map<string, number>();
  const rows: RowPlan[] = [];
  // The SKUs the file names (taken for a generated SKU, whatever their line), and those given.
  const fileSkus = new Set(lines.flatMap((l) => (l.sku ? [l.sku] : [])));
  const generatedSkus = new Set<string>();

  /**
   * The SKU of a new simple product's stock when its row names none: its slug's, when no variant
   * has it nor the file names it (else the placeholder, as a product form left empty gets).
   */
  const newDefaultSku = (slug: string): string => {
    const sku = skuFromSlug(slug);
    const free =
      sku !== PLACEHOLDER_SKU &&
      !catalogue.variants.has(sku) &&
      !fileSkus.has(sku) &&
      !generatedSkus.has(sku);
    if (!free) return PLACEHOLDER_SKU;
    generatedSkus.add(sku);
    return sku;
  };

  const categoryId = (name: string, errors: CellError[]): number | null | undefined => {
    const bySlug = catalogue.categories.find((c) => c.slug === name);
    if (bySlug) return bySlug.id;
    const named = catalogue.categories.filter((c) => c.name === name);
    if (named.length === 1) return named[0]!.id;
    errors.push({
      column: 'category',
      message:
        named.length === 0
          ? `Unknown category "${name}"`
          : `${named.length} categories are named "${name}": give the category's slug`,
    });
    return undefined;
  };

  const rateId = (name: string, current: number | null, errors: CellError[]) => {
    const named = catalogue.rates.filter((r) => r.name === name);
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
  };

  function productPlan(line: ImportLine, slug: string): ProductPlan {
    const known = products.get(slug);
    if (known) {
      const first = known.firstLine;
      for (const [key, value] of Object.entries(line.product)) {
        const firstValue = first.product[key as keyof ImportLine['product']];
        if (firstValue !== value) {
          const column = key === 'name' ? 'product_name' : key;
          line.errors.push({
            column,
            message: `Differs from line ${first.line}, the same product's first row`,
          });
        }
      }
      return known;
    }
    const existing = catalogue.products.get(slug);
    const before = existing ? productValues(existing) : null;
    const cells = line.product;
    const errors = line.errors;
    const category = cells.category === undefined ? undefined : categoryId(cells.category, errors);
    const rate =
      cells.vat_rate_name === undefined
        ? undefined
        : rateId(cells.vat_rate_name, before?.vat_rate_id ?? null, errors);
    const defaultVariant = existing && catalogue.defaults.get(existing.id);
    const plan: ProductPlan = {
      slug,
      firstLine: line,
      existing,
      defaultVariant,
      kind: existing
        ? toBool(existing.has_variants)
          ? 'variants'
          : defaultVariant
            ? 'simple'
            : null
        : null,
      simpleLine: null,
      before,
      after: {
        name: cells.name ?? before?.name ?? '',
        category_id: category !== undefined ? category : (before?.category_id ?? null),
        is_active:
          cells.is_active !== undefined ? fromBool(cells.is_active) : (before?.is_active ?? 1),
        price_includes_vat:
          cells.price_includes_vat !== undefined
            ? fromBool(cells.price_includes_vat)
            : (before?.price_includes_vat ?? 1),
        base_price: cells.base_price ?? before?.base_price ?? line.variant.price ?? 0,
        compare_at_price: before?.compare_at_price ?? null,
        vat_rate_id: rate ?? before?.vat_rate_id ?? 0,
        has_variants: before?.has_variants ?? 0,
      },
      changed: [],
      id: existing ? existing.id : null,
      nextPosition: existing ? (catalogue.positions.get(existing.id) ?? 0) : 0,
    };
    // A new product needs these (an empty cell, not a wrong one, which has its own message).
    const missing = (column: ImportColumn, given: unknown) =>
      !existing && given === undefined && !errors.some((e) => e.column === column);
    if (missing('base_price', cells.base_price ?? line.variant.price)) {
      errors.push({ column: 'base_price', message: 'Required for a new product' });
    }
    if (missing('vat_rate_name', cells.vat_rate_name)) {
      errors.push({ column: 'vat_rate_name', message: 'Required for a new product' });
    }
    products.set(slug, plan);
    return plan;
  }

  /** The row's default variant (a simple product's stock), or null when it needs none. */
  function simpleRow(line: ImportLine, product: ProductPlan): VariantPlan | null {
    const errors = line.errors;
    if (product.kind === 'variants') {
      errors.push({
        column: 'sku',
        message: `"${product.slug}" has variants: give each row its variant's SKU`,
      });
      return null;
    }
    if (product.simpleLine !== null) {
      errors.push({
        column: 'slug',
        message: `The product is on line ${product.simpleLine} already`,
      });
      return null;
    }
    product.kind = 'simple';
    product.simpleLine = line.line;
    const cells = line.variant;
    const after = product.after;
    // One price: the product's. The default variant's follows it.
    if (cells.price !== undefined) {
      if (line.product.base_price === undefined) after.base_price = cells.price;
      else if (cells.price !== line.product.base_price) {
        errors.push({
          column: 'price',
          message:
            'A product without variants has one price: leave price empty or equal to base_price',
        });
      }
    }
    if (cells.compare_at_price !== undefined) after.compare_at_price = cells.compare_at_price;
    const existing = product.defaultVariant;
    const inventory =
      cells.stock_quantity !== undefined ||
      cells.track_inventory !== undefined ||
      cells.allow_backorder !== undefined;
    if (!existing && !inventory) return null;
    return variantPlan(line, product, existing, true);
  }

  function variantRow(line: ImportLine, product: ProductPlan, sku: string): VariantPlan | null {
    const errors = line.errors;
    const seen = skuLines.get(sku);
    if (seen !== undefined) {
      errors.push({ column: 'sku', message: `SKU ${sku} is on line ${seen} already` });
      return null;
    }
    skuLines.set(sku, line.line);
    const existing = catalogue.variants.get(sku);
    if (existing && existing.product_slug !== product.slug) {
      errors.push({
        column: 'sku',
        message: `SKU ${sku} belongs to another product ("${existing.product_slug}")`,
      });
      return null;
    }
    if (product.kind === 'simple') {
      errors.push({
        column: 'sku',
        message: `"${product.slug}" is a product without variants: it cannot take the variant ${sku}`,
      });
      return null;
    }
    product.kind = 'variants';
    product.after.has_variants = 1;
    return variantPlan(line, product, existing, false);
  }

  function variantPlan(
    line: ImportLine,
    product: ProductPlan,
    existing: VariantRow | undefined,
    isDefault: boolean,
  ): VariantPlan {
    const cells = line.variant;
    const before = existing ? variantValues(existing) : null;
    const bool = (value: boolean | undefined, current: Flag | undefined, fallback: Flag) =>
      value !== undefined ? fromBool(value) : (current ?? fallback);
    const options = cells.option_values;
    const optionsBefore = json<Record<string, string>>(before?.option_values ?? '{}', {});
    const after: VariantValues = {
      sku: line.sku ?? before?.sku ?? (isDefault ? newDefaultSku(product.slug) : PLACEHOLDER_SKU),
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
      price: isDefault
        ? product.after.base_price
        : (cells.price ?? before?.price ?? product.after.base_price),
      compare_at_price: isDefault
        ? product.after.compare_at_price
        : (cells.compare_at_price ?? before?.compare_at_price ?? null),
      stock_quantity: cells.stock_quantity ?? before?.stock_quantity ?? 0,
      track_inventory: bool(cells.track_inventory, before?.track_inventory, 1),
      allow_backorder: bool(cells.allow_backorder, before?.allow_backorder, 0),
      is_active: isDefault ? (before?.is_active ?? 1) : bool(cells.is_active, before?.is_active, 1),
    };
    if (
      after.stock_quantity !== (before?.stock_quantity ?? 0) &&
      (after.stock_quantity < 0 || after.stock_quantity > MAX_STOCK)
    ) {
      line.errors.push({
        column: 'stock_quantity',
        message: `Stock quantity must be a whole number from 0 to ${MAX_STOCK}`,
      });
    }
    const plan: VariantPlan = {
      product,
      existing,
      isDefault,
      before,
      after,
      position: existing ? existing.position : product.nextPosition++,
      id: existing ? existing.id : null,
    };
    variants.push(plan);
    return plan;
  }

  for (const line of lines) {
    const row: RowPlan = { line, product: null, variant: null, changed: [], action: 'unchanged' };
    rows.push(row);
    if (line.slug === null) continue;
    const product = productPlan(line, line.slug);
    row.product = product;
    const sku = line.sku;
    const isSimple =
      sku === null ||
      sku === PLACEHOLDER_SKU ||
      (catalogue.variants.get(sku)?.is_default === 1 &&
        catalogue.variants.get(sku)?.product_slug === product.slug) ||
      (product.defaultVariant !== undefined && product.defaultVariant.sku === sku);
    row.variant = isSimple ? simpleRow(line, product) : variantRow(line, product, sku);
  }

  // The product's changes are known once all its rows are read; its first row reports them.
  for (const product of products.values()) {
    const { after, firstLine } = product;
    product.changed = changedColumns(PRODUCT_COLUMNS, product.before, after, (column) => {
      if (column === 'category') return after.category_id !== null;
      if (column === 'compare_at_price') return after.compare_at_price !== null;
      if (column === 'is_active' || column === 'price_includes_vat') {
        return firstLine.product[column] !== undefined;
      }
      return true;
    });
  }
  const firstRefused = new Set<ProductPlan>();
  for (const row of rows) {
    const { line, product, variant } = row;
    if (product && !product.existing && product.firstLine !== line && firstRefused.has(product)) {
      line.errors.push({
        column: null,
        message: `The product's first row (line ${product.firstLine.line}) is refused`,
      });
    }
    if (line.errors.length > 0) {
      row.action = 'refused';
      if (product && product.firstLine === line) firstRefused.add(product);
      continue;
    }
    const fromProduct = product && product.firstLine === line ? product.changed : [];
    const fromVariant = variant
      ? changedColumns(VARIANT_COLUMNS, variant.before, variant.after, (column, field) =>
          column === 'sku' ? line.sku !== null : field in line.variant,
        )
      : [];
    row.changed = [...new Set([...fromProduct, ...fromVariant])];
    const creates =
      (product && !product.existing && product.firstLine === line) ||
      (variant && !variant.existing);
    row.action = creates ? 'create' : row.changed.length > 0 ? 'update' : 'unchanged';
  }
  return { rows, products: [...products.values()], variants };
}

// ---------------------------------------------------------------------------------------------
// Writing

const productAudit = (slug: string, v: ProductValues) => ({
  name: v.name,
  slug,
  category_id: v.category_id,
  is_active: toBool(v.is_active),
  price_includes_vat: toBool(v.price_includes_vat),
  base_price: money(v.base_price),
  compare_at_price: moneyOrNull(v.compare_at_price),
  vat_rate_id: v.vat_rate_id,
  has_variants: toBool(v.has_variants),
});

const variantAudit = (v: VariantValues) => ({
  sku: v.sku,
  variant_title: v.variant_title,
  option_values: json<Record<string, string>>(v.option_values, {}),
  price: money(v.price),
  compare_at_price: moneyOrNull(v.compare_at_price),
  stock_quantity: v.stock_quantity,
  track_inventory: toBool(v.track_inventory),
  allow_backorder: toBool(v.allow_backorder),
  is_active: toBool(v.is_active),
});

const differs = <T extends object>(before: T, after: T) =>
  (Object.keys(after) as (keyof T)[]).some((k) => before[k] !== after[k]);

interface Writer {
  fileName: string;
  actor: AuditActor;
  now: Date;
}

/** Writes a plan without refused rows, in the caller's transaction. */
async function writePlan(trx: Db, plan: ImportPlan, { fileName, actor, now }: Writer) {
  const at = now.toISOString();
  const audits: AuditEntry[] = [];

  const created = plan.products.filter((p) => !p.existing);
  const productRows = created.map((p): NewProduct => ({
    ...p.after,
    slug: p.slug,
    // The file has no description; the product's name stands in until it is written.
    description: p.after.name,
    short_description: null,
    brand: null,
    images: '[]',
    is_featured: 0,
    meta_title: null,
    meta_description: null,
    tags: '[]',
    created_at: at,
    updated_at: at,
  }));
  const productIds = new Map<string, number>();
  for (const part of chunks(productRows)) {
    const rows = await trx.insertInto('products').values(part).returning(['id', 'slug']).execute();
    for (const r of rows) productIds.set(r.slug, r.id);
  }
  for (const p of created) p.id = productIds.get(p.slug) ?? null;
  for (const p of plan.products) {
    const id = p.id!;
    if (!p.before) {
      audits.push({
        action: 'create',
        entity: 'product',
        entity_id: id,
        label: p.after.name,
        after: productAudit(p.slug, p.after),
      });
    } else if (differs(p.before, p.after)) {
      await trx
        .updateTable('products')
        .set({ ...p.after, updated_at: at })
        .where('id', '=', id)
        .execute();
      audits.push({
        action: 'update',
        entity: 'product',
        entity_id: id,
        label: p.after.name,
        before: productAudit(p.slug, p.before),
        after: productAudit(p.slug, p.after),
      });
    }
  }

  const movements: { variant: VariantPlan; before: number }[] = [];
  const fresh = plan.variants.filter((v) => !v.existing);
  const variantRows = fresh.map((v): NewVariant => ({
    ...v.after,
    product_id: v.product.id!,
    is_default: fromBool(v.isDefault),
    cost_price: null,
    vat_rate_id: null,
    barcode: null,
    weight: null,
    dimensions: null,
    images: '[]',
    low_stock_threshold: DEFAULT_LOW_STOCK_THRESHOLD,
    position: v.position,
    created_at: at,
    updated_at: at,
  }));
  // A real SKU names one variant; a default variant is its product's only one.
  const key = (sku: string, productId: number, isDefault: boolean) =>
    isDefault ? `default ${productId}` : `sku ${sku}`;
  const variantIds = new Map<string, number>();
  for (const part of chunks(variantRows)) {
    const rows = await trx
      .insertInto('variants')
      .values(part)
      .returning(['id', 'sku', 'product_id', 'is_default'])
      .execute();
    for (const r of rows)
      variantIds.set(key(r.sku, Number(r.product_id), r.is_default === 1), r.id);
  }
  for (const v of fresh) {
    v.id = variantIds.get(key(v.after.sku, v.product.id!, v.isDefault)) ?? null;
    if (v.after.stock_quantity !== 0) movements.push({ variant: v, before: 0 });
  }
  for (const v of plan.variants) {
    const label = v.after.sku;
    if (!v.before) {
      audits.push({
        action: 'create',
        entity: 'variant',
        entity_id: v.id,
        label,
        after: variantAudit(v.after),
      });
      continue;
    }
    if (!differs(v.before, v.after)) continue;
    // Compare-and-set on the stock read: a concurrent change is never overwritten unrecorded.
    const result = await trx
      .updateTable('variants')
      .set({ ...v.after, updated_at: at })
      .where('id', '=', v.id!)
      .where('stock_quantity', '=', v.before.stock_quantity)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      throw changedMeanwhile(`The stock of ${label} changed during the import`);
    }
    if (v.after.stock_quantity !== v.before.stock_quantity) {
      movements.push({ variant: v, before: v.before.stock_quantity });
    }
    audits.push({
      action: 'update',
      entity: 'variant',
      entity_id: v.id,
      label,
      before: variantAudit(v.before),
      after: variantAudit(v.after),
    });
  }

  const reason = STOCK_REASONS.csvImport(fileName);
  for (const part of chunks(movements)) {
    await trx
      .insertInto('stock_movements')
      .values(
        part.map(({ variant: v, before }) => ({
          variant_id: v.id,
          order_id: null,
          sku: v.after.sku,
          title: movementTitle(v.product.after.name, {
            is_default: fromBool(v.isDefault),
            variant_title: v.after.variant_title,
          }),
          delta: v.after.stock_quantity - before,
          reason,
          stock_before: before,
          stock_after: v.after.stock_quantity,
          admin_user_id: actor?.id ?? null,
          created_at: at,
        })),
      )
      .execute();
  }
  await recordAudits(trx, actor, audits, now);
}

// ---------------------------------------------------------------------------------------------
// The operation

function report(plan: ImportPlan, mode: Mode, applied: boolean, fileName: string): Report {
  const summary = { create: 0, update: 0, unchanged: 0, refused: 0 };
  const rows: ReportRow[] = [];
  for (const row of plan.rows) {
    summary[row.action] += 1;
    if (row.action === 'unchanged') continue;
    rows.push({
      line: row.line.line,
      action: row.action,
      slug: row.line.slug,
      sku: row.line.sku === PLACEHOLDER_SKU ? null : row.line.sku,
      product_id: row.product?.id ?? null,
      variant_id: row.variant?.id ?? null,
      changed: row.changed,
      errors: row.line.errors,
    });
  }
  return { mode, applied, file_name: fileName, rows_total: plan.rows.length, summary, rows };
}

export interface ImportRequest {
  bytes: Uint8Array;
  fileName: string;
  mode: Mode;
  actor: AuditActor;
  now: Date;
}

/**
 * The report of a file; with mode apply, the file written in one transaction, or ImportRefused
 * (nothing written) when a row is refused. A file that cannot be read throws ImportFileError.
 */
export async function importProducts(db: Db, request: ImportRequest): Promise<Report> {
  const lines = readImportFile(request.bytes);
  const { fileName, mode, now } = request;
  if (mode === 'dry_run') return report(await planImport(db, lines, now), mode, false, fileName);
  try {
    return await db.transaction().execute(async (trx) => {
      const plan = await planImport(trx, lines, now);
      if (plan.rows.some((r) => r.action === 'refused')) {
        throw new ImportRefused(report(plan, mode, false, fileName));
      }
      await writePlan(trx, plan, request);
      return report(plan, mode, true, fileName);
    });
  } catch (err) {
    // Another writer took a slug or SKU between the check and the write.
    if (isUniqueViolation(err)) {
      throw changedMeanwhile('A product or SKU of the file was just created elsewhere');
    }
    throw err;
  }
}

/**
 * The template: every column the import reads and two example rows (a product without variants,
 * a variant), with the shop's default VAT rate in force, so that the file imports as it is. The
 * category is left empty: no category of the shop's is known to fit both examples (#26: the first
 * one put "Olive oil 1 L" among clothes), and a wrong one would be imported as it stands.
 */
export async function importTemplate(db: Db, at: Date): Promise<CsvExport> {
  const rates = await db
    .selectFrom('vat_rates')
    .selectAll()
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
  const rate = rates.find((r) => rateStatus(r, at) === 'in_force')?.name ?? null;
  const row = (values: Partial<Record<ImportColumn, CsvValue>>) =>
    IMPORT_COLUMNS.map((column) => values[column] ?? null);
  const product = {
    is_active: true,
    price_includes_vat: true,
    vat_rate_name: rate,
  };
  const records = [
    row({
      ...product,
      product_name: 'Olive oil 1 L',
      slug: 'olive-oil-1l',
      base_price: '25.500',
      stock_quantity: 40,
      track_inventory: true,
      allow_backorder: false,
    }),
    row({
      ...product,
      product_name: 'Summer T-shirt',
      slug: 'summer-t-shirt',
      base_price: '35.000',
      sku: 'TSHIRT-M-RED',
      variant_title: 'M / Red',
      option_values: 'Size=M; Colour=Red',
      price: '35.000',
      stock_quantity: 12,
      track_inventory: true,
      allow_backorder: false,
      variant_is_active: true,
    }),
  ];
  return { total: records.length, columns: IMPORT_COLUMNS, pages: [records] };
}
