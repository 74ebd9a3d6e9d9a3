// listAdminCustomers and getDashboardStats: the orders grouped by normalised shipping e-mail
// with the most recent order's details, searched, sorted and paged in the database, and the
// dashboard's exact figures. Both read customer_overview, which triggers on orders keep: the
// invariant test checks it against the orders table after checkouts, bulk inserts, status
// changes, updates and deletes.
import { beforeEach, describe, expect, it } from 'vitest';
import { expectStatus, type Schemas } from '../../test-support/contract';
import { useAdmin, useTestApp } from '../../test-support/app';
import { expectReadsRefused } from '../../test-support/admin-reads';
import { testDialects } from '../../test-support/databases';
import { insertOrder, insertProduct } from '../../test-support/fixtures';
import {
  expectQueryRefused,
  GUEST_ADDRESS,
  placeOrder,
  readPages,
  useShop,
} from '../../test-support/shop';

const CUSTOMERS = '/api/v1/admin/customers/';
const STATS = '/api/v1/admin/stats/';
const at = (day: number, ms = 0) => new Date(Date.UTC(2025, 0, day) + ms).toISOString();
const money = (millimes: number) => (millimes / 1000).toFixed(3);
/** A guest's key (CustomerKey): `g` and the normalised e-mail in base64url. */
const guestKey = (email: string) => `g${Buffer.from(email, 'utf8').toString('base64url')}`;

