// `npm start`: the API and the built console on one port.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { AccessTokens } from './auth/access-token';
import { bootstrap } from './bootstrap';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { assertShopDatabase, NotAShopDatabase } from './db/integrity';
import { recordIntegrity } from './services/health';
import { migrateToLatest, underStartupLock } from './db/migrate';
import { createMailer } from './mail/transport';
import { startBackgroundJobs } from './jobs/background';
import { mediaStorage } from './services/media';
// Operations (#16)
import { collectDefaultMetrics } from 'prom-client';
import { listenForMetrics } from './http/metrics';
import { shutDown } from './shutdown';

const config = loadConfig();
// Start refuses what is not a shop (#25): an empty, unreadable, foreign or damaged database stops
// the start with a message and exit code 1 (a DATA_DIR without shop.db still starts a new shop).
const database = await (async () => {
  try {
    const opened = openDatabase(config);
    await assertShopDatabase(
      opened.db,
      opened.dialect,
      opened.dialect === 'sqlite' ? `${config.dataDir}/shop.db` : 'The DATABASE_URL database',
    ).catch(async (err: unknown) => {
      await opened.close();
      throw err;
    });
    return opened;
  } catch (err) {
    if (!(err instanceof NotAShopDatabase)) throw err;
    console.error(`Cannot start: ${err.message}`);
    process.exit(1);
  }
})();
// Instances starting together migrate and bootstrap one after the other.
const first = await underStartupLock(database.db, database.dialect, async (db) => {
  await migrateToLatest(db, database.dialect);
  return bootstrap(db, config);
});
// The check just passed: /readyz of every instance stops showing an older failure.
await recordIntegrity(database.db, new Date(), null);

const spaDir = fileURLToPath(new URL('../../dist', import.meta.url));
const ctx = {
  db: database.db,
  dialect: database.dialect,
  config,
  tokens: new AccessTokens(config.jwtSecret, config.accessTokenTtlSeconds),
  mailer: createMailer(config, console),
  now: () => new Date(),
};
const app = await buildApp(ctx, { logger: { level: process.env.LOG_LEVEL ?? 'info' }, spaDir });

if (first.createdAdmin) {
  const password = first.generatedAdminPassword
    ? `password: ${first.generatedAdminPassword}  (generated; shown only this once)`
    : 'password: the value of ADMIN_PASSWORD';
  console.log(`\nCreated the super admin "${config.adminUsername}", ${password}\n`);
  if (first.weakAdminPassword) {
    console.warn(
      `Warning: ADMIN_PASSWORD is weak (${first.weakAdminPassword}). Sign in and change it on My account.\n`,
    );
  }
}
if (!existsSync(spaDir))
  app.log.warn('dist/ is missing: only the API is served (run `npm run build`)');

// E-mails, the hourly media sweep and the daily audit retention: jobs of the queue every
// instance shares (server/src/jobs/).
const jobs = startBackgroundJobs(ctx, { storage: mediaStorage(config), log: app.log });

// Operations (#16): metrics of the process itself (CPU, memory, event loop) beside the app's,
// and the METRICS_PORT listener.
collectDefaultMetrics({ register: app.metrics.registry });
const metricsListener =
  config.metricsPort === undefined
    ? undefined
    : await listenForMetrics(app.metrics.registry, config.metricsPort, config.host);

// Operations (#16): graceful shutdown (shutdown.ts); exit 1 when SHUTDOWN_TIMEOUT_S was not enough.
const onSignal = () => {
  void shutDown({
    app,
    timeoutMs: config.shutdownTimeoutMs,
    background: [() => jobs.stop()],
    resources: [
      () => database.close(),
      () =>
        new Promise<void>((resolve) =>
          metricsListener ? metricsListener.close(() => resolve()) : resolve(),
        ),
    ],
    log: { info: (m) => app.log.info(m), error: (m) => app.log.error(m) },
  }).then((code) => process.exit(code));
};
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);

await app.listen({ port: config.port, host: config.host });
console.log(`Store back office on http://localhost:${config.port} (${database.dialect})`);
if (metricsListener) console.log(`Metrics on http://${config.host}:${config.metricsPort}/metrics`);
