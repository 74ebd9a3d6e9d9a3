// Orders after checkout: the Order/OrderSummary presenters, the customer's own orders and the
// admin's order operations (list, detail, status change, cancellation with restocking).
//
// Decisions the contract leaves open:
// - Lists are ordered newest first by created_at unless `sort` says otherwise; ties are broken by
//   id in the same direction (stable paging).
// - date_from/date_to are compared as instants: they are normalised to the stored form
//   (toISOString, UTC, milliseconds) and compared as text, which orders like time because every
//   created_at is written the same way.
// - A status change or cancellation is a compare-and-set on the status read just before, retried
//   when a concurrent change won, so every history entry's from_status is the real previous
//   status; the winner's UPDATE holds the order's row until its transaction ends, so the stock
//   effect below happens exactly once per transition (two parallel cancels restock once).
// - The note of a status change (and the cancellation reason) is trimmed; blank becomes null.
//
// Stock follows the order's life (applyStockEffect), whether the status changes through
// cancelOrder or updateOrderStatus, in the same transaction as the status change:
// - An order HOLDS stock in the statuses the table says (contract/order-status.ts, which also
//   derives each move's effect: all but cancelled and refunded). Checkout takes the stock
//   (checkout.ts); every stock movement an order causes is linked to it (order_id).
// - Holding → not holding (to cancelled or refunded): the order gives back what it holds, i.e.
//   for each variant the opposite of the sum of the order's movements on it (reason "Order
//   <number> cancelled" / "… refunded"), even when the variant no longer tracks inventory (it was
//   taken while tracked). A deleted variant gets nothing back. So a cancel after a status change
//   to cancelled, or cancelled → refunded, gives nothing back twice.
// - Not holding → holding (e.g. cancelled → pending): the order takes its items' quantities again
//   from every variant that still exists and tracks inventory (reason "Order <number> back to
//   <status>"); when the stock is short and backorders are not allowed the change is refused
//   (409 naming the item, what is in stock and what is needed) and nothing is written.
// - The products of the order's variants are locked first, in id order, then the variants in
//   variant id order: the lock order of checkout and of every writer of variants
//   (inventory/stock.ts lockProductsOfVariants).
import { sql, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type {
  AdminUserRow,
  Database,
  OrderItemRow,
  OrderRow,
  OrderStatus,
  OrderStatusHistoryRow,
} from '../../db/schema';
import type { Db, DialectName } from '../../db/database';
import { toBool } from '../../db/bool';
import {
  filteredCount,
  filteredCountUpTo,
  searchIn,
  selectedPage,
  sortOrder,
  type ListSelection,
} from '../../db/search';
import { conflict, HttpProblem, invalid, notFound } from '../../api/problem';
import { ORDER_NOT_FOUND } from './order-lookup';
import { json, money, percent } from '../../api/present';
import type { Schemas } from '../../api/types';
import { issueBy, issueDocumentsOnStatusChange } from '../billing/invoices';
import { countOf } from '../platform/row-counts';
import {
  adjustStock,
  lockProductsOfVariants,
  movementTitle,
  VARIANT_NAME_COLUMNS,
  type StockChange,
} from '../inventory/stock';
import { recordAudit } from '../platform/audit';
import { reopenShortStock } from '../../domain/inventory';
import { moveDiscountUse } from '../discounts/apply';
import { requireActiveCustomer } from './customers';
import { refreshOrderBalance } from './order-balance';
import { queueStatusEmail } from './order-emails';
import { shipmentTrackingUrl } from './order-tracking';
import { presentOrderShippingMethod } from '../shipping/quotes';
import { emitWebhookEvent } from '../webhooks/outbox';
import { orderEmailLanguage } from '../../domain/order-emails';
import { statusesWhere, statusRules, transitionEffects } from '../../../../contract/order-status';

type Order = Schemas['Order'];
type OrderSummary = Schemas['OrderSummary'];

// 'Only pending, confirmed or processing orders can be cancelled', from the status table.
const NOT_CANCELLABLE = `Only ${statusesWhere('cancellable')
  .join(', ')
  .replace(/, ([^,]*)$/, ' or $1')} orders can be cancelled`;

// ---------------------------------------------------------------------------------------------
// Presenting

type WithItemCount<R> = R & { item_count: number };
type OrderRowWithCount = WithItemCount<OrderRow>;

const selectOrders = (db: Db) => db.selectFrom('orders as o').selectAll('o');

/** The rows (one page) with their number of units (sum of the item quantities), in one query. */
export async function withItemCounts<R extends { id: number }>(
  db: Db,
  rows: R[],
): Promise<WithItemCount<R>[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .selectFrom('order_items')
    .select((eb) => ['order_id', eb.fn.sum<number | string>('quantity').as('n')])
    .where(
      'order_id',
      'in',
      rows.map((r) => r.id),
    )
    .groupBy('order_id')
    .execute();
  const byOrder = new Map(counts.map((c) => [c.order_id, Number(c.n)]));
  return rows.map((row) => ({ ...row, item_count: byOrder.get(row.id) ?? 0 }));
}

function presentOrderSummary(row: OrderRowWithCount): OrderSummary {
  const shippingAddress = json<Schemas['ShippingAddress']>(
    row.shipping_address,
    {} as Schemas['ShippingAddress'],
  );
  const language = (row.language ?? null) as OrderSummary['language'];
  return {
    id: row.id,
    order_number: row.order_number,
    status: row.status,
    payment_method: row.payment_method as OrderSummary['payment_method'],
    customer_id: row.customer_id,
    customer_email: row.customer_email,
    customer_type: row.customer_type,
    customer_country_code: row.customer_country_code,
    vat_number: row.vat_number,
    vat_reverse_charge: toBool(row.vat_reverse_charge),
    vat_treatment: row.vat_treatment as OrderSummary['vat_treatment'],
    vat_number_review: (row.vat_number_review ?? null) as OrderSummary['vat_number_review'],
    subtotal: money(row.subtotal),
    vat_amount: money(row.vat_amount),
    shipping_amount: money(row.shipping_amount),
    discount_amount: money(row.discount_amount),
    // Frozen at checkout (#29): the discount may have changed or gone since.
    discount:
      row.discount_name === null
        ? null
        : {
            code: row.discount_code,
            name: row.discount_name,
            kind: row.discount_kind as Schemas['DiscountKind'],
            shipping_waived: money(row.discount_shipping_amount),
          },
    // null: placed before #30, it charged none (its invoice applies the settings at issue).
    stamp_duty_amount: money(row.stamp_duty_amount ?? 0),
    total_amount: money(row.total_amount),
    payment_status: row.payment_status,
    amount_paid: money(row.amount_paid),
    balance_due: money(row.balance_due),
    currency: 'TND',
    shipping_address: shippingAddress,
    notes: row.notes,
    language,
    email_language: orderEmailLanguage({
      language,
      customer_country_code: row.customer_country_code,
      shipping_address: shippingAddress,
    }),
    item_count: row.item_count,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function presentItem(row: OrderItemRow, returned: number): Schemas['OrderItem'] {
  return {
    id: row.id,
    returned_quantity: returned,
    product_id: row.product_id,
    variant_id: row.variant_id,
    product_name: row.product_name,
    variant_title: row.variant_title,
    product_sku: row.product_sku,
    quantity: row.quantity,
    unit_price: money(row.unit_price),
    unit_price_incl_vat: money(row.unit_price_incl_vat),
    vat_rate: percent(row.vat_rate_bp),
    vat_amount: money(row.vat_amount),
    total_price: money(row.total_price),
    total_price_incl_vat: money(row.total_price_incl_vat),
    discount_amount: money(row.discount_amount),
  };
}

/** On customer endpoints the note and the admin are never shown. */
function presentHistory(row: OrderStatusHistoryRow, view: OrderView): Schemas['OrderStatusChange'] {
  const admin = view === 'admin';
  return {
    id: row.id,
    from_status: row.from_status,
    to_status: row.to_status,
    note: admin ? row.note : null,
    changed_by_admin_id: admin ? row.changed_by_admin_id : null,
    changed_by: admin ? row.changed_by : null,
    created_at: row.created_at,
  };
}

export type OrderView = 'admin' | 'customer';

/**
 * The latest shipment of each of these orders (the last one set wins), in one query, with its
 * tracking link from the method frozen on the order (order-tracking.ts).
 */
async function latestShipments(
  db: Db,
  orders: Pick<OrderRow, 'id' | 'shipping_method'>[],
): Promise<Map<number, Order['shipment']>> {
  const rows = await db
    .selectFrom('order_shipments')
    .select(['order_id', 'carrier', 'tracking_number', 'created_at'])
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('id')
    .execute();
  const frozenMethods = new Map(orders.map((o) => [o.id, o.shipping_method]));
  return new Map(
    rows.map((r) => [
      r.order_id,
      {
        carrier: r.carrier,
        tracking_number: r.tracking_number,
        tracking_url: shipmentTrackingUrl(frozenMethods.get(r.order_id) ?? null, r.tracking_number),
        updated_at: r.created_at,
      },
    ]),
  );
}

/** The units returned of each item of these orders (order_returns), by item id, in one query. */
async function returnedUnits(db: Db, orderIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('order_return_lines as l')
    .innerJoin('order_returns as r', 'r.id', 'l.return_id')
    .select(['l.order_item_id', (eb) => eb.fn.sum<number | string>('l.quantity').as('n')])
    .where('r.order_id', 'in', orderIds)
    .groupBy('l.order_item_id')
    .execute();
  return new Map(rows.map((r) => [r.order_item_id, Number(r.n)]));
}

/** Full orders (items, history, shipment) for these rows, with four queries in all (no N+1). */
async function presentOrders(db: Db, orders: OrderRow[], view: OrderView): Promise<Order[]> {
  if (orders.length === 0) return [];
  const ids = orders.map((r) => r.id);
  const [rows, items, history, shipments, returned] = await Promise.all([
    withItemCounts(db, orders),
    db.selectFrom('order_items').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
    db
      .selectFrom('order_status_history')
      .selectAll()
      .where('order_id', 'in', ids)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    latestShipments(db, orders),
    returnedUnits(db, ids),
  ]);
  return rows.map((row) => ({
    ...presentOrderSummary(row),
    // VAT details of the full order (see checkout.ts): how the VAT number was checked and the
    // VAT on shipping (part of vat_amount).
    vat_number_check: (row.vat_number_check ?? null) as Order['vat_number_check'],
    shipping_vat_amount: money(row.shipping_vat_amount),
    items: items
      .filter((i) => i.order_id === row.id)
      .map((i) => presentItem(i, returned.get(i.id) ?? 0)),
    status_history: history
      .filter((h) => h.order_id === row.id)
      .map((h) => presentHistory(h, view)),
    shipment: shipments.get(row.id) ?? null,
    shipping_method: presentOrderShippingMethod(row),
  }));
}

export async function findOrder(db: Db, id: number, view: OrderView): Promise<Order | undefined> {
  const row = await selectOrders(db).where('o.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return (await presentOrders(db, [row], view))[0];
}

export async function getAdminOrder(db: Db, id: number): Promise<Order> {
  const order = await findOrder(db, id, 'admin');
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

// ---------------------------------------------------------------------------------------------
// Customer side

/** The customer's own order; another customer's (or a guest order) is a 404 like a missing one. */
export async function getCustomerOrder(db: Db, customerId: number, id: number): Promise<Order> {
  await requireActiveCustomer(db, customerId);
  const row = await selectOrders(db)
    .where('o.id', '=', id)
    .where('o.customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return (await presentOrders(db, [row], 'customer'))[0] as Order;
}

export async function listCustomerOrders(
  db: Db,
  customerId: number,
  page: { skip: number; limit: number },
): Promise<{ items: Order[]; total: number }> {
  await requireActiveCustomer(db, customerId);
  const [rows, totalRow] = await Promise.all([
    selectOrders(db)
      .where('o.customer_id', '=', customerId)
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(page.limit)
      .offset(page.skip)
      .execute(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow(),
  ]);
  return { items: await presentOrders(db, rows, 'customer'), total: Number(totalRow.n) };
}

// ---------------------------------------------------------------------------------------------
// Admin list

export interface AdminOrderQuery {
  skip: number;
  limit: number;
  status?: OrderStatus | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
  search?: string | undefined;
  customer_email?: string | undefined;
  shipping_email?: string | undefined;
  payment_method?: Schemas['PaymentMethod'] | undefined;
  payment_status?: Schemas['PaymentStatus'] | undefined;
  vat_number_review?: NonNullable<Schemas['VatNumberReview']> | undefined;
  shipping_method_id?: number | undefined;
  sort: Schemas['OrderSort'];
}

const SORT_COLUMNS = { created_at: 'o.created_at', total_amount: 'o.total_amount' };

/** An instant in the stored form, or a 422 on the query parameter. */
export function instant(value: string, field: string): string {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw invalid(['query', field], 'Invalid date-time', 'format');
  return new Date(ms).toISOString();
}

/** The number of orders the filters keep, from the counters when they are none or the status. */
function countedByStatus(db: Db, status: OrderStatus | undefined, filterCount: number) {
  if (filterCount === 0) return () => countOf(db, 'orders:');
  if (filterCount === 1 && status !== undefined) return () => countOf(db, `orders:${status}`);
  return undefined;
}

/** The filters and sort of the admin list, without the paging: the CSV export takes them too. */
export type AdminOrderFilters = Omit<AdminOrderQuery, 'skip' | 'limit'>;

/** The `orders as o` count query the list's filters apply to. */
const countOrders = (db: Db) =>
  db.selectFrom('orders as o').select((eb) => eb.fn.countAll<number>().as('n'));

/** What the list keeps (conditions on `orders as o`) and in which order; 422 for bad dates. */
export function adminOrderSelection(db: Db, q: AdminOrderFilters): ListSelection {
  const from = q.date_from === undefined ? undefined : instant(q.date_from, 'date_from');
  const to = q.date_to === undefined ? undefined : instant(q.date_to, 'date_to');
  if (from !== undefined && to !== undefined && from > to) {
    throw invalid(['query', 'date_from'], 'date_from must not be after date_to');
  }
  const filters: RawBuilder<SqlBool>[] = [];
  if (q.status !== undefined) filters.push(sql<SqlBool>`o.status = ${q.status}`);
  if (from !== undefined) filters.push(sql<SqlBool>`o.created_at >= ${from}`);
  if (to !== undefined) filters.push(sql<SqlBool>`o.created_at <= ${to}`);
  const search = searchIn(
    q.search,
    ['o.order_number', 'o.customer_email', 'o.shipping_email_key', 'o.shipping_name'],
    { table: 'order_search', id: 'o.id' },
  );
  filters.push(...search);
  if (q.customer_email !== undefined) {
    filters.push(sql<SqlBool>`lower(o.customer_email) = lower(${q.customer_email.trim()})`);
  }
  if (q.shipping_email !== undefined) {
    // The key is already trimmed and lower-cased (migration 006): its index serves the filter.
    filters.push(sql<SqlBool>`o.shipping_email_key = lower(trim(${q.shipping_email}))`);
  }
  if (q.payment_method !== undefined) {
    filters.push(sql<SqlBool>`o.payment_method = ${q.payment_method}`);
  }
  if (q.vat_number_review !== undefined) {
    filters.push(sql<SqlBool>`o.vat_number_review = ${q.vat_number_review}`);
  }
  if (q.payment_status !== undefined) {
    filters.push(sql<SqlBool>`o.payment_status = ${q.payment_status}`);
  }
  if (q.shipping_method_id !== undefined) {
    // The link the order keeps to its method (migration 033, indexed); null once it is deleted.
    filters.push(sql<SqlBool>`o.shipping_method_id = ${q.shipping_method_id}`);
  }
  return {
    filters,
    order: sortOrder(q.sort, SORT_COLUMNS, 'o.id'),
    count: () =>
      filteredCount(countOrders(db), filters, countedByStatus(db, q.status, filters.length)),
    // A search's count stops at the cap (COUNT_CAP): a common word (a mail domain) would
    // otherwise cost what its matches number.
    countUpTo:
      search.length === 0
        ? undefined
        : (limit) =>
            filteredCountUpTo(
              db,
              db.selectFrom('orders as o').select(sql<number>`1`.as('one')),
              filters,
              limit,
            ),
  };
}

export async function listAdminOrders(
  db: Db,
  q: AdminOrderQuery,
): Promise<{ items: OrderSummary[]; total: number; capped: boolean }> {
  const { rows, total, capped } = await selectedPage(
    selectOrders(db),
    adminOrderSelection(db, q),
    q,
  );
  return { items: (await withItemCounts(db, rows)).map(presentOrderSummary), total, capped };
}

// ---------------------------------------------------------------------------------------------
// Status changes

const cleanNote = (note: string | null | undefined): string | null => {
  const trimmed = note?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

interface StatusChange {
  admin: Pick<AdminUserRow, 'id' | 'username'> | null;
  note: string | null | undefined;
  now: string;
}

/**
 * Moves the order from its current status to `to` with a history entry, unless `allowed`
 * refuses the current status (its error is thrown). Compare-and-set on the status just read,
 * retried when a concurrent change got there first. Returns the previous status, or null when
 * the order already had status `to` and `sameIsNoop` (nothing written).
 */
async function transition(
  trx: Transaction<Database>,
  orderId: number,
  to: OrderStatus,
  change: StatusChange,
  options: { sameIsNoop: boolean; allowed?: (from: OrderStatus) => HttpProblem | null },
): Promise<{ from: OrderStatus; orderNumber: string } | null> {
  for (;;) {
    const current = await trx
      .selectFrom('orders')
      .select(['status', 'order_number'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!current) throw notFound(ORDER_NOT_FOUND);
    const refusal = options.allowed?.(current.status);
    if (refusal) throw refusal;
    if (current.status === to && options.sameIsNoop) return null;
    const updated = await trx
      .updateTable('orders')
      .set({ status: to, updated_at: change.now })
      .where('id', '=', orderId)
      .where('status', '=', current.status)
      .returning('id')
      .executeTakeFirst();
    if (!updated) continue; // changed meanwhile: read again
    await trx
      .insertInto('order_status_history')
      .values({
        order_id: orderId,
        from_status: current.status,
        to_status: to,
        note: cleanNote(change.note),
        changed_by_admin_id: change.admin?.id ?? null,
        changed_by: change.admin?.username ?? null,
        created_at: change.now,
      })
      .execute();
    await recordAudit(trx, change.admin, {
      action: 'update',
      entity: 'order',
      entity_id: orderId,
      label: current.order_number,
      before: { status: current.status },
      after: { status: to },
    });
    return { from: current.status, orderNumber: current.order_number };
  }
}

// ---------------------------------------------------------------------------------------------
// Stock effects of status changes (see the header)

async function applyStockEffect(
  trx: Transaction<Database>,
  dialect: DialectName,
  orderId: number,
  done: { from: OrderStatus; orderNumber: string },
  to: OrderStatus,
  change: StatusChange,
): Promise<void> {
  const effect = transitionEffects(done.from, to).stock;
  if (effect === 'none') return;
  const items = await trx
    .selectFrom('order_items')
    .select('variant_id')
    .where('order_id', '=', orderId)
    .execute();
  await lockProductsOfVariants(
    trx,
    dialect,
    items.flatMap((i) => (i.variant_id === null ? [] : [i.variant_id])),
  );
  const held = effect === 'give_back';
  // The discount's use goes and comes back with the stock (services/discounts/apply.ts).
  await moveDiscountUse(trx, orderId, held ? -1 : 1);
  const stockChange: StockChange = {
    kind: held ? 'cancel' : 'reopen',
    orderId,
    orderNumber: done.orderNumber,
    orderStatus: to,
    adminUserId: change.admin?.id ?? null,
    now: change.now,
  };
  if (held) await giveBackStock(trx, orderId, stockChange);
  else await takeStockAgain(trx, orderId, to, stockChange);
}

/**
 * Gives back, per variant, what the order's movements took and did not yet give back, less the
 * units returned as damaged (taken, and never coming back: services/orders/order-returns.ts).
 */
async function giveBackStock(
  trx: Transaction<Database>,
  orderId: number,
  change: StockChange,
): Promise<void> {
  const damaged = await damagedUnits(trx, orderId);
  const held = await trx
    .selectFrom('stock_movements')
    .select(['variant_id', (eb) => eb.fn.sum<number | string>('delta').as('net')])
    .where('order_id', '=', orderId)
    .where('variant_id', 'is not', null)
    .groupBy('variant_id')
    .orderBy('variant_id')
    .execute();
  for (const { variant_id: variantId, net } of held) {
    if (variantId === null) continue;
    const taken = -Number(net) - (damaged.get(variantId) ?? 0);
    if (taken <= 0) continue;
    try {
      await adjustStock(trx, variantId, taken, change, { evenUntracked: true });
    } catch (err) {
      // Deleted since the query above: nothing to give back to.
      if (!(err instanceof HttpProblem && err.statusCode === 404)) throw err;
    }
  }
}

/** The units of the order returned as damaged (restock false), by variant. */
export async function damagedUnits(db: Db, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('order_return_lines as l')
    .innerJoin('order_returns as r', 'r.id', 'l.return_id')
    .innerJoin('order_items as oi', 'oi.id', 'l.order_item_id')
    .select(['oi.variant_id', (eb) => eb.fn.sum<number | string>('l.quantity').as('n')])
    .where('r.order_id', '=', orderId)
    .where('l.restock', '=', 0)
    .where('oi.variant_id', 'is not', null)
    .groupBy('oi.variant_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.variant_id), Number(r.n)]));
}

/**
 * Takes the items' quantities again from the variants that exist and track inventory: what the
 * order still holds, its returned units (restocked or damaged) left out.
 */
async function takeStockAgain(
  trx: Transaction<Database>,
  orderId: number,
  to: OrderStatus,
  change: StockChange,
): Promise<void> {
  const items = await trx
    .selectFrom('order_items as oi')
    .innerJoin('variants as v', 'v.id', 'oi.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', ...VARIANT_NAME_COLUMNS, 'oi.quantity', 'oi.id as item_id'])
    .where('oi.order_id', '=', orderId)
    .where('v.track_inventory', '=', 1)
    .orderBy('v.id')
    .execute();
  const returned = await returnedUnits(trx, [orderId]);
  for (const item of items) {
    const quantity = Number(item.quantity) - (returned.get(item.item_id) ?? 0);
    if (quantity <= 0) continue;
    try {
      await adjustStock(trx, item.id, -quantity, change);
    } catch (err) {
      if (!(err instanceof HttpProblem)) throw err;
      if (err.statusCode === 404) continue; // deleted meanwhile: nothing to take
      const now = await trx
        .selectFrom('variants')
        .select(['stock_quantity', 'track_inventory'])
        .where('id', '=', item.id)
        .executeTakeFirst();
      if (!now || now.track_inventory !== 1) continue; // stopped tracking meanwhile
      throw conflict(
        reopenShortStock(
          to,
          { title: movementTitle(item.name, item), sku: item.sku },
          now.stock_quantity,
          quantity,
        ),
      );
    }
  }
}

/** Who issues the invoice or credit note of a status change, and when (the change's time). */
const documentIssue = (ctx: AppContext, change: StatusChange) =>
  issueBy(ctx, change.admin, new Date(change.now));

/**
 * Any status from any status; the same status again changes nothing. Moving to or from
 * cancelled/refunded gives back or takes again the order's stock (see the header), and issues
 * the invoice or its credit note (services/billing/invoices.ts), all in one transaction.
 */
export async function updateOrderStatus(
  ctx: AppContext,
  orderId: number,
  body: { status: OrderStatus; note?: string | null },
  admin: Pick<AdminUserRow, 'id' | 'username'> | null,
): Promise<Order> {
  const now = ctx.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    await changeStatusIn(trx, ctx, orderId, body.status, { admin, note: body.note, now });
    return getAdminOrder(trx, orderId);
  });
}

/**
 * updateOrderStatus's change inside the caller's transaction: the status, its stock effect, its
 * documents and the balance. A return that takes back the order's last units moves it to
 * refunded this way (services/orders/order-returns.ts).
 */
export async function changeStatusIn(
  trx: Transaction<Database>,
  ctx: AppContext,
  orderId: number,
  to: OrderStatus,
  change: StatusChange,
): Promise<void> {
  const done = await transition(trx, orderId, to, change, { sameIsNoop: true });
  if (!done) return;
  await applyStockEffect(trx, ctx.dialect, orderId, done, to, change);
  const creditNote = await issueDocumentsOnStatusChange(
    trx,
    orderId,
    to,
    documentIssue(ctx, change),
  );
  // A credited status owes nothing (domain/payments.ts).
  await refreshOrderBalance(trx, orderId);
  await queueStatusEmail(trx, orderId, to, creditNote, change.now);
  await emitWebhookEvent(trx, 'order.status_changed', new Date(change.now), () =>
    getAdminOrder(trx, orderId),
  );
}

/** Cancels a pending, confirmed or processing order and gives back the stock it holds. */
export async function cancelOrder(
  ctx: AppContext,
  orderId: number,
  reason: string | null | undefined,
  admin: Pick<AdminUserRow, 'id' | 'username'> | null,
): Promise<Order> {
  const now = ctx.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const change = { admin, note: reason, now };
    const done = await transition(trx, orderId, 'cancelled', change, {
      sameIsNoop: false,
      allowed: (from) => (statusRules(from).cancellable ? null : conflict(NOT_CANCELLABLE)),
    });
    if (!done) throw new Error('unreachable: a cancellation always changes the status');
    await applyStockEffect(trx, ctx.dialect, orderId, done, 'cancelled', change);
    const creditNote = await issueDocumentsOnStatusChange(
      trx,
      orderId,
      'cancelled',
      documentIssue(ctx, change),
    );
    await refreshOrderBalance(trx, orderId);
    await queueStatusEmail(trx, orderId, 'cancelled', creditNote, now);
    await emitWebhookEvent(trx, 'order.status_changed', new Date(now), () =>
      getAdminOrder(trx, orderId),
    );
    return getAdminOrder(trx, orderId);
  });
}
