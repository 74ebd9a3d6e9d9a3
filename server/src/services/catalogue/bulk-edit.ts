// Bulk edit (issue #14): one action over many products or variants, in one transaction. Every
// row is read and planned first, so a refusal names every refused row and writes nothing; then
// the changed rows are written with SQL of their own (not the per-row services, which record
// their own audit entries) and recorded in the audit log in the same transaction. Stock goes
// through services/inventory/stock.ts, so each change is a stock movement.
import type { Transaction } from 'kysely';
import type { Schemas } from '../../api/types';
import { conflict, HttpProblem, invalid, notFound } from '../../api/problem';
import type { ValidationIssue } from '../../../../contract';
import { money } from '../../api/present';
import type { Db, DialectName } from '../../db/database';
import { fromBool, toBool } from '../../db/bool';
import type { Database } from '../../db/schema';
import { MAX_STOCK } from '../../domain/inventory';
import { changedPrice, priceChange, type PriceChange } from '../../domain/price-change';
import { recordAudit, type AuditActor, type AuditEntity } from '../platform/audit';
import { adjustStock, setStock, type StockChange } from '../inventory/stock';
import { checkReferences } from './products';
import { emitProductsUpdated } from '../webhooks/product-events';

type Trx = Transaction<Database>;
type BulkAction = Schemas['ProductBulkEdit']['action'];
export type BulkEditResult = Schemas['BulkEditResult'];
type PricePreview = Schemas['BulkPricePreview'];

/** The stock a row changes: its own (a variant) or its default variant's (a simple product). */
interface StockTarget {
  variantId: number;
  quantity: number;
  tracked: boolean;
  backorder: boolean;
}

/** A variant of a product with variants: its price is charged, so a price action moves it. */
interface OwnVariant {
  id: number;
  sku: string;
  title: string;
  price: number;
}

/** A product or a variant as an action sees it; a string says why the row cannot take it. */
interface BulkRow {
  id: number;
  /** The product the row is (a product) or belongs to (a variant): the one its event names. */
  productId: number;
  label: string;
  price: number | string;
  /** A product's own variants (not its hidden default variant, which follows base_price). */
  variants: OwnVariant[];
  is_active: boolean;
  category_id: number | null;
  vat_rate_id: number | null;
  stock: StockTarget | string;
}

type Field = 'price' | 'is_active' | 'category_id' | 'vat_rate_id';

/** What differs between products and variants. */
interface Target {
  noun: 'Product' | 'Variant';
  entity: AuditEntity;
  priceField: 'base_price' | 'price';
  load(trx: Trx, ids: readonly number[], dialect: DialectName): Promise<BulkRow[]>;
  /** Writes one value into `field` of these rows ('price': the product's base_price). */
  update(
    trx: Trx,
    ids: readonly number[],
    field: Field,
    value: number | null,
    now: string,
  ): Promise<void>;
}

export interface BulkWrite {
  dialect: DialectName;
  actor: AuditActor;
  now: Date;
}

const ROWS_NAMED = 20;

const stockTarget = (v: {
  id: number;
  stock_quantity: number;
  track_inventory: number;
  allow_backorder: number;
}): StockTarget => ({
  variantId: v.id,
  quantity: Number(v.stock_quantity),
  tracked: toBool(v.track_inventory),
  backorder: toBool(v.allow_backorder),
});

