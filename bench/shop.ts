// The shop a bench measures: a throw-away data folder, the database of the environment (SQLite,
// or PostgreSQL under scripts/with-postgres.sh) migrated and bootstrapped, the app listening on
// loopback and an admin's bearer header.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/src/app';
import { AccessTokens } from '../server/src/auth/access-token';
import { bootstrap } from '../server/src/bootstrap';
import { loadConfig, type Config } from '../server/src/config';
import type { AppContext } from '../server/src/context';
import { openDatabase } from '../server/src/db/database';
import { migrateToLatest } from '../server/src/db/migrate';
import { createMemoryMailer } from '../server/src/mail/transport';
import { scriptSession } from '../server/src/services/identity/refresh-tokens';

/** How often the admin's bearer is renewed (its access token lives 15 minutes). */
const RENEW_MS = 10 * 60_000;

export interface BenchShop {
  config: Config;
  database: ReturnType<typeof openDatabase>;
  /** What the scale loaders (server/src/seed/scale.ts) write to. */
  target: { db: AppContext['db']; dialect: AppContext['dialect'] };
  context: AppContext;
  app: FastifyInstance;
  /** The app's base URL. */
  address: string;
  /** An admin's bearer header, renewed in place every 10 minutes. */
  headers: { authorization: string };
  /** Another app on the same database, listening too (e.g. with other settings). */
  listenAlso(config: Config): Promise<{ app: FastifyInstance; address: string }>;
  close(): Promise<void>;
}

export async function openBenchShop(name: string): Promise<BenchShop> {
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'bench-password-1',
  });
  const database = openDatabase(config);
  await migrateToLatest(database.db, database.dialect);
  await bootstrap(database.db, config);
  const tokens = new AccessTokens(config.jwtSecret, config.accessTokenTtlSeconds);
  const context: AppContext = {
    db: database.db,
    dialect: database.dialect,
    config,
    tokens,
    mailer: createMemoryMailer(),
    now: () => new Date(),
  };
  const apps: FastifyInstance[] = [];
  const listen = async (appConfig: Config) => {
    const app = await buildApp({ ...context, config: appConfig });
    apps.push(app);
    return { app, address: await app.listen({ port: 0, host: '127.0.0.1' }) };
  };
  const { app, address } = await listen(config);
  const admin = await database.db.selectFrom('admin_users').select('id').executeTakeFirstOrThrow();
  const bearer = async () =>
    (await scriptSession(database.db, tokens, 'admin', admin.id)).authorization;
  const headers = { authorization: await bearer() };
  // The access token lives 15 minutes and a large build takes longer (1,000,000 orders on
  // PostgreSQL: 16 minutes, after which every request answered 401): a new one every 10
  // minutes, in the same object the benches hold.
  const renewal = setInterval(() => {
    bearer()
      .then((authorization) => {
        headers.authorization = authorization;
      })
      .catch((err: unknown) => console.error('bench: could not renew the admin token', err));
  }, RENEW_MS);
  renewal.unref();
  return {
    config,
    database,
    target: { db: database.db, dialect: database.dialect },
    context,
    app,
    address,
    headers,
    listenAlso: listen,
    async close() {
      clearInterval(renewal);
      for (const a of apps) await a.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
