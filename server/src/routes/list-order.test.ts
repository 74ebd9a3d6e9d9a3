// The `sort` parameter of the admin and public product lists and of the admin order list, and
// the order list's payment method, shipping e-mail and shipping name filters: every order, ties
// broken by id in the same direction, pages that give every row exactly once, and 422 for a
// value the contract does not offer.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Schemas } from '../../test-support/contract';
import { useAdmin, useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { insertOrder, insertProduct, type NewOrder } from '../../test-support/fixtures';
import { expectResponseMatches } from '../../test-support/openapi-validator';
import { expectQueryRefused, readPages, useShop } from '../../test-support/shop';

type Sortable = Record<string, string | number> & { id: number };

/** The ids in the order `sort` asks for: its key, then id, in one direction. */
function sortedIds(rows: readonly Sortable[], sort: string): number[] {
  const desc = sort.startsWith('-');
  const key = desc ? sort.slice(1) : sort;
  const compare = (a: Sortable, b: Sortable) => {
    const x = a[key] as string | number;
    const y = b[key] as string | number;
    return x < y ? -1 : x > y ? 1 : a.id - b.id;
  };
  return [...rows].sort((a, b) => (desc ? compare(b, a) : compare(a, b))).map((r) => r.id);
}

const at = (day: number) => new Date(Date.UTC(2025, 0, day)).toISOString();

describe.each(testDialects)('list order and filters (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const shop = useShop(t);
  const admin = useAdmin(t, 'support');
  const db = () => t.database.db;

  /** Reads the whole list two rows at a time: the ids, and every page's X-Total-Count. */
  async function pagedIds(operationId: string, url: string) {
    const { rows, totals } = await readPages<{ id: number }>(
      t.app,
      operationId,
      { url, headers: admin },
      2,
    );
    return { ids: rows.map((r) => r.id), totals: [...new Set(totals)] };
  }

  describe('products', () => {
    // Ties on every key: two products share a created_at, two a name, two a price.
    let rows: Sortable[];
    beforeEach(async () => {
      const specs = [
        { name: 'mug', base_price: 5_000, created_at: at(1) },
        { name: 'bowl', base_price: 7_000, created_at: at(1) },
        { name: 'mug', base_price: 5_000, created_at: at(2) },
        { name: 'cup', base_price: 7_000, created_at: at(3), is_active: 0 as const },
        { name: 'bowl', base_price: 1_000, created_at: at(2) },
      ];
      rows = [];
      for (const spec of specs) {
        const p = await insertProduct(db(), { vat_rate_id: shop.tn19.id, ...spec });
        rows.push({ id: p.id, name: p.name, base_price: p.base_price, created_at: p.created_at });
      }
    });

    it.each(['-created_at', 'created_at', 'name', '-name', 'base_price', '-base_price'])(
      'lists admin products by %s, ties by id, page after page',
      async (sort) => {
        const { ids, totals } = await pagedIds(
          'listAdminProducts',
          `/api/v1/admin/products/?sort=${sort}`,
        );
        expect(ids).toEqual(sortedIds(rows, sort));
        expect(totals).toEqual(['5']);
      },
    );

    it.each(['-created_at', 'created_at', 'name', '-name'])(
      'lists the catalogue by %s, ties by id, page after page',
      async (sort) => {
        const active = rows.filter((r) => r.name !== 'cup');
        const { ids, totals } = await pagedIds('listProducts', `/api/v1/products/?sort=${sort}`);
        expect(ids).toEqual(sortedIds(active, sort));
        expect(totals).toEqual(['4']);
      },
    );

    it('lists newest first without sort, and combines sort with the filters', async () => {
      expect((await pagedIds('listAdminProducts', '/api/v1/admin/products/')).ids).toEqual(
        sortedIds(rows, '-created_at'),
      );
      expect((await pagedIds('listProducts', '/api/v1/products/')).ids).toEqual(
        sortedIds(
          rows.filter((r) => r.name !== 'cup'),
          '-created_at',
        ),
      );
      const mugs = await pagedIds(
        'listAdminProducts',
        '/api/v1/admin/products/?search=mug&sort=-base_price&is_active=true',
      );
      expect(mugs.ids).toEqual(
        sortedIds(
          rows.filter((r) => r.name === 'mug'),
          '-base_price',
        ),
      );
      expect(mugs.totals).toEqual(['2']);
    });

    it('counts exactly after products are deactivated, reactivated and deleted', async () => {
      const [first, second, third] = rows.map((r) => r.id);
      const setActive = (id: number | undefined, is_active: 0 | 1) =>
        db()
          .updateTable('products')
          .set({ is_active })
          .where('id', '=', id ?? 0)
          .execute();
      await setActive(first, 0);
      await setActive(first, 0);
      await setActive(rows[3]?.id, 1);
      await db()
        .deleteFrom('products')
        .where('id', 'in', [second ?? 0, third ?? 0])
        .execute();
      const adminList = await pagedIds('listAdminProducts', '/api/v1/admin/products/');
      const catalogue = await pagedIds('listProducts', '/api/v1/products/');
      expect(adminList.totals).toEqual(['3']);
      expect(catalogue).toEqual({ ids: [rows[3]?.id, rows[4]?.id], totals: ['2'] });
      const stats = await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/stats/',
        headers: admin,
      });
      expect(
        expectResponseMatches<Schemas['DashboardStats']>('getDashboardStats', stats),
      ).toMatchObject({ product_count: 3 });
    });

    it('refuses a sort key the list does not offer (422 on query.sort)', async () => {
      const refused = (operationId: string, url: string, sorts: string[]) =>
        expectQueryRefused(
          t.app,
          operationId,
          { url, headers: admin },
          sorts.map((sort) => [`sort=${sort}`, 'sort'] as const),
        );
      await refused('listAdminProducts', '/api/v1/admin/products/', ['price', '--name']);
      await refused('listProducts', '/api/v1/products/', ['base_price', '-id']);
    });
  });

  describe('orders', () => {
    let rows: Sortable[];
    const ORDERS = '/api/v1/admin/orders/';
    async function order(values: Parameters<typeof insertOrder>[1]) {
      const o = await insertOrder(db(), values);
      rows.push({ id: o.id, created_at: o.created_at, total_amount: Number(o.total_amount) });
      return o;
    }
    beforeEach(async () => {
      rows = [];
      const specs: (Partial<NewOrder> & { email?: string; shipping?: Record<string, string> })[] = [
        { created_at: at(1), total_amount: 5_000, payment_method: 'card' },
        { created_at: at(1), total_amount: 9_000, status: 'cancelled' },
        { created_at: at(2), total_amount: 5_000, email: 'Leila.B@Example.TN' },
        {
          created_at: at(3),
          total_amount: 1_000,
          payment_method: 'card',
          status: 'cancelled',
          shipping: { first_name: 'Leila', last_name: 'Bouazizi' },
        },
        { created_at: at(2), total_amount: 9_000, email: 'leila.b@example.tn' },
      ];
      for (const spec of specs) await order(spec);
    });

    it.each(['-created_at', 'created_at', '-total_amount', 'total_amount'])(
      'lists orders by %s, ties by id, page after page',
      async (sort) => {
        const { ids, totals } = await pagedIds('listAdminOrders', `${ORDERS}?sort=${sort}`);
        expect(ids).toEqual(sortedIds(rows, sort));
        expect(totals).toEqual(['5']);
      },
    );

    it('filters by payment method and by status with a sort', async () => {
      const [first, , , fourth] = rows.map((r) => r.id);
      const card = await pagedIds('listAdminOrders', `${ORDERS}?payment_method=card`);
      expect(card).toEqual({ ids: [fourth, first], totals: ['2'] });
      const cancelled = await pagedIds(
        'listAdminOrders',
        `${ORDERS}?status=cancelled&sort=-total_amount`,
      );
      expect(cancelled.ids).toEqual(sortedIds([rows[1], rows[3]] as Sortable[], '-total_amount'));
      const none = await pagedIds(
        'listAdminOrders',
        `${ORDERS}?payment_method=bank_transfer&date_from=${at(1)}`,
      );
      expect(none).toEqual({ ids: [], totals: ['0'] });
    });

    it('filters by shipping e-mail, trimmed and case-insensitive (the overview grouping)', async () => {
      const leila = await pagedIds(
        'listAdminOrders',
        `${ORDERS}?shipping_email=${encodeURIComponent('  LEILA.b@example.tn ')}&sort=created_at`,
      );
      expect(leila).toEqual({
        ids: sortedIds([rows[2], rows[4]] as Sortable[], 'created_at'),
        totals: ['2'],
      });
    });

    it('searches the shipping name and the shipping e-mail', async () => {
      const fourth = rows[3]?.id;
      expect(await pagedIds('listAdminOrders', `${ORDERS}?search=leila%20BOUAZIZI`)).toEqual({
        ids: [fourth],
        totals: ['1'],
      });
      // customer_email is the lower-cased copy; the shipping e-mail is matched as well.
      await db()
        .updateTable('orders')
        .set({ customer_email: 'account@example.com' })
        .where('id', '=', rows[2]?.id ?? 0)
        .execute();
      const byShipping = await pagedIds(
        'listAdminOrders',
        `${ORDERS}?search=LEILA.B@&sort=created_at`,
      );
      expect(byShipping.ids).toEqual([rows[2]?.id, rows[4]?.id]);
      const byName = await pagedIds('listAdminOrders', `${ORDERS}?search=jane%20doe`);
      expect(byName.totals).toEqual(['4']);
    });

    it('refuses bad sort, payment method and shipping e-mail values (422 on their loc)', async () => {
      await expectQueryRefused(t.app, 'listAdminOrders', { url: ORDERS, headers: admin }, [
        ['sort=-id', 'sort'],
        ['sort=name', 'sort'],
        ['payment_method=bitcoin', 'payment_method'],
        ['shipping_email=', 'shipping_email'],
        [`shipping_email=${'a'.repeat(255)}`, 'shipping_email'],
      ]);
    });

    it('answers the full summaries on a sorted page, item counts included', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${ORDERS}?sort=total_amount&limit=1`,
        headers: admin,
      });
      const [cheapest] = expectResponseMatches<Schemas['OrderSummary'][]>('listAdminOrders', res);
      expect(cheapest).toMatchObject({ id: rows[3]?.id, total_amount: '1.000', item_count: 1 });
      expect(res.headers['x-total-count']).toBe('5');
    });
  });
});
