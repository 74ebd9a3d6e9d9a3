// Product search pages (#35, part 4): on SQLite a page of a search is read in the list's order,
// testing each row, over a bounded number of rows, and looked up in the index only when those
// rows do not fill it (db/search.ts, scan); the matches are counted in the index alone when the
// search is the list's only filter. Both must keep the rows, their order and the count of the
// lookup (the list before #35), for every sort, page and kind of word: common (about one name in
// twelve), one whose matches lie at one end of the name order, and a product's own code.
import { CompiledQuery } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { selectedPage, scansInOrder } from '../../db/search';
import { insertScaleProducts, scaleProductCode } from '../../seed/scale';
import type { DialectName } from '../../db/database';
import { testDialects, useTestDatabase } from '../../../test-support/databases';
import { insertVatRate } from '../../../test-support/fixtures';
import { listPublicProducts } from './catalogue';
import { adminProductSelection, listAdminProducts, type AdminProductFilters } from './products';

const PRODUCTS = 240;
const SORTS: AdminProductFilters['sort'][] = [
  '-created_at',
  'created_at',
  'name',
  '-name',
  'base_price',
  '-base_price',
  'stock',
  '-stock',
];
/** Copper: spread through every order but the names'; Wool: the last names; a product's code. */
const WORDS = ['copper', 'WOOL', scaleProductCode(7)];
const PAGES = [
  { skip: 0, limit: 3 },
  { skip: 3, limit: 3 },
  { skip: 12, limit: 5 },
  { skip: 0, limit: 100 },
];

/** A test database of PRODUCTS scale products, and the recount of a word's matches. */
function useSearchShop(dialect: DialectName) {
  const database = useTestDatabase(dialect);
  const db = () => database.db;
  const products: { id: number; name: string; slug: string; brand: string | null }[] = [];

  beforeAll(async () => {
    await insertVatRate(db(), { rate_bp: 1900, country_code: 'TN', is_default: 1 });
    await insertScaleProducts({ db: db(), dialect }, PRODUCTS);
    products.push(
      ...(await db().selectFrom('products').select(['id', 'name', 'slug', 'brand']).execute()),
    );
  }, 60_000);

  /** The ids of the products one of whose searched columns holds the word, recounted here. */
  const matching = (word: string) =>
    products
      .filter((p) =>
        [p.name, p.slug, p.brand ?? ''].some((c) => c.toLowerCase().includes(word.toLowerCase())),
      )
      .map((p) => p.id)
      .sort((a, b) => a - b);

  /** The database, and the statements run through it since the last `clear`. */
  function watchedDb() {
    const statements: CompiledQuery[] = [];
    const executor = db().getExecutor();
    const watched = db().withPlugin({
      transformQuery({ node, queryId }) {
        statements.push(executor.compileQuery(node, queryId));
        return node;
      },
      transformResult: ({ result }) => Promise.resolve(result),
    });
    return { watched, statements, clear: () => statements.splice(0) };
  }
  return { db, matching, watchedDb };
}

describe.each(testDialects)('product search pages (%s)', (dialect) => {
  const { db, matching, watchedDb } = useSearchShop(dialect);

  it('finds what a recount finds, and counts it exactly', async () => {
    for (const word of WORDS) {
      const { items, total } = await listAdminProducts(
        db(),
        { search: word, sort: '-created_at', skip: 0, limit: 1000 },
        new Date(),
      );
      expect(word === 'copper' ? matching(word).length : 1).toBeGreaterThan(0);
      expect(items.map((p) => p.id).sort((a, b) => a - b)).toEqual(matching(word));
      expect(total).toBe(matching(word).length);
    }
  });

  it('counts the matches under another filter too', async () => {
    const active = await db()
      .selectFrom('products')
      .select('id')
      .where('is_active', '=', 1)
      .execute();
    const activeIds = new Set(active.map((r) => r.id));
    const { total } = await listAdminProducts(
      db(),
      { search: 'copper', is_active: true, sort: 'name', skip: 0, limit: 1 },
      new Date(),
    );
    expect(total).toBe(matching('copper').filter((id) => activeIds.has(id)).length);
  });

  it('pages as the lookup does, in every order, whether the scanned rows fill the page or not', async () => {
    const { watched, statements, clear } = watchedDb();
    const page = watched.selectFrom('products as p').selectAll('p');
    const served = { scanned: 0, lookedUp: 0 };
    for (const word of WORDS) {
      for (const sort of SORTS) {
        const selection = adminProductSelection(db(), { search: word, sort });
        expect(selection.scan !== undefined).toBe(scansInOrder(db()));
        for (const paging of PAGES) {
          const lookedUp = await selectedPage(page, { ...selection, scan: undefined }, paging);
          clear();
          // 60 rows read at most: a page of 3 copper products is found within them in most
          // orders (about 1 in 12 rows), while wool in name order, or 100 rows, are not.
          const read = await selectedPage(page, { ...selection, scanRows: 60 }, paging);
          expect(
            read.rows.map((r) => r.id),
            `${word} ${sort} ${JSON.stringify(paging)}`,
          ).toEqual(lookedUp.rows.map((r) => r.id));
          expect(read.total).toBe(matching(word).length);
          if (statements.some((s) => s.sql.includes('product_search'))) served.lookedUp++;
          else served.scanned++;
        }
      }
    }
    if (scansInOrder(db())) {
      expect(served.scanned).toBeGreaterThan(0);
      expect(served.lookedUp).toBeGreaterThan(0);
    } else {
      expect(served.scanned).toBe(0);
    }
  });

  it('pages the storefront catalogue as it counts it, active products only', async () => {
    const active = new Set(
      (await db().selectFrom('products').select('id').where('is_active', '=', 1).execute()).map(
        (r) => r.id,
      ),
    );
    for (const sort of ['-created_at', 'name'] as const) {
      const query = { search: 'copper', sort, country_code: 'TN' };
      const whole = await listPublicProducts(db(), new Date(), { ...query, skip: 0, limit: 1000 });
      const expected = matching('copper').filter((id) => active.has(id));
      expect(whole.items.map((p) => p.id).sort((a, b) => a - b)).toEqual(expected);
      expect(whole.total).toBe(expected.length);
      const paged: number[] = [];
      for (let skip = 0; skip < expected.length; skip += 4) {
        const page = await listPublicProducts(db(), new Date(), { ...query, skip, limit: 4 });
        paged.push(...page.items.map((p) => p.id));
      }
      expect(paged).toEqual(whole.items.map((p) => p.id));
    }
  });
});

describe('product search plans (sqlite)', () => {
  const { watchedDb, db } = useSearchShop('sqlite');

  it("reads a common word's page in the list's order, without sorting every match", async () => {
    const { watched, statements } = watchedDb();
    const { items } = await listAdminProducts(
      watched,
      { search: 'copper', sort: '-created_at', skip: 0, limit: 3 },
      new Date(),
    );
    expect(items).toHaveLength(3);
    // The count, up to its cap (COUNT_CAP), is a limited read of the index, not a page.
    const pages = statements.filter((s) => /\blimit\b/i.test(s.sql) && !/count\(\*\)/i.test(s.sql));
    // The last row the scan may read, then the page: no lookup after it.
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      expect(page.sql).not.toMatch(/product_search/);
      const plan = await db().executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${page.sql}`, [...page.parameters]),
      );
      const details = plan.rows.map((r) => r.detail).join('\n');
      expect(details).not.toMatch(/TEMP B-TREE/);
      expect(details).toMatch(/USING (COVERING )?INDEX products_created_at_id/);
    }
  });
});
