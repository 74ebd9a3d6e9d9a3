import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { configDefaults } from 'vitest/config';
import { compression } from 'vite-plugin-compression2';
import { messagesPlugin } from './scripts/vite-messages';

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Server tests that drive the mock API too (see the 'server-mocks' project). */
const MOCK_STATE_FILES = [
  'server/src/http/mock-access.test.ts',
  'server/src/http/mock-drift/**/*.test.ts',
  'server/src/http/contract-drift.test.ts',
  'server/src/db/migrations/029_order_payments.test.ts',
  'server/src/routes/settings.test.ts',
];

// Builds the server tests' database templates once a run (test-support/database-templates.ts).
const SERVER_TEMPLATES = 'server/test-support/template-setup.ts';

// Several server processes on one PostgreSQL: run by test:db (DATABASE_URL set), left out of the
// SQLite-only run rather than shown as skipped.
const serverExcluded = process.env.DATABASE_URL
  ? configDefaults.exclude
  : [...configDefaults.exclude, 'server/src/scale-out.test.ts'];

export default defineConfig({
  plugins: [
    messagesPlugin(),
    react(),
    // .br and .gz next to each built file of 1 kB and more, served as they are by the server
    // (server/src/http/spa.ts): compressed once at their best instead of on every request.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  resolve: {
    alias: {
      '@': fromRoot('./src'),
      '@generated': fromRoot('./generated'),
      '@mocks': fromRoot('./mocks'),
    },
  },
  server: {
    // The API server (npm start) listens on 3000; `npm run dev` proxies /api to it.
    proxy: { '/api': process.env.API_URL ?? 'http://127.0.0.1:3000' },
  },
  test: {
    // Fails a test whose mock API calls broke the contract (mocks/contract.ts).
    setupFiles: ['mocks/vitest-setup.ts'],
    restoreMocks: true,
    // Integration tests hash passwords (argon2id) and start apps; on a busy 2-core machine the
    // default 5 s is too tight for a first request. Slowness is measured in bench/, not here.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two test files at a time. Vitest's default is one fewer than the cores: a single worker
    // here, leaving a core idle while a test waits on PostgreSQL, a spawned server or a browser.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'console',
          include: [
            'src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            '.storybook/**/*.test.ts',
            'contract/**/*.test.ts',
            'sdk/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          exclude: [...serverExcluded, ...MOCK_STATE_FILES],
          environment: 'node',
          // A worker keeps its modules from one test file to the next. Each server test file
          // imports the whole app (≈ 900 modules through Vite's module runner, 2–3 s a file):
          // isolated, that was 173 s of import in test:unit's 451 s, and as much again in
          // test:db. Every test builds its own app and database (test-support/app.ts), so
          // nothing a test relies on lives in a module's state.
          isolate: false,
          globalSetup: [SERVER_TEMPLATES],
        },
      },
      {
        extends: true,
        test: {
          // The server tests that also drive the mock API, whose handlers keep what earlier
          // requests did in their modules (a backup taken, a session ended): each file starts
          // from fresh mocks, as before.
          name: 'server-mocks',
          include: MOCK_STATE_FILES,
          exclude: serverExcluded,
          environment: 'node',
          globalSetup: [SERVER_TEMPLATES],
        },
      },
    ],
  },
});
