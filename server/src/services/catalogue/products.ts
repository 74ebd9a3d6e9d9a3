// Admin side of products: storage, the rules of create/update/delete and the Product presenter.
// A simple product's stock lives in a hidden default variant (simple-inventory.ts).
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { AppContext } from '../../context';
import { fromBool, toBool } from '../../db/bool';
import type {
  NewProduct,
  ProductRow,
  ProductUpdate as ProductColumnsUpdate,
} from '../../db/schema';
import type { Db } from '../../db/database';
import {
  filteredCount,
  filteredCountUpTo,
  indexedSearch,
  scansInOrder,
  searchIn,
  selectedPage,
  sortOrder,
  type ListSelection,
} from '../../db/search';
import { constraintName, isUniqueViolation } from '../../db/transaction';
import { toMillimes } from '../../domain/money';
import { priceInclVat, toGross } from '../../domain/vat';
import { ratesInForce, type RatesInForce } from './pricing';
import { assignableRateIssue } from '../billing/vat-rates';
import { PLACEHOLDER_SKU } from '../../domain/inventory';
import type { ValidationIssue } from '../../../../contract';
import { conflict, HttpProblem, notFound } from '../../api/problem';
import { json, money, moneyOrNull, percent } from '../../api/present';
import type { Body, Schemas } from '../../api/types';
import {
  createDefaultVariant,
  findDefaultVariant,
  followProductPrice,
  updateDefaultVariant,
} from '../inventory/simple-inventory';
import { optionalText } from '../platform/text-input';
import { countOf } from '../platform/row-counts';
import { variantFacts, type VariantFacts } from './variant-facts';
import { stockSortKey } from '../../db/migrations/026_product_stock';
import { mediaStorage, releaseRemovedMedia, type MediaLog } from '../platform/media';
import { recordAudit, type AuditActor } from '../platform/audit';
import { changedBySave, emitWebhookEvent } from '../webhooks/outbox';
import { withStockAfterWrite } from '../webhooks/product-stock';

type Product = Schemas['Product'];

export const PRODUCT_NOT_FOUND = 'Product not found';
const SLUG_TAKEN = 'Slug already exists';
export const SKU_TAKEN = 'SKU already exists';
/** Same text as the variants API's refusal. */
export const PRODUCT_TYPE_FIXED = 'Product type cannot be changed after creation';

// ---------------------------------------------------------------------------------------------
// Reading and presenting

const selectAdminProducts = (db: Db) => db.selectFrom('products as p').selectAll('p');

/** The fields that describe a product, the same (and first, in this order) on the admin and public sides. */
export const productDescription = (
  row: Pick<
    ProductRow,
    'id' | 'name' | 'slug' | 'description' | 'short_description' | 'category_id'
  >,
) => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  description: row.description,
  short_description: row.short_description,
  category_id: row.category_id,
});

/**
 * The gross prices a customer is charged (#26): each active own variant's at its rate (its own,
 * else the product's), or the product's price_incl_vat; null when a rate involved is not in force.
 * Gross is monotonic in the price at one rate, so the min and max of each rate group suffice.
 */
function chargedRange(
  row: ProductRow,
  rates: RatesInForce,
  variants: VariantFacts,
  inclVat: number | null,
): Product['price_range'] {
  if (variants.prices.length === 0)
    return inclVat === null ? null : { min: money(inclVat), max: money(inclVat) };
  let min = Infinity;
  let max = -Infinity;
  for (const group of variants.prices) {
    const rateBp = rates.ownRateBp(group.vatRateId ?? row.vat_rate_id);
    if (rateBp === null) return null;
    min = Math.min(min, toGross(group.min, Number(row.price_includes_vat), rateBp));
    max = Math.max(max, toGross(group.max, Number(row.price_includes_vat), rateBp));
  }
  return { min: money(min), max: money(max) };
}

