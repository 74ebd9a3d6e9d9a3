// Every e2e spec imports `test` and `expect` from here, not from @playwright/test: a worker (one
// per project, as workers: 1) hands the helpers in api.ts the shared shop of its project's
// database. The `postgres` project runs the flows that touch money, stock and sessions once more
// on PostgreSQL (#34); the project name in the report says which database a test ran on.
import { test as base } from '@playwright/test';
import { shopDataDirVar, shopUrlVar } from './global-setup';
import { NO_POSTGRES, startShop, type Database, type RunningShop } from './server';

// A drop-in for @playwright/test (expect, Page, …) whose `test` is the one below.
export * from '@playwright/test';

export interface ShopOptions {
  /** The database of every shop the project starts (set per project in playwright.config.ts). */
  database: Database;
}

export const test = base.extend<object, ShopOptions & { sharedShop: void }>({
  database: ['sqlite', { option: true, scope: 'worker' }],
  sharedShop: [
    async ({ database }, use) => {
      const baseURL = process.env[shopUrlVar(database)];
      const dataDir = process.env[shopDataDirVar(database)];
      if (!baseURL || !dataDir)
        throw new Error(
          database === 'postgres' ? NO_POSTGRES : 'Run through e2e/playwright.config.ts',
        );
      // api.ts reads them when a test calls it: the worker's own process environment.
      process.env.E2E_BASE_URL = baseURL;
      process.env.E2E_DATA_DIR = dataDir;
      await use();
    },
    { scope: 'worker', auto: true },
  ],
});

/**
 * Runs the calling spec file on a shop of its own (a fresh database), for flows that change what
 * the shared shop's other specs count on: its legal details (orders.e2e.ts fills them in through
 * the console) or the dashboard's totals. Call at the top of the file.
 */
export function runOnOwnShop(): void {
  let shop: RunningShop | undefined;
  const shared = { url: '', dataDir: '' };
  test.beforeAll(async ({ database }) => {
    shop = await startShop({}, { database });
    shared.url = process.env.E2E_BASE_URL ?? '';
    shared.dataDir = process.env.E2E_DATA_DIR ?? '';
    process.env.E2E_BASE_URL = shop.baseURL;
    process.env.E2E_DATA_DIR = shop.dataDir;
  });
  test.afterAll(async () => {
    process.env.E2E_BASE_URL = shared.url;
    process.env.E2E_DATA_DIR = shared.dataDir;
    await shop?.stop();
  });
}