export const PRODUCTS: Target = {
  noun: 'Product',
  entity: 'product',
  priceField: 'base_price',
  async load(trx, ids, dialect) {
    const query = trx
      .selectFrom('products as p')
      .leftJoin('variants as v', (join) =>
        join.onRef('v.product_id', '=', 'p.id').on('v.is_default', '=', 1),
      )
      .select([
        'p.id',
        'p.name',
        'p.base_price',
        'p.is_active',
        'p.category_id',
        'p.vat_rate_id',
        'p.has_variants',
        'v.id as variant_id',
        'v.stock_quantity',
        'v.track_inventory',
        'v.allow_backorder',
      ])
      .where('p.id', 'in', ids);
    const rows = await (dialect === 'postgres' ? query.forUpdate('p') : query).execute();
    const variantQuery = trx
      .selectFrom('variants')
      .select(['id', 'product_id', 'sku', 'variant_title', 'price'])
      .where('product_id', 'in', ids)
      .where('is_default', '=', 0)
      .orderBy('id');
    const own = new Map<number, OwnVariant[]>();
    for (const v of await (
      dialect === 'postgres' ? variantQuery.forUpdate() : variantQuery
    ).execute()) {
      const list = own.get(v.product_id) ?? [];
      list.push({ id: v.id, sku: v.sku, title: v.variant_title, price: Number(v.price) });
      own.set(v.product_id, list);
    }
    return rows.map((r) => ({
      id: r.id,
      productId: r.id,
      label: r.name,
      price: Number(r.base_price),
      variants: own.get(r.id) ?? [],
      is_active: toBool(r.is_active),
      category_id: r.category_id,
      vat_rate_id: r.vat_rate_id,
      stock: toBool(r.has_variants)
        ? 'has variants: change the stock of its variants'
        : r.variant_id === null
          ? 'has no inventory'
          : stockTarget({
              id: r.variant_id,
              stock_quantity: r.stock_quantity ?? 0,
              track_inventory: r.track_inventory ?? 0,
              allow_backorder: r.allow_backorder ?? 0,
            }),
    }));
  },
  async update(trx, ids, field, value, now) {
    const column = field === 'price' ? 'base_price' : field;
    await trx
      .updateTable('products')
      .set({ [column]: value, updated_at: now })
      .where('id', 'in', ids)
      .execute();
    // A simple product's default variant is priced as its product (simple-inventory.ts).
    if (field === 'price' && value !== null) {
      await trx
        .updateTable('variants')
        .set({ price: value, updated_at: now })
        .where('product_id', 'in', ids)
        .where('is_default', '=', 1)
        .execute();
    }
  },
};

export const VARIANTS: Target = {
  noun: 'Variant',
  entity: 'variant',
  priceField: 'price',
  async load(trx, ids, dialect) {
    const query = trx.selectFrom('variants').selectAll().where('id', 'in', ids);
    const rows = await (dialect === 'postgres' ? query.forUpdate() : query).execute();
    return rows.map((v) => ({
      id: v.id,
      productId: v.product_id,
      label: v.sku,
      price: v.is_default === 1 ? 'its price follows its product' : Number(v.price),
      variants: [],
      is_active: toBool(v.is_active),
      category_id: null,
      vat_rate_id: v.vat_rate_id,
      stock: stockTarget(v),
    }));
  },
  async update(trx, ids, field, value, now) {
    if (field === 'category_id') throw new Error('Variants have no category');
    await trx
      .updateTable('variants')
      .set({ [field]: value, updated_at: now })
      .where('id', 'in', ids)
      .execute();
  },
};

/** One row's change: the audit field with its value before and after (database form). */
interface Change {
  row: BulkRow;
  before: number | boolean | null;
  after: number | boolean | null;
  /** A price action's new price of each own variant whose price changes. */
  variants?: { variant: OwnVariant; after: number }[];
}

/** A row's change, why it is refused (a string), or null when it already is as asked. */
type Plan = (row: BulkRow) => Change | string | null;

const unlessSame = (row: BulkRow, before: Change['before'], after: Change['after']) =>
  before === after ? null : { row, before, after };

/**
 * The base price and every own variant's price move by the same rule (#26): a customer pays the
 * variant's price, so moving only base_price would leave the charged prices where they were.
 */
function pricePlan(change: PriceChange): Plan {
  return (row) => {
    if (typeof row.price === 'string') return row.price;
    const after = changedPrice(change, row.price);
    if (typeof after === 'string') return after;
    const variants: NonNullable<Change['variants']> = [];
    for (const variant of row.variants) {
      const price = changedPrice(change, variant.price);
      if (typeof price === 'string') return `variant ${variant.sku}: ${price}`;
      if (price !== variant.price) variants.push({ variant, after: price });
    }
    if (after === row.price && variants.length === 0) return null;
    return { row, before: row.price, after, variants };
  };
}

function stockPlan(action: { type: 'set_stock' | 'adjust_stock'; value: number }): Plan {
  return (row) => {
    const stock = row.stock;
    if (typeof stock === 'string') return stock;
    if (action.type === 'set_stock') return unlessSame(row, stock.quantity, action.value);
    if (!stock.tracked) return 'does not track inventory';
    const after = stock.quantity + action.value;
    if (action.value < 0 && after < 0 && !stock.backorder) {
      return `not enough stock: ${stock.quantity} in stock, cannot remove ${-action.value}`;
    }
    if (Math.abs(after) > MAX_STOCK) return `stock would go beyond ±${MAX_STOCK}`;
    return { row, before: stock.quantity, after };
  };
}