describe.each(testDialects)('customers overview and dashboard figures (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const shop = useShop(t);
  const admin = useAdmin(t, 'support');
  const db = () => t.database.db;

  const customers = async (query = '') =>
    (
      await readPages<Schemas['CustomerOverview']>(
        t.app,
        'listAdminCustomers',
        { url: `${CUSTOMERS}${query}`, headers: admin },
        2,
      )
    ).rows;
  const stats = async () =>
    expectStatus<Schemas['DashboardStats']>(
      await t.app.inject({ method: 'GET', url: STATS, headers: admin }),
      200,
      'getDashboardStats',
    );

  it('answers 401 without a token and 403 for inventory managers on both operations', async () => {
    const inventory = await t.authAs('inventory_manager');
    const customer = await shop.customer();
    await expectReadsRefused(
      t.app,
      [
        ['listAdminCustomers', CUSTOMERS],
        ['getDashboardStats', STATS],
      ],
      [inventory, customer.headers],
    );
  });

  it('groups orders by trimmed, lower-cased e-mail with the most recent order’s details', async () => {
    await insertOrder(db(), {
      email: ' Amel@Example.TN',
      created_at: at(1),
      total_amount: 1_500,
      customer_type: 'professional',
      vat_number: 'FR40303265045',
      customer_country_code: 'FR',
    });
    // Same instant as the next one: the higher id is the more recent.
    await insertOrder(db(), { email: 'amel@example.tn ', created_at: at(3), total_amount: 250 });
    const latest = await insertOrder(db(), {
      email: 'AMEL@example.tn',
      created_at: at(3),
      total_amount: 1_000,
      vat_number: '',
    });
    // Inserted last but older: it counts, and changes nothing of the latest order's details.
    await insertOrder(db(), {
      email: 'amel@EXAMPLE.tn',
      created_at: at(2),
      total_amount: 3_000,
      customer_country_code: 'DE',
    });
    await insertOrder(db(), { email: 'sami@example.tn', created_at: at(2), total_amount: 7 });

    expect(await customers()).toEqual([
      {
        key: guestKey('amel@example.tn'),
        email: 'AMEL@example.tn',
        customer_type: 'individual',
        country_code: 'TN',
        vat_number: null,
        order_count: 4,
        total_spent: money(5_750),
        last_order_date: latest.created_at,
      },
      {
        key: guestKey('sami@example.tn'),
        email: 'sami@example.tn',
        customer_type: 'individual',
        country_code: 'TN',
        vat_number: null,
        order_count: 1,
        total_spent: '0.007',
        last_order_date: at(2),
      },
    ]);
    expect(await stats()).toEqual({
      product_count: 0,
      order_count: 5,
      customer_count: 2,
      revenue: money(5_757),
      revenue_excluding_cancelled_refunded: money(5_757),
    });
  });

  describe('search, sort and paging', () => {
    // Four customers with ties on every sort key but the e-mail.
    beforeEach(async () => {
      const orders = [
        ['b@example.tn', at(1), 2_000, 'individual', 'TN'],
        ['b@example.tn', at(2), 1_000, 'individual', 'TN'],
        ['Ac@example.tn', at(2), 3_000, 'professional', 'FR'],
        ['d@example.tn', at(1), 1_000, 'individual', 'DE'],
        ['c@shop.fr', at(1), 1_000, 'professional', 'FR'],
        ['c@shop.fr', at(3), 1_000, 'individual', 'FR'],
      ] as const;
      for (const [email, createdAt, total, type, country] of orders) {
        await insertOrder(db(), {
          email,
          created_at: createdAt,
          total_amount: total,
          customer_type: type,
          customer_country_code: country,
        });
      }
    });

    const emails = async (query: string) => (await customers(query)).map((c) => c.email);

    it.each([
      ['', ['c@shop.fr', 'b@example.tn', 'Ac@example.tn', 'd@example.tn']],
      ['?sort=-last_order_date', ['c@shop.fr', 'b@example.tn', 'Ac@example.tn', 'd@example.tn']],
      ['?sort=last_order_date', ['d@example.tn', 'Ac@example.tn', 'b@example.tn', 'c@shop.fr']],
      ['?sort=-total_spent', ['b@example.tn', 'Ac@example.tn', 'c@shop.fr', 'd@example.tn']],
      ['?sort=total_spent', ['d@example.tn', 'c@shop.fr', 'Ac@example.tn', 'b@example.tn']],
      ['?sort=-order_count', ['c@shop.fr', 'b@example.tn', 'd@example.tn', 'Ac@example.tn']],
      ['?sort=order_count', ['Ac@example.tn', 'd@example.tn', 'b@example.tn', 'c@shop.fr']],
      ['?sort=email', ['Ac@example.tn', 'b@example.tn', 'c@shop.fr', 'd@example.tn']],
      ['?sort=-email', ['d@example.tn', 'c@shop.fr', 'b@example.tn', 'Ac@example.tn']],
    ])('sorts by %s, ties by the normalised e-mail, page after page', async (query, expected) => {
      expect(await emails(query)).toEqual(expected);
    });

    it('searches e-mail, customer type and country code, with an exact X-Total-Count', async () => {
      expect(await emails('?search=%20EXAMPLE.tn%20&sort=email')).toEqual([
        'Ac@example.tn',
        'b@example.tn',
        'd@example.tn',
      ]);
      // The type and country are the most recent order's: c@shop.fr last ordered as individual.
      expect(await emails('?search=profession')).toEqual(['Ac@example.tn']);
      expect(await emails('?search=fr&sort=email')).toEqual(['Ac@example.tn', 'c@shop.fr']);
      expect(await emails('?search=nobody')).toEqual([]);

      const page = await t.app.inject({
        method: 'GET',
        url: `${CUSTOMERS}?search=example&skip=1&limit=1&sort=email`,
        headers: admin,
      });
      expect(
        expectStatus<Schemas['CustomerOverview'][]>(page, 200, 'listAdminCustomers').map(
          (c) => c.email,
        ),
      ).toEqual(['b@example.tn']);
      expect(page.headers['x-total-count']).toBe('3');
    });

    it('refuses bad sort, search and paging values (422 on their loc)', async () => {
      await expectQueryRefused(t.app, 'listAdminCustomers', { url: CUSTOMERS, headers: admin }, [
        ['sort=name', 'sort'],
        ['sort=-created_at', 'sort'],
        ['search=', 'search'],
        [`search=${'x'.repeat(101)}`, 'search'],
        ['limit=0', 'limit'],
        ['skip=-1', 'skip'],
      ]);
    });
  });

  it('counts every product and order, and leaves cancelled and refunded orders out of the second revenue', async () => {
    const p = await shop.simple({ base_price: 11_900 }, { stock_quantity: 100 });
    await insertProduct(db(), { vat_rate_id: shop.tn19.id, is_active: 0 });
    const placed = [];
    for (const [i, email] of ['a@example.tn', 'b@example.tn', 'A@example.tn '].entries()) {
      placed.push(
        await placeOrder(
          t.app,
          { session: `stats_${dialect}_${i}` },
          [{ productId: p.productId, quantity: i + 1 }],
          { shipping_address: { ...GUEST_ADDRESS, email: email.trim() } },
        ),
      );
    }
    for (const [i, status] of ['cancelled', 'refunded', 'delivered'].entries()) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/orders/${placed[i]?.id}/status`,
        headers: admin,
        payload: { status },
      });
      expect(res.statusCode).toBe(200);
    }

    const totals = placed.map((o) => Number(o.total_amount.replace('.', '')));
    const all = totals.reduce((s, x) => s + x, 0);
    expect(await stats()).toEqual({
      product_count: 2,
      order_count: 3,
      customer_count: 2,
      revenue: money(all),
      revenue_excluding_cancelled_refunded: money(totals[2] ?? 0),
    });
    // A status change leaves the overview as it was: every order counts, whatever its status.
    expect((await customers('?sort=email')).map((c) => [c.email, c.order_count])).toEqual([
      ['A@example.tn', 2],
      ['b@example.tn', 1],
    ]);
  });

  it('keeps the overview and the figures equal to the orders table whoever writes the orders', async () => {
    const p = await shop.simple({ base_price: 2_000 }, { stock_quantity: 1_000 });
    const emails = [
      'x@example.tn',
      'X@Example.tn',
      ' y@example.tn',
      'z@example.tn  ',
      'Y@EXAMPLE.TN',
    ];
    // Pseudo-random but repeatable: checkouts and bulk inserts interleaved.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let i = 0; i < 24; i += 1) {
      const email = emails[next(emails.length)] ?? 'x@example.tn';
      if (i % 3 === 0) {
        await placeOrder(
          t.app,
          { session: `inv_${dialect}_${i}` },
          [{ productId: p.productId, quantity: 1 + next(3) }],
          { shipping_address: { ...GUEST_ADDRESS, email: email.trim() } },
        );
      } else {
        await insertOrder(db(), {
          email,
          created_at: at(1 + next(5), next(2)),
          total_amount: 1 + next(50_000),
          status: next(4) === 0 ? 'cancelled' : 'pending',
          customer_type: next(2) === 0 ? 'individual' : 'professional',
        });
      }
    }
    await expectReconciled();

    // Updates of what a row is made of, and deletes, are followed too.
    const some = await db().selectFrom('orders').select('id').orderBy('id').limit(3).execute();
    const [a, b, c] = some.map((o) => o.id);
    await db()
      .updateTable('orders')
      .set({ created_at: at(9), total_amount: 123 })
      .where('id', '=', a ?? 0)
      .execute();
    await db()
      .updateTable('orders')
      .set({ shipping_address: JSON.stringify({ ...GUEST_ADDRESS, email: 'moved@example.tn' }) })
      .where('id', '=', b ?? 0)
      .execute();
    await db()
      .deleteFrom('orders')
      .where('id', '=', c ?? 0)
      .execute();
    await expectReconciled();

    await db().deleteFrom('orders').execute();
    expect(await customers()).toEqual([]);
    expect(await stats()).toMatchObject({ order_count: 0, customer_count: 0, revenue: '0.000' });
  });

  /**
   * The overview and the figures as the orders table says, computed here independently (the
   * console's former aggregation: trimmed, lower-cased e-mail; details of the latest order).
   */
  async function expectReconciled() {
    const orders = await db()
      .selectFrom('orders')
      .select([
        'id',
        'created_at',
        'total_amount',
        'status',
        'shipping_address',
        'customer_type',
        'customer_country_code',
        'vat_number',
      ])
      .execute();
    const groups = new Map<string, typeof orders>();
    for (const o of orders) {
      const email = (JSON.parse(o.shipping_address) as { email: string }).email;
      const key = email.trim().toLowerCase();
      groups.set(key, [...(groups.get(key) ?? []), o]);
    }
    // A row is keyed by the account of its e-mail, when there is one.
    const accounts = new Map(
      (await db().selectFrom('customers').select(['id', 'email']).execute()).map((c) => [
        c.email,
        Number(c.id),
      ]),
    );
    const expected = [...groups.entries()].map(([emailKey, own]) => {
      const latest = [...own].sort((x, y) =>
        x.created_at === y.created_at ? y.id - x.id : x.created_at < y.created_at ? 1 : -1,
      )[0];
      if (!latest) throw new Error('a group has orders');
      const account = accounts.get(emailKey);
      return {
        key: account === undefined ? guestKey(emailKey) : `a${account}`,
        email: (JSON.parse(latest.shipping_address) as { email: string }).email.trim(),
        customer_type: latest.customer_type,
        country_code: latest.customer_country_code,
        vat_number: latest.vat_number || null,
        order_count: own.length,
        total_spent: money(own.reduce((s, o) => s + Number(o.total_amount), 0)),
        last_order_date: latest.created_at,
      };
    });
    // Compared in one order of our own: the databases' collations may order mixed case apart.
    const byKey = (list: Schemas['CustomerOverview'][]) =>
      [...list].sort((x, y) => (x.email.toLowerCase() < y.email.toLowerCase() ? -1 : 1));
    const rows = await customers();
    expect(byKey(rows)).toEqual(byKey(expected));
    const revenue = orders.reduce((s, o) => s + Number(o.total_amount), 0);
    const notEarned = orders
      .filter((o) => o.status === 'cancelled' || o.status === 'refunded')
      .reduce((s, o) => s + Number(o.total_amount), 0);
    expect(await stats()).toEqual({
      product_count: 1,
      order_count: orders.length,
      customer_count: groups.size,
      revenue: money(revenue),
      revenue_excluding_cancelled_refunded: money(revenue - notEarned),
    });
    // The lists' totals without filters, or with the status alone, come from the same counters.
    const totalOf = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: admin })).headers['x-total-count'];
    expect(await totalOf('/api/v1/admin/orders/?limit=1')).toBe(String(orders.length));
    for (const status of ['pending', 'cancelled'] as const) {
      expect(await totalOf(`/api/v1/admin/orders/?limit=1&status=${status}`)).toBe(
        String(orders.filter((o) => o.status === status).length),
      );
    }
    expect(await totalOf(`${CUSTOMERS}?limit=1`)).toBe(String(groups.size));
    // Σ order_count = orders, Σ total_spent = revenue, rows = customer_count.
    expect(rows.reduce((s, r) => s + r.order_count, 0)).toBe(orders.length);
    expect(money(rows.reduce((s, r) => s + Number(r.total_spent.replace('.', '')), 0))).toBe(
      money(revenue),
    );
  }
});
