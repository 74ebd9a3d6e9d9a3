// Property: for products with any mix of variants (simple or not, a default variant left behind,
// inactive, untracked, out of stock, low, negative after backorders, the DEFAULT placeholder SKU),
// the admin list's sku, stock_quantity and stock_state (the latter two kept on products by the
// triggers of migration 026), its stock_state filter and stock sort (on those columns), and the
// CSV export paged by keyset on that sort all agree with the pure rule of domain/inventory.ts
// (isStockCounted, productStock). Then the products are changed through the API (variants added,
// deleted, deactivated, stock adjusted and set, tracking, thresholds and backorders switched; the
// API keeps a product's type, so has_variants is flipped in the database) and the columns agree
// with the rule after every change, and the list, filter, sort and export after all of them. On
// both databases. Bad requests are mixed into the changes (stock, thresholds and adjustments out
// of range or of the wrong type, a new variant with a blank, spaced or overlong SKU or a negative
// price, to known and unknown ids): each gets a 422 with a `detail` and changes no row. assertProperty
// prints the seed and path of a failure; FC_SEED / FC_PATH / FC_RUNS replay it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useAdminAccount, useTestApp } from '../../../test-support/app';
import { testDialects } from '../../../test-support/databases';
import { insertProduct, insertVariant, insertVatRate } from '../../../test-support/fixtures';
import { assertProperty } from '../../../test-support/properties';
import { clearShop } from '../../../test-support/shop';
import { productStockColumns } from '../../../test-support/stock';
import {
  isStockCounted,
  PLACEHOLDER_SKU,
  productStock,
  type StockState,
} from '../../domain/inventory';
import { productRows } from '../catalogue/product-export';
import { listAdminProducts, type AdminProductFilters } from '../catalogue/products';

const NUM_RUNS = 8;
const UNKNOWN_ID = 2_000_000_000;
const STATES: StockState[] = ['in_stock', 'low_stock', 'out_of_stock', 'not_tracked'];

const variantArb = fc.record({
  is_active: fc.boolean(),
  track_inventory: fc.boolean(),
  stock_quantity: fc.integer({ min: -3, max: 12 }),
  low_stock_threshold: fc.integer({ min: 0, max: 6 }),
  placeholder: fc.boolean(),
});

/**
 * A simple product has at most its default variant (rarely an own one left from when it had
 * variants); a product with variants its own ones, sometimes beside a default one left behind.
 */
const productArb = fc.oneof(
  fc.record({
    has_variants: fc.constant(false),
    is_active: fc.boolean(),
    variants: fc.array(
      fc.record({
        v: variantArb,
        is_default: fc.oneof(
          { weight: 4, arbitrary: fc.constant(true) },
          { weight: 1, arbitrary: fc.constant(false) },
        ),
      }),
      { maxLength: 1 },
    ),
  }),
  fc.record({
    has_variants: fc.constant(true),
    is_active: fc.boolean(),
    variants: fc.array(fc.record({ v: variantArb, is_default: fc.constant(false) }), {
      maxLength: 4,
    }),
    leftover: fc.option(variantArb, { nil: undefined }),
  }),
);

type ProductPlan = typeof productArb extends fc.Arbitrary<infer T> ? T : never;

interface Expected {
  id: number;
  is_active: boolean;
  sku: string | null;
  quantity: number | null;
  state: StockState;
}

/** The list's order for sort=stock (asc) or -stock: nulls last either way, ties by id. */
function stockOrder(products: Expected[], desc: boolean): number[] {
  const sign = desc ? -1 : 1;
  return [...products]
    .sort((a, b) => {
      if (a.quantity === null || b.quantity === null) {
        if (a.quantity !== b.quantity) return a.quantity === null ? 1 : -1;
      } else if (a.quantity !== b.quantity) return sign * (a.quantity - b.quantity);
      return sign * (a.id - b.id);
    })
    .map((p) => p.id);
}

/** The products of an export, in its order (one record per variant, grouped by product). */
async function exportedIds(
  db: Parameters<typeof productRows>[0],
  q: AdminProductFilters,
  pageSize: number,
): Promise<{ total: number; ids: number[] }> {
  const file = await productRows(db, q, new Date(), pageSize);
  const ids: number[] = [];
  for await (const page of file.pages) {
    for (const record of page) {
      const id = Number(record[0]);
      if (ids[ids.length - 1] !== id) ids.push(id);
    }
  }
  return { total: file.total, ids };
}

