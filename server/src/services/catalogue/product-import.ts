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
// - planImport and writePlan are a few named steps each, run in file order in one transaction;
//   the pure rules of a row (its values, its changes, its action) are domain/import-plan.ts.
// - Each stock change is a stock movement (kind import, the file's name, the admin), written
//   with the stock in the same transaction (stock = Σ movements), and each product or variant
//   created or changed is an audit entry there too.
import type { Schemas } from '../../api/types';
import { HttpProblem } from '../../api/problem';
import { json, money, moneyOrNull } from '../../api/present';
import { fromBool, toBool } from '../../db/bool';
import type { Db } from '../../db/database';
import type { NewProduct, NewVariant, ProductRow, VariantRow, VatRateRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/transaction';
import type { CsvValue } from '../../domain/csv';
import {
  categoryOf,
  checkAgainstFirstRow,
  checkNewProduct,
  checkStock,
  decideActions,
  namesDefaultVariant,
  productAfter,
  productChanges,
  rateOf,
  setsInventory,
  takeSimplePrices,
  variantAfter,
  type ProductValues,
  type RowDecision,
  type VariantValues,
} from '../../domain/import-plan';
import { DEFAULT_LOW_STOCK_THRESHOLD, PLACEHOLDER_SKU, skuFromSlug } from '../../domain/inventory';
import {
  IMPORT_COLUMNS,
  readImportFile,
  type ImportColumn,
  type ImportLine,
} from '../../domain/product-import';
import { slugOf } from '../../domain/import-formats/slug';
import type { ImportFormat } from '../../domain/import-formats';
import { countryDefaultInForce, rateStatus } from '../../domain/vat';
import { recordAudit, type AuditActor, type AuditEntry } from '../platform/audit';
import { csvStream, type CsvDownload } from '../platform/csv-export';
import { movementOrigin, movementTitle, stockCrossing } from '../inventory/stock';
import { emitStockEvents } from '../webhooks/outbox';
import { emitProductsCreated, emitProductsUpdated } from '../webhooks/product-events';
import { queueImportImages } from './import-formats/import-images';

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

/** The SKUs to look up: those the rows give, and for a row without one the SKU of its slug. */
const skusToLoad = (lines: ImportLine[]) => [
  ...new Set(
    lines.flatMap((l) => {
      if (l.sku && l.sku !== PLACEHOLDER_SKU) return [l.sku];
      // A platform's product without variants names its default variant's SKU.
      if (l.platform?.simpleSku) return [l.platform.simpleSku];
      // A row without SKU may be a new simple product's: is the SKU of its slug free?
      return l.slug ? [skuFromSlug(l.slug)] : [];
    }),
  ),
];

/** The products, variants, categories and rates the file's rows name, in a few queries. */
async function loadCatalogue(db: Db, lines: ImportLine[]): Promise<Catalogue> {
  const slugs = [...new Set(lines.flatMap((l) => (l.slug ? [l.slug] : [])))];
  const products = new Map<string, ProductRow>();
  for (const part of chunks(slugs)) {
    const rows = await db.selectFrom('products').selectAll().where('slug', 'in', part).execute();
    for (const row of rows) products.set(row.slug, row);
  }
  const variants = new Map<string, ExistingVariant>();
  for (const part of chunks(skusToLoad(lines))) {
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
// Checking: the rows in file order, each to its product and variant (domain/import-plan.ts has
// the rules; these steps look up and keep what earlier rows took)

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
  /** The category the import creates for it (option createCategories). */
  newCategory: CategoryPlan | null;
}

/** A category the file names that the shop lacks, created with the import when asked. */
interface CategoryPlan {
  name: string;
  slug: string;
  id: number | null;
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

interface RowPlan extends RowDecision {
  product: ProductPlan | null;
  variant: VariantPlan | null;
}

interface ImportPlan {
  rows: RowPlan[];
  products: ProductPlan[];
  variants: VariantPlan[];
  /** The categories to create (those of products the file writes). */
  categories: CategoryPlan[];
}

/**
 * What the pass over the rows keeps from one row to the next: the first row of a slug, of a SKU
 * and of a generated SKU wins, so the rows must be read in file order.
 */
interface Planning {
  catalogue: Catalogue;
  at: Date;
  options: ImportOptions;
  /** The categories to create, by the name the file gives. */
  newCategories: Map<string, CategoryPlan>;
  /** The shop's default VAT rate in force: a platform's new product gets it (they name none). */
  defaultRateName: string | null;
  products: Map<string, ProductPlan>;
  variants: VariantPlan[];
  /** The line each SKU the rows give was first on. */
  skuLines: Map<string, number>;
  /** The SKUs the file names, whatever their line (not free for a generated SKU). */
  fileSkus: Set<string>;
  generatedSkus: Set<string>;
}

/**
 * The SKU of a new simple product's stock when its row names none: its slug's, when no variant
 * has it nor the file names it (else the placeholder, as a product form left empty gets).
 */
function newDefaultSku(planning: Planning, slug: string, line: ImportLine): string {
  const wanted = line.platform?.simpleSku;
  if (wanted) return platformSimpleSku(planning, wanted, line);
  const sku = skuFromSlug(slug);
  const free =
    sku !== PLACEHOLDER_SKU &&
    !planning.catalogue.variants.has(sku) &&
    !planning.fileSkus.has(sku) &&
    !planning.generatedSkus.has(sku);
  if (!free) return PLACEHOLDER_SKU;
  planning.generatedSkus.add(sku);
  return sku;
}

/** A platform's product without variants keeps its SKU, unless another variant has it. */
function platformSimpleSku(planning: Planning, sku: string, line: ImportLine): string {
  const owner = planning.catalogue.variants.get(sku);
  const seen = planning.skuLines.get(sku);
  if (owner) {
    line.errors.push({
      column: 'sku',
      message: `SKU ${sku} belongs to another product ("${owner.product_slug}")`,
    });
  } else if (seen !== undefined) {
    line.errors.push({ column: 'sku', message: `SKU ${sku} is on line ${seen} already` });
  } else {
    planning.skuLines.set(sku, line.line);
    planning.generatedSkus.add(sku);
    return sku;
  }
  return PLACEHOLDER_SKU;
}

/**
 * The category a cell names; with createCategories, a name the shop lacks is a category to
 * create (one per name, its slug free), else the row is refused naming it.
 */
function categoryFor(
  planning: Planning,
  name: string,
  line: ImportLine,
): { id: number | undefined; create: CategoryPlan | null } {
  const { categories } = planning.catalogue;
  const known = categories.some((c) => c.slug === name || c.name === name);
  if (known || !planning.options.createCategories) {
    return { id: categoryOf(categories, name, line.errors), create: null };
  }
  const planned = planning.newCategories.get(name);
  if (planned) return { id: undefined, create: planned };
  const base = slugOf(name) ?? 'category';
  // A category whose slug is the name's ("T-shirts" for "T-Shirts") is that category.
  const sameSlug = categories.find((c) => c.slug === base);
  if (sameSlug) return { id: sameSlug.id, create: null };
  const taken = new Set([...planning.newCategories.values()].map((c) => c.slug));
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  const plan: CategoryPlan = { name, slug, id: null };
  planning.newCategories.set(name, plan);
  return { id: undefined, create: plan };
}

/** A platform's new product takes the shop's default rate (platforms name none of ours). */
function platformRate(planning: Planning, line: ImportLine): void {
  if (!line.platform || line.product.vat_rate_name !== undefined) return;
  if (planning.defaultRateName === null) {
    line.errors.push({
      column: null,
      message: 'The shop has no default VAT rate in force to give the new product',
    });
  } else line.product.vat_rate_name = planning.defaultRateName;
}

/** Step: the row's product, new from its slug's first row, checked against it on later rows. */
function planProduct(planning: Planning, line: ImportLine, slug: string): ProductPlan {
  const known = planning.products.get(slug);
  if (known) {
    checkAgainstFirstRow(known.firstLine, line);
    return known;
  }
  const { catalogue, at } = planning;
  const existing = catalogue.products.get(slug);
  const before = existing ? productValues(existing) : null;
  if (!existing) platformRate(planning, line);
  const { category, vat_rate_name } = line.product;
  const categoryPlan =
    category === undefined
      ? { id: undefined, create: null }
      : categoryFor(planning, category, line);
  const categoryId = categoryPlan.id;
  const rateId =
    vat_rate_name === undefined
      ? undefined
      : rateOf(catalogue.rates, vat_rate_name, before?.vat_rate_id ?? null, at, line.errors);
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
    after: productAfter(line, before, categoryId, rateId),
    changed: [],
    id: existing ? existing.id : null,
    nextPosition: existing ? (catalogue.positions.get(existing.id) ?? 0) : 0,
    newCategory: categoryPlan.create,
  };
  if (!existing) checkNewProduct(line);
  planning.products.set(slug, plan);
  return plan;
}

/** Step: a row of a product without variants; its default variant, or null when it needs none. */
function planSimpleRow(
  planning: Planning,
  line: ImportLine,
  product: ProductPlan,
): VariantPlan | null {
  if (product.kind === 'variants') {
    line.errors.push({
      column: 'sku',
      message: `"${product.slug}" has variants: give each row its variant's SKU`,
    });
    return null;
  }
  if (product.simpleLine !== null) {
    line.errors.push({
      column: 'slug',
      message: `The product is on line ${product.simpleLine} already`,
    });
    return null;
  }
  product.kind = 'simple';
  product.simpleLine = line.line;
  takeSimplePrices(line, product.after);
  const existing = product.defaultVariant;
  if (!existing && !setsInventory(line)) return null;
  return planVariant(planning, line, product, existing, true);
}

/** Step: a row with a SKU, a variant of its product (a SKU is on one line and one product). */
function planVariantRow(
  planning: Planning,
  line: ImportLine,
  product: ProductPlan,
  sku: string,
): VariantPlan | null {
  const seen = planning.skuLines.get(sku);
  if (seen !== undefined) {
    line.errors.push({ column: 'sku', message: `SKU ${sku} is on line ${seen} already` });
    return null;
  }
  planning.skuLines.set(sku, line.line);
  const existing = planning.catalogue.variants.get(sku);
  if (existing && existing.product_slug !== product.slug) {
    line.errors.push({
      column: 'sku',
      message: `SKU ${sku} belongs to another product ("${existing.product_slug}")`,
    });
    return null;
  }
  if (product.kind === 'simple') {
    line.errors.push({
      column: 'sku',
      message: `"${product.slug}" is a product without variants: it cannot take the variant ${sku}`,
    });
    return null;
  }
  product.kind = 'variants';
  product.after.has_variants = 1;
  return planVariant(planning, line, product, existing, false);
}

/** Step: the variant's values after the row, and its position among its product's. */
function planVariant(
  planning: Planning,
  line: ImportLine,
  product: ProductPlan,
  existing: VariantRow | undefined,
  isDefault: boolean,
): VariantPlan {
  const before = existing ? variantValues(existing) : null;
  const after = variantAfter(line, before, product.after, isDefault, () =>
    isDefault ? newDefaultSku(planning, product.slug, line) : PLACEHOLDER_SKU,
  );
  checkStock(line, before, after);
  const plan: VariantPlan = {
    product,
    existing,
    isDefault,
    before,
    after,
    position: existing ? existing.position : product.nextPosition++,
    id: existing ? existing.id : null,
  };
  planning.variants.push(plan);
  return plan;
}

/** Step: one row to its product and, by its SKU, to a variant or the product's default one. */
function planRow(planning: Planning, line: ImportLine): RowPlan {
  const row: RowPlan = { line, product: null, variant: null, changed: [], action: 'unchanged' };
  if (line.slug === null) return row;
  const product = planProduct(planning, line, line.slug);
  row.product = product;
  const sku = line.sku;
  const known = sku === null ? undefined : planning.catalogue.variants.get(sku);
  row.variant =
    sku === null || namesDefaultVariant(sku, product.slug, known, product.defaultVariant?.sku)
      ? planSimpleRow(planning, line, product)
      : planVariantRow(planning, line, product, sku);
  return row;
}

/**
 * Checks every row against the catalogue; writes nothing. Its steps, each one for a reason:
 * 1. loadCatalogue: all the rows name, read at once (a few queries for 10,000 rows);
 * 2. planRow, row by row in file order: the first row of a slug or a SKU wins, and so does the
 *    first product to take its slug's SKU, so the same file always gives the same report;
 * 3. productChanges: a product's changes are known only once all its rows are read;
 * 4. decideActions: a new product's refused first row refuses its later rows.
 */
async function planImport(
  db: Db,
  lines: ImportLine[],
  at: Date,
  options: ImportOptions,
  shopCountry: string,
): Promise<ImportPlan> {
  const catalogue = await loadCatalogue(db, lines);
  const planning: Planning = {
    catalogue,
    at,
    options,
    newCategories: new Map(),
    defaultRateName: defaultRateName(catalogue.rates, shopCountry, at),
    products: new Map(),
    variants: [],
    skuLines: new Map(),
    fileSkus: new Set(
      lines.flatMap((l) => [
        ...(l.sku ? [l.sku] : []),
        ...(l.platform?.simpleSku ? [l.platform.simpleSku] : []),
      ]),
    ),
    generatedSkus: new Set(),
  };
  const rows = lines.map((line) => planRow(planning, line));
  const products = [...planning.products.values()];
  // A product's first row reports its changes.
  for (const p of products) {
    p.changed = productChanges(p.before, p.after, p.firstLine);
    if (p.newCategory && !p.changed.includes('category')) p.changed.push('category');
  }
  decideActions(rows);
  // Only the categories of products written are created.
  const used = new Set(
    rows.flatMap((r) =>
      r.action !== 'refused' && r.product?.newCategory ? [r.product.newCategory] : [],
    ),
  );
  return {
    rows,
    products,
    variants: planning.variants,
    categories: [...planning.newCategories.values()].filter((c) => used.has(c)),
  };
}

/** The name of the shop country's default rate in force at `at`. */
function defaultRateName(rates: VatRateRow[], country: string, at: Date): string | null {
  const found = countryDefaultInForce(new Map(rates.map((r) => [Number(r.id), r])), country, at);
  return found ? (rates.find((r) => Number(r.id) === found.id)?.name ?? null) : null;
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
  options?: ImportOptions;
}

/** A stock change to record: the variant's stock before the import, its plan the stock after. */
interface Movement {
  variant: VariantPlan;
  before: number;
}

/** Step: the categories the import creates (option createCategories), each audited. */
async function insertCategories(trx: Db, plan: ImportPlan, at: string, audits: AuditEntry[]) {
  for (const c of plan.categories) {
    const row = await trx
      .insertInto('categories')
      .values({
        name: c.name,
        slug: c.slug,
        description: null,
        image_url: null,
        parent_id: null,
        is_active: 1,
        display_order: 0,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    c.id = Number(row.id);
    audits.push({
      action: 'create',
      entity: 'category',
      entity_id: c.id,
      label: c.name,
      after: { name: c.name, slug: c.slug, parent_id: null, is_active: true },
    });
  }
  for (const p of plan.products) {
    if (p.newCategory) p.after.category_id = p.newCategory.id;
  }
}

/** Step: the new products, in batches; each plan gets its id. */
async function insertProducts(trx: Db, plan: ImportPlan, at: string) {
  const created = plan.products.filter((p) => !p.existing);
  const productRows = created.map((p): NewProduct => ({
    ...p.after,
    slug: p.slug,
    // Our columns have no description (a platform's file may): the name stands in until written.
    description: p.firstLine.platform?.description || p.after.name,
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
}

/** Step: the products the file changes, and an audit entry per product created or changed. */
async function updateProducts(trx: Db, plan: ImportPlan, at: string, audits: AuditEntry[]) {
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
}

/** Step: the new variants, in batches; each plan gets its id, each stock a movement from 0. */
async function insertVariants(trx: Db, plan: ImportPlan, at: string): Promise<Movement[]> {
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
  const movements: Movement[] = [];
  for (const v of fresh) {
    v.id = variantIds.get(key(v.after.sku, v.product.id!, v.isDefault)) ?? null;
    if (v.after.stock_quantity !== 0) movements.push({ variant: v, before: 0 });
  }
  return movements;
}

/**
 * Step: the variants the file changes, each only if its stock is still the one read (else the
 * import is refused), and an audit entry per variant created or changed; the stock changes.
 */
async function updateVariants(
  trx: Db,
  plan: ImportPlan,
  at: string,
  audits: AuditEntry[],
): Promise<Movement[]> {
  const movements: Movement[] = [];
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
  return movements;
}

/** Step: a stock movement (kind import, the file's name) per stock change, stock = Σ movements. */
async function insertMovements(trx: Db, movements: Movement[], at: string, writer: Writer) {
  const origin = movementOrigin({ kind: 'import', importFile: writer.fileName });
  for (const part of chunks(movements)) {
    await trx
      .insertInto('stock_movements')
      .values(
        part.map(({ variant: v, before }) => ({
          ...origin,
          variant_id: v.id,
          sku: v.after.sku,
          title: movementTitle(v.product.after.name, {
            is_default: fromBool(v.isDefault),
            variant_title: v.after.variant_title,
          }),
          delta: v.after.stock_quantity - before,
          stock_before: before,
          stock_after: v.after.stock_quantity,
          admin_user_id: writer.actor?.id ?? null,
          created_at: at,
        })),
      )
      .execute();
  }
}

/** Writes a plan without refused rows, in the caller's transaction: products, then variants. */
async function writePlan(trx: Db, plan: ImportPlan, writer: Writer) {
  const at = writer.now.toISOString();
  const audits: AuditEntry[] = [];
  await insertCategories(trx, plan, at, audits);
  await insertProducts(trx, plan, at);
  await updateProducts(trx, plan, at, audits);
  const created = await insertVariants(trx, plan, at);
  const changed = await updateVariants(trx, plan, at, audits);
  await insertMovements(trx, [...created, ...changed], at, writer);
  await recordAudit(trx, writer.actor, audits, writer.now);
  if (writer.options?.fetchImages) await queueImages(trx, plan, writer.fileName);
  await emitEvents(trx, plan, [...created, ...changed], writer.now);
}

/**
 * Step: the webhook events (#31) of the file, in its transaction: product.created per product
 * created, product.updated per existing product whose own values or any of whose variants the
 * file changes — once per product whatever its number of rows, none for a product the file
 * leaves as it is — and, as inventory/stock.ts raises them, stock.low / stock.out per variant
 * whose stock the file takes across its threshold (a new variant's stock starts from 0, so it
 * crosses nothing, as a variant created with stock does).
 */
async function emitEvents(trx: Db, plan: ImportPlan, movements: Movement[], at: Date) {
  const changedProducts = new Set(
    plan.variants
      .filter((v) => v.before === null || differs(v.before, v.after))
      .map((v) => v.product),
  );
  for (const p of plan.products) {
    if (p.before && differs(p.before, p.after)) changedProducts.add(p);
  }
  await emitProductsCreated(
    trx,
    plan.products.filter((p) => !p.existing).map((p) => p.id!),
    at,
  );
  await emitProductsUpdated(
    trx,
    [...changedProducts].filter((p) => p.existing).map((p) => p.id!),
    at,
  );
  const crossings = movements.flatMap(({ variant: v, before }) => {
    const type = stockCrossing(
      {
        track_inventory: v.after.track_inventory,
        low_stock_threshold: v.existing?.low_stock_threshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
      },
      before,
      v.after.stock_quantity,
    );
    return type ? [{ type, variantId: v.id! }] : [];
  });
  await emitStockEvents(trx, crossings, at);
}

/** The images a file's new products name, to fetch (option fetchImages): those products only. */
const imagesToFetch = (plan: ImportPlan) =>
  plan.products.filter((p) => !p.existing && (p.firstLine.platform?.images.length ?? 0) > 0);

/** Step: a background job per new product with images (import-formats/import-images.ts). */
async function queueImages(trx: Db, plan: ImportPlan, fileName: string) {
  for (const p of imagesToFetch(plan)) {
    await queueImportImages(trx, {
      file_name: fileName,
      product_id: p.id!,
      line: p.firstLine.line,
      urls: p.firstLine.platform!.images,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// The operation

/** A platform's row names its own columns in a refusal (Variant Price, not price). */
const sourceColumn = (line: ImportLine, column: string | null) =>
  column === null ? null : (line.platform?.sources[column] ?? column);

function report(
  plan: ImportPlan,
  mode: Mode,
  applied: boolean,
  fileName: string,
  format: ImportFormat,
  options: ImportOptions,
): Report {
  const summary = { create: 0, update: 0, unchanged: 0, refused: 0 };
  const rows: ReportRow[] = [];
  for (const row of plan.rows) {
    summary[row.action] += 1;
    if (row.action === 'unchanged') continue;
    rows.push({
      line: row.line.line,
      action: row.action,
      slug: row.line.slug,
      sku:
        row.line.sku === PLACEHOLDER_SKU
          ? null
          : (row.line.sku ?? row.line.platform?.simpleSku ?? null),
      product_id: row.product?.id ?? null,
      variant_id: row.variant?.id ?? null,
      changed: row.changed,
      errors: row.line.errors.map((e) => ({ ...e, column: sourceColumn(row.line, e.column) })),
    });
  }
  return {
    mode,
    applied,
    file_name: fileName,
    format,
    rows_total: plan.rows.length,
    summary,
    new_categories: plan.categories.map((c) => c.name),
    images_to_fetch: options.fetchImages
      ? imagesToFetch(plan).reduce((n, p) => n + p.firstLine.platform!.images.length, 0)
      : 0,
    rows,
  };
}

/** The import's options (the contract's query parameters); each off by default but prices. */
interface ImportOptions {
  /** A Shopify or WooCommerce file's prices include VAT (default true, as our own column's). */
  pricesIncludeVat?: boolean;
  /** A category the file names that the shop lacks is created (else the row is refused). */
  createCategories?: boolean;
  /** Products created get their images fetched from the file's URLs, in the background. */
  fetchImages?: boolean;
}

export interface ImportRequest {
  bytes: Uint8Array;
  fileName: string;
  mode: Mode;
  actor: AuditActor;
  now: Date;
  options?: ImportOptions;
  /** A platform's new products take this country's default VAT rate. */
  shopCountry: string;
}

/**
 * The report of a file; with mode apply, the file written in one transaction, or ImportRefused
 * (nothing written) when a row is refused. A file that cannot be read throws ImportFileError.
 */
export async function importProducts(db: Db, request: ImportRequest): Promise<Report> {
  const options = request.options ?? {};
  const { format, lines } = readImportFile(request.bytes, {
    pricesIncludeVat: options.pricesIncludeVat ?? true,
  });
  const { fileName, mode, now } = request;
  if (mode === 'dry_run') {
    return report(
      await planImport(db, lines, now, options, request.shopCountry),
      mode,
      false,
      fileName,
      format,
      options,
    );
  }
  try {
    return await db.transaction().execute(async (trx) => {
      const plan = await planImport(trx, lines, now, options, request.shopCountry);
      if (plan.rows.some((r) => r.action === 'refused')) {
        throw new ImportRefused(report(plan, mode, false, fileName, format, options));
      }
      await writePlan(trx, plan, request);
      return report(plan, mode, true, fileName, format, options);
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
export async function importTemplate(db: Db, at: Date): Promise<CsvDownload> {
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
  return {
    fileName: 'products-template.csv',
    total: records.length,
    body: csvStream({ total: records.length, columns: IMPORT_COLUMNS, pages: [records] }),
  };
}