/** The product with price_incl_vat at the rate in force (its rate or a successor; see pricing.ts). */
function presentProduct(row: ProductRow, rates: RatesInForce, variants: VariantFacts): Product {
  const rateBp = rates.ownRateBp(row.vat_rate_id);
  const base = Number(row.base_price);
  const inclVat =
    rateBp === null
      ? null
      : priceInclVat(
          { base_price: base, price_includes_vat: toBool(row.price_includes_vat) },
          rateBp,
        );
  return {
    ...productDescription(row),
    brand: row.brand,
    has_variants: toBool(row.has_variants),
    base_price: money(base),
    compare_at_price: moneyOrNull(
      row.compare_at_price === null ? null : Number(row.compare_at_price),
    ),
    price_incl_vat: inclVat === null ? null : money(inclVat),
    vat_rate_id: row.vat_rate_id,
    vat_rate: rateBp === null ? null : percent(rateBp),
    price_includes_vat: toBool(row.price_includes_vat),
    images: json<string[]>(row.images, []),
    is_active: toBool(row.is_active),
    is_featured: toBool(row.is_featured),
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    tags: json<string[]>(row.tags, []),
    // The contract: number of variants, active or not, the hidden default variant included
    // (1 for a simple product with its default variant).
    variant_count: variants.count,
    price_range: chargedRange(row, rates, variants, inclVat),
    sku: variants.sku,
    stock_quantity: row.stock_quantity === null ? null : Number(row.stock_quantity),
    stock_state: row.stock_state,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export interface AdminProductQuery {
  skip: number;
  limit: number;
  search?: string | undefined;
  category_id?: number | undefined;
  is_active?: boolean | undefined;
  stock_state?: Schemas['ProductStockState'] | undefined;
  sort: Schemas['ProductSort'];
}

const SORT_COLUMNS = {
  created_at: 'p.created_at',
  name: 'p.name',
  base_price: 'p.base_price',
  // The stock kept by migration 026, by its indexes' keys: products without a counted variant
  // last either way.
  stock: { value: (direction) => sql.raw(stockSortKey('p', direction)), name: 'stock_sort' },
} satisfies Parameters<typeof sortOrder>[1];

/** Presents the rows (one page) with one query for their variants. */
async function presentProducts(db: Db, rows: ProductRow[], at: Date): Promise<Product[]> {
  const [rates, variants] = await Promise.all([
    ratesInForce(db, at),
    variantFacts(
      db,
      rows.map((r) => r.id),
      { prices: true, sku: true },
    ),
  ]);
  return rows.map((row) => presentProduct(row, rates, variants(row.id)));
}

/** The filters and sort of the admin list, without the paging: the CSV export takes them too. */
export type AdminProductFilters = Omit<AdminProductQuery, 'skip' | 'limit'>;

/** The `products as p` count query the list's filters apply to. */
const countProducts = (db: Db) =>
  db.selectFrom('products as p').select((eb) => eb.fn.countAll<number>().as('n'));

const SEARCHED_COLUMNS = ['p.name', 'p.slug', 'p.brand'];
const SEARCH_INDEX = { table: 'product_search', id: 'p.id' };

/** What the list keeps (conditions on `products as p`) and in which order. */
export function adminProductSelection(db: Db, q: AdminProductFilters): ListSelection {
  const indexed = indexedSearch(q.search, SEARCHED_COLUMNS, SEARCH_INDEX);
  const search = indexed ? [indexed.lookup] : searchIn(q.search, SEARCHED_COLUMNS);
  const others: RawBuilder<SqlBool>[] = [];
  if (q.category_id !== undefined) {
    others.push(sql<SqlBool>`${sql.ref('p.category_id')} = ${q.category_id}`);
  }
  if (q.is_active !== undefined) {
    others.push(sql<SqlBool>`${sql.ref('p.is_active')} = ${sql.lit(fromBool(q.is_active))}`);
  }
  if (q.stock_state !== undefined) {
    others.push(sql<SqlBool>`${sql.ref('p.stock_state')} = ${q.stock_state}`);
  }
  const filters = [...search, ...others];
  // The search alone: its matches are counted in the index (every product has its document there).
  const counted =
    filters.length === 0
      ? () => countOf(db, 'products')
      : indexed && others.length === 0
        ? () => indexed.count(db)
        : undefined;
  // A search's count stops at the cap (COUNT_CAP): a common word would otherwise cost what its
  // matches number; in the index alone when the search is the only filter.
  const countUpTo =
    search.length === 0
      ? undefined
      : indexed && others.length === 0
        ? (limit: number) => indexed.countUpTo(db, limit)
        : (limit: number) =>
            filteredCountUpTo(
              db,
              db.selectFrom('products as p').select(sql<number>`1`.as('one')),
              filters,
              limit,
            );
  return {
    filters,
    order: sortOrder(q.sort, SORT_COLUMNS, 'p.id'),
    count: () => filteredCount(countProducts(db), filters, counted),
    countUpTo,
    scan: indexed && scansInOrder(db) ? [indexed.test, ...others] : undefined,
  };
}

export async function listAdminProducts(
  db: Db,
  q: AdminProductQuery,
  at: Date,
): Promise<{ items: Product[]; total: number; capped: boolean }> {
  const { rows, total, capped } = await selectedPage(
    selectAdminProducts(db),
    adminProductSelection(db, q),
    q,
  );
  return { items: await presentProducts(db, rows, at), total, capped };
}

async function findProduct(db: Db, id: number, at: Date): Promise<Product | undefined> {
  const row = await selectAdminProducts(db).where('p.id', '=', id).executeTakeFirst();
  return row ? (await presentProducts(db, [row], at))[0] : undefined;
}

export async function getProduct(db: Db, id: number, at: Date): Promise<Product> {
  const product = await findProduct(db, id, at);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return product;
}

/** The product as the audit log records it: as presented, with its default variant's inventory. */
async function auditedProduct(db: Db, id: number, at: Date) {
  const [product, inventory] = await Promise.all([
    getProduct(db, id, at),
    findDefaultVariant(db, id),
  ]);
  // price_range, sku and the stock are not the product's own: they follow the variants' prices
  // and stock, whose changes their own audit entries and the stock ledger record (the product's
  // gross price is its price_incl_vat; a simple product's SKU and stock are under inventory).
  type Derived = 'price_range' | 'sku' | 'stock_quantity' | 'stock_state';
  const own: Omit<typeof product, Derived> & Partial<Pick<typeof product, Derived>> = {
    ...product,
  };
  for (const derived of ['price_range', 'sku', 'stock_quantity', 'stock_state'] as const) {
    delete own[derived];
  }
  return {
    ...own,
    inventory: inventory && {
      sku: inventory.sku,
      barcode: inventory.barcode,
      weight: inventory.weight === null ? null : Number(inventory.weight),
      stock_quantity: inventory.stock_quantity,
      low_stock_threshold: inventory.low_stock_threshold,
      track_inventory: toBool(inventory.track_inventory),
      allow_backorder: toBool(inventory.allow_backorder),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Input normalisation

/** Trims a required text; blank after trimming is an issue on that field (all are sent at once). */
function requiredTextOrIssue(value: string, field: string, issues: ValidationIssue[]): string {
  const trimmed = value.trim();
  if (trimmed === '') {
    issues.push({ loc: ['body', field], msg: 'Field must not be blank', type: 'value_error' });
  }
  return trimmed;
}

/** Trims each tag and drops the ones left blank. */
const cleanTags = (tags: string[]): string[] => tags.map((t) => t.trim()).filter((t) => t !== '');

type ProductInput = Body<'updateProduct'>;

/** The product columns a create or update body sets (only the properties present). */
function productColumns(body: ProductInput, issues: ValidationIssue[]): ProductColumnsUpdate {
  const c: ProductColumnsUpdate = {};
  if (body.name !== undefined) c.name = requiredTextOrIssue(body.name, 'name', issues);
  if (body.slug !== undefined) c.slug = body.slug;
  if (body.description !== undefined) {
    c.description = requiredTextOrIssue(body.description, 'description', issues);
  }
  if (body.short_description !== undefined) {
    c.short_description = optionalText(body.short_description);
  }
  if (body.category_id !== undefined) c.category_id = body.category_id;
  if (body.brand !== undefined) c.brand = optionalText(body.brand);
  if (body.has_variants !== undefined) c.has_variants = fromBool(body.has_variants);
  if (body.base_price !== undefined) c.base_price = toMillimes(body.base_price);
  if (body.compare_at_price !== undefined) {
    c.compare_at_price = body.compare_at_price === null ? null : toMillimes(body.compare_at_price);
  }
  if (body.vat_rate_id !== undefined) c.vat_rate_id = body.vat_rate_id;
  if (body.price_includes_vat !== undefined) {
    c.price_includes_vat = fromBool(body.price_includes_vat);
  }
  if (body.images !== undefined) c.images = JSON.stringify(body.images);
  if (body.is_active !== undefined) c.is_active = fromBool(body.is_active);
  if (body.is_featured !== undefined) c.is_featured = fromBool(body.is_featured);
  if (body.meta_title !== undefined) c.meta_title = optionalText(body.meta_title);
  if (body.meta_description !== undefined) {
    c.meta_description = optionalText(body.meta_description);
  }
  if (body.tags !== undefined) c.tags = JSON.stringify(cleanTags(body.tags));
  return c;
}

/**
 * category_id and vat_rate_id, when given, must name existing rows, and the rate must be one that
 * can be assigned at `at` (not expired, not inactive): 422 on each field.
 */
export async function checkReferences(
  db: Db,
  refs: { category_id?: number | null | undefined; vat_rate_id?: number | undefined },
  issues: ValidationIssue[],
  at: Date,
): Promise<void> {
  if (refs.category_id !== undefined && refs.category_id !== null) {
    const category = await db
      .selectFrom('categories')
      .select('id')
      .where('id', '=', refs.category_id)
      .executeTakeFirst();
    if (!category) {
      issues.push({ loc: ['body', 'category_id'], msg: 'Category not found', type: 'value_error' });
    }
  }
  if (refs.vat_rate_id !== undefined) {
    const rate = await db
      .selectFrom('vat_rates')
      .selectAll()
      .where('id', '=', refs.vat_rate_id)
      .executeTakeFirst();
    // An expired or inactive rate is never charged: refuse to assign it.
    const issue = rate ? assignableRateIssue(rate, at) : 'VAT rate not found';
    if (issue) issues.push({ loc: ['body', 'vat_rate_id'], msg: issue, type: 'value_error' });
  }
}

const inventoryForbidden = (): ValidationIssue => ({
  loc: ['body', 'inventory'],
  msg: 'Inventory can only be set for a product without variants',
  type: 'value_error',
});

async function assertSlugFree(db: Db, slug: string, exceptId?: number): Promise<void> {
  let q = db.selectFrom('products').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw conflict(SLUG_TAKEN);
}

/** A real SKU (not the DEFAULT placeholder) must not be used by another variant. */
async function assertSkuFree(db: Db, sku: string, exceptVariantId?: number): Promise<void> {
  if (sku === PLACEHOLDER_SKU) return;
  let q = db.selectFrom('variants').select('id').where('sku', '=', sku);
  if (exceptVariantId !== undefined) q = q.where('id', '<>', exceptVariantId);
  if (await q.executeTakeFirst()) throw conflict(SKU_TAKEN);
}

/** A unique violation that slipped past the checks (concurrent request) → the same 409. */
function mapUniqueViolation(err: unknown): unknown {
  if (!isUniqueViolation(err)) return err;
  const where = `${constraintName(err) ?? ''} ${(err as Error).message ?? ''}`;
  if (/slug/i.test(where)) return conflict(SLUG_TAKEN);
  if (/sku/i.test(where)) return conflict(SKU_TAKEN);
  return err;
}

function throwIssues(issues: ValidationIssue[]): void {
  if (issues.length > 0) throw new HttpProblem(422, issues);
}

// ---------------------------------------------------------------------------------------------
// Create, update, delete

export async function createProduct(
  ctx: AppContext,
  body: Body<'createProduct'>,
  actor: AuditActor,
): Promise<Product> {
  const { db } = ctx;
  const now = ctx.now().toISOString();
  const issues: ValidationIssue[] = [];
  const columns = productColumns(body, issues);
  const hasVariants = body.has_variants ?? false;
  const inventory = body.inventory ?? null;
  if (hasVariants && inventory !== null) issues.push(inventoryForbidden());
  await checkReferences(db, body, issues, ctx.now());
  throwIssues(issues);
  await assertSlugFree(db, body.slug);
  if (inventory?.sku) await assertSkuFree(db, inventory.sku);

  const values: NewProduct = {
    name: columns.name ?? body.name,
    slug: body.slug,
    description: columns.description ?? body.description,
    short_description: columns.short_description ?? null,
    category_id: body.category_id,
    brand: columns.brand ?? null,
    has_variants: fromBool(hasVariants),
    base_price: toMillimes(body.base_price),
    compare_at_price: columns.compare_at_price ?? null,
    vat_rate_id: body.vat_rate_id,
    price_includes_vat: fromBool(body.price_includes_vat ?? true),
    images: JSON.stringify(body.images ?? []),
    is_active: fromBool(body.is_active ?? true),
    is_featured: fromBool(body.is_featured ?? false),
    meta_title: columns.meta_title ?? null,
    meta_description: columns.meta_description ?? null,
    tags: JSON.stringify(cleanTags(body.tags ?? [])),
    created_at: now,
    updated_at: now,
  };

  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('products')
        .values(values)
        .returning(['id', 'base_price', 'compare_at_price'])
        .executeTakeFirstOrThrow();
      // The contract: the default variant is created from `inventory`; null or absent creates
      // none (a simple product without one is sellable without stock control until inventory
      // is first saved through updateProduct).
      if (!hasVariants && inventory !== null) {
        await createDefaultVariant(
          trx,
          {
            id: row.id,
            base_price: Number(row.base_price),
            compare_at_price: row.compare_at_price === null ? null : Number(row.compare_at_price),
          },
          inventory,
          { adminUserId: actor?.id ?? null, now },
        );
      }
      const after = await auditedProduct(trx, row.id, ctx.now());
      await recordAudit(trx, actor, {
        action: 'create',
        entity: 'product',
        entity_id: row.id,
        label: after.name,
        after,
      });
      // The stock figures as they are after the write (PostgreSQL writes them at commit).
      await emitWebhookEvent(trx, 'product.created', ctx.now(), async () =>
        withStockAfterWrite(trx, await getProduct(trx, row.id, ctx.now())),
      );
      return row.id;
    });
  } catch (err) {
    throw mapUniqueViolation(err);
  }
  return getProduct(db, id, ctx.now());
}

export async function updateProduct(
  ctx: AppContext,
  id: number,
  body: Body<'updateProduct'>,
  actor: AuditActor,
  log?: MediaLog,
): Promise<Product> {
  const { db } = ctx;
  const now = ctx.now().toISOString();
  const current = await db
    .selectFrom('products')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) throw notFound(PRODUCT_NOT_FOUND);

  const issues: ValidationIssue[] = [];
  const columns = productColumns(body, issues);
  const hasVariants = body.has_variants ?? toBool(current.has_variants);
  const inventory = body.inventory ?? null;
  if (hasVariants && inventory !== null) issues.push(inventoryForbidden());
  // Re-sending the rate the product already has is not a new assignment (the edit form sends
  // every field): a product keeps its expired rate, priced on that rate's successor.
  const refs =
    body.vat_rate_id === current.vat_rate_id ? { ...body, vat_rate_id: undefined } : body;
  await checkReferences(db, refs, issues, ctx.now());
  throwIssues(issues);
  if (body.slug !== undefined) await assertSlugFree(db, body.slug, id);
  const existingDefault = await findDefaultVariant(db, id);
  if (inventory?.sku) await assertSkuFree(db, inventory.sku, existingDefault?.id);

  const change = { adminUserId: actor?.id ?? null, now };
  let imagesBefore: readonly string[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      // The product's row lock comes first, as the variants API takes it before adding or
      // removing variants: the log's before and the checks below see a settled product and
      // variant set on PostgreSQL (SQLite serialises transactions anyway). A refusal rolls the
      // UPDATE back.
      if (ctx.dialect === 'postgres') await lockProductRow(trx, id);
      const before = await auditedProduct(trx, id, ctx.now());
      imagesBefore = before.images;
      const updated = await trx
        .updateTable('products')
        .set({ ...columns, updated_at: now })
        .where('id', '=', id)
        .returning(['id', 'base_price', 'compare_at_price'])
        .executeTakeFirst();
      if (!updated) throw notFound(PRODUCT_NOT_FOUND); // deleted meanwhile
      if (body.has_variants === false) {
        const { n } = await trx
          .selectFrom('variants')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('product_id', '=', id)
          .executeTakeFirstOrThrow();
        if (Number(n) > 1) {
          throw conflict(
            `Cannot mark the product as simple: it has ${Number(n)} variants (at most 1 allowed)`,
          );
        }
      }
      if (body.has_variants === true && !toBool(current.has_variants)) {
        // The variants API refuses variants next to a default variant; turning such a product
        // into one with variants would leave its stock in a hidden variant.
        if (await findDefaultVariant(trx, id)) throw conflict(PRODUCT_TYPE_FIXED);
      }
      const prices = {
        id,
        base_price: Number(updated.base_price),
        compare_at_price:
          updated.compare_at_price === null ? null : Number(updated.compare_at_price),
      };

      const defaultVariant = await findDefaultVariant(trx, id);
      if (
        defaultVariant &&
        (body.base_price !== undefined || body.compare_at_price !== undefined)
      ) {
        await followProductPrice(trx, defaultVariant.id, prices, now);
      }
      if (inventory !== null) {
        if (defaultVariant) await updateDefaultVariant(trx, defaultVariant.id, inventory, change);
        else await createDefaultVariant(trx, prices, inventory, change);
      }
      const after = await auditedProduct(trx, id, ctx.now());
      await recordAudit(trx, actor, {
        action: 'update',
        entity: 'product',
        entity_id: id,
        label: after.name,
        before,
        after,
      });
      // The form sends every field: a save of the values the product has changes nothing an
      // integration sees, and raises nothing (as the variants API and the import).
      if (changedBySave(before, after)) {
        await emitWebhookEvent(trx, 'product.updated', ctx.now(), async () =>
          withStockAfterWrite(trx, await getProduct(trx, id, ctx.now())),
        );
      }
    });
  } catch (err) {
    throw mapUniqueViolation(err);
  }
  const product = await getProduct(db, id, ctx.now());
  // Once committed: the stored files of the images this save removed, unless something else
  // uses them.
  if (body.images !== undefined)
    await releaseRemovedMedia(db, mediaStorage(ctx.config), imagesBefore, product.images, log);
  return product;
}

/** Deletes the product; its variants and their stock movements go with it (FK cascade). */
export async function deleteProduct(ctx: AppContext, id: number, actor: AuditActor): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (ctx.dialect === 'postgres') await lockProductRow(trx, id);
    const before = await auditedProduct(trx, id, ctx.now());
    // Before the delete: the event carries the product as it was (a failed delete rolls it back).
    await emitWebhookEvent(trx, 'product.deleted', ctx.now(), () => getProduct(trx, id, ctx.now()));
    const result = await trx.deleteFrom('products').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound(PRODUCT_NOT_FOUND);
    await recordAudit(trx, actor, {
      action: 'delete',
      entity: 'product',
      entity_id: id,
      label: before.name,
      before,
    });
  });
}

async function lockProductRow(trx: Db, id: number): Promise<void> {
  await trx.selectFrom('products').select('id').where('id', '=', id).forUpdate().execute();
}
