// The admin orders list's capped count (#35, part 4; db/search.ts COUNT_CAP), as the products
// list's (product-search-cap.test.ts): with a search, exactly 1,000 matching orders is an exact
// count, 1,001 or more answer X-Total-Count: 1000 and X-Total-Count-Capped: true; every page is
// still served, and the list without a search counts exactly. Both databases.
import { describe, expect, it } from 'vitest';
import { useAdmin, useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { bootstrap } from '../bootstrap';
import { insertScaleOrders, seedScale } from '../seed/scale';

const ORDERS = '/api/v1/admin/orders/';

describe.each(testDialects)('the admin order search count (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const admin = useAdmin(t, 'admin');
  const now = new Date();

  async function list(query: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: `${ORDERS}?${query}`,
      headers: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    return {
      ids: response.json<{ id: number }[]>().map((o) => o.id),
      total: response.headers['x-total-count'],
      capped: response.headers['x-total-count-capped'],
    };
  }

  /** The ids of the orders whose customer e-mail holds `text`, of `status` if given. */
  async function recount(text: string, status?: string) {
    const rows = await t.database.db
      .selectFrom('orders')
      .select(['id', 'customer_email', 'status'])
      .execute();
    return rows
      .filter((o) => o.customer_email.toLowerCase().includes(text))
      .filter((o) => status === undefined || o.status === status)
      .map((o) => o.id);
  }

  const target = () => ({ db: t.database.db, dialect });
  const shippingNet = () => t.ctx.config.shippingFlatRateMillimes;

  it('counts exactly 1,000 matching orders exactly, with no flag', async () => {
    await bootstrap(t.database.db, t.ctx.config);
    // Every scale order's e-mail is at example.tn.
    await seedScale(target(), { products: 40, orders: 1_000, now, shippingNet: shippingNet() });
    expect(await recount('example.tn')).toHaveLength(1_000);
    const answer = await list('search=example.tn&limit=1');
    expect(answer.total).toBe('1000');
    expect(answer.capped).toBeUndefined();
  }, 120_000);

  it('answers 1,000, capped, from the 1,001st match on, and still serves every page', async () => {
    await insertScaleOrders(target(), 150, { now, shippingNet: shippingNet() });
    const matches = await recount('example.tn');
    expect(matches).toHaveLength(1_150);
    const ids: number[] = [];
    for (let skip = 0; skip < 1_200; skip += 100) {
      const page = await list(`search=EXAMPLE.TN&skip=${skip}&limit=100`);
      expect(page).toMatchObject({ total: '1000', capped: 'true' });
      ids.push(...page.ids);
    }
    expect(ids.sort((a, b) => a - b)).toEqual(matches.sort((a, b) => a - b));
    // Under a status filter, fewer than 1,000: exact.
    const pending = await recount('example.tn', 'pending');
    expect(pending.length).toBeLessThan(1_000);
    const filtered = await list('search=example.tn&status=pending&limit=1');
    expect(filtered.total).toBe(String(pending.length));
    expect(filtered.capped).toBeUndefined();
  }, 120_000);

  it('keeps the exact count of the list without a search', async () => {
    const answer = await list('limit=1');
    expect(answer.total).toBe('1150');
    expect(answer.capped).toBeUndefined();
  });
});
