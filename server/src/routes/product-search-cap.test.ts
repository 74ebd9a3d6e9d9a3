// The admin product list's capped count (#35, part 4; db/search.ts COUNT_CAP): with a search,
// the count stops at 1,000, so a common word costs what a rare one does. Exactly 1,000 matches
// is an exact count (no flag); 1,001 or more answer X-Total-Count: 1000 and
// X-Total-Count-Capped: true, through the list cache as from the database, whichever way the
// search is counted (in the index alone, with another filter, a text too short for the index).
// The pages themselves are unchanged: the rows past the 1,000th are still served. The list
// without a search keeps its exact count. Both databases.
import { describe, expect, it } from 'vitest';
import { useAdmin, useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { insertVatRate } from '../../test-support/fixtures';
import { insertScaleProducts } from '../seed/scale';

const PRODUCTS = '/api/v1/admin/products/';

describe.each(testDialects)('the admin product search count (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const admin = useAdmin(t, 'admin');

  /** The list's answer for a query: status, rows' ids, the count and its capped flag. */
  async function list(query: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: `${PRODUCTS}?${query}`,
      headers: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    return {
      ids: (response.json<{ id: number }[]>() ?? []).map((p) => p.id),
      total: response.headers['x-total-count'],
      capped: response.headers['x-total-count-capped'],
    };
  }

  /** The ids of the products whose name, slug or brand holds `text`, and are active if asked. */
  async function recount(text: string, activeOnly = false) {
    const rows = await t.database.db
      .selectFrom('products')
      .select(['id', 'name', 'slug', 'brand', 'is_active'])
      .execute();
    return rows
      .filter((p) =>
        [p.name, p.slug, p.brand ?? ''].some((c) => c.toLowerCase().includes(text.toLowerCase())),
      )
      .filter((p) => !activeOnly || p.is_active === 1)
      .map((p) => p.id);
  }

  const target = () => ({ db: t.database.db, dialect });

  it('counts exactly 1,000 matches exactly, with no flag', async () => {
    await insertVatRate(t.database.db, { rate_bp: 1900, country_code: 'TN', is_default: 1 });
    // Names end in their code, S0000001 to S0001000: every one holds "s000".
    await insertScaleProducts(target(), 1_000);
    expect(await recount('s000')).toHaveLength(1_000);
    for (const query of ['search=s000', 'search=S000&limit=1', 'search=s000&skip=1000']) {
      const answer = await list(query);
      expect(answer.total).toBe('1000');
      expect(answer.capped).toBeUndefined();
    }
  }, 60_000);

  it('answers 1,000, capped, from the 1,001st match on, and still serves every page', async () => {
    await insertScaleProducts(target(), 1);
    expect(await recount('s000')).toHaveLength(1_001);
    const first = await list('search=s000&limit=100');
    expect(first).toMatchObject({ total: '1000', capped: 'true' });
    expect(first.ids).toHaveLength(100);
    // Asked again: the list cache's answer says the same.
    expect(await list('search=s000&limit=100')).toEqual(first);

    await insertScaleProducts(target(), 199);
    const matches = await recount('s000');
    expect(matches).toHaveLength(1_200);
    // Every match is still listed: the pages past the 1,000th row are read as before.
    const ids: number[] = [];
    for (let skip = 0; skip < 1_300; skip += 100) {
      const page = await list(`search=s000&sort=name&skip=${skip}&limit=100`);
      expect(page).toMatchObject({ total: '1000', capped: 'true' });
      ids.push(...page.ids);
    }
    expect(ids).toHaveLength(1_200);
    expect([...ids].sort((a, b) => a - b)).toEqual([...matches].sort((a, b) => a - b));
  }, 60_000);

  it('caps a search under another filter, and one too short for the index, alike', async () => {
    // Under is_active: about 95 % of the 1,200 products are active.
    const active = await recount('s000', true);
    expect(active.length).toBeGreaterThan(1_000);
    expect(await list('search=s000&is_active=true')).toMatchObject({
      total: '1000',
      capped: 'true',
    });
    // "s0000": the first 999 codes, about 950 of them active: exact.
    const fewer = await recount('s0000', true);
    expect(fewer.length).toBeLessThan(1_000);
    const exact = await list('search=s0000&is_active=true&limit=1000');
    expect(exact.total).toBe(String(fewer.length));
    expect(exact.capped).toBeUndefined();
    expect(exact.ids.sort((a, b) => a - b)).toEqual(fewer.sort((a, b) => a - b));
    // Two characters: tested column by column, not in the index; every product's slug ends in
    // its code ("s0…"), so all 1,200 match.
    expect(await recount('s0')).toHaveLength(1_200);
    expect(await list('search=s0')).toMatchObject({ total: '1000', capped: 'true' });
  }, 60_000);

  it('keeps the exact count of the list without a search', async () => {
    const answer = await list('limit=1');
    expect(answer.total).toBe('1200');
    expect(answer.capped).toBeUndefined();
  });
});
