// Property (#35, "Done when"): after any sequence of order writes — checkouts by card, bank
// transfer or cash on delivery, placed at random instants of three months (backdated as the
// demo seed does), status changes (cancelled and reopened, refunded), edits of a line's
// quantity, partial returns, refund payments (some removed), orders deleted, a product deleted
// or moved to another category (or none), a category deleted, the shop's time zone changed — the
// three sales reports read from the roll-ups (migration 038; the orders per category from
// migration 048's category_orders_daily, kept from 045's order_categories) equal their recount
// by domain/analytics.ts over every row read back from the database: the sales by day and by
// month, the breakdown by category and payment method, and the best sellers, whole and cut to
// one or two (ties at the cut settled as the recount does). The best sellers and the breakdown
// are also asked for a random period whose ends fall on month edges or inside months, some
// holding the third quarter whole (whole quarters read from migration 049's quarterly roll-up,
// other whole months from 046's monthly one, the edge days from the daily one); the monthly
// roll-up must equal the daily one summed by month and the quarterly the monthly summed by
// quarter, so a write that reaches one roll-up and not the next fails.
// Both databases; FC_SEED / FC_PATH / FC_RUNS replay a failure.
// Not vacuous: with the trigger that refreshes an order's categories when a line is updated
// dropped (045's order_categories_line_update), it fails on a deleted product's orders.
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../api/types';
import {
  isEarned,
  salesBreakdownOf,
  salesReportOf,
  topProductsOf,
  type Catalogue,
} from '../domain/analytics';
import { shopDay, shopDayOf } from '../domain/books';
import { toMillimes } from '../domain/money';
import { expectStatus } from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import { deleteAll, insertCategory } from '../../test-support/fixtures';
import { useOrderDesk } from '../../test-support/order-desk';
import { assertProperty } from '../../test-support/properties';
import { readSaleOrders, readSalePayments } from '../../test-support/sales';
import { skuOf, variantTitleOf } from '../services/catalogue/sellable-lines';
import { checkoutLines, type Order } from '../../test-support/shop';
import { ORDER_STATUSES, statusesWhere } from '../../../contract/order-status';

const NUM_RUNS = 8;
const CREDITED = statusesWhere('credited');
const HOUR = 3_600_000;
/** The first day of the reports' period; orders are placed from 2026-09-01 00:00 UTC on. */
const FROM = '2026-09-01';
const FIRST_INSTANT = Date.parse('2026-08-31T20:00:00.000Z');
const HOURS = 24 * 88;
/**
 * Hours whose instants fall on different days in the three zones, at the period's first day and
 * at the ends of September and October (22:00–23:59 UTC: the next day in Tunis and Paris, the
 * same day in New York), so that a change of zone moves an order across a period's edge.
 */
const EDGE_HOURS = [3, 4, 722, 723, 1466, 1467];

const actionArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      product: fc.nat(2),
      quantity: fc.integer({ min: 1, max: 3 }),
      method: fc.constantFrom('cash_on_delivery', 'bank_transfer', 'card'),
      hour: fc.oneof(fc.integer({ min: 0, max: HOURS }), fc.constantFrom(...EDGE_HOURS)),
      minute: fc.constantFrom(0, 30, 59),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      order: fc.nat(),
      status: fc.constantFrom(...ORDER_STATUSES),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      order: fc.nat(),
      quantity: fc.integer({ min: 1, max: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('return' as const), order: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      order: fc.nat(),
      amount: fc.integer({ min: 1, max: 30_000 }),
      day: fc.integer({ min: 0, max: 80 }),
      removed: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('backdate' as const),
      order: fc.nat(),
      hour: fc.integer({ min: 0, max: HOURS }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), order: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('dropProduct' as const), product: fc.nat(2) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('recategorise' as const),
      product: fc.nat(2),
      category: fc.constantFrom('linen' as const, 'wool' as const, 'silk' as const, null),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('dropCategory' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('zone' as const),
      zone: fc.constantFrom('Africa/Tunis', 'Europe/Paris', 'America/New_York'),
    }),
  },
);

/** Ends of the random period: month edges, days inside months, and today ('today'). */
const periodArb = fc.record({
  // 1 July: the third quarter whole (from the quarterly roll-up) with October and some days.
  from: fc.constantFrom(
    '2026-07-01',
    '2026-08-31',
    '2026-09-01',
    '2026-09-17',
    '2026-09-30',
    '2026-10-01',
  ),
  to: fc.constantFrom(
    '2026-09-30',
    '2026-10-01',
    '2026-10-31',
    '2026-11-01',
    '2026-11-20',
    'today',
  ),
});

