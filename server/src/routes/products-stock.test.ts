// The admin products list's SKU and stock (#26 point 6): sku, stock_quantity and stock_state of
// simple products and products with variants, the stock_state filter, the stock sort (products
// without a counted variant last either way), with the other filters, the CSV export under the
// same ones, and the list following stock adjustments (stock = Σ movements still).
import { beforeEach, describe, expect, it } from 'vitest';
import { expectResponseMatches } from '../../test-support/openapi-validator';
import { firstIssueLoc, type Schemas } from '../../test-support/contract';
import { useAdminAccount, useTestApp } from '../../test-support/app';
import { csvObjects } from '../../test-support/csv';
import { testDialects } from '../../test-support/databases';
import { insertCategory, insertVariant, insertVatRate } from '../../test-support/fixtures';
import { clearShop } from '../../test-support/shop';
import { stockLedgerMismatches } from '../../test-support/stock';

type Product = Schemas['Product'];
const LIST = '/api/v1/admin/products/';
const CSV = '/api/v1/admin/exports/products';

describe.each(testDialects)('products list: SKU and stock (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const admin = useAdminAccount(t, 'manager');
  const db = () => t.database.db;
  const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });

  let food: number;
  let decor: number;
  let clothing: number;
  let vatRateId: number;
  /** The products by name, created in this order (ids ascending). */
  const ids: Record<string, number> = {};
  let leftoverId: number;
  let smallShirtId: number;

  async function createProduct(body: Record<string, unknown>): Promise<Product> {
    const name = String(body.name);
    const res = await inject('POST', LIST, {
      slug: name.toLowerCase().replace(/\W+/g, '-'),
      description: `${name}, for the stock tests`,
      base_price: '10',
      vat_rate_id: vatRateId,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    const product = expectResponseMatches<Product>('createProduct', res);
    ids[name] = product.id;
    return product;
  }

  async function createVariant(productId: number, body: Record<string, unknown>) {
    const res = await inject('POST', `/api/v1/admin/variants/${productId}/variants`, {
      variant_title: String(body.sku),
      price: '12',
      cost_price: '5',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return expectResponseMatches<Schemas['Variant']>('createVariant', res);
  }

  beforeEach(async () => {
    await clearShop(db());
    vatRateId = (await insertVatRate(db(), { rate_bp: 1900, country_code: 'TN', is_default: 1 }))
      .id;
    food = (await insertCategory(db(), { name: 'Food', slug: 'food' })).id;
    decor = (await insertCategory(db(), { name: 'Decor', slug: 'decor' })).id;
    clothing = (await insertCategory(db(), { name: 'Clothing', slug: 'clothing' })).id;

    await createProduct({
      name: 'Olive oil',
      category_id: food,
      inventory: { sku: 'OIL-1L', stock_quantity: 3, low_stock_threshold: 5 },
    });
    // No SKU given: the default variant gets the DEFAULT placeholder.
    await createProduct({ name: 'Honey', category_id: food, inventory: { stock_quantity: 40 } });
    // No inventory: no default variant.
    await createProduct({ name: 'Poster', category_id: decor });

    const shirt = await createProduct({
      name: 'Linen shirt',
      category_id: clothing,
      has_variants: true,
    });
    smallShirtId = (await createVariant(shirt.id, { sku: 'SHIRT-S', stock_quantity: 4 })).id;
    await createVariant(shirt.id, { sku: 'SHIRT-M', stock_quantity: 20 });
    await createVariant(shirt.id, { sku: 'SHIRT-L', stock_quantity: 100, is_active: false });
    await createVariant(shirt.id, { sku: 'SHIRT-XL', stock_quantity: 50, track_inventory: false });
    // A hidden default variant left from when the shirt was simple (the API no longer makes one).
    leftoverId = (
      await insertVariant(db(), shirt.id, { is_default: 1, sku: 'DEFAULT', stock_quantity: 30 })
    ).id;

    await createProduct({
      name: 'Mug',
      category_id: decor,
      is_active: false,
      inventory: { sku: 'MUG', stock_quantity: 0 },
    });
    const cap = await createProduct({ name: 'Cap', category_id: clothing, has_variants: true });
    await createVariant(cap.id, { sku: 'CAP-RED', stock_quantity: 0 });
    await createVariant(cap.id, { sku: 'CAP-BLUE', stock_quantity: 0 });
  });

  async function list(query = ''): Promise<{ items: Product[]; total: number }> {
    const res = await inject('GET', `${LIST}?${query}`);
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    const items = expectResponseMatches<Product[]>('listAdminProducts', res);
    return { items, total: Number(res.headers['x-total-count']) };
  }
  const names = (items: Product[]) =>
    items.map((p) => Object.keys(ids).find((name) => ids[name] === p.id));
  type StockFields = Pick<Product, 'sku' | 'stock_quantity' | 'stock_state'>;
  const stockOf = (items: Product[]): Record<string, StockFields> =>
    Object.fromEntries(
      items.map((p): [string, StockFields] => [
        names([p])[0] ?? String(p.id),
        { sku: p.sku, stock_quantity: p.stock_quantity, stock_state: p.stock_state },
      ]),
    );

  it("shows a simple product's SKU and stock, and a product's stock summed over its counted variants", async () => {
    const { items } = await list();
    expect(stockOf(items)).toEqual({
      'Olive oil': { sku: 'OIL-1L', stock_quantity: 3, stock_state: 'low_stock' },
      Honey: { sku: null, stock_quantity: 40, stock_state: 'in_stock' },
      Poster: { sku: null, stock_quantity: null, stock_state: 'not_tracked' },
      // S 4 (low) + M 20; not L (inactive), XL (untracked) nor the leftover default variant.
      'Linen shirt': { sku: null, stock_quantity: 24, stock_state: 'low_stock' },
      Mug: { sku: 'MUG', stock_quantity: 0, stock_state: 'out_of_stock' },
      Cap: { sku: null, stock_quantity: 0, stock_state: 'out_of_stock' },
    });
    // One product answers the same as the list.
    const res = await inject('GET', `${LIST}${ids['Linen shirt']}`);
    const shirt = expectResponseMatches<Product>('getProduct', res);
    expect([shirt.sku, shirt.stock_quantity, shirt.stock_state]).toEqual([null, 24, 'low_stock']);

    // The audit entry records the product's own fields: its stock is under inventory, not
    // repeated as the derived stock_quantity, stock_state and sku.
    const entry = await db()
      .selectFrom('audit_log')
      .select('changes')
      .where('entity', '=', 'product')
      .where('entity_id', '=', ids['Olive oil'] ?? 0)
      .where('action', '=', 'create')
      .executeTakeFirstOrThrow();
    const fields = (JSON.parse(entry.changes) as { field: string }[]).map((c) => c.field);
    expect(fields).toEqual(expect.arrayContaining(['slug', 'inventory']));
    for (const derived of ['sku', 'stock_quantity', 'stock_state', 'price_range']) {
      expect(fields).not.toContain(derived);
    }
  });

  it('filters by stock state, counted in X-Total-Count', async () => {
    const cases: [string, string[]][] = [
      ['in_stock', ['Honey']],
      ['low_stock', ['Olive oil', 'Linen shirt']],
      ['out_of_stock', ['Mug', 'Cap']],
      ['not_tracked', ['Poster']],
    ];
    for (const [state, expected] of cases) {
      const { items, total } = await list(`stock_state=${state}&sort=name`);
      expect(names(items), state).toEqual([...expected].sort());
      expect(total, state).toBe(expected.length);
    }
  });

  it('sorts by stock either way, ties by id, products without counted stock last', async () => {
    expect(names((await list('sort=stock')).items)).toEqual([
      'Mug',
      'Cap',
      'Olive oil',
      'Linen shirt',
      'Honey',
      'Poster',
    ]);
    const mostStockFirst = ['Honey', 'Linen shirt', 'Olive oil', 'Cap', 'Mug', 'Poster'];
    expect(names((await list('sort=-stock')).items)).toEqual(mostStockFirst);
    // Paging through the order keeps it.
    const first = await list('sort=-stock&limit=4');
    const rest = await list('sort=-stock&skip=4&limit=4');
    expect([...names(first.items), ...names(rest.items)]).toEqual(mostStockFirst);
    expect([first.total, rest.total]).toEqual([6, 6]);
  });

  const combined = (): [string, string[]][] => [
    ['stock_state=out_of_stock&is_active=true', ['Cap']],
    ['stock_state=out_of_stock&is_active=false', ['Mug']],
    [`category_id=${decor}&stock_state=in_stock`, []],
    ['search=shirt&stock_state=low_stock', ['Linen shirt']],
    ['search=shirt&stock_state=in_stock', []],
  ];

  it('combines the stock filter and sort with category, status and search', async () => {
    const cases: [string, string[]][] = [
      ...combined(),
      [`category_id=${food}&sort=-stock`, ['Honey', 'Olive oil']],
      [`category_id=${decor}&sort=stock`, ['Mug', 'Poster']],
      [`category_id=${clothing}&stock_state=low_stock`, ['Linen shirt']],
      ['is_active=true&sort=stock', ['Cap', 'Olive oil', 'Linen shirt', 'Honey', 'Poster']],
    ];
    for (const [query, expected] of cases) {
      const { items, total } = await list(query);
      expect(names(items), query).toEqual(expected);
      expect(total, query).toBe(expected.length);
    }
  });

  it('exports the products the list shows, in its order, under the same filters and sort', async () => {
    const queries = [
      'sort=stock',
      'sort=-stock',
      'stock_state=low_stock&sort=stock',
      'stock_state=out_of_stock&sort=-stock',
      `category_id=${clothing}&sort=-stock`,
      ...combined().map(([query]) => query),
    ];
    for (const query of queries) {
      const listed = await list(query);
      const res = await inject('GET', `${CSV}?${query}`);
      expect(res.statusCode, query).toBe(200);
      const productIds = csvObjects(res.body.replace(/^\uFEFF/, ''))
        .map((row) => Number(row.product_id))
        .filter((id, i, all) => i === 0 || all[i - 1] !== id);
      expect(productIds, query).toEqual(listed.items.map((p) => p.id));
      expect(res.headers['x-total-count'], query).toBe(String(listed.total));
    }
  });

  it('refuses an unknown stock state or sort with 422 naming the parameter', async () => {
    for (const [query, parameter] of [
      ['stock_state=plenty', 'stock_state'],
      ['stock_state=', 'stock_state'],
      ['sort=stocks', 'sort'],
    ] as const) {
      const res = await inject('GET', `${LIST}?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(firstIssueLoc('listAdminProducts', res), query).toEqual(['query', parameter]);
      const csv = await inject('GET', `${CSV}?${query}`);
      expect(csv.statusCode, query).toBe(422);
      expect(firstIssueLoc('exportProducts', csv), query).toEqual(['query', parameter]);
    }
  });

  it('follows stock adjustments, and stock stays the sum of the movements', async () => {
    // Read once, so a stale cached answer would show below.
    expect(stockOf((await list('stock_state=low_stock')).items)).toHaveProperty('Linen shirt');

    const adjust = async (variantId: number, adjustment: number) => {
      const res = await inject('POST', `/api/v1/admin/variants/${variantId}/inventory/adjust`, {
        adjustment,
        reason: 'Recount',
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await adjust(smallShirtId, 10);
    const oil = await db()
      .selectFrom('variants')
      .select('id')
      .where('product_id', '=', ids['Olive oil'] ?? 0)
      .executeTakeFirstOrThrow();
    await adjust(oil.id, -3);

    const after = stockOf((await list()).items);
    expect(after['Linen shirt']).toEqual({
      sku: null,
      stock_quantity: 34,
      stock_state: 'in_stock',
    });
    expect(after['Olive oil']).toEqual({
      sku: 'OIL-1L',
      stock_quantity: 0,
      stock_state: 'out_of_stock',
    });
    expect(names((await list('stock_state=low_stock')).items)).toEqual([]);
    expect(names((await list('stock_state=out_of_stock&sort=stock')).items)).toEqual([
      'Olive oil',
      'Mug',
      'Cap',
    ]);
    // The leftover default variant was written straight into the table, without a movement.
    const mismatches = await stockLedgerMismatches(db());
    expect(mismatches.filter((m) => m.variant_id !== leftoverId)).toEqual([]);
  });
});
