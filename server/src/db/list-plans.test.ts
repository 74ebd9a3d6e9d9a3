// Every filter and sort the admin products and orders lists offer is served by an index: SQLite's
// plan of each page query walks an index in the list's order (no "USE TEMP B-TREE FOR ORDER BY",
// which would sort every matching row on each request, the cost issue #12 measured growing with
// the table). PostgreSQL chooses its plans from statistics, so its plans are not asserted here;
// `npm run bench` shows its per-page cost at 1k and 100k rows.
// The products' stock (#26), an aggregate of each product's variants, is kept on the product by
// triggers (migration 026), so its sort and filter are index walks too.
import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from './database';
import { useTestDatabase } from '../../test-support/databases';
import { listAdminOrders, type AdminOrderQuery } from '../services/orders/orders';
import { listAdminProducts, type AdminProductQuery } from '../services/catalogue/products';

describe('list plans (sqlite)', () => {
  const database = useTestDatabase('sqlite');

  /** The plans of the queries `list` runs that read a page (those with a limit). */
  async function pagePlans(list: (db: Db) => Promise<unknown>): Promise<string[]> {
    const db = database.db;
    const pages: CompiledQuery[] = [];
    const executor = db.getExecutor();
    const watched = db.withPlugin({
      transformQuery({ node, queryId }) {
        const query = executor.compileQuery(node, queryId);
        if (/\blimit\b/i.test(query.sql)) pages.push(query);
        return node;
      },
      transformResult: ({ result }) => Promise.resolve(result),
    });
    await list(watched);
    expect(pages.length).toBeGreaterThan(0);
    const plans: string[] = [];
    for (const page of pages) {
      const plan = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${page.sql}`, [...page.parameters]),
      );
      plans.push(plan.rows.map((r) => r.detail).join('\n'));
    }
    return plans;
  }

  const productSorts: AdminProductQuery['sort'][] = [
    'created_at',
    '-created_at',
    'name',
    '-name',
    'base_price',
    '-base_price',
  ];
  const productFilters: Partial<AdminProductQuery>[] = [
    {},
    { is_active: true },
    { category_id: 3 },
  ];
  it.each(productSorts.flatMap((sort) => productFilters.map((filter) => ({ sort, filter }))))(
    'products: $filter sorted by $sort',
    async ({ sort, filter }) => {
      const plans = await pagePlans((db) =>
        listAdminProducts(db, { skip: 0, limit: 100, sort, ...filter }, new Date()),
      );
      for (const plan of plans) expect(plan).not.toMatch(/TEMP B-TREE/);
    },
  );

  // The stock (#26) is kept on products (migration 026): each direction of its sort has its own
  // index (products without a counted variant come last either way), alone and after each
  // filter; the stock_state filter walks (stock_state, created_at, id) in the date sorts.
  const stockFilters: Partial<AdminProductQuery>[] = [
    {},
    { is_active: true },
    { category_id: 3 },
    { stock_state: 'low_stock' },
    { stock_state: 'not_tracked' },
  ];
  it.each(
    (['stock', '-stock'] as const).flatMap((sort) =>
      stockFilters.map((filter) => ({ sort, filter })),
    ),
  )('products: $filter sorted by $sort', async ({ sort, filter }) => {
    const plans = await pagePlans((db) =>
      listAdminProducts(db, { skip: 0, limit: 100, sort, ...filter }, new Date()),
    );
    const direction = sort.startsWith('-') ? 'desc' : 'asc';
    for (const plan of plans) {
      expect(plan).not.toMatch(/TEMP B-TREE/);
      expect(plan).toMatch(new RegExp(`USING INDEX products_\\w*stock_${direction}_id`));
    }
  });

  it.each([
    { sort: '-created_at', filter: { stock_state: 'low_stock' } },
    { sort: 'created_at', filter: { stock_state: 'out_of_stock' } },
  ] as { sort: AdminProductQuery['sort']; filter: Partial<AdminProductQuery> }[])(
    'products: $filter sorted by $sort',
    async ({ sort, filter }) => {
      const plans = await pagePlans((db) =>
        listAdminProducts(db, { skip: 0, limit: 100, sort, ...filter }, new Date()),
      );
      for (const plan of plans) {
        expect(plan).toBe(
          'SEARCH p USING INDEX products_stock_state_created_at_id (stock_state=?)',
        );
      }
    },
  );

  const orderSorts: AdminOrderQuery['sort'][] = [
    'created_at',
    '-created_at',
    'total_amount',
    '-total_amount',
  ];
  const orderFilters: Partial<AdminOrderQuery>[] = [
    {},
    { status: 'pending' },
    { payment_method: 'cash_on_delivery' },
  ];
  it.each(orderSorts.flatMap((sort) => orderFilters.map((filter) => ({ sort, filter }))))(
    'orders: $filter sorted by $sort',
    async ({ sort, filter }) => {
      const plans = await pagePlans((db) =>
        listAdminOrders(db, { skip: 0, limit: 100, sort, ...filter }),
      );
      for (const plan of plans) expect(plan).not.toMatch(/TEMP B-TREE/);
    },
  );
});
