// `npm run bench:search` (#35, part 4): product search as the catalogue grows (1k → 10k → 50k →
// 100k products), beside the plain list at the same size, on the embedded SQLite and, under
// scripts/with-postgres.sh (DATABASE_URL set), on PostgreSQL. The search is for a common word
// of the scale products' names (one adjective in twelve, so about 8 % of them match), on the
// admin list and the storefront catalogue. Each GET is measured as users get it (list cache on)
// and cold (a second server on the same database with the list cache off: the cost of making an
// answer, which is what grew with the catalogue). The limit measured in the same run: the
// plain list's cold p99 at the same size × LIMIT_FACTOR; a search page within it costs what a
// page of the list does. Figures are printed and written to bench/results/search-<database>.json,
// never asserted. BENCH_SECONDS, BENCH_RUNS, BENCH_CONNECTIONS, BENCH_SCALE as for bench:api.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { insertScaleProducts } from '../server/src/seed/scale';
import {
  CONNECTIONS,
  measureGet,
  RUNS,
  SECONDS,
  startLimitServer,
  type Measurement,
} from './measure';
import { openBenchShop } from './shop';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const STEPS = [1_000, 10_000, 50_000, 100_000].map((n) => Math.round(n * SCALE));
/** A word of one adjective in twelve of the scale products' names (server/src/seed/scale.ts). */
const WORD = 'copper';
/** A search page may take this many times the plain list's p99 at the same size. */
const LIMIT_FACTOR = 2;

/** The machine's 1-minute load average: figures taken on a busy machine are lower. */
const loadAverage = { start: loadavg()[0] ?? 0, end: 0 };
const shop = await openBenchShop('shop-search-bench');
const { config, database, target, address, headers } = shop;
const cold = await shop.listenAlso({ ...config, listCacheMb: 0 });
const servers = { app: address, cold: cold.address };
const limit = await startLimitServer();

/** The lists measured at each size: the plain one first, the limit's reference. */
const LISTS = [
  { name: 'admin list', path: '/api/v1/admin/products/?limit=100' },
  { name: 'admin search', path: `/api/v1/admin/products/?limit=100&search=${WORD}` },
  { name: 'catalogue list', path: '/api/v1/products/?limit=100' },
  { name: 'catalogue search', path: `/api/v1/products/?limit=100&search=${WORD}` },
] as const;

interface Row {
  size: number;
  /** How many products the word matches (the exact count, from the table). */
  matches: number;
  /**
   * The X-Total-Count the admin search answered, and whether it was the cap (over 1,000 matches:
   * X-Total-Count-Capped, server/src/db/search.ts COUNT_CAP).
   */
  total: string | null;
  capped: boolean;
  measurements: Record<(typeof LISTS)[number]['name'], Measurement>;
}

const rows: Row[] = [];
let products = 0;
for (const size of STEPS) {
  const started = Date.now();
  await insertScaleProducts(target, size - products);
  products = size;
  if (database.dialect === 'postgres') await sql`vacuum analyze`.execute(database.db);
  console.error(
    `${database.dialect}: ${size} products in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const counted = await database.db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(sql<boolean>`lower(name) like ${`%${WORD}%`}`)
    .executeTakeFirstOrThrow();
  const probe = await fetch(`${address}${LISTS[1].path}`, { headers });
  const measurements = {} as Row['measurements'];
  for (const list of LISTS) {
    const m = await measureGet(servers, limit, {
      path: list.path,
      rows: `${size} products`,
      headers,
    });
    measurements[list.name] = m;
    console.error(
      `  ${list.name} (${size}): cold ${m.cold ? Math.round(m.cold.requestsPerSecond) : 'n/a'} req/s`,
    );
  }
  rows.push({
    size,
    matches: Number(counted.n),
    total: probe.headers.get('x-total-count'),
    capped: probe.headers.get('x-total-count-capped') === 'true',
    measurements,
  });
}

loadAverage.end = loadavg()[0] ?? 0;
const round = (n: number) => Math.round(n).toLocaleString('en-US');
console.log(
  `\n${database.dialect}: search for "${WORD}", ${CONNECTIONS} connections, ${SECONDS} s per measurement, ` +
    `medians of ${RUNS} runs; limit = the plain list's p99 at the same size × ${LIMIT_FACTOR}; ` +
    `machine load average ${loadAverage.start.toFixed(1)} at the start, ${loadAverage.end.toFixed(1)} at the end`,
);
for (const side of ['cold', 'figures'] as const) {
  console.log(
    `\n${side === 'cold' ? 'Cold (list cache off): the cost of making a page' : 'Warm (list cache on): what users get'}`,
  );
  console.log(
    '| database | list | products | matches | X-Total-Count | req/s | p50 ms | p99 ms | limit p99 ms | plain list req/s | plain list p99 ms | within limit |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const row of rows) {
    for (const [search, plain] of [
      ['admin search', 'admin list'],
      ['catalogue search', 'catalogue list'],
    ] as const) {
      const f = row.measurements[search][side];
      const p = row.measurements[plain][side];
      const limitMs = p ? p.p99 * LIMIT_FACTOR : null;
      const cells = [
        database.dialect,
        search,
        round(row.size),
        round(row.matches),
        search === 'admin search' ? `${row.total ?? ''}${row.capped ? ' (capped)' : ''}` : '',
        f ? round(f.requestsPerSecond) : 'n/a',
        f ? String(f.p50) : '',
        f ? String(f.p99) : '',
        limitMs === null ? '' : String(limitMs),
        p ? round(p.requestsPerSecond) : 'n/a',
        p ? String(p.p99) : '',
        f && limitMs !== null ? (f.p99 <= limitMs ? 'ok' : 'over') : '',
      ];
      console.log(`| ${cells.join(' | ')} |`);
    }
  }
}

const resultsDir = join(import.meta.dirname, 'results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  join(resultsDir, `search-${database.dialect}.json`),
  `${JSON.stringify({ database: database.dialect, at: new Date().toISOString(), word: WORD, seconds: SECONDS, runs: RUNS, connections: CONNECTIONS, limitFactor: LIMIT_FACTOR, loadAverage, rows }, null, 2)}\n`,
);

await limit.close();
await shop.close();
