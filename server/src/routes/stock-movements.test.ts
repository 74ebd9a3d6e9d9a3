// Stock history (listStockMovements, listStockMovementAdmins, exportStockMovements): the ledger
// newest first with who and which order, each filter, the refusals, the movements of deleted
// variants, the CSV file (columns, formulas neutralised, many keyset pages) and the roles.
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { Database } from '../db/schema';
import { expectResponseMatches } from '../../test-support/openapi-validator';
import { expectStatus, firstIssueLoc, type Schemas } from '../../test-support/contract';
import { useAdminAccount, useTestApp } from '../../test-support/app';
import { csvObjects } from '../../test-support/csv';
import { testDialects } from '../../test-support/databases';
import { insertCategory, rowCount } from '../../test-support/fixtures';
import { useShop } from '../../test-support/shop';
import { stockShop } from '../../test-support/stock';
import { PAGE_SIZE } from '../services/platform/csv-export';

type Entry = Schemas['StockMovementEntry'];

const LIST = '/api/v1/admin/stock-movements/';
const ADMINS = '/api/v1/admin/stock-movements/admins';
const CSV = '/api/v1/admin/exports/stock-movements';
const BOM = '\uFEFF';
const HEADER =
  'created_at,variant_id,product_id,sku,title,delta,stock_before,stock_after,reason,' +
  'admin_username,order_number,kind';

