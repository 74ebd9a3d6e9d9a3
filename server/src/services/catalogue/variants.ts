// Product variants: reading (with their VAT-inclusive price), writing under the catalogue rules
// (unique SKU, reserved 'DEFAULT', product type fixed at creation, has_variants kept in line) and
// the Variant presenter; and the use cases of the variants routes (at the end), each one
// transaction that writes and records its audit entries. Every stock change goes through stock.ts.
import { sql, type Transaction, type Updateable } from 'kysely';
import { fromBool, toBool } from '../../db/bool';
import type { Database, VariantRow, VariantsTable } from '../../db/schema';
import type { Db, DialectName } from '../../db/database';
import { searchIn } from '../../db/search';
import { isUniqueViolation } from '../../db/transaction';
import { toMillimes } from '../../domain/money';
import { toGross } from '../../domain/vat';
import { ratesInForce, type RatesInForce } from './pricing';
import { assignableRateIssue } from '../billing/vat-rates';
import { conflict, invalid, notFound } from '../../api/problem';
import { json, money, moneyOrNull } from '../../api/present';
import type { Schemas } from '../../api/types';
import { stockStateSql, totalPages } from '../inventory/inventory-status';
import { PRODUCT_TYPE_FIXED, SKU_TAKEN } from './products';
import {
  adjustStock,
  lockProductsOfVariants,
  setStock,
  writeInventory,
  type StockChange,
} from '../inventory/stock';
import { presentMovement } from '../inventory/stock-movements';
import { auditEntries, recordAudit, type AuditActor, type AuditKind } from '../platform/audit';
import { releaseRemovedMedia, type MediaLog } from '../platform/media';
import type { Storage } from '../../storage/storage';
import { PLACEHOLDER_SKU } from '../../domain/inventory';
import { emitProductsUpdated } from '../webhooks/product-events';
import { changedBySave } from '../webhooks/outbox';

type Variant = Schemas['Variant'];
type Dimensions = Schemas['Dimensions'];

/** SKU of the hidden default variant of a simple product; no other variant may use it. */

/**
 * Where an input sits in the request, for error messages: a single operation reports plain
 * messages and `["body", field]`; a bulk one prefixes `items[i]: ` and `["body", i, field]`.
 */
export interface Place {
  prefix: string;
  loc: (string | number)[];
}
const SINGLE: Place = { prefix: '', loc: ['body'] };
const item = (index: number): Place => ({
  prefix: `items[${index}]: `,
  loc: ['body', index],
});

// ---------------------------------------------------------------------------------------------
// Reading and presenting

/** Variants (alias `v`) with what their gross price needs: the product's basis and the rate. */
function selectVariants(db: Db) {
  return db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .innerJoin('vat_rates as pr', 'pr.id', 'p.vat_rate_id')
    .leftJoin('vat_rates as vr', 'vr.id', 'v.vat_rate_id')
    .selectAll('v')
    .select([
      'p.price_includes_vat as product_price_includes_vat',
      'p.vat_rate_id as product_vat_rate_id',
    ]);
}

type PricedVariantRow = VariantRow & {
  product_price_includes_vat: number;
  product_vat_rate_id: number;
};

