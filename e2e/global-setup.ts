import { startShop, type Database, type RunningShop } from './server';

/** Where a project's shared shop runs: read by its workers (fixtures.ts). */
export const shopUrlVar = (database: Database) => `E2E_BASE_URL_${database.toUpperCase()}`;
export const shopDataDirVar = (database: Database) => `E2E_DATA_DIR_${database.toUpperCase()}`;

// One shared shop per database for the whole run, as a worker restarted after a failure finds it
// again: SQLite always, PostgreSQL when DATABASE_URL names a cluster (npm run test:e2e).
export default async function globalSetup() {
  const databases: Database[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const shops: RunningShop[] = [];
  const stopAll = async () => {
    for (const shop of shops) await shop.stop();
  };
  try {
    for (const database of databases) {
      const shop = await startShop({}, { database });
      shops.push(shop);
      process.env[shopUrlVar(database)] = shop.baseURL;
      process.env[shopDataDirVar(database)] = shop.dataDir;
    }
  } catch (err) {
    await stopAll();
    throw err;
  }
  return stopAll;
}