/** A change made through the API to the product or variant at an index (modulo their number). */
const changeArb = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), product: fc.nat(), v: variantArb }),
  fc.record({ kind: fc.constant('delete' as const), variant: fc.nat() }),
  fc.record({ kind: fc.constant('flip' as const), product: fc.nat() }),
  fc.record({ kind: fc.constant('active' as const), variant: fc.nat(), on: fc.boolean() }),
  fc.record({
    kind: fc.constant('adjust' as const),
    variant: fc.nat(),
    by: fc.integer({ min: -8, max: 8 }).filter((n) => n !== 0),
  }),
  fc.record({
    kind: fc.constant('inventory' as const),
    variant: fc.nat(),
    set: fc.oneof(
      fc.record({ track_inventory: fc.boolean() }),
      fc.record({ stock_quantity: fc.integer({ min: 0, max: 12 }) }),
      fc.record({ low_stock_threshold: fc.integer({ min: 0, max: 12 }) }),
      fc.record({ allow_backorder: fc.boolean() }),
    ),
  }),
  fc.record({
    kind: fc.constant('bad' as const),
    variant: fc.nat(),
    unknown: fc.boolean(),
    request: fc.oneof(
      fc.record({
        to: fc.constant('inventory' as const),
        body: fc.oneof(
          fc.record({
            stock_quantity: fc.constantFrom<unknown>(-1, 1_000_000_001, 2.5, '3', null),
          }),
          fc.record({ low_stock_threshold: fc.constantFrom<unknown>(-1, 1.5, 'low', [], true) }),
          fc.record({ track_inventory: fc.constantFrom<unknown>('yes', 1, null) }),
        ),
      }),
      fc.record({
        to: fc.constant('adjust' as const),
        body: fc.record({
          adjustment: fc.constantFrom<unknown>(0, 1_000_001, -1_000_001, 0.5, '2', null),
        }),
      }),
      fc.record({
        to: fc.constant('add' as const),
        body: fc.constantFrom<Record<string, unknown>>(
          { sku: '' },
          { sku: 'HAS SPACE' },
          { sku: 'S'.repeat(65) },
          { variant_title: 'T'.repeat(201) },
          { price: '-1.000' },
          { price: '1.0001' },
          { stock_quantity: -1 },
        ),
      }),
    ),
  }),
);
type Change = typeof changeArb extends fc.Arbitrary<infer T> ? T : never;

