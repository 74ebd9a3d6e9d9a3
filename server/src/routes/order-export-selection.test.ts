// The CSV export of a selection of orders (exportOrders with ids; issue #28 point 5, the orders
// list's "Export selection"): exactly the selected orders, in the list's order, with the other
// filters still applied and counted in X-Total-Count; a malformed list of ids is a 422.
import { describe, expect, it } from 'vitest';
import { firstIssueLoc } from '../../test-support/contract';
import { csvObjects } from '../../test-support/csv';
import { testDialects } from '../../test-support/databases';
import { insertCategory } from '../../test-support/fixtures';
import { useOrderDesk } from '../../test-support/order-desk';
import type { Order } from '../../test-support/shop';

const ORDERS_CSV = '/api/v1/admin/exports/orders';
const BOM = '\uFEFF';

describe.each(testDialects)('CSV export of a selection of orders (%s)', (dialect) => {
  const { t, shop, support, api, place } = useOrderDesk(dialect);
  const get = (query: string) =>
    t.request('exportOrders', {
      method: 'GET',
      url: `${ORDERS_CSV}?${query}`,
      headers: support.headers,
    });
  const numbers = (body: string) => csvObjects(body.slice(BOM.length)).map((r) => r.order_number);

  const orders = async (): Promise<Order[]> => {
    const category = await insertCategory(t.database.db);
    const p = await api().product(
      `Linen shirt ${Math.random().toString(36).slice(2, 8)}`,
      { stock_quantity: 50 },
      { vatRateId: shop.tn19.id, categoryId: category.id },
    );
    const made: Order[] = [];
    for (const status of ['pending', 'confirmed', 'pending', 'confirmed'] as const) {
      made.push(await place([{ productId: p.productId, quantity: 1 }], status));
    }
    return made;
  };

  it('writes only the selected orders, newest first as the list, with the other filters applied', async () => {
    const [a, b, c, d] = await orders();
    const selected = [a!, c!, d!];
    const res = await get(`ids=${selected.map((o) => o.id).join(',')},2000000000`);
    expect(res.statusCode).toBe(200);
    expect(numbers(res.body)).toEqual([d!, c!, a!].map((o) => o.order_number));
    expect(res.headers['x-total-count']).toBe('3');
    expect(numbers(res.body)).not.toContain(b!.order_number);

    const confirmedOnly = await get(`status=confirmed&ids=${selected.map((o) => o.id).join(',')}`);
    expect(numbers(confirmedOnly.body)).toEqual([d!.order_number]);
    expect(confirmedOnly.headers['x-total-count']).toBe('1');

    const lines = await get(`rows=lines&ids=${c!.id}`);
    expect(numbers(lines.body)).toEqual([c!.order_number]);
  });

  it('refuses ids that are not a list of ids (422 on ids)', async () => {
    for (const ids of ['', '1,,2', 'abc', '0', '-1', '1;2', Array(501).fill('7').join(',')]) {
      const res = await get(`ids=${encodeURIComponent(ids)}`);
      expect(res.statusCode, ids).toBe(422);
      expect(firstIssueLoc('exportOrders', res), ids).toEqual(['query', 'ids']);
    }
  });
});