/** The variant with price_incl_vat at the rate in force (its own rate's chain, else the product's). */
function presentVariant(row: PricedVariantRow, rates: RatesInForce): Variant {
  const rateBp = rates.ownRateBp(row.vat_rate_id ?? row.product_vat_rate_id);
  return {
    id: row.id,
    product_id: row.product_id,
    option_values: json<Record<string, string>>(row.option_values, {}),
    sku: row.sku,
    variant_title: row.variant_title,
    price: money(row.price),
    price_incl_vat:
      rateBp === null
        ? null
        : money(toGross(Number(row.price), Number(row.product_price_includes_vat), rateBp)),
    compare_at_price: moneyOrNull(row.compare_at_price),
    cost_price: moneyOrNull(row.cost_price),
    vat_rate_id: row.vat_rate_id,
    barcode: row.barcode,
    weight: row.weight === null ? null : Number(row.weight),
    dimensions: row.dimensions === null ? null : normaliseDimensions(json(row.dimensions, {})),
    images: json<string[]>(row.images, []),
    stock_quantity: row.stock_quantity,
    low_stock_threshold: row.low_stock_threshold,
    track_inventory: toBool(row.track_inventory),
    allow_backorder: toBool(row.allow_backorder),
    is_active: toBool(row.is_active),
    position: row.position,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function findVariant(db: Db, id: number, at: Date): Promise<Variant | undefined> {
  const row = await selectVariants(db).where('v.id', '=', id).executeTakeFirst();
  return row && presentVariant(row, await ratesInForce(db, at));
}

export async function getVariantOrThrow(db: Db, id: number, at: Date): Promise<Variant> {
  const variant = await findVariant(db, id, at);
  if (!variant) throw notFound('Variant not found');
  return variant;
}

/** The variants with these ids, in the order of `ids` (all must exist). */
async function variantsInOrder(db: Db, ids: number[], at: Date): Promise<Variant[]> {
  if (ids.length === 0) return [];
  const rows = await selectVariants(db).where('v.id', 'in', ids).execute();
  const rates = await ratesInForce(db, at);
  const byId = new Map(rows.map((r) => [r.id, presentVariant(r, rates)]));
  return ids.map((id) => {
    const v = byId.get(id);
    if (!v) throw new Error(`Variant ${id} vanished inside its transaction`);
    return v;
  });
}

export interface VariantFilters {
  product_id?: number | undefined;
  search?: string | undefined;
  is_active?: boolean | undefined;
  low_stock_only?: boolean | undefined;
  out_of_stock_only?: boolean | undefined;
  page: number;
  page_size: number;
}

export async function listVariants(
  db: Db,
  f: VariantFilters,
  at: Date,
): Promise<Schemas['VariantPage']> {
  let q = selectVariants(db);
  if (f.product_id !== undefined) q = q.where('v.product_id', '=', f.product_id);
  // The product's name too: the staff order's line picker finds a variant by any of them.
  for (const matches of searchIn(f.search, ['v.sku', 'v.variant_title', 'v.barcode', 'p.name'])) {
    q = q.where(matches);
  }
  if (f.is_active !== undefined) q = q.where('v.is_active', '=', fromBool(f.is_active));
  if (f.low_stock_only) q = q.where(stockStateSql, '=', 'low_stock');
  if (f.out_of_stock_only) q = q.where(stockStateSql, '=', 'out_of_stock');

  const counted = await q
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const rows = await q
    .orderBy('v.product_id')
    .orderBy('v.position')
    .orderBy('v.id')
    .limit(f.page_size)
    .offset((f.page - 1) * f.page_size)
    .execute();
  const rates = await ratesInForce(db, at);
  return {
    items: rows.map((row) => presentVariant(row, rates)),
    total,
    page: f.page,
    page_size: f.page_size,
    total_pages: totalPages(total, f.page_size),
  };
}

// ---------------------------------------------------------------------------------------------
// Input → columns

type VariantInput = Schemas['VariantUpdate'];

function normaliseDimensions(d: Partial<Dimensions>): Dimensions {
  return {
    length: d.length ?? null,
    width: d.width ?? null,
    height: d.height ?? null,
    unit: d.unit ?? 'cm',
  };
}

/** Columns for the properties present in `input` (trimmed; empty optional text becomes null). */
function variantColumns(
  input: VariantInput,
  at: Place,
): Omit<Updateable<VariantsTable>, 'stock_quantity'> {
  const c: Omit<Updateable<VariantsTable>, 'stock_quantity'> = {};
  if (input.option_values !== undefined) {
    const options: Record<string, string> = {};
    for (const [name, value] of Object.entries(input.option_values)) {
      const key = name.trim();
      const text = value.trim();
      if (!key || !text) {
        throw invalid(
          [...at.loc, 'option_values', name],
          'Option names and values must not be empty',
        );
      }
      options[key] = text;
    }
    c.option_values = JSON.stringify(options);
  }
  if (input.sku !== undefined) c.sku = input.sku.trim();
  if (input.variant_title !== undefined) {
    const title = input.variant_title.trim();
    if (!title) throw invalid([...at.loc, 'variant_title'], 'Variant title is required');
    c.variant_title = title;
  }
  if (input.price !== undefined) c.price = toMillimes(input.price);
  if (input.compare_at_price !== undefined) {
    c.compare_at_price =
      input.compare_at_price === null ? null : toMillimes(input.compare_at_price);
  }
  if (input.cost_price !== undefined) c.cost_price = toMillimes(input.cost_price);
  if (input.vat_rate_id !== undefined) c.vat_rate_id = input.vat_rate_id;
  if (input.barcode !== undefined) c.barcode = input.barcode?.trim() || null;
  if (input.weight !== undefined) c.weight = input.weight;
  if (input.dimensions !== undefined) {
    c.dimensions =
      input.dimensions === null ? null : JSON.stringify(normaliseDimensions(input.dimensions));
  }
  if (input.images !== undefined) {
    const images = input.images.map((url) => url.trim());
    const empty = images.indexOf('');
    if (empty >= 0) throw invalid([...at.loc, 'images', empty], 'Image URL must not be empty');
    c.images = JSON.stringify(images);
  }
  if (input.low_stock_threshold !== undefined) c.low_stock_threshold = input.low_stock_threshold;
  if (input.track_inventory !== undefined) c.track_inventory = fromBool(input.track_inventory);
  if (input.allow_backorder !== undefined) c.allow_backorder = fromBool(input.allow_backorder);
  if (input.is_active !== undefined) c.is_active = fromBool(input.is_active);
  if (input.position !== undefined) c.position = input.position;
  return c;
}

/** The rate exists and can be assigned now (not expired, not inactive); 422 otherwise. */
async function assertVatRateExists(
  db: Db,
  id: number | null | undefined,
  at: Place,
  now: string,
  currentId: number | null = null,
) {
  if (id === null || id === undefined || id === currentId) return;
  const rate = await db.selectFrom('vat_rates').selectAll().where('id', '=', id).executeTakeFirst();
  const issue = rate ? assignableRateIssue(rate, new Date(now)) : 'VAT rate not found';
  if (issue) throw invalid([...at.loc, 'vat_rate_id'], issue);
}

/** 409 when another variant (not `exceptId`) has this SKU; 422 for the reserved 'DEFAULT'. */
async function assertSkuAvailable(
  db: Db,
  sku: string,
  at: Place,
  { exceptId, field = 'sku' }: { exceptId?: number; field?: string } = {},
) {
  if (sku === PLACEHOLDER_SKU) {
    throw invalid(
      [...at.loc, field],
      `SKU '${PLACEHOLDER_SKU}' is reserved for the inventory of a simple product`,
    );
  }
  let q = db.selectFrom('variants').select('id').where('sku', '=', sku);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw conflict(`${at.prefix}${SKU_TAKEN}`);
}

/** Runs a write that may hit the unique SKU index (a concurrent request won the race) as a 409. */
async function mapSkuViolation<T>(at: Place, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(`${at.prefix}${SKU_TAKEN}`);
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------
// Products: locking and has_variants

/**
 * Takes the product's row lock (a no-op UPDATE) so that concurrent variant creations and
 * deletions of one product run one after the other on PostgreSQL and has_variants stays right;
 * SQLite serialises transactions anyway. 404 when the product does not exist.
 */
async function lockProduct(trx: Transaction<Database>, productId: number, missing: string) {
  const result = await trx
    .updateTable('products')
    .set({ has_variants: sql<0 | 1>`has_variants` })
    .where('id', '=', productId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound(missing);
}

/** New variants may not be added to a simple product that keeps its stock in a default variant. */
async function assertAcceptsVariants(trx: Transaction<Database>, productId: number) {
  const hidden = await trx
    .selectFrom('variants')
    .select('id')
    .where('product_id', '=', productId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
  if (hidden) throw conflict(PRODUCT_TYPE_FIXED);
}

/** Sets the product's has_variants to `to`, touching it only when the flag changes. */
async function setHasVariants(
  trx: Transaction<Database>,
  productId: number,
  to: 0 | 1,
  now: string,
) {
  await trx
    .updateTable('products')
    .set({ has_variants: to, updated_at: now })
    .where('id', '=', productId)
    .where('has_variants', '=', to === 1 ? 0 : 1)
    .execute();
}

/** A product left without any variant is a simple product again (docs/product.md §4). */
async function clearHasVariantsIfEmpty(trx: Transaction<Database>, productId: number, now: string) {
  const left = await trx
    .selectFrom('variants')
    .select('id')
    .where('product_id', '=', productId)
    .executeTakeFirst();
  if (!left) await setHasVariants(trx, productId, 0, now);
}

// ---------------------------------------------------------------------------------------------
// Writing

interface WriteContext {
  now: string;
  adminUserId: number | null;
}

const change = (
  ctx: WriteContext,
  kind: 'initial_stock' | 'variant_update' | 'variant_inventory',
): StockChange => ({
  kind,
  adminUserId: ctx.adminUserId,
  now: ctx.now,
});

/**
 * Creates variants of one product in order (all in the caller's transaction) and returns their
 * ids. The first variants of a product set its has_variants. An initial stock is recorded as a
 * movement so the ledger always adds up to the stock.
 */
async function insertVariants(
  trx: Transaction<Database>,
  productId: number,
  inputs: { input: Schemas['VariantCreate']; at: Place }[],
  ctx: WriteContext,
): Promise<number[]> {
  await lockProduct(trx, productId, 'Product not found');
  await assertAcceptsVariants(trx, productId);
  const ids: number[] = [];
  for (const { input, at } of inputs) {
    const columns = variantColumns(input, at);
    const sku = columns.sku as string;
    await assertSkuAvailable(trx, sku, at);
    await assertVatRateExists(trx, input.vat_rate_id, at, ctx.now);
    const row = await mapSkuViolation(at, () =>
      trx
        .insertInto('variants')
        .values({
          product_id: productId,
          is_default: 0,
          option_values: columns.option_values ?? '{}',
          sku,
          variant_title: columns.variant_title as string,
          price: columns.price as number,
          compare_at_price: columns.compare_at_price ?? null,
          cost_price: columns.cost_price ?? null,
          vat_rate_id: columns.vat_rate_id ?? null,
          barcode: columns.barcode ?? null,
          weight: columns.weight ?? null,
          dimensions: columns.dimensions ?? null,
          images: columns.images ?? '[]',
          stock_quantity: 0,
          low_stock_threshold: columns.low_stock_threshold ?? 5,
          track_inventory: columns.track_inventory ?? 1,
          allow_backorder: columns.allow_backorder ?? 0,
          is_active: columns.is_active ?? 1,
          position: columns.position ?? 0,
          created_at: ctx.now,
          updated_at: ctx.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    if (input.stock_quantity) {
      await setStock(trx, row.id, input.stock_quantity, change(ctx, 'initial_stock'));
    }
    ids.push(row.id);
  }
  await setHasVariants(trx, productId, 1, ctx.now);
  return ids;
}

async function loadRow(trx: Transaction<Database>, id: number, at: Place) {
  const row = await trx.selectFrom('variants').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(at.prefix ? `${at.prefix}Variant ${id} not found` : 'Variant not found');
  return row;
}

/** Changes the properties sent; a stock_quantity change is recorded as a movement. */
async function writeVariant(
  trx: Transaction<Database>,
  id: number,
  input: VariantInput,
  at: Place,
  ctx: WriteContext,
): Promise<void> {
  const current = await loadRow(trx, id, at);
  const columns = variantColumns(input, at);
  // A default variant may keep its placeholder SKU; nobody else may take it.
  if (columns.sku !== undefined && !(current.is_default === 1 && columns.sku === PLACEHOLDER_SKU)) {
    await assertSkuAvailable(trx, columns.sku, at, { exceptId: id });
  }
  await assertVatRateExists(trx, input.vat_rate_id, at, ctx.now, current.vat_rate_id);
  if (Object.keys(columns).length > 0) {
    await mapSkuViolation(at, () =>
      trx
        .updateTable('variants')
        .set({ ...columns, updated_at: ctx.now })
        .where('id', '=', id)
        .execute(),
    );
  }
  if (input.stock_quantity !== undefined) {
    await setStock(trx, id, input.stock_quantity, change(ctx, 'variant_update'));
  }
}

type InventoryInput = Schemas['InventoryUpdate'];

/** Inventory settings; a stock_quantity change goes through setStock as variant_inventory. */
async function writeInventoryOf(
  trx: Transaction<Database>,
  id: number,
  input: InventoryInput,
  at: Place,
  ctx: WriteContext,
): Promise<void> {
  await loadRow(trx, id, at);
  const columns: Updateable<VariantsTable> = {};
  if (input.low_stock_threshold !== undefined) {
    columns.low_stock_threshold = input.low_stock_threshold;
  }
  if (input.track_inventory !== undefined)
    columns.track_inventory = fromBool(input.track_inventory);
  if (input.allow_backorder !== undefined)
    columns.allow_backorder = fromBool(input.allow_backorder);
  await writeInventory(trx, id, columns, input.stock_quantity, change(ctx, 'variant_inventory'));
}

/**
 * Deletes variants (and, by cascade, their stock movements). `ids[i]` that does not exist is a
 * 404 naming it; products left without variants get has_variants false.
 */
async function removeVariants(
  trx: Transaction<Database>,
  ids: number[],
  ctx: WriteContext,
  single: boolean,
): Promise<void> {
  const assertAll = (found: number[]) => {
    const present = new Set(found);
    const missing = ids.findIndex((id) => !present.has(id));
    if (missing < 0) return;
    throw notFound(
      single ? 'Variant not found' : `ids[${missing}]: Variant ${ids[missing]} not found`,
    );
  };
  const rows = await trx
    .selectFrom('variants')
    .select(['id', 'product_id'])
    .where('id', 'in', ids)
    .execute();
  assertAll(rows.map((r) => r.id));
  // Lock in id order so two bulk deletions over the same products cannot deadlock.
  const productIds = [...new Set(rows.map((r) => r.product_id))].sort((a, b) => a - b);
  for (const productId of productIds) await lockProduct(trx, productId, 'Product not found');
  // A concurrent deletion may have won in between: then this one is a 404 too (rolled back).
  const deleted = await trx.deleteFrom('variants').where('id', 'in', ids).returning('id').execute();
  assertAll(deleted.map((r) => r.id));
  for (const productId of productIds) await clearHasVariantsIfEmpty(trx, productId, ctx.now);
}

/**
 * Copies a variant within its product, with no stock and the next position; returns the new id.
 * A simple product's default variant cannot be copied (the product would change type).
 */
async function copyVariant(
  trx: Transaction<Database>,
  id: number,
  newSku: string | null | undefined,
  ctx: WriteContext,
): Promise<number> {
  const source = await loadRow(trx, id, SINGLE);
  await lockProduct(trx, source.product_id, 'Product not found');
  if (source.is_default === 1) throw conflict(PRODUCT_TYPE_FIXED);
  const sku = newSku?.trim() || `${source.sku}-copy`;
  await assertSkuAvailable(trx, sku, SINGLE, { field: 'new_sku' });
  const last = await trx
    .selectFrom('variants')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('product_id', '=', source.product_id)
    .executeTakeFirst();
  const row = await mapSkuViolation(SINGLE, () =>
    trx
      .insertInto('variants')
      .values({
        product_id: source.product_id,
        option_values: source.option_values,
        variant_title: source.variant_title,
        price: source.price,
        compare_at_price: source.compare_at_price,
        cost_price: source.cost_price,
        vat_rate_id: source.vat_rate_id,
        barcode: source.barcode,
        weight: source.weight,
        dimensions: source.dimensions,
        images: source.images,
        low_stock_threshold: source.low_stock_threshold,
        track_inventory: fromBool(source.track_inventory === 1),
        allow_backorder: fromBool(source.allow_backorder === 1),
        is_active: fromBool(source.is_active === 1),
        sku,
        is_default: 0,
        stock_quantity: 0,
        position: Number(last?.position ?? source.position) + 1,
        created_at: ctx.now,
        updated_at: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  await setHasVariants(trx, source.product_id, 1, ctx.now);
  return row.id;
}

/** 422 at the second entry that repeats an id (bulk updates). */
function assertDistinctIds(items: { id: number }[]): void {
  const seen = new Set<number>();
  items.forEach(({ id }, index) => {
    if (seen.has(id)) throw invalid(['body', index, 'id'], `Variant ${id} appears more than once`);
    seen.add(id);
  });
}

// ---------------------------------------------------------------------------------------------
// Use cases (one per operation of the variants routes): each runs in one transaction, so a bulk
// operation applies completely or not at all, and records each variant before and/or after it.

/** Who writes, and when: one instant for the write, its audit entries and the answer's prices. */
export interface VariantWriter {
  actor: AuditActor;
  now: Date;
  /** PostgreSQL takes the product's lock before a variant's (lockProductsOfVariants). */
  dialect: DialectName;
}

/** The log shows a variant as the contract presents it, named by its SKU. */
const VARIANT: AuditKind<Variant, Variant> = {
  entity: 'variant',
  view: (variant) => variant,
  label: (variant) => variant.sku,
};

const writeContext = (w: VariantWriter): WriteContext => ({
  now: w.now.toISOString(),
  adminUserId: w.actor?.id ?? null,
});

/** The variant of a single write (its list of one). */
const only = (variants: Variant[]) => variants[0] as Variant;

/**
 * The webhook event (#31) of a variants write: a variant is part of its product as the API
 * returns it (variant_count, price_range, sku, stock), so the product is updated: one
 * product.updated per product of the write (a bulk write over four variants of one product
 * raises one), with the product as it is after it.
 */
const productsUpdated = (trx: Transaction<Database>, w: VariantWriter, variants: Variant[]) =>
  emitProductsUpdated(
    trx,
    variants.map((v) => v.product_id),
    w.now,
  );

/** The variants just created, recorded as such, their products' events raised. */
async function created(trx: Transaction<Database>, w: VariantWriter, ids: number[]) {
  const after = await variantsInOrder(trx, ids, w.now);
  await recordAudit(trx, w.actor, auditEntries(VARIANT, 'create', { after }));
  await productsUpdated(trx, w, after);
  return after;
}

/** Runs `write` on these variants in one transaction, records each before and after it. */
function updating(
  db: Db,
  w: VariantWriter,
  ids: number[],
  write: (trx: Transaction<Database>) => Promise<unknown>,
) {
  return db.transaction().execute(async (trx) => {
    // A missing id is refused by the write itself (a 404 naming its place in the request).
    const before = (await variantsInOrder(trx, ids, w.now).catch(() => undefined)) ?? [];
    await write(trx);
    const after = await variantsInOrder(trx, ids, w.now);
    await recordAudit(trx, w.actor, auditEntries(VARIANT, 'update', { before, after }));
    // A save that sends the values a variant has changes nothing an integration sees.
    const saved = new Map(before.map((v) => [v.id, v]));
    await productsUpdated(
      trx,
      w,
      after.filter((v) => {
        const was = saved.get(v.id);
        return !was || changedBySave(was, v);
      }),
    );
    return { before, after };
  });
}

export function createVariant(
  db: Db,
  productId: number,
  input: Schemas['VariantCreate'],
  w: VariantWriter,
): Promise<Variant> {
  return db.transaction().execute(async (trx) => {
    const ids = await insertVariants(trx, productId, [{ input, at: SINGLE }], writeContext(w));
    return only(await created(trx, w, ids));
  });
}

export function bulkCreateVariants(
  db: Db,
  productId: number,
  inputs: Schemas['VariantCreate'][],
  w: VariantWriter,
): Promise<Variant[]> {
  return db.transaction().execute(async (trx) => {
    const ids = await insertVariants(
      trx,
      productId,
      inputs.map((input, index) => ({ input, at: item(index) })),
      writeContext(w),
    );
    return created(trx, w, ids);
  });
}

/**
 * Saves one variant; then deletes the stored files of the images this save removed, unless
 * something else uses them.
 */
export async function updateVariant(
  db: Db,
  id: number,
  input: VariantInput,
  w: VariantWriter,
  media: { storage: Storage; log?: MediaLog },
): Promise<Variant> {
  const { before, after } = await updating(db, w, [id], (trx) =>
    writeVariant(trx, id, input, SINGLE, writeContext(w)),
  );
  const variant = only(after);
  if (input.images !== undefined) {
    await releaseRemovedMedia(db, media.storage, only(before).images, variant.images, media.log);
  }
  return variant;
}

export async function updateVariantInventory(
  db: Db,
  id: number,
  input: InventoryInput,
  w: VariantWriter,
): Promise<Variant> {
  const { after } = await updating(db, w, [id], (trx) =>
    writeInventoryOf(trx, id, input, SINGLE, writeContext(w)),
  );
  return only(after);
}

/** Updates every entry in one transaction; answers the variants in request order. */
async function updateEach<T extends { id: number }>(
  db: Db,
  entries: T[],
  w: VariantWriter,
  write: (
    trx: Transaction<Database>,
    id: number,
    input: Omit<T, 'id'>,
    at: Place,
    ctx: WriteContext,
  ) => Promise<void>,
): Promise<Variant[]> {
  assertDistinctIds(entries);
  const ids = entries.map((entry) => entry.id);
  const { after } = await updating(db, w, ids, async (trx) => {
    for (const [index, { id, ...input }] of entries.entries()) {
      await write(trx, id, input, item(index), writeContext(w));
    }
  });
  return after;
}

export const bulkUpdateVariants = (
  db: Db,
  entries: (VariantInput & { id: number })[],
  w: VariantWriter,
) => updateEach(db, entries, w, writeVariant);

export const bulkUpdateInventory = (
  db: Db,
  entries: (InventoryInput & { id: number })[],
  w: VariantWriter,
) => updateEach(db, entries, w, writeInventoryOf);

export function deleteVariant(db: Db, id: number, w: VariantWriter): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const before = await getVariantOrThrow(trx, id, w.now);
    await removeVariants(trx, [id], writeContext(w), true);
    await recordAudit(trx, w.actor, auditEntries(VARIANT, 'delete', { before: [before] }));
    await productsUpdated(trx, w, [before]);
  });
}

export function bulkDeleteVariants(db: Db, ids: number[], w: VariantWriter): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const before = await variantsInOrder(trx, ids, w.now).catch(() => undefined);
    await removeVariants(trx, ids, writeContext(w), false);
    // removeVariants refused any id it did not find: `before` holds every deleted variant.
    if (before) {
      await recordAudit(trx, w.actor, auditEntries(VARIANT, 'delete', { before }));
      await productsUpdated(trx, w, before);
    }
  });
}

export function duplicateVariant(
  db: Db,
  id: number,
  newSku: string | null | undefined,
  w: VariantWriter,
): Promise<Variant> {
  return db.transaction().execute(async (trx) => {
    const copy = await copyVariant(trx, id, newSku, writeContext(w));
    return only(await created(trx, w, [copy]));
  });
}

/** A manual stock adjustment: the movement, and the variant recorded as only its stock moved. */
export function adjustVariantStock(
  db: Db,
  id: number,
  body: Schemas['StockAdjustment'],
  w: VariantWriter,
): Promise<Schemas['StockAdjustmentResult']> {
  return db.transaction().execute(async (trx) => {
    await lockProductsOfVariants(trx, w.dialect, [id]);
    const { movement } = await adjustStock(trx, id, body.adjustment, {
      kind: 'adjustment',
      reason: body.reason?.trim() || null,
      adminUserId: w.actor?.id ?? null,
      now: w.now.toISOString(),
    });
    const variant = await getVariantOrThrow(trx, id, w.now);
    // Only the stock moved: the movement says from what.
    const before = { ...variant, stock_quantity: movement.stock_before };
    await recordAudit(
      trx,
      w.actor,
      auditEntries(VARIANT, 'update', { before: [before], after: [variant] }),
    );
    return { variant, movement: presentMovement(movement) };
  });
}
