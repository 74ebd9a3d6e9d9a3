// Stock over HTTP: inventory settings (single and bulk), signed adjustments with their movements,
// the inventory status report, and parallel adjustments that must neither lose an update nor
// take the stock below zero (truly concurrent on PostgreSQL: the test app uses a pool).
import { describe, expect, it } from 'vitest';
import { expectProblem, expectStatus, issuesOf } from '../../test-support/contract';
import type { Schemas } from '../../test-support/contract';
import { useAdminAccount, useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { stockMovementsOf } from '../../test-support/stock';
import { insertProduct, insertVariant, updateVariant } from '../../test-support/fixtures';
import { expectResponseMatches, injectJson } from '../../test-support/openapi-validator';
import type { NewVariant } from '../db/schema';
import { stockState } from '../domain/inventory';

type Variant = Schemas['Variant'];

const BASE = '/api/v1/admin/variants';

describe.each(testDialects)('stock and inventory (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const admin = useAdminAccount(t, 'inventory_manager');
  const auth = admin.headers;

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    injectJson(t.app, { method, url, headers: auth, payload });
  const db = () => t.database.db;
  const stockOf = async (id: number) =>
    (
      await db()
        .selectFrom('variants')
        .select('stock_quantity')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).stock_quantity;
  const movementsOf = (variantId: number) => stockMovementsOf(db(), variantId);
  const adjust = (id: number, adjustment: number, reason?: string | null) =>
    call('POST', `${BASE}/${id}/inventory/adjust`, {
      adjustment,
      ...(reason === undefined ? {} : { reason }),
    });

  describe('updateVariantInventory', () => {
    it('sets the stock through a recorded movement and the other settings as sent', async () => {
      const product = await insertProduct(db());
      const v = await insertVariant(db(), product.id, {
        is_default: 1,
        sku: 'DEFAULT',
        stock_quantity: 10,
      });
      const res = await call('PATCH', `${BASE}/${v.id}/inventory`, {
        stock_quantity: 3,
        low_stock_threshold: 2,
        allow_backorder: true,
      });
      expect(expectStatus<Variant>(res, 200, 'updateVariantInventory')).toMatchObject({
        id: v.id,
        stock_quantity: 3,
        low_stock_threshold: 2,
        allow_backorder: true,
        track_inventory: true,
      });
      expect(await movementsOf(v.id)).toMatchObject([
        {
          delta: -7,
          stock_before: 10,
          stock_after: 3,
          kind: 'variant_inventory',
          reason: 'Inventory update',
          admin_user_id: admin.id,
        },
      ]);

      const same = await call('PATCH', `${BASE}/${v.id}/inventory`, {
        stock_quantity: 3,
        track_inventory: false,
      });
      expect(expectResponseMatches<Variant>('updateVariantInventory', same)).toMatchObject({
        stock_quantity: 3,
        track_inventory: false,
      });
      expect(await movementsOf(v.id)).toHaveLength(1);
    });

    it('answers 404 for an unknown variant and 422 for an empty or invalid body', async () => {
      const missing = await call('PATCH', `${BASE}/999999/inventory`, { stock_quantity: 1 });
      expectProblem(missing, 404, 'Variant not found', 'updateVariantInventory');
      const product = await insertProduct(db());
      const v = await insertVariant(db(), product.id);
      const empty = await call('PATCH', `${BASE}/${v.id}/inventory`, {});
      expectStatus(empty, 422, 'updateVariantInventory');
      const negative = await call('PATCH', `${BASE}/${v.id}/inventory`, { stock_quantity: -1 });
      expect(issuesOf(negative, 'updateVariantInventory')).toMatchObject([
        { loc: ['body', 'stock_quantity'], type: 'minimum' },
      ]);
      expect(await stockOf(v.id)).toBe(10);
    });
  });

  describe('bulkUpdateInventory', () => {
    it('updates all entries in request order with a movement per stock change', async () => {
      const product = await insertProduct(db(), { has_variants: 1 });
      const a = await insertVariant(db(), product.id, { stock_quantity: 1 });
      const b = await insertVariant(db(), product.id, { stock_quantity: 2 });
      const res = await call('PATCH', `${BASE}/bulk/inventory`, [
        { id: b.id, stock_quantity: 20 },
        { id: a.id, low_stock_threshold: 0 },
      ]);
      const body = expectStatus<Schemas['BulkVariantsResult']>(res, 200, 'bulkUpdateInventory');
      expect(body.items.map((v) => [v.id, v.stock_quantity, v.low_stock_threshold])).toEqual([
        [b.id, 20, 5],
        [a.id, 1, 0],
      ]);
      expect(body.count).toBe(2);
      expect(await movementsOf(b.id)).toMatchObject([
        {
          delta: 18,
          kind: 'variant_inventory',
          reason: 'Inventory update',
          admin_user_id: admin.id,
        },
      ]);
      expect(await movementsOf(a.id)).toEqual([]);
    });

    it('changes nothing when an entry fails, naming its index', async () => {
      const product = await insertProduct(db(), { has_variants: 1 });
      const a = await insertVariant(db(), product.id, { stock_quantity: 1 });

      const missing = await call('PATCH', `${BASE}/bulk/inventory`, [
        { id: a.id, stock_quantity: 50 },
        { id: 999999, stock_quantity: 1 },
      ]);
      expectProblem(missing, 404, 'items[1]: Variant 999999 not found', 'bulkUpdateInventory');
      const twice = await call('PATCH', `${BASE}/bulk/inventory`, [
        { id: a.id, stock_quantity: 50 },
        { id: a.id, stock_quantity: 60 },
      ]);
      expect(issuesOf(twice, 'bulkUpdateInventory')).toMatchObject([{ loc: ['body', 1, 'id'] }]);
      const idOnly = await call('PATCH', `${BASE}/bulk/inventory`, [{ id: a.id }]);
      expectStatus(idOnly, 422, 'bulkUpdateInventory');

      expect(await stockOf(a.id)).toBe(1);
      expect(await movementsOf(a.id)).toEqual([]);
    });
  });

  describe('adjustVariantStock', () => {
    it('adds and removes stock, returning the variant and the recorded movement', async () => {
      const product = await insertProduct(db(), { has_variants: 1 });
      const v = await insertVariant(db(), product.id, { stock_quantity: 10 });

      const add = await adjust(v.id, 5, '  Delivery  ');
      expect(add.statusCode).toBe(200);
      const added = expectResponseMatches<Schemas['StockAdjustmentResult']>(
        'adjustVariantStock',
        add,
      );
      expect(added.variant).toMatchObject({ id: v.id, stock_quantity: 15 });
      expect(added.movement).toMatchObject({
        variant_id: v.id,
        delta: 5,
        stock_before: 10,
        stock_after: 15,
        kind: 'adjustment',
        order_id: null,
        order_status: null,
        import_file: null,
        reason: 'Delivery',
        admin_user_id: admin.id,
      });

      const remove = await adjust(v.id, -15);
      const removed = expectResponseMatches<Schemas['StockAdjustmentResult']>(
        'adjustVariantStock',
        remove,
      );
      expect(removed.movement).toMatchObject({
        delta: -15,
        stock_after: 0,
        kind: 'adjustment',
        reason: null,
      });
      expect(await stockOf(v.id)).toBe(0);
      expect((await movementsOf(v.id)).map((m) => m.delta)).toEqual([5, -15]);
    });

    it('refuses to go below 0 without backorders, and allows it with them', async () => {
      const product = await insertProduct(db(), { has_variants: 1 });
      const strict = await insertVariant(db(), product.id, { stock_quantity: 2 });
      const res = await adjust(strict.id, -3);
      expectProblem(
        res,
        409,
        'Not enough stock: 2 in stock, cannot remove 3 (backorders are not allowed)',
        'adjustVariantStock',
      );
      expect(await stockOf(strict.id)).toBe(2);
      expect(await movementsOf(strict.id)).toEqual([]);

      const backorder = await insertVariant(db(), product.id, {
        stock_quantity: 2,
        allow_backorder: 1,
      });
      const ok = await adjust(backorder.id, -5);
      expect(ok.statusCode).toBe(200);
      expect(
        expectResponseMatches<Schemas['StockAdjustmentResult']>('adjustVariantStock', ok).variant
          .stock_quantity,
      ).toBe(-3);

      // Climbing back out of a backorder hole is allowed even once backorders are switched off.
      await updateVariant(db(), backorder.id, { allow_backorder: 0 });
      const refill = await adjust(backorder.id, 1);
      expect(refill.statusCode).toBe(200);
      expect(await stockOf(backorder.id)).toBe(-2);
    });

    it('answers 409 when inventory is not tracked, 404 when unknown, 422 for 0', async () => {
      const product = await insertProduct(db(), { has_variants: 1 });
      const untracked = await insertVariant(db(), product.id, { track_inventory: 0 });
      const res = await adjust(untracked.id, 1);
      expectProblem(res, 409, 'This variant does not track inventory', 'adjustVariantStock');
      expect(await stockOf(untracked.id)).toBe(10);

      const missing = await adjust(999999, 1);
      expectProblem(missing, 404, 'Variant not found', 'adjustVariantStock');

      const zero = await adjust(untracked.id, 0);
      expect(zero.statusCode).toBe(422);
      expect(issuesOf(zero, 'adjustVariantStock')[0]?.loc).toEqual(['body', 'adjustment']);
      expect(await movementsOf(untracked.id)).toEqual([]);
    });

    it('never loses one of 100 parallel adjustments', async () => {
      const product = await insertProduct(db(), { has_variants: 1 });
      const v = await insertVariant(db(), product.id, { stock_quantity: 50 });
      const deltas = Array.from({ length: 100 }, (_, i) => (i % 5 < 3 ? 1 + (i % 3) : -1));
      const results = await Promise.all(deltas.map((d) => adjust(v.id, d, 'parallel')));
      expect(results.map((r) => r.statusCode)).toEqual(deltas.map(() => 200));
      for (const r of results) expectResponseMatches('adjustVariantStock', r);

      const expected = 50 + deltas.reduce((a, b) => a + b, 0);
      expect(await stockOf(v.id)).toBe(expected);
      const movements = await movementsOf(v.id);
      expect(movements).toHaveLength(100);
      expect(movements.reduce((sum, m) => sum + m.delta, 0)).toBe(expected - 50);
      expect(movements.map((m) => m.delta).sort()).toEqual([...deltas].sort());
      // The ledger is one unbroken chain: in insertion order each movement starts where the
      // previous one ended (the row lock / the SQLite writer serialises them).
      const chain = [...movements].sort((a, b) => a.id - b.id);
      chain.forEach((m, i) => {
        expect(m.stock_before + m.delta).toBe(m.stock_after);
        expect(m.stock_before).toBe(i === 0 ? 50 : chain[i - 1]?.stock_after);
      });
      expect(chain.at(-1)?.stock_after).toBe(expected);
    });

    it('never takes the stock below 0 when parallel requests take the last units', async () => {
      const product = await insertProduct(db(), { has_variants: 1 });
      const v = await insertVariant(db(), product.id, { stock_quantity: 5 });
      const results = await Promise.all(Array.from({ length: 20 }, () => adjust(v.id, -1)));
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 409)).toHaveLength(15);
      for (const r of results) expectResponseMatches('adjustVariantStock', r);
      expect(await stockOf(v.id)).toBe(0);
      const movements = await movementsOf(v.id);
      expect(movements.map((m) => m.stock_after).sort()).toEqual([0, 1, 2, 3, 4]);
    });
  });

  describe('getInventoryStatus', () => {
    it('reports each state, counts them before the status filter, and pages by product name', async () => {
      const zebra = await insertProduct(db(), { name: 'Zebra mug', has_variants: 1 });
      const apple = await insertProduct(db(), { name: 'Apple mug', has_variants: 1 });
      const states: ({ product: number } & Partial<NewVariant>)[] = [
        { product: zebra.id, stock_quantity: 20, position: 0 }, // in_stock
        { product: zebra.id, stock_quantity: 5, position: 1 }, // low_stock (= threshold)
        { product: apple.id, stock_quantity: 0, position: 1 }, // out_of_stock
        { product: apple.id, stock_quantity: -1, allow_backorder: 1, position: 0 }, // out_of_stock
        { product: apple.id, stock_quantity: 0, track_inventory: 0, position: 2 }, // not_tracked
      ];
      const rows = [];
      for (const { product, ...values } of states) {
        rows.push(await insertVariant(db(), product, values));
      }

      const report = async (query: string) => {
        const res = await call('GET', `${BASE}/inventory/status?${query}`);
        expect(res.statusCode).toBe(200);
        return expectResponseMatches<Schemas['InventoryStatusReport']>('getInventoryStatus', res);
      };

      const zebraOnly = await report(`product_id=${zebra.id}`);
      expect(zebraOnly.summary).toEqual({
        in_stock: 1,
        low_stock: 1,
        out_of_stock: 0,
        not_tracked: 0,
      });
      expect(zebraOnly.items).toEqual([
        {
          variant_id: rows[0]?.id,
          product_id: zebra.id,
          product_name: 'Zebra mug',
          sku: rows[0]?.sku,
          variant_title: rows[0]?.variant_title,
          stock_quantity: 20,
          low_stock_threshold: 5,
          track_inventory: true,
          allow_backorder: false,
          status: 'in_stock',
        },
        expect.objectContaining({ variant_id: rows[1]?.id, status: 'low_stock' }),
      ]);

      const appleOut = await report(`product_id=${apple.id}&status=out_of_stock`);
      expect(appleOut.items.map((i) => i.variant_id)).toEqual([rows[3]?.id, rows[2]?.id]);
      expect(appleOut).toMatchObject({
        total: 2,
        total_pages: 1,
        summary: { in_stock: 0, low_stock: 0, out_of_stock: 2, not_tracked: 1 },
      });

      const appleNone = await report(`product_id=${apple.id}&status=in_stock`);
      expect(appleNone).toMatchObject({ items: [], total: 0, total_pages: 0 });

      // Every item's state agrees with the domain rule (domain/inventory.ts).
      const all = await report('page_size=100');
      for (const i of all.items) expect(i.status).toBe(stockState(i));

      // Across products: by product name, then position, then id.
      const ours = new Set(rows.map((r) => r.id));
      const ordered = (await report('page_size=100')).items.filter((i) => ours.has(i.variant_id));
      expect(ordered.map((i) => i.variant_id)).toEqual(
        [rows[3], rows[2], rows[4], rows[0], rows[1]].map((r) => r?.id),
      );

      const paged = await report(`product_id=${apple.id}&page_size=2&page=2`);
      expect(paged).toMatchObject({ total: 3, page: 2, page_size: 2, total_pages: 2 });
      expect(paged.items.map((i) => i.variant_id)).toEqual([rows[4]?.id]);

      const bad = await call('GET', `${BASE}/inventory/status?status=plenty`);
      expectStatus(bad, 422, 'getInventoryStatus');
    });
  });
});