/** The category or VAT rate an action assigns must exist and be assignable now (422). */
async function checkReference(trx: Trx, target: Target, action: BulkAction, at: Date) {
  if (action.type === 'set_vat_rate' && action.vat_rate_id === null && target === PRODUCTS) {
    throw invalid(['body', 'action', 'vat_rate_id'], 'A product needs a VAT rate');
  }
  const issues: ValidationIssue[] = [];
  await checkReferences(
    trx,
    {
      category_id: action.type === 'set_category' ? action.category_id : undefined,
      vat_rate_id: action.type === 'set_vat_rate' ? (action.vat_rate_id ?? undefined) : undefined,
    },
    issues,
    at,
  );
  // The same checks as a product's edit, whose fields sit in the body's action here.
  if (issues.length > 0) {
    throw new HttpProblem(
      422,
      issues.map((issue) => ({ ...issue, loc: ['body', 'action', ...issue.loc.slice(1)] })),
    );
  }
}

function planOf(action: BulkAction): { field: string; plan: Plan } {
  switch (action.type) {
    case 'set_price':
    case 'shift_price': {
      let change: PriceChange;
      try {
        change = priceChange(action);
      } catch (err) {
        if (err instanceof RangeError) throw invalid(['body', 'action', 'value'], err.message);
        throw err;
      }
      return { field: 'price', plan: pricePlan(change) };
    }
    case 'set_stock':
      return { field: 'stock_quantity', plan: stockPlan({ ...action, value: action.quantity }) };
    case 'adjust_stock':
      return { field: 'stock_quantity', plan: stockPlan({ ...action, value: action.delta }) };
    case 'set_status':
      return {
        field: 'is_active',
        plan: (row) => unlessSame(row, row.is_active, action.is_active),
      };
    case 'set_category':
      return {
        field: 'category_id',
        plan: (row) => unlessSame(row, row.category_id, action.category_id),
      };
    case 'set_vat_rate':
      return {
        field: 'vat_rate_id',
        plan: (row) => unlessSame(row, row.vat_rate_id, action.vat_rate_id),
      };
  }
}

/** "Product 12 (Olive oil): price would be negative; …", at most ROWS_NAMED rows. */
function refusal(target: Target, refused: { row: BulkRow; why: string }[]) {
  const named = refused
    .slice(0, ROWS_NAMED)
    .map(({ row, why }) => `${target.noun} ${row.id} (${row.label}): ${why}`)
    .join('; ');
  const more = refused.length - ROWS_NAMED;
  return conflict(more > 0 ? `${named}; and ${more} more` : named);
}

async function write(
  trx: Trx,
  target: Target,
  action: BulkAction,
  changes: Change[],
  w: BulkWrite,
): Promise<void> {
  // Nothing to write; and `IN ()` is a syntax error on PostgreSQL.
  if (changes.length === 0) return;
  const now = w.now.toISOString();
  const ids = changes.map((c) => c.row.id);
  switch (action.type) {
    case 'set_price':
    case 'shift_price':
      for (const c of changes) {
        if (c.after !== c.before) {
          await target.update(trx, [c.row.id], 'price', c.after as number, now);
        }
        for (const { variant, after } of c.variants ?? []) {
          await trx
            .updateTable('variants')
            .set({ price: after, updated_at: now })
            .where('id', '=', variant.id)
            .execute();
        }
      }
      return;
    case 'set_stock':
    case 'adjust_stock': {
      const stockChange: StockChange = {
        kind: 'adjustment',
        reason: action.reason.trim(),
        adminUserId: w.actor?.id ?? null,
        now,
      };
      for (const c of changes) {
        const { variantId } = c.row.stock as StockTarget;
        if (action.type === 'set_stock') {
          await setStock(trx, variantId, action.quantity, stockChange);
        } else {
          await adjustStock(trx, variantId, action.delta, stockChange);
        }
      }
      return;
    }
    case 'set_status':
      return target.update(trx, ids, 'is_active', fromBool(action.is_active), now);
    case 'set_category':
      return target.update(trx, ids, 'category_id', action.category_id, now);
    case 'set_vat_rate':
      return target.update(trx, ids, 'vat_rate_id', action.vat_rate_id, now);
  }
}

const EXAMPLES = 3;