/** The product roll-up's sales summed by month, the keys whose figures are not all 0. */
const MONTHLY = `select month, product_key, variant_key, sold_name, sold_title, sold_sku,
    sum(units) as units, sum(revenue) as revenue, sum(lines) as lines`;
const KEYS = 'product_key, variant_key, sold_name, sold_title, sold_sku';
const NONZERO = 'having sum(units) <> 0 or sum(revenue) <> 0 or sum(lines) <> 0';

type MonthRow = Record<'month' | 'sold_name' | 'sold_title' | 'sold_sku', string> &
  Record<'product_key' | 'variant_key' | 'units' | 'revenue' | 'lines', number | string>;

/** A month's quarter as migration 049 keys it: the quarter's first month. */
const QUARTER_OF_MONTH: Record<string, string> = Object.fromEntries(
  Array.from({ length: 12 }, (_, i) => [
    String(i + 1).padStart(2, '0'),
    String(Math.floor(i / 3) * 3 + 1).padStart(2, '0'),
  ]),
);

/** A row of MONTHLY's month and key. */
const keyOf = (r: MonthRow) => [
  r.month,
  Number(r.product_key),
  Number(r.variant_key),
  r.sold_name,
  r.sold_title,
  r.sold_sku,
];

/** Rows of MONTHLY summed by month and key, the keys whose figures are not all 0. */
function sumRows(rows: MonthRow[]): MonthRow[] {
  const sums = new Map<string, MonthRow>();
  for (const r of rows) {
    const key = JSON.stringify(keyOf(r));
    const held = sums.get(key);
    if (!held) sums.set(key, { ...r });
    else
      for (const c of ['units', 'revenue', 'lines'] as const)
        held[c] = Number(held[c]) + Number(r[c]);
  }
  return [...sums.values()].filter((r) =>
    [r.units, r.revenue, r.lines].some((v) => Number(v) !== 0),
  );
}

/** Rows of MONTHLY as comparable text, sorted (PostgreSQL answers sums as text). */
const monthRows = (rows: MonthRow[]) =>
  rows
    .map((r) => JSON.stringify([...keyOf(r), Number(r.units), Number(r.revenue), Number(r.lines)]))
    .sort();