describe.each(testDialects)('product stock: SQL and the pure rule agree (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const admin = useAdminAccount(t, 'manager');
  let added = 0;

  /** Makes a change through the API: its status (a refusal, e.g. 409 untracked, is a status). */
  async function change(c: Change): Promise<number> {
    const db = t.database.db;
    const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.app
        .inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) })
        .then((res) => res.statusCode);
    if (c.kind === 'add' || c.kind === 'flip') {
      const products = await db
        .selectFrom('products')
        .select(['id', 'has_variants'])
        .orderBy('id')
        .execute();
      const product = products[c.product % products.length];
      if (!product) return 0;
      if (c.kind === 'flip') {
        // The API refuses to change a product's type (PRODUCT_TYPE_FIXED), but the rule reads
        // has_variants and a migration or an operator might change it: the trigger follows.
        await db
          .updateTable('products')
          .set({ has_variants: product.has_variants === 1 ? 0 : 1 })
          .where('id', '=', product.id)
          .execute();
        return 200;
      }
      added += 1;
      return call('POST', `/api/v1/admin/variants/${product.id}/variants`, {
        sku: `ADDED-${added}`,
        variant_title: `Added ${added}`,
        price: '12.000',
        cost_price: '5.000',
        stock_quantity: Math.max(0, c.v.stock_quantity),
        low_stock_threshold: c.v.low_stock_threshold,
        track_inventory: c.v.track_inventory,
        is_active: c.v.is_active,
      });
    }
    const variants = await db.selectFrom('variants').select('id').orderBy('id').execute();
    const variant = variants[c.variant % variants.length];
    if (!variant) return 0;
    if (c.kind === 'bad') return bad(c, variant.id);
    const url = `/api/v1/admin/variants/${variant.id}`;
    if (c.kind === 'delete') return call('DELETE', url);
    if (c.kind === 'active') return call('PATCH', url, { is_active: c.on });
    if (c.kind === 'adjust') return call('POST', `${url}/inventory/adjust`, { adjustment: c.by });
    return call('PATCH', `${url}/inventory`, c.set);
  }

  /**
   * Sends a refused request and checks the refusal: 422 with a `detail` (the body is checked
   * before the id is looked up, so an unknown id gets it too), and no row or movement changed.
   */
  async function bad(c: Extract<Change, { kind: 'bad' }>, variantId: number): Promise<number> {
    const db = t.database.db;
    const rows = async () => ({
      products: await db.selectFrom('products').selectAll().orderBy('id').execute(),
      variants: await db.selectFrom('variants').selectAll().orderBy('id').execute(),
      movements: (await db.selectFrom('stock_movements').select('id').execute()).length,
    });
    const before = await rows();
    const { request } = c;
    const res =
      request.to === 'add'
        ? await t.app.inject({
            method: 'POST',
            url: `/api/v1/admin/variants/${c.unknown ? UNKNOWN_ID : before.products[0]?.id}/variants`,
            headers: admin.headers,
            payload: {
              sku: `BAD-${++added}`,
              variant_title: 'Bad',
              price: '12.000',
              cost_price: '5.000',
              ...request.body,
            },
          })
        : await t.app.inject({
            method: request.to === 'adjust' ? 'POST' : 'PATCH',
            url: `/api/v1/admin/variants/${c.unknown ? UNKNOWN_ID : variantId}/inventory${request.to === 'adjust' ? '/adjust' : ''}`,
            headers: admin.headers,
            payload: request.body,
          });
    expect(res.statusCode, `${JSON.stringify(c)}: ${res.body}`).toBe(422);
    const detail: unknown = res.json<{ detail: unknown }>().detail;
    expect(Array.isArray(detail) && detail.length > 0, res.body).toBe(true);
    expect(await rows(), `${JSON.stringify(c)} changed nothing`).toEqual(before);
    return res.statusCode;
  }

  /** Each product's columns as they are, and as the pure rule says from its variants as they are. */
  async function columnsAndRule() {
    const products = await productStockColumns(t.database.db);
    return {
      columns: products.map((p) => ({ id: p.product_id, ...p.kept })),
      rule: products.map((p) => ({ id: p.product_id, ...p.rule })),
    };
  }

  async function build(plans: ProductPlan[]): Promise<Expected[]> {
    const db = t.database.db;
    await clearShop(db);
    const rate = await insertVatRate(db);
    const expected: Expected[] = [];
    let n = 0;
    for (const plan of plans) {
      n += 1;
      const row = await insertProduct(db, {
        vat_rate_id: rate.id,
        has_variants: plan.has_variants ? 1 : 0,
        is_active: plan.is_active ? 1 : 0,
        created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, n)).toISOString(),
      });
      const variants = [
        ...plan.variants,
        ...('leftover' in plan && plan.leftover ? [{ v: plan.leftover, is_default: true }] : []),
      ];
      const stored: (Parameters<typeof isStockCounted>[1] & { sku: string })[] = [];
      for (const { v, is_default } of variants) {
        const values: Parameters<typeof insertVariant>[2] & Parameters<typeof isStockCounted>[1] = {
          is_default: is_default ? 1 : 0,
          is_active: v.is_active ? 1 : 0,
          track_inventory: v.track_inventory ? 1 : 0,
          stock_quantity: v.stock_quantity,
          low_stock_threshold: v.low_stock_threshold,
        };
        const inserted = await insertVariant(
          db,
          row.id,
          v.placeholder ? { ...values, sku: PLACEHOLDER_SKU } : values,
        );
        stored.push({ ...values, sku: inserted.sku });
      }
      const stock = productStock(stored.filter((v) => isStockCounted(plan, v)));
      const simpleSku = plan.has_variants ? undefined : stored[0]?.sku;
      expected.push({
        id: row.id,
        is_active: plan.is_active,
        sku: simpleSku === undefined || simpleSku === PLACEHOLDER_SKU ? null : simpleSku,
        quantity: stock.quantity,
        state: stock.state,
      });
    }
    return expected;
  }

  const list = (q: Partial<AdminProductFilters>) =>
    listAdminProducts(
      t.database.db,
      { skip: 0, limit: 1000, sort: '-created_at', ...q },
      new Date(),
    );

  /** The list, its state filter and stock sort, and the export, against what is expected. */
  async function checkList(expected: Expected[], pageSize: number) {
    const byId = new Map(expected.map((e) => [e.id, e]));
    const all = await list({});
    expect(all.total).toBe(expected.length);
    for (const p of all.items) {
      const e = byId.get(p.id);
      expect({
        sku: p.sku,
        stock_quantity: p.stock_quantity,
        stock_state: p.stock_state,
      }).toEqual({ sku: e?.sku, stock_quantity: e?.quantity, stock_state: e?.state });
    }

    for (const sort of ['stock', '-stock'] as const) {
      for (const stock_state of [undefined, ...STATES]) {
        for (const is_active of [undefined, true]) {
          const q = { sort, stock_state, is_active };
          const kept = expected.filter(
            (e) =>
              (stock_state === undefined || e.state === stock_state) &&
              (is_active === undefined || e.is_active === is_active),
          );
          const order = stockOrder(kept, sort === '-stock');
          const listed = await list(q);
          expect(
            listed.items.map((p) => p.id),
            JSON.stringify(q),
          ).toEqual(order);
          expect(listed.total, JSON.stringify(q)).toBe(order.length);
          const exported = await exportedIds(t.database.db, q, pageSize);
          expect(exported, JSON.stringify({ ...q, pageSize })).toEqual({
            total: order.length,
            ids: order,
          });
        }
      }
    }
  }

  /** What the rule expects of the products as they are now (after changes). */
  async function expectedNow(): Promise<Expected[]> {
    const db = t.database.db;
    const [products, variants] = await Promise.all([
      db.selectFrom('products').select(['id', 'is_active', 'has_variants']).execute(),
      db.selectFrom('variants').selectAll().execute(),
    ]);
    const { rule } = await columnsAndRule();
    const stock = new Map(rule.map((r) => [r.id, r]));
    return products.map((p) => {
      const own = variants.filter((v) => v.product_id === p.id);
      // The highest of a simple product's SKUs (several only after a flip), in code-point order
      // as SQLite and the test cluster's C collation compare them.
      const sku = own
        .map((v) => v.sku)
        .filter((sku) => sku !== PLACEHOLDER_SKU)
        .reduce<string | null>((max, sku) => (max === null || sku > max ? sku : max), null);
      return {
        id: p.id,
        is_active: p.is_active === 1,
        sku: p.has_variants === 1 ? null : sku,
        quantity: stock.get(p.id)?.quantity ?? null,
        state: stock.get(p.id)?.state ?? 'not_tracked',
      };
    });
  }

  it('presents, filters, sorts and exports every product as the rule says, after changes too', async () => {
    const statuses = new Map<string, number>();
    await assertProperty(
      fc.asyncProperty(
        fc.array(productArb, { minLength: 20, maxLength: 40 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(changeArb, { minLength: 20, maxLength: 60 }),
        async (plans, pageSize, changes) => {
          await checkList(await build(plans), pageSize);

          for (const [i, c] of changes.entries()) {
            const status = await change(c);
            const seen = `${c.kind} ${status}`;
            statuses.set(seen, (statuses.get(seen) ?? 0) + 1);
            // 409: an adjustment of an untracked variant or below 0 without backorders, or a
            // first variant added to a simple product (its type is fixed).
            expect([200, 201, 204, 409, 422], JSON.stringify(c)).toContain(status);
            const { columns, rule } = await columnsAndRule();
            expect(columns, `after change ${i}: ${JSON.stringify(c)}`).toEqual(rule);
          }
          await checkList(await expectedNow(), pageSize);
        },
      ),
      // No shrinking (each run builds a shop): a failure reports its seed and path at once.
      { numRuns: NUM_RUNS, endOnFailure: true },
    );
    // The changes were made, not refused: each kind succeeded at least once over the runs.
    for (const [kind, ok] of [
      ['add', 201],
      ['flip', 200],
      ['delete', 204],
      ['active', 200],
      ['adjust', 200],
      ['inventory', 200],
      ['bad', 422],
    ] as const) {
      expect(statuses.get(`${kind} ${ok}`), JSON.stringify([...statuses])).toBeGreaterThan(0);
    }
  }, 300_000);
});