/**
 * What a price action changes, in the prices customers are charged: a product with own
 * variants is charged their prices (its base_price moves too but is not counted), any other
 * product its base_price.
 */
function pricePreview(rows: readonly BulkRow[], changes: readonly Change[]): PricePreview {
  const charged = changes.flatMap(({ row, before, after, variants = [] }) =>
    row.variants.length > 0
      ? variants.map((v) => ({
          label: `${row.label} — ${v.variant.title}`,
          before: money(v.variant.price),
          after: money(v.after),
        }))
      : [{ label: row.label, before: money(before as number), after: money(after as number) }],
  );
  return {
    prices_changed: charged.length,
    examples: charged.slice(0, EXAMPLES),
    products_with_variants: rows
      .filter((row) => row.variants.length > 0)
      .map((row) => ({ id: row.id, name: row.label, variant_count: row.variants.length })),
  };
}

/** The value as the contract writes it, for the audit log. */
const asWritten = (field: string, value: Change['before']) =>
  field === 'price' && typeof value === 'number' ? money(value) : value;

/**
 * Applies `action` to every row of `ids` (distinct: the contract's uniqueItems) in one
 * transaction: 404 naming the unknown ids, 422 for a reference that cannot be assigned, 409
 * naming every refused row; otherwise writes the changed rows and their audit entries.
 */
export function bulkEdit(db: Db, ...edit: Edit): Promise<BulkEditResult> {
  return db.transaction().execute((trx) => editIn(trx, ...edit));
}

/** What one bulk edit applies, and to which rows: bulkEdit's arguments after the database. */
type Edit = [
  target: Target,
  ids: readonly number[],
  action: BulkAction,
  w: BulkWrite,
  dryRun?: boolean,
];

async function editIn(
  trx: Trx,
  ...[target, ids, action, w, dryRun = false]: Edit
): Promise<BulkEditResult> {
  const { field, plan } = planOf(action);
  await checkReference(trx, target, action, w.now);
  const rows = await target.load(trx, ids, w.dialect);
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw notFound(`${target.noun}s not found: ${missing.join(', ')}`);

  const changes: Change[] = [];
  const refused: { row: BulkRow; why: string }[] = [];
  const sorted = [...rows].sort((a, b) => a.id - b.id);
  for (const row of sorted) {
    const planned = plan(row);
    if (typeof planned === 'string') refused.push({ row, why: planned });
    else if (planned) changes.push(planned);
  }
  if (refused.length > 0) throw refusal(target, refused);

  const result = { changed: changes.length, unchanged: ids.length - changes.length };
  if (dryRun) {
    return field === 'price' && target === PRODUCTS
      ? { ...result, preview: pricePreview(sorted, changes) }
      : result;
  }
  await write(trx, target, action, changes, w);
  const auditField = field === 'price' ? target.priceField : field;
  await recordAudit(
    trx,
    w.actor,
    changes.flatMap(({ row, before, after, variants = [] }) => [
      ...(before === after
        ? []
        : [
            {
              action: 'update' as const,
              entity: target.entity,
              entity_id: row.id,
              label: row.label,
              before: { [auditField]: asWritten(field, before) },
              after: { [auditField]: asWritten(field, after) },
            },
          ]),
      // Each variant's price as bulkEditVariants records it.
      ...variants.map(({ variant, after: price }) => ({
        action: 'update' as const,
        entity: VARIANTS.entity,
        entity_id: variant.id,
        label: variant.sku,
        before: { price: money(variant.price) },
        after: { price: money(price) },
      })),
    ]),
    w.now,
  );
  await emitEvents(trx, action, changes, w.now);
  return result;
}

/**
 * The webhook events (#31) of a bulk edit, in its transaction: product.updated once per product
 * whose values or variants' values it changed (four variants of one product: one event), none
 * for a row it left as it was. A stock action is a stock adjustment as the stock dialog's (kind
 * adjustment, through inventory/stock.ts): it raises stock.low / stock.out there, and no
 * product.updated, as an order's stock movement raises none.
 */
async function emitEvents(trx: Trx, action: BulkAction, changes: readonly Change[], at: Date) {
  if (action.type === 'set_stock' || action.type === 'adjust_stock') return;
  const changed = changes.filter((c) => c.before !== c.after || (c.variants?.length ?? 0) > 0);
  await emitProductsUpdated(
    trx,
    changed.map((c) => c.row.productId),
    at,
  );
}
