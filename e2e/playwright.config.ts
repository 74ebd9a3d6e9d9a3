import { defineConfig } from '@playwright/test';
import type { ShopOptions } from './fixtures';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';

// The flows that touch money, stock and sessions, run once more on PostgreSQL (#34): checkout,
// invoices and credit notes; stock changes; sign-in, token refresh (two tabs too) and revocation.
const POSTGRES_SPECS = ['orders.e2e.ts', 'catalogue.e2e.ts', 'session.e2e.ts', 'two-tabs.e2e.ts'];

export default defineConfig<object, ShopOptions>({
  testDir: '.',
  testMatch: '*.e2e.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A focused test (test.only) fails the run rather than running alone (#34), here or in CI.
  forbidOnly: true,
  timeout: 60_000,
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
  },
  // The project's name in the report says which database a test ran on. npm run test:e2e runs
  // both under scripts/with-postgres.sh, which gives the postgres project its DATABASE_URL.
  projects: [
    { name: 'sqlite', use: { database: 'sqlite' } },
    { name: 'postgres', testMatch: POSTGRES_SPECS, use: { database: 'postgres' } },
  ],
});