describe.each(testDialects)('the sales roll-ups equal a recount (property) on %s', (dialect) => {
  const { t, shop, admin, api, post } = useOrderDesk(dialect);
  const db = () => t.database.db;

  const at = (hour: number, minute = 0) =>
    new Date(FIRST_INSTANT + hour * HOUR + minute * 60_000).toISOString();

  /** Every row the reports are made of, read back from the database, and the recount's catalogue. */
  async function readBack() {
    const orders = await readSaleOrders(db());
    const lines = await db()
      .selectFrom('order_items')
      .select([
        'order_id',
        'product_id',
        'variant_id',
        'product_name',
        'variant_title',
        'product_sku',
        'quantity',
        'total_price',
        'discount_amount',
      ])
      .execute();
    const payments = await readSalePayments(db());
    const products = new Map(
      (await db().selectFrom('products').select(['id', 'name', 'category_id']).execute()).map(
        (p) => [p.id, p],
      ),
    );
    const variants = new Map(
      (
        await db()
          .selectFrom('variants')
          .select(['id', 'variant_title', 'sku', 'is_default'])
          .execute()
      ).map((v) => [
        v.id,
        // A simple product's hidden variant as the order lines write it (no title, no SKU).
        { title: variantTitleOf({ ...v, is_default: Number(v.is_default) }), sku: skuOf(v) },
      ]),
    );
    const categories = new Map(
      (await db().selectFrom('categories').select(['id', 'name']).execute()).map((c) => [c.id, c]),
    );
    const catalogue: Catalogue = {
      product: (id) => products.get(id),
      variant: (id) => variants.get(id),
      category: (id) => categories.get(id),
    };
    return {
      orders,
      lines: lines.map((l) => ({
        ...l,
        order_id: Number(l.order_id),
        quantity: Number(l.quantity),
        total_price: Number(l.total_price),
        discount_amount: Number(l.discount_amount),
      })),
      payments,
      catalogue,
    };
  }

  const get = async <T>(operationId: string, path: string) =>
    expectStatus<T>(
      await t.request(operationId, {
        method: 'GET',
        url: `/api/v1/admin/reports/${path}`,
        headers: admin.headers,
      }),
      200,
      operationId,
    );

  it('every report read from the roll-ups equals the recount of the orders, lines and payments', async () => {
    const linen = await insertCategory(db(), { name: 'Linen' });
    const wool = await insertCategory(db(), { name: 'Wool' });
    await assertProperty(
      fc.asyncProperty(
        fc.array(actionArb, { minLength: 1, maxLength: 14 }),
        periodArb,
        async (actions, ends) => {
          // Each run starts from an empty shop and empty roll-ups, so that a failing run does not
          // leave its wrong figures to the runs that shrink it (deleting an order is an action).
          await deleteAll(db(), [
            'stock_movements',
            'order_payments',
            'order_returns',
            'invoices',
            'orders',
            'products',
          ]);
          await sql`delete from sales_daily`.execute(db());
          await sql`delete from product_sales_daily`.execute(db());
          await sql`delete from product_sales_monthly`.execute(db());
          await sql`delete from product_sales_quarterly`.execute(db());
          await sql`delete from category_orders_daily`.execute(db());
          // A category of this run only, which an action may delete (its products fall to none).
          await db().deleteFrom('categories').where('id', 'not in', [linen.id, wool.id]).execute();
          let silk: { id: number } | null = await insertCategory(db(), { name: 'Silk' });
          const products = [];
          for (let i = 0; i < 3; i++) {
            products.push(
              await api().product(
                `Shirt ${i}`,
                { stock_quantity: 500 },
                { vatRateId: shop.tn19.id, categoryId: i < 2 ? linen.id : wool.id },
              ),
            );
          }
          const placed: Order[] = [];
          const pick = (n: number) => placed[n % Math.max(placed.length, 1)];
          let sessions = 0;
          for (const a of actions) {
            if (a.kind === 'place') {
              const product = products[a.product];
              if (!product) continue;
              sessions += 1;
              const res = await checkoutLines(
                t.app,
                { session: `sess_rollups_${process.pid}_${sessions}` },
                [{ productId: product.productId, quantity: a.quantity }],
                { payment_method: a.method },
              );
              if (res.statusCode !== 201) continue;
              const order = res.json<Order>();
              placed.push(order);
              await db()
                .updateTable('orders')
                .set({ created_at: at(a.hour, a.minute) })
                .where('id', '=', order.id)
                .execute();
              continue;
            }
            if (a.kind === 'dropProduct') {
              // Its lines keep their name as sold; a later checkout of it is skipped.
              const [product] = products.splice(a.product % Math.max(products.length, 1), 1);
              if (product) {
                await db()
                  .deleteFrom('stock_movements')
                  .where('variant_id', '=', product.variantId)
                  .execute();
                await db().deleteFrom('products').where('id', '=', product.productId).execute();
              }
              continue;
            }
            if (a.kind === 'recategorise') {
              // The breakdown counts each product in its category now: its past orders move.
              const product = products[a.product % Math.max(products.length, 1)];
              if (product) {
                if (a.category === 'silk' && !silk) continue;
                const category = a.category === null ? null : { linen, wool, silk }[a.category];
                await db()
                  .updateTable('products')
                  .set({ category_id: category?.id ?? null })
                  .where('id', '=', product.productId)
                  .execute();
              }
              continue;
            }
            if (a.kind === 'dropCategory') {
              if (silk) await db().deleteFrom('categories').where('id', '=', silk.id).execute();
              silk = null;
              continue;
            }
            if (a.kind === 'zone') {
              const res = await t.request('updateShopSettings', {
                method: 'PATCH',
                url: '/api/v1/admin/settings/shop',
                headers: admin.headers,
                payload: { time_zone: a.zone },
              });
              expect(res.statusCode, res.body).toBe(200);
              continue;
            }
            const order = pick(a.order);
            if (!order) continue;
            if (a.kind === 'status') await api().status(order.id, a.status);
            else if (a.kind === 'edit') {
              const item = order.items[0];
              await post('editOrder', '/edit')(
                order.id,
                { lines: [{ order_item_id: item?.id, quantity: a.quantity }] },
                admin.headers,
              );
            } else if (a.kind === 'return') {
              await post('createOrderReturn', '/returns')(
                order.id,
                { lines: [{ order_item_id: order.items[0]?.id, quantity: 1, restock: true }] },
                admin.headers,
              );
            } else if (a.kind === 'refund') {
              // Refund rows written as a copy of a shop holds them: the reports read only their
              // amount, day and removal (the refund's own rules are payments.test.ts's).
              await db()
                .insertInto('order_payments')
                .values({
                  order_id: order.id,
                  amount: -a.amount,
                  method: 'card',
                  received_on: new Date(Date.parse(FROM) + a.day * 24 * HOUR)
                    .toISOString()
                    .slice(0, 10),
                  removed_at: a.removed ? new Date().toISOString() : null,
                  created_at: new Date().toISOString(),
                })
                .execute();
            } else if (a.kind === 'backdate') {
              await db()
                .updateTable('orders')
                .set({ created_at: at(a.hour) })
                .where('id', '=', order.id)
                .execute();
            } else {
              // No path of the API deletes an order; a copy of the data may: what names it first.
              for (const table of ['order_payments', 'order_returns', 'stock_movements'] as const) {
                await db().deleteFrom(table).where('order_id', '=', order.id).execute();
              }
              await db()
                .deleteFrom('invoices')
                .where('order_id', '=', order.id)
                .where('kind', '=', 'credit_note')
                .execute();
              await db().deleteFrom('invoices').where('order_id', '=', order.id).execute();
              await db().deleteFrom('orders').where('id', '=', order.id).execute();
              placed.splice(placed.indexOf(order), 1);
            }
          }

          const rows = await readBack();
          const settings = await db()
            .selectFrom('shop_settings')
            .select('time_zone')
            .executeTakeFirstOrThrow();
          const timeZone = settings.time_zone;
          const to = shopDay(t.ctx.now(), timeZone);
          for (const interval of ['day', 'month'] as const) {
            const report = await get<Schemas['SalesReport']>(
              'getSalesReport',
              `sales?from=${FROM}&to=${to}&interval=${interval}`,
            );
            expect(report).toEqual(
              salesReportOf(rows.orders, rows.payments, { from: FROM, to, interval }, timeZone),
            );
          }
          expect(
            await get<Schemas['SalesBreakdown']>(
              'getSalesBreakdown',
              `sales-breakdown?from=${FROM}&to=${to}`,
            ),
          ).toEqual(
            salesBreakdownOf(rows.orders, rows.lines, rows.catalogue, { from: FROM, to }, timeZone),
          );
          for (const limit of [100, 2, 1]) {
            expect(
              await get<Schemas['TopProducts']>(
                'getTopProducts',
                `top-products?from=${FROM}&to=${to}&limit=${limit}`,
              ),
            ).toEqual(
              topProductsOf(
                rows.orders,
                rows.lines,
                rows.catalogue,
                { from: FROM, to },
                limit,
                timeZone,
              ),
            );
          }
          // A period of whole and partial months, its ends in either order.
          const [from = FROM, until = to] = [ends.from, ends.to === 'today' ? to : ends.to].sort();
          const period = `from=${from}&to=${until}`;
          expect(
            await get<Schemas['SalesBreakdown']>('getSalesBreakdown', `sales-breakdown?${period}`),
          ).toEqual(
            salesBreakdownOf(
              rows.orders,
              rows.lines,
              rows.catalogue,
              { from, to: until },
              timeZone,
            ),
          );
          for (const limit of [100, 1]) {
            expect(
              await get<Schemas['TopProducts']>(
                'getTopProducts',
                `top-products?${period}&limit=${limit}`,
              ),
            ).toEqual(
              topProductsOf(
                rows.orders,
                rows.lines,
                rows.catalogue,
                { from, to: until },
                limit,
                timeZone,
              ),
            );
          }
          // The monthly roll-up is the daily one's sales (the contract's rule) summed by month.
          const monthly = await sql<MonthRow>`${sql.raw(MONTHLY)} from product_sales_monthly
          group by month, ${sql.raw(KEYS)} ${sql.raw(NONZERO)}`.execute(db());
          const daily = await sql<MonthRow>`${sql.raw(
            MONTHLY.replace('select month', 'select substr(day, 1, 7) as month'),
          )} from product_sales_daily where status not in (${sql.join(CREDITED)})
          group by substr(day, 1, 7), ${sql.raw(KEYS)}
          ${sql.raw(NONZERO)}`.execute(db());
          expect(monthRows(monthly.rows)).toEqual(monthRows(daily.rows));
          // The quarterly roll-up is the monthly one summed by quarter (its first month).
          const quarterly = await sql<MonthRow>`${sql.raw(
            MONTHLY.replace('select month', 'select quarter as month'),
          )} from product_sales_quarterly
          group by quarter, ${sql.raw(KEYS)} ${sql.raw(NONZERO)}`.execute(db());
          const byQuarter = monthly.rows.map((r) => ({
            ...r,
            month: `${r.month.slice(0, 5)}${QUARTER_OF_MONTH[r.month.slice(5)]}`,
          }));
          expect(monthRows(quarterly.rows)).toEqual(monthRows(sumRows(byQuarter)));

          // Not vacuous: the reports hold every earned order placed in the period.
          const earned = rows.orders.filter((o) => {
            const day = shopDayOf(o.created_at, timeZone);
            return isEarned(o.status) && day >= FROM && day <= to;
          });
          const { totals } = salesReportOf(
            rows.orders,
            [],
            { from: FROM, to, interval: 'month' },
            timeZone,
          );
          expect(totals.order_count).toBe(earned.length);
          expect(toMillimes(totals.gross)).toBe(earned.reduce((s, o) => s + o.total_amount, 0));
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });
});
