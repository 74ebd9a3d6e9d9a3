// `npm start`: the API and the built console on one port.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { AccessTokens } from './auth/access-token';
import { bootstrap } from './bootstrap';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest, underStartupLock } from './db/migrate';
import { createMailer } from './mail/transport';
import { startBackgroundJobs } from './jobs/background';
import { mediaStorage } from './services/media';

const config = loadConfig();
const database = openDatabase(config);
// Instances starting together migrate and bootstrap one after the other.
const first = await underStartupLock(database.db, database.dialect, async (db) => {
  await migrateToLatest(db, database.dialect);
  return bootstrap(db, config);
});

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
}
if (!existsSync(spaDir))
  app.log.warn('dist/ is missing: only the API is served (run `npm run build`)');

// E-mails, the hourly media sweep and the daily audit retention: jobs of the queue every
// instance shares (server/src/jobs/).
const jobs = startBackgroundJobs(ctx, { storage: mediaStorage(config), log: app.log });

const shutdown = async () => {
  await app.close();
  await jobs.stop();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());

await app.listen({ port: config.port, host: config.host });
console.log(`Store back office on http://localhost:${config.port} (${database.dialect})`);
