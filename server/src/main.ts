// `npm start`: the API and the built console on one port. Every line it prints is a JSON line of
// the process's one logger (log.ts), a refused start included ("Cannot start: …", exit code 1).
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { AccessTokens } from './auth/access-token';
import { bootstrap } from './bootstrap';
import { loadConfig } from './config';
import { preparePrivateFolders } from './data-folders';
import { NotAShopDatabase, openDatabase } from './db/database';
import { assertShopDatabase } from './db/integrity';
import { createLogger, exitCannotStart } from './log';
import { recordIntegrity } from './services/platform/health';
import { migrateToLatest, underStartupLock } from './db/migrate';
import { createMailer } from './mail/transport';
import { startBackgroundJobs } from './jobs/background';
import { backgroundJobs } from './services/platform/background-jobs';
import { mediaStorage } from './services/platform/media';
// Operations (#16)
import { collectDefaultMetrics } from 'prom-client';
import { listenForMetrics } from './http/metrics';
import { shutDown } from './shutdown';
// The shop simulator's clock (#32), only with SHOP_TEST_CLOCK=true.
import { createTestClock, registerTestClock } from './simulate/test-clock';

// A refused setting (LOG_LEVEL too) is logged by a logger of its own: no level is known yet.
const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    return exitCannotStart(undefined, err);
  }
})();
const log = createLogger(config.logLevel);

await start().catch((err: unknown) =>
  // A database that is not a shop's (#25) is explained by its message; anything else gets its
  // stack too.
  exitCannotStart(log, err, { stack: !(err instanceof NotAShopDatabase) }),
);

async function start() {
  const media = mediaStorage(config);
  // DATA_DIR, uploads/ and outbox/: 0700 whatever the database and wherever the secrets are from.
  preparePrivateFolders(config, media);
  // Start refuses what is not a shop (#25): an empty, unreadable, foreign or damaged database
  // stops the start (a DATA_DIR without shop.db still starts a new shop).
  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, log });
  await assertShopDatabase(
    database.db,
    database.dialect,
    database.dialect === 'sqlite' ? `${config.dataDir}/shop.db` : 'The DATABASE_URL database',
  ).catch(async (err: unknown) => {
    await database.close();
    throw err;
  });
  // Instances starting together migrate and bootstrap one after the other.
  const first = await underStartupLock(database.db, database.dialect, async (db) => {
    await migrateToLatest(db, database.dialect);
    return bootstrap(db, config);
  });
  // The check just passed: /readyz of every instance stops showing an older failure.
  await recordIntegrity(database.db, new Date(), null);

  const spaDir = fileURLToPath(new URL('../../dist', import.meta.url));
  const testClock = config.testClock ? createTestClock() : undefined;
  const ctx = {
    db: database.db,
    dialect: database.dialect,
    config,
    tokens: new AccessTokens(config.jwtSecret, config.accessTokenTtlSeconds),
    mailer: createMailer(config, log),
    now: testClock ? () => testClock.now() : () => new Date(),
  };
  const app = await buildApp(ctx, { loggerInstance: log, spaDir });
  if (testClock) registerTestClock(app, testClock);

  if (first.createdAdmin) {
    if (first.generatedAdminPassword) {
      // The only copy of the password: at warn, so that LOG_LEVEL=warn does not hide it.
      log.warn(
        `Created the super admin "${config.adminUsername}", password: ` +
          `${first.generatedAdminPassword}  (generated; shown only this once)`,
      );
    } else {
      log.info(
        `Created the super admin "${config.adminUsername}", password: the value of ADMIN_PASSWORD`,
      );
    }
    if (first.weakAdminPassword) {
      log.warn(
        `Warning: ADMIN_PASSWORD is weak (${first.weakAdminPassword}). Sign in and change it on My account.`,
      );
    }
  }
  if (!existsSync(spaDir))
    log.warn('dist/ is missing: only the API is served (run `npm run build`)');

  // E-mails, the hourly media sweep and the daily audit retention: jobs of the queue every
  // instance shares (server/src/jobs/), running the work the services register.
  const jobs = startBackgroundJobs(ctx, { ...backgroundJobs(ctx, { storage: media, log }), log });

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
      log: { info: (m) => log.info(m), error: (m) => log.error(m) },
    }).then((code) => process.exit(code));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  await app.listen({ port: config.port, host: config.host });
  // The port listened on: PORT, or the one the system chose for PORT=0.
  const { port } = app.server.address() as AddressInfo;
  log.info(`Store back office on http://localhost:${port} (${database.dialect})`);
  if (metricsListener) log.info(`Metrics on http://${config.host}:${config.metricsPort}/metrics`);
}
