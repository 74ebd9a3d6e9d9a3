// The stock reports (#35) against the recount, property: after a random sequence of stock
// adjustments (through the API), cost changes, sales at random shop days in random statuses and
// status changes of those sales, the stock valuation, the low stock and the slow movers the API
// answers equal domain/stock-analytics.ts's recount over every row read back from the database.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../api/types';
import { ORDER_STATUSES } from '../../../contract/order-status';
import { addDays } from '../domain/analytics';
import { shopDay } from '../domain/books';
import { lowStockReportOf, slowMoversOf, stockValuationOf } from '../domain/stock-analytics';
import { useTestApp, type AuthHeaders } from '../../test-support/app';
import { expectStatus } from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import {
  insertCategory,
  insertOrder,
  insertProduct,
  insertVariant,
} from '../../test-support/fixtures';
import { resetShopSettings } from '../../test-support/invoices';
import { assertProperty } from '../../test-support/properties';
import { resetShop } from '../../test-support/shop';
import { stockShop } from '../../test-support/stock';
import { recountRows } from '../../test-support/stock-reports';

const VARIANTS = 4;
const statusArb = fc.constantFrom(...ORDER_STATUSES);
const stepArb = fc.oneof(
  fc.record({
    kind: fc.constant('adjust' as const),
    variant: fc.nat(VARIANTS - 1),
    by: fc.integer({ min: -8, max: 8 }).filter((n) => n !== 0),
  }),
  fc.record({
    kind: fc.constant('cost' as const),
    variant: fc.nat(VARIANTS - 1),
    cost: fc.option(fc.integer({ min: 1, max: 99_999 }), { nil: null }),
  }),
  fc.record({
    kind: fc.constant('sale' as const),
    variant: fc.nat(VARIANTS - 1),
    quantity: fc.integer({ min: 1, max: 6 }),
    daysAgo: fc.integer({ min: 0, max: 45 }),
    // Minutes from midnight UTC, so some fall on the next shop day in Tunis (UTC+1).
    minute: fc.integer({ min: 0, max: 1439 }),
    status: statusArb,
  }),
  fc.record({ kind: fc.constant('status' as const), sale: fc.nat(20), status: statusArb }),
);
const runArb = fc.record({
  variants: fc.array(
    fc.record({
      stock: fc.integer({ min: 0, max: 12 }),
      threshold: fc.integer({ min: 0, max: 8 }),
      cost: fc.option(fc.integer({ min: 1, max: 99_999 }), { nil: null }),
      category: fc.nat(2),
      active: fc.boolean(),
      tracked: fc.boolean(),
    }),
    { minLength: VARIANTS, maxLength: VARIANTS },
  ),
  steps: fc.array(stepArb, { maxLength: 12 }),
  days: fc.integer({ min: 1, max: 40 }),
});

describe.each(testDialects)('stock reports against the recount, property (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let admin: AuthHeaders;

  beforeAll(async () => {
    admin = await t.authAs('admin');
  });

  it('values the stock, lists low stock and slow movers as the recount does', async () => {
    await assertProperty(
      fc.asyncProperty(runArb, async (run) => {
        const db = t.database.db;
        await resetShopSettings(db);
        await resetShop(db);
        const shop = stockShop(t, admin);
        const today = shopDay(t.ctx.now(), 'Africa/Tunis');
        const categories = [(await insertCategory(db)).id, (await insertCategory(db)).id, null];
        const ids: number[] = [];
        for (const v of run.variants) {
          const row = await insertVariant(
            db,
            (await insertProduct(db, { category_id: categories[v.category] ?? null })).id,
            {
              stock_quantity: v.stock,
              low_stock_threshold: v.threshold,
              cost_price: v.cost,
              is_active: v.active ? 1 : 0,
              track_inventory: v.tracked ? 1 : 0,
            },
          );
          ids.push(row.id);
        }
        const sales: number[] = [];
        for (const step of run.steps) {
          if (step.kind === 'adjust') {
            // Refused below zero or untracked: the stock stays as it was, which the recount reads.
            await shop.adjust(ids[step.variant] ?? 0, step.by);
          } else if (step.kind === 'cost') {
            await db
              .updateTable('variants')
              .set({ cost_price: step.cost })
              .where('id', '=', ids[step.variant] ?? 0)
              .execute();
          } else if (step.kind === 'sale') {
            const day = addDays(today, -step.daysAgo);
            const minute = String(step.minute % 60).padStart(2, '0');
            const hour = String(Math.floor(step.minute / 60)).padStart(2, '0');
            const at = `${day}T${hour}:${minute}:00.000Z`;
            const order = await insertOrder(db, { created_at: at, status: step.status });
            await db
              .insertInto('order_items')
              .values({
                order_id: order.id,
                product_id: null,
                variant_id: ids[step.variant] ?? 0,
                product_name: 'Lamp',
                variant_title: null,
                product_sku: null,
                quantity: step.quantity,
                unit_price: 1_000,
                unit_price_incl_vat: 1_190,
                vat_rate_bp: 1900,
                vat_amount: 190 * step.quantity,
                total_price: 1_000 * step.quantity,
                total_price_incl_vat: 1_190 * step.quantity,
              })
              .execute();
            sales.push(Number(order.id));
          } else if (sales.length > 0) {
            await db
              .updateTable('orders')
              .set({ status: step.status })
              .where('id', '=', sales[step.sale % sales.length] ?? 0)
              .execute();
          }
        }
        const rows = await recountRows(db);
        const get = (url: string) =>
          t.app.inject({ method: 'GET', url: `/api/v1/admin/reports/${url}`, headers: admin });
        const valuation = expectStatus<Schemas['StockValuation']>(
          await get('stock-valuation'),
          200,
          'getStockValuation',
        );
        expect(valuation).toEqual(stockValuationOf(rows.variants, valuation.as_of));
        expect(expectStatus(await get('low-stock?limit=3'), 200, 'getLowStockReport')).toEqual(
          lowStockReportOf(rows.variants, rows.lines, { limit: 3, today }),
        );
        expect(
          expectStatus(await get(`slow-movers?days=${run.days}`), 200, 'getSlowMovers'),
        ).toEqual(slowMoversOf(rows.variants, rows.lines, { days: run.days, limit: 50, today }));
      }),
      { numRuns: 25 },
    );
  });
});
