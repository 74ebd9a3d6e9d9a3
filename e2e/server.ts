// Starts the real product, as `npm start` runs it (scripts/shop-server.mjs), on a fresh DATA_DIR
// and a free loopback port, for the e2e tests and the screenshots: on SQLite (shop.db in the
// DATA_DIR) or on a fresh database of its own in the PostgreSQL cluster of DATABASE_URL.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildServerIfStale,
  createShopDatabase,
  runServer,
  seedDemo,
} from '../scripts/shop-server.mjs';

export { ADMIN_PASSWORD, ADMIN_USERNAME } from '../scripts/shop-server.mjs';

export type Database = 'sqlite' | 'postgres';

export interface RunningShop {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
}

export const NO_POSTGRES =
  'The postgres project needs a PostgreSQL cluster in DATABASE_URL: run `npm run test:e2e` ' +
  '(or `bash scripts/with-postgres.sh npx playwright test -c e2e/playwright.config.ts`), ' +
  'or choose `--project sqlite`';

/** A database of its own on PostgreSQL; nothing on SQLite (the server makes DATA_DIR/shop.db). */
async function shopDatabase(
  database: Database,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const clusterUrl = process.env.DATABASE_URL;
  if (database === 'sqlite') return { env: {}, drop: async () => {} };
  if (!clusterUrl) throw new Error(NO_POSTGRES);
  const created = await createShopDatabase(clusterUrl);
  return { env: { DATABASE_URL: created.url }, drop: created.drop };
}

/**
 * `demo`: the demo shop; `seed`: seed:demo's arguments (`['--products', '5000', …]`);
 * `database`: SQLite (the default) or PostgreSQL.
 */
export async function startShop(
  env: Record<string, string> = {},
  {
    demo = false,
    seed = [],
    database = 'sqlite',
  }: { demo?: boolean; seed?: readonly string[]; database?: Database } = {},
): Promise<RunningShop> {
  buildServerIfStale();
  const db = await shopDatabase(database);
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  const removeData = async () => {
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let server: Awaited<ReturnType<typeof runServer>>;
  try {
    if (demo || seed.length > 0) seedDemo(dataDir, seed, db.env);
    server = await runServer(dataDir, { ...db.env, ...env });
    // A report that says postgres means the shop ran there: SQLite would have made shop.db.
    if (existsSync(join(dataDir, 'shop.db')) !== (database === 'sqlite')) {
      await server.stop();
      throw new Error(`The shop did not start on ${database}`);
    }
  } catch (err) {
    await removeData();
    throw err;
  }
  return {
    baseURL: server.baseURL,
    dataDir,
    async stop() {
      await server.stop();
      await removeData();
    },
  };
}

/**
 * Moves the shop's clock `seconds` on, for a shop started with SHOP_TEST_CLOCK=true (its time
 * stands still otherwise): a token's lifetime passes without the test waiting it out.
 */
export async function moveServerClock(shop: RunningShop, seconds: number): Promise<void> {
  const url = `${shop.baseURL}/api/v1/test/clock`;
  const read = await fetch(url);
  if (!read.ok) throw new Error(`GET ${url} → ${read.status}: start the shop with SHOP_TEST_CLOCK`);
  const { now } = (await read.json()) as { now: string };
  const to = new Date(Date.parse(now) + seconds * 1000).toISOString();
  const set = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ now: to }),
  });
  if (!set.ok) throw new Error(`PUT ${url} → ${set.status}: ${await set.text()}`);
}

/** The access-token lifetime of a shop started by startShortSessionShop, in seconds. */
const SHORT_ACCESS_TOKEN_S = 10;
/** The server accepts a token this long past its expiry (server/src/auth/access-token.ts). */
const CLOCK_TOLERANCE_S = 5;

/**
 * A shop whose access tokens live 10 s and whose clock the test moves (SHOP_TEST_CLOCK), for the
 * tests of sessions outliving their access token.
 */
export function startShortSessionShop(database: Database): Promise<RunningShop> {
  return startShop(
    { ACCESS_TOKEN_TTL_S: String(SHORT_ACCESS_TOKEN_S), SHOP_TEST_CLOCK: 'true' },
    { database },
  );
}

/** Moves a startShortSessionShop shop past the lifetime of every access token it has issued. */
export function outliveAccessTokens(shop: RunningShop): Promise<void> {
  return moveServerClock(shop, SHORT_ACCESS_TOKEN_S + CLOCK_TOLERANCE_S + 1);
}