describe.each(testDialects)('stock history (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const shop = useShop(t);
  const alice = useAdminAccount(t, 'admin');
  const db = () => t.database.db;
  const api = () => stockShop(t, alice.headers);

  const get = (url: string, headers: Record<string, string> = alice.headers) =>
    t.app.inject({ method: 'GET', url, headers });

  /** One page of the ledger (200, checked against the contract) and its X-Total-Count. */
  async function ledger(query = '', headers = alice.headers) {
    const res = await get(`${LIST}${query}`, headers);
    const items = expectResponseMatches<Entry[]>('listStockMovements', res);
    return { items, total: Number(res.headers['x-total-count']) };
  }

  /** A simple product with stock 10 made through the API (its first movement is alice's). */
  async function product(name: string) {
    const category = await insertCategory(db(), { name: `${name} category`, slug: `${name}-c` });
    return api().product(
      name,
      { stock_quantity: 10, sku: `SKU-${name.replaceAll(' ', '-')}` },
      { vatRateId: shop.tn19.id, categoryId: category.id },
    );
  }

  /** Movements written straight into the ledger (times and reasons the API would not give). */
  async function insertMovements(rows: Partial<Insertable<Database['stock_movements']>>[]) {
    await db()
      .insertInto('stock_movements')
      .values(
        rows.map((row) => ({
          kind: 'adjustment' as const,
          variant_id: null,
          order_id: null,
          sku: 'RAW',
          title: 'Raw',
          delta: 1,
          reason: null,
          stock_before: 0,
          stock_after: 1,
          admin_user_id: null,
          created_at: '2026-01-01T00:00:00.000Z',
          ...row,
        })),
      )
      .execute();
  }

  it('lists a variant movements newest first, with who made them and the order that caused them', async () => {
    const { productId, variantId } = await product('Olive oil');
    expect((await api().adjust(variantId, -3)).statusCode).toBe(200);
    const placed = await api().checkout([{ productId, quantity: 2 }]);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ id: number; order_number: string }>();
    expect((await api().cancel(order.id, 'Changed mind')).statusCode).toBe(200);

    const { items, total } = await ledger(`?variant_id=${variantId}`);
    expect(total).toBe(4);
    const alicesName = (
      await db()
        .selectFrom('admin_users')
        .select('username')
        .where('id', '=', alice.id)
        .executeTakeFirstOrThrow()
    ).username;
    expect(
      items.map((m) => [
        m.delta,
        m.stock_before,
        m.stock_after,
        m.reason,
        m.admin_username,
        m.order_id,
        m.order_number,
      ]),
    ).toEqual([
      [2, 5, 7, `Order ${order.order_number} cancelled`, alicesName, order.id, order.order_number],
      [-2, 7, 5, `Order ${order.order_number}`, null, order.id, order.order_number],
      [-3, 10, 7, null, alicesName, null, null],
      [10, 0, 10, 'Product inventory update', alicesName, null, null],
    ]);
    // What the ledger words in the reader's language: the kind and its references.
    expect(items.map((m) => [m.kind, m.order_status, m.import_file])).toEqual([
      ['cancel', 'cancelled', null],
      ['checkout', null, null],
      ['adjustment', null, null],
      ['inventory_update', null, null],
    ]);
    for (const m of items) {
      expect(m).toMatchObject({
        variant_id: variantId,
        product_id: productId,
        sku: 'SKU-Olive-oil',
        title: 'Olive oil',
      });
    }
    // Newest first: created_at never grows down the page, ties by id.
    const keys = items.map((m) => [m.created_at, m.id] as const);
    expect(keys).toEqual([...keys].sort((a, b) => b[0].localeCompare(a[0]) || b[1] - a[1]));

    // The order filter: the checkout and the cancellation only.
    const ofOrder = await ledger(`?order_id=${order.id}`);
    expect(ofOrder.items.map((m) => m.delta)).toEqual([2, -2]);
    expect(ofOrder.total).toBe(2);

    // Back to confirmed takes the units again: a reopen, to that status.
    expect((await api().status(order.id, 'confirmed')).statusCode).toBe(200);
    const [reopened] = (await ledger(`?variant_id=${variantId}`)).items;
    expect(reopened).toMatchObject({
      kind: 'reopen',
      order_status: 'confirmed',
      order_number: order.order_number,
      reason: `Order ${order.order_number} back to confirmed`,
      delta: -2,
    });
  });

  it('filters by product, admin, reason and dates, and pages with skip and limit', async () => {
    const oil = await product('Oil');
    const salt = await product('Salt');
    const bob = await t.createAdmin({ role: 'inventory_manager', username: 'bob' });
    const asBob = { authorization: `Bearer ${bob.token}` };
    const bobAdjusts = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/variants/${salt.variantId}/inventory/adjust`,
      headers: asBob,
      payload: { adjustment: 5, reason: 'Found 100% of the Lost_box' },
    });
    expect(bobAdjusts.statusCode, bobAdjusts.body).toBe(200);

    const ofOil = await ledger(`?product_id=${oil.productId}`);
    expect(ofOil.items.map((m) => m.variant_id)).toEqual([oil.variantId]);
    const ofBob = await ledger(`?admin_user_id=${bob.id}`);
    expect(ofBob.items.map((m) => [m.variant_id, m.admin_username])).toEqual([
      [salt.variantId, 'bob'],
    ]);
    expect((await ledger(`?admin_user_id=${bob.id}&product_id=${oil.productId}`)).total).toBe(0);

    // Contained, trimmed, case-insensitive; % and _ are themselves.
    for (const reason of ['lost_BOX', '  100%  ', 'found']) {
      const found = await ledger(`?reason=${encodeURIComponent(reason)}`);
      expect(found.items.map((m) => m.reason)).toEqual(['Found 100% of the Lost_box']);
    }
    expect((await ledger('?reason=100%25%25')).total).toBe(0);
    expect((await ledger('?reason=lost-box')).total).toBe(0);

    await insertMovements([
      { created_at: '2026-03-01T10:00:00.000Z', reason: 'March' },
      { created_at: '2026-03-02T10:00:00.000Z', reason: 'March' },
      { created_at: '2026-04-01T10:00:00.000Z', reason: 'April' },
    ]);
    const march = await ledger('?date_from=2026-03-01T10:00:00Z&date_to=2026-03-31T23:59:59.999Z');
    expect(march.items.map((m) => m.created_at)).toEqual([
      '2026-03-02T10:00:00.000Z',
      '2026-03-01T10:00:00.000Z',
    ]);
    // An offset is an instant like any other.
    const fromApril = await ledger(
      '?date_from=2026-04-01T11:00:00%2B01:00&date_to=2026-04-01T11:00:00%2B01:00',
    );
    expect(fromApril.items.map((m) => m.reason)).toEqual(['April']);

    // Paging: the whole ledger, two at a time, is the ledger.
    const all = await ledger();
    expect(all.total).toBe(6);
    const paged: number[] = [];
    for (let skip = 0; skip < all.total; skip += 2) {
      const page = await ledger(`?skip=${skip}&limit=2`);
      expect(page.total).toBe(6);
      paged.push(...page.items.map((m) => m.id));
    }
    expect(paged).toEqual(all.items.map((m) => m.id));
  });

  it('keeps the movements of deleted variants and deleted admins', async () => {
    const { productId, variantId } = await product('Gone');
    const carol = await t.createAdmin({ role: 'admin', username: 'carol' });
    const adjusted = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/variants/${variantId}/inventory/adjust`,
      headers: { authorization: `Bearer ${carol.token}` },
      payload: { adjustment: 1, reason: 'Recount' },
    });
    expect(adjusted.statusCode).toBe(200);
    const admins = await get(ADMINS);
    expect(
      expectResponseMatches<Schemas['StockMovementAdmin'][]>('listStockMovementAdmins', admins).map(
        (a) => a.username,
      ),
    ).toContain('carol');

    const deleted = await get(`/api/v1/admin/products/${productId}`);
    expect(deleted.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/admin/products/${productId}`,
          headers: alice.headers,
        })
      ).statusCode,
    ).toBe(204);
    await db().deleteFrom('admin_users').where('id', '=', carol.id).execute();

    const { items, total } = await ledger('?reason=recount');
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({
      variant_id: null,
      product_id: null,
      sku: 'SKU-Gone',
      title: 'Gone',
      admin_user_id: null,
      admin_username: null,
      delta: 1,
    });
    expect((await ledger()).total).toBe(2);
    // The variant's filter no longer finds them: they belong to no variant.
    expect((await ledger(`?variant_id=${variantId}`)).total).toBe(0);
    const after = expectResponseMatches<Schemas['StockMovementAdmin'][]>(
      'listStockMovementAdmins',
      await get(ADMINS),
    );
    expect(after.map((a) => a.username)).not.toContain('carol');
  });

  it('refuses invalid filters with 422', async () => {
    const bad = [
      ['variant_id=0', 'variant_id'],
      ['product_id=abc', 'product_id'],
      ['admin_user_id=1.5', 'admin_user_id'],
      ['order_id=-1', 'order_id'],
      ['reason=', 'reason'],
      [`reason=${'x'.repeat(101)}`, 'reason'],
      ['date_from=yesterday', 'date_from'],
      ['date_from=2026-05-02T00:00:00Z&date_to=2026-05-01T00:00:00Z', 'date_from'],
      ['limit=0', 'limit'],
      ['limit=1001', 'limit'],
      ['skip=-1', 'skip'],
    ] as const;
    for (const [query, field] of bad) {
      for (const [url, operationId] of [
        [LIST, 'listStockMovements'],
        [CSV, 'exportStockMovements'],
      ] as const) {
        if (url === CSV && (field === 'limit' || field === 'skip')) continue;
        const res = await get(`${url}?${query}`);
        expectStatus(res, 422, operationId);
        expect(firstIssueLoc(operationId, res)).toEqual(['query', field]);
      }
    }
  });

  it('lets every admin role with catalogue:read read the ledger; customers and strangers are refused', async () => {
    for (const role of ['super_admin', 'manager', 'support', 'inventory_manager'] as const) {
      const headers = await t.authAs(role);
      for (const url of [LIST, ADMINS, CSV]) expect((await get(url, headers)).statusCode).toBe(200);
    }
    const customer = await shop.customer();
    for (const url of [LIST, ADMINS, CSV]) {
      expect((await get(url, customer.headers)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('counts the unfiltered ledger from its counter, right after inserts and deletes', async () => {
    await insertMovements(Array.from({ length: 7 }, () => ({})));
    expect((await ledger()).total).toBe(7);
    await db()
      .deleteFrom('stock_movements')
      .where('id', '<=', (await ledger('?limit=1')).items[0]!.id - 3)
      .execute();
    expect((await ledger()).total).toBe(await rowCount(db(), 'stock_movements'));
  });

  describe('CSV export', () => {
    /** The body of a 200 CSV answer (BOM, the header, CRLF records), as objects. */
    function csvRows(res: LightMyRequestResponse) {
      expectStatus(res, 200, 'exportStockMovements');
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="stock-movements-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(res.body.startsWith(`${BOM}${HEADER}\r\n`)).toBe(true);
      return csvObjects(res.body.slice(BOM.length));
    }

    beforeEach(async () => {
      await db().updateTable('shop_settings').set({ time_zone: 'Africa/Tunis' }).execute();
    });

    it('writes the list rows with the same filters, in the same order, formulas neutralised', async () => {
      const formula = '=HYPERLINK("http://evil.test","x")';
      const { productId, variantId } = await product('Cells');
      await db()
        .updateTable('products')
        .set({ name: formula })
        .where('id', '=', productId)
        .execute();
      const adjusted = await api().call(
        'POST',
        `/api/v1/admin/variants/${variantId}/inventory/adjust`,
        {
          adjustment: -4,
          reason: '-4 @broken +lost',
        },
      );
      expect(adjusted.statusCode, adjusted.body).toBe(200);
      const placed = await api().checkout([{ productId, quantity: 1 }]);
      const order = placed.json<{ order_number: string }>();

      const res = await get(`${CSV}?variant_id=${variantId}`);
      expect(res.headers['x-total-count']).toBe('3');
      const rows = csvRows(res);
      const { items } = await ledger(`?variant_id=${variantId}`);
      expect(rows.map((r) => r.delta)).toEqual(items.map((m) => String(m.delta)));
      const [checkout, adjustment] = rows;
      expect(checkout).toMatchObject({
        variant_id: String(variantId),
        product_id: String(productId),
        sku: 'SKU-Cells',
        delta: '-1',
        stock_before: '6',
        stock_after: '5',
        reason: `Order ${order.order_number}`,
        admin_username: '',
        order_number: order.order_number,
        kind: 'checkout',
      });
      // Written with the shop's offset (Tunis: +01:00), the same instant as the list's.
      expect(checkout!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+01:00$/);
      expect(Date.parse(checkout!.created_at ?? '')).toBe(
        Math.floor(Date.parse(items[0]!.created_at) / 1000) * 1000,
      );
      // Text a spreadsheet would run is prefixed; the movement's own title came from the name.
      expect(adjustment).toMatchObject({
        reason: "'-4 @broken +lost",
        kind: 'adjustment',
        delta: '-4',
        stock_after: '6',
      });
      expect(await ledger(`?variant_id=${variantId}&reason=broken`)).toMatchObject({ total: 1 });
      expect(csvRows(await get(`${CSV}?variant_id=${variantId}&reason=broken`))).toHaveLength(1);
    });

    it('neutralises a formula in a title, and streams many keyset pages with tied times', async () => {
      const count = PAGE_SIZE * 2 + 7;
      await insertMovements(
        Array.from({ length: count }, (_, i) => ({
          title: i === 0 ? '@SUM(A1:A9)' : `Row ${i}`,
          // Many movements share their created_at: the tie (id) orders them.
          created_at: `2026-02-0${(i % 3) + 1}T08:00:00.000Z`,
        })),
      );
      const res = await get(CSV);
      expect(res.headers['x-total-count']).toBe(String(count));
      const rows = csvRows(res);
      expect(rows).toHaveLength(count);
      const all: Entry[] = [];
      for (let skip = 0; skip < count; skip += 1000)
        all.push(...(await ledger(`?skip=${skip}&limit=1000`)).items);
      expect(rows.map((r) => r.title)).toEqual(
        all.map((m) => (m.title.startsWith('@') ? `'${m.title}` : m.title)),
      );
      expect(rows.filter((r) => r.title === "'@SUM(A1:A9)")).toHaveLength(1);
      expect(rows[0]!.created_at).toBe('2026-02-03T09:00:00+01:00');
    });
  });
});
