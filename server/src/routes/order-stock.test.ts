// Stock follows the order's life, exactly once (updateOrderStatus and cancelOrder): an order holds
// its items' stock in every status but cancelled and refunded; leaving that gives it back,
// coming back takes it again (409 when short), each effect a movement linked to the order. Also:
// the ledger (stock = Σ movements) from creation on through every way stock changes, its survival
// of deletions, and the bounds that keep it integral.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectProblem, issuesOf } from '../../test-support/contract';
import type { Schemas } from '../../test-support/contract';
import { useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { insertCategory, insertVatRate } from '../../test-support/fixtures';
import { clearShop, NOT_CANCELLABLE } from '../../test-support/shop';
import { expectResponseMatches } from '../../test-support/openapi-validator';
import { stockLedgerMismatches, stockShop } from '../../test-support/stock';

type Order = Schemas['Order'];

describe.each(testDialects)('stock follows orders (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let shop: ReturnType<typeof stockShop>;
  let support: { id: number; authorization: string };
  let rateId: number;
  let categoryId: number;
  let n = 0;

  beforeAll(async () => {
    const a = await t.createAdmin({ role: 'support' });
    support = { id: a.id, authorization: `Bearer ${a.token}` };
    // Products and stock need variants:write, orders need orders:write: a super admin sets up,
    // the support role (as in the report) changes the orders.
    shop = stockShop(t, await t.authAs('super_admin'));
  });
  beforeEach(async () => {
    const db = t.database.db;
    await clearShop(db);
    rateId = (await insertVatRate(db, { rate_bp: 1900, country_code: 'TN' })).id;
    categoryId = (await insertCategory(db, { name: 'Shirts', slug: 'shirts' })).id;
  });

  const db = () => t.database.db;
  const product = (stock: number, options: { allow_backorder?: boolean; sku?: string } = {}) =>
    shop.product(
      `Linen shirt ${++n}`,
      { stock_quantity: stock, ...options },
      { vatRateId: rateId, categoryId },
    );
  const asSupport = (method: 'PATCH' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: support.authorization },
      ...(payload ? { payload } : {}),
    });
  const setStatus = (id: number, status: Order['status']) =>
    asSupport('PATCH', `/api/v1/admin/orders/${id}/status`, { status });
  const cancel = (id: number) => asSupport('POST', `/api/v1/admin/orders/${id}/cancel`);
  async function order(lines: { productId: number; quantity: number }[]): Promise<Order> {
    const res = await shop.checkout(lines);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Order>();
  }
  const movementsOfOrder = (orderId: number) =>
    db()
      .selectFrom('stock_movements')
      .select(['variant_id', 'order_id', 'delta', 'stock_after', 'reason', 'admin_user_id'])
      .select(['kind', 'order_status'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();

  it('never inflates stock through cancel and status changes (the reported 10 → 14 → 18)', async () => {
    const p = await product(10);
    const o = await order([{ productId: p.productId, quantity: 4 }]);
    expect(await shop.stockOf(p.variantId)).toBe(6);

    expect((await cancel(o.id)).statusCode).toBe(200);
    expect(await shop.stockOf(p.variantId)).toBe(10);
    // Back to pending takes the 4 units again, cancelling again gives them back: never 14.
    const pending = await setStatus(o.id, 'pending');
    expect(pending.statusCode).toBe(200);
    expect(expectResponseMatches<Order>('updateOrderStatus', pending).status).toBe('pending');
    expect(await shop.stockOf(p.variantId)).toBe(6);
    expect((await cancel(o.id)).statusCode).toBe(200);
    expect(await shop.stockOf(p.variantId)).toBe(10);
    // cancelled → refunded → cancelled: nothing held, nothing given.
    expect((await setStatus(o.id, 'refunded')).statusCode).toBe(200);
    expect((await setStatus(o.id, 'cancelled')).statusCode).toBe(200);
    expect(await shop.stockOf(p.variantId)).toBe(10);
    const again = await cancel(o.id);
    expectProblem(again, 409, NOT_CANCELLABLE, 'cancelOrder');
    expect(await shop.stockOf(p.variantId)).toBe(10);

    const movement = (delta: number, stock_after: number, reason: string, by: number | null) => ({
      variant_id: p.variantId,
      order_id: o.id,
      delta,
      stock_after,
      reason: `Order ${o.order_number}${reason}`,
      admin_user_id: by,
    });
    // The kind and the status moved to: what the ledger words in each language.
    const of = (kind: string, order_status: string | null) => ({ kind, order_status });
    expect(await movementsOfOrder(o.id)).toEqual([
      { ...movement(-4, 6, '', null), ...of('checkout', null) },
      { ...movement(4, 10, ' cancelled', support.id), ...of('cancel', 'cancelled') },
      { ...movement(-4, 6, ' back to pending', support.id), ...of('reopen', 'pending') },
      { ...movement(4, 10, ' cancelled', support.id), ...of('cancel', 'cancelled') },
    ]);
    expect(await stockLedgerMismatches(db())).toEqual([]);
  });

  it('gives stock back when the selector sets cancelled or refunded, once', async () => {
    const a = await product(10);
    const b = await product(5);
    const o1 = await order([
      { productId: a.productId, quantity: 3 },
      { productId: b.productId, quantity: 2 },
    ]);
    const o2 = await order([{ productId: a.productId, quantity: 1 }]);
    expect([await shop.stockOf(a.variantId), await shop.stockOf(b.variantId)]).toEqual([6, 3]);

    // From shipped (cancelOrder would refuse) straight to cancelled through the selector.
    expect((await setStatus(o1.id, 'shipped')).statusCode).toBe(200);
    const res = await setStatus(o1.id, 'cancelled');
    expect(res.statusCode).toBe(200);
    expect(expectResponseMatches<Order>('updateOrderStatus', res).status).toBe('cancelled');
    expect([await shop.stockOf(a.variantId), await shop.stockOf(b.variantId)]).toEqual([9, 5]);
    // Delivered then refunded.
    expect((await setStatus(o2.id, 'delivered')).statusCode).toBe(200);
    expect((await setStatus(o2.id, 'refunded')).statusCode).toBe(200);
    expect(await shop.stockOf(a.variantId)).toBe(10);
    // Already given back: cancelOrder refuses, the selector changes nothing more.
    expect((await cancel(o1.id)).statusCode).toBe(409);
    expect((await setStatus(o1.id, 'refunded')).statusCode).toBe(200);
    expect((await setStatus(o2.id, 'cancelled')).statusCode).toBe(200);
    expect([await shop.stockOf(a.variantId), await shop.stockOf(b.variantId)]).toEqual([10, 5]);
    expect((await movementsOfOrder(o1.id)).map((m) => [m.variant_id, m.delta, m.reason])).toEqual([
      [a.variantId, -3, `Order ${o1.order_number}`],
      [b.variantId, -2, `Order ${o1.order_number}`],
      [a.variantId, 3, `Order ${o1.order_number} cancelled`],
      [b.variantId, 2, `Order ${o1.order_number} cancelled`],
    ]);
    expect((await movementsOfOrder(o2.id)).map((m) => [m.delta, m.reason])).toEqual([
      [-1, `Order ${o2.order_number}`],
      [1, `Order ${o2.order_number} refunded`],
    ]);
    expect((await movementsOfOrder(o2.id)).map((m) => [m.kind, m.order_status])).toEqual([
      ['checkout', null],
      ['cancel', 'refunded'],
    ]);
    expect(await stockLedgerMismatches(db())).toEqual([]);
  });

  it('refuses to reopen an order when stock is short (409 with the detail), changing nothing', async () => {
    const a = await product(5, { sku: 'LIN-A' });
    const short = await product(4, { sku: 'LIN-S' });
    const o = await order([
      { productId: a.productId, quantity: 2 },
      { productId: short.productId, quantity: 3 },
    ]);
    expect((await cancel(o.id)).statusCode).toBe(200);
    // Another order takes most of the short variant meanwhile.
    await order([{ productId: short.productId, quantity: 2 }]);
    const before = await db().selectFrom('stock_movements').select('id').execute();

    const res = await setStatus(o.id, 'confirmed');
    expect(res.statusCode).toBe(409);
    const name = `Linen shirt ${n}`;
    expect(expectResponseMatches('updateOrderStatus', res)).toEqual({
      detail: `Cannot change the status to confirmed: not enough stock of ${name} (SKU LIN-S): 2 in stock, 3 needed, and backorders are not allowed`,
    });
    // Rolled back as a whole: status, history, the first variant's stock, no movement.
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/${o.id}`,
      headers: { authorization: support.authorization },
    });
    const body = expectResponseMatches<Order>('getAdminOrder', stored);
    expect(body.status).toBe('cancelled');
    expect(body.status_history.map((h) => h.to_status)).toEqual(['pending', 'cancelled']);
    expect([await shop.stockOf(a.variantId), await shop.stockOf(short.variantId)]).toEqual([5, 2]);
    expect(await db().selectFrom('stock_movements').select('id').execute()).toEqual(before);

    // With backorders allowed the stock may go below zero.
    await shop.call('PATCH', `/api/v1/admin/variants/${short.variantId}/inventory`, {
      allow_backorder: true,
    });
    expect((await setStatus(o.id, 'confirmed')).statusCode).toBe(200);
    expect([await shop.stockOf(a.variantId), await shop.stockOf(short.variantId)]).toEqual([3, -1]);
    expect(await stockLedgerMismatches(db())).toEqual([]);
  });

  it('gives back what was taken even if tracking stopped; takes again only tracked stock', async () => {
    const a = await product(10);
    const o = await order([{ productId: a.productId, quantity: 4 }]);
    await shop.call('PATCH', `/api/v1/admin/variants/${a.variantId}/inventory`, {
      track_inventory: false,
    });
    expect((await cancel(o.id)).statusCode).toBe(200);
    expect(await shop.stockOf(a.variantId)).toBe(10);
    // Untracked: reopening takes nothing, and a later cancel gives nothing.
    expect((await setStatus(o.id, 'processing')).statusCode).toBe(200);
    expect(await shop.stockOf(a.variantId)).toBe(10);
    expect((await setStatus(o.id, 'cancelled')).statusCode).toBe(200);
    expect(await shop.stockOf(a.variantId)).toBe(10);
    expect((await movementsOfOrder(o.id)).map((m) => m.delta)).toEqual([-4, 4]);
    expect(await stockLedgerMismatches(db())).toEqual([]);
  });

  it('gives nothing back to a deleted variant, and its movements stay with their SKU and title', async () => {
    const a = await product(10, { sku: 'GONE-1' });
    const o = await order([{ productId: a.productId, quantity: 4 }]);
    const del = await shop.call('DELETE', `/api/v1/admin/products/${a.productId}`);
    expect(del.statusCode).toBe(204);
    expect((await cancel(o.id)).statusCode).toBe(200);
    expect((await setStatus(o.id, 'pending')).statusCode).toBe(200);
    const kept = await db()
      .selectFrom('stock_movements')
      .select(['variant_id', 'order_id', 'sku', 'title', 'delta', 'reason'])
      .orderBy('id')
      .execute();
    expect(kept).toEqual([
      {
        variant_id: null,
        order_id: null,
        sku: 'GONE-1',
        title: `Linen shirt ${n}`,
        delta: 10,
        reason: 'Product inventory update',
      },
      {
        variant_id: null,
        order_id: o.id,
        sku: 'GONE-1',
        title: `Linen shirt ${n}`,
        delta: -4,
        reason: `Order ${o.order_number}`,
      },
    ]);
  });

  it('restocks once when two cancels, or a cancel and the selector, race', async () => {
    const p = await product(20);
    const o1 = await order([{ productId: p.productId, quantity: 4 }]);
    const results = await Promise.all([cancel(o1.id), cancel(o1.id)]);
    for (const r of results) expectResponseMatches('cancelOrder', r);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await shop.stockOf(p.variantId)).toBe(20);

    const o2 = await order([{ productId: p.productId, quantity: 5 }]);
    const [viaCancel, viaSelector, viaRefund] = await Promise.all([
      cancel(o2.id),
      setStatus(o2.id, 'cancelled'),
      setStatus(o2.id, 'refunded'),
    ]);
    expect(viaSelector?.statusCode).toBe(200);
    expect(viaRefund?.statusCode).toBe(200);
    expect([200, 409]).toContain(viaCancel?.statusCode);
    expect(await shop.stockOf(p.variantId)).toBe(20);
    expect((await movementsOfOrder(o2.id)).map((m) => m.delta)).toEqual([-5, 5]);

    // Two parallel reopenings take the stock once.
    const reopen = await Promise.all([setStatus(o2.id, 'pending'), setStatus(o2.id, 'confirmed')]);
    expect(reopen.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await shop.stockOf(p.variantId)).toBe(15);
    expect((await movementsOfOrder(o2.id)).map((m) => m.delta)).toEqual([-5, 5, -5]);
    expect(await stockLedgerMismatches(db())).toEqual([]);
  });

  it('keeps stock = Σ movements through every way stock changes', async () => {
    const admin = shop.call;
    // Simple product with an initial stock; product with variants, single and bulk.
    const simple = await product(7);
    const created = await admin('POST', '/api/v1/admin/products/', {
      name: 'Wool scarf',
      slug: 'wool-scarf',
      description: 'Warm',
      category_id: categoryId,
      base_price: '30.000',
      vat_rate_id: rateId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const productId = created.json<{ id: number }>().id;
    const single = await admin('POST', `/api/v1/admin/variants/${productId}/variants`, {
      sku: 'SCARF-RED',
      variant_title: 'Red',
      price: '30.000',
      cost_price: '12.000',
      stock_quantity: 12,
    });
    expect(single.statusCode, single.body).toBe(201);
    const red = single.json<{ id: number }>().id;
    const bulk = await admin('POST', `/api/v1/admin/variants/bulk/create?product_id=${productId}`, [
      {
        sku: 'SCARF-BLUE',
        variant_title: 'Blue',
        price: '30.000',
        cost_price: '12.000',
        stock_quantity: 3,
      },
      { sku: 'SCARF-GREY', variant_title: 'Grey', price: '30.000', cost_price: '12.000' },
    ]);
    expect(bulk.statusCode, bulk.body).toBe(201);
    const [blue, grey] = bulk.json<{ items: { id: number }[] }>().items.map((v) => v.id);
    expect(await stockLedgerMismatches(db())).toEqual([]);

    // Inventory set (single and bulk), variant update, product update, adjust, duplicate.
    const steps = [
      await admin('PATCH', `/api/v1/admin/variants/${red}/inventory`, { stock_quantity: 20 }),
      await admin('PATCH', '/api/v1/admin/variants/bulk/inventory', [
        { id: blue, stock_quantity: 9 },
        { id: grey, stock_quantity: 1 },
      ]),
      await admin('PATCH', `/api/v1/admin/variants/${grey}`, { stock_quantity: 4 }),
      await admin('PATCH', `/api/v1/admin/products/${simple.productId}`, {
        inventory: { stock_quantity: 11 },
      }),
      await admin('POST', `/api/v1/admin/variants/${red}/inventory/adjust`, { adjustment: -6 }),
      await admin('POST', `/api/v1/admin/variants/${red}/duplicate`, { new_sku: 'SCARF-RED-2' }),
    ];
    expect(steps.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 201]);
    expect(await stockLedgerMismatches(db())).toEqual([]);

    // Checkout, cancel, status changes.
    const o = await order([{ productId: simple.productId, quantity: 2 }]);
    expect((await setStatus(o.id, 'refunded')).statusCode).toBe(200);
    expect((await setStatus(o.id, 'delivered')).statusCode).toBe(200);
    const stocks = await db()
      .selectFrom('variants')
      .select(['sku', 'stock_quantity'])
      .orderBy('id')
      .execute();
    expect(stocks).toEqual([
      { sku: 'DEFAULT', stock_quantity: 9 },
      { sku: 'SCARF-RED', stock_quantity: 14 },
      { sku: 'SCARF-BLUE', stock_quantity: 9 },
      { sku: 'SCARF-GREY', stock_quantity: 4 },
      { sku: 'SCARF-RED-2', stock_quantity: 0 },
    ]);
    expect(await stockLedgerMismatches(db())).toEqual([]);
    const titles = await db()
      .selectFrom('stock_movements')
      .select(['sku', 'title'])
      .where('sku', 'like', 'SCARF%')
      .groupBy(['sku', 'title'])
      .orderBy('sku')
      .execute();
    expect(titles).toEqual([
      { sku: 'SCARF-BLUE', title: 'Wool scarf — Blue' },
      { sku: 'SCARF-GREY', title: 'Wool scarf — Grey' },
      { sku: 'SCARF-RED', title: 'Wool scarf — Red' },
    ]);
  });

  it('refuses huge stock figures so the ledger stays integral', async () => {
    const p = await product(5);
    const url = `/api/v1/admin/variants/${p.variantId}/inventory`;
    for (const stock_quantity of [1e300, 1_000_000_001, 2 ** 53]) {
      const res = await shop.call('PATCH', url, { stock_quantity });
      expect(issuesOf(res, 'updateVariantInventory')[0]?.loc).toEqual(['body', 'stock_quantity']);
    }
    const variantCreate = await shop.call('POST', '/api/v1/admin/products/', {
      name: 'Huge',
      slug: 'huge',
      description: 'x',
      category_id: categoryId,
      base_price: '1.000',
      vat_rate_id: rateId,
      inventory: { stock_quantity: 1e300 },
    });
    expect(variantCreate.statusCode).toBe(422);
    // At the bound, adding more is a 409 with the figures.
    expect((await shop.call('PATCH', url, { stock_quantity: 1_000_000_000 })).statusCode).toBe(200);
    const over = await shop.adjust(p.variantId, 1);
    expectProblem(
      over,
      409,
      'Stock cannot go beyond ±1000000000: 1000000000 in stock, cannot apply +1',
      'adjustVariantStock',
    );
    expect(await shop.stockOf(p.variantId)).toBe(1_000_000_000);
    const ledger = await db()
      .selectFrom('stock_movements')
      .select(['delta', 'stock_after'])
      .execute();
    for (const m of ledger) {
      expect(Number.isInteger(m.delta) && Number.isInteger(m.stock_after)).toBe(true);
    }
    expect(await stockLedgerMismatches(db())).toEqual([]);
  });
});
