// The walls between rooms of the code base (see README, "Layout"). A breach fails `npm run lint`.
// Paths are resolved (aliases included), so a relative import cannot slip past a wall.
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { noCycle } from './eslint.cycles.js';

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const clientZones = [
  {
    target: './src/lib',
    from: ['./src/components', './src/features', './src/app'],
    message: 'src/lib is shared plumbing: it imports no component, feature or app code.',
  },
  {
    target: './src/components',
    from: ['./src/features', './src/app'],
    message: 'src/components is shared UI: it imports no feature or app code.',
  },
  {
    // The API reaches a shared component through its props, from a feature (the media uploader's
    // `api`, src/features/media): a component that calls endpoints is a feature in disguise.
    target: './src/components',
    from: ['./generated/hooks', './generated/clients'],
    message:
      'src/components calls no endpoint: take the request as a prop that a feature supplies (see src/features/media).',
  },
  {
    target: './src/features',
    from: ['./src/app'],
    message: 'Features do not import the app shell; the app composes features.',
  },
  // A feature may use another only through that feature's public index.ts.
  ...features.flatMap((feature) =>
    features
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `./src/features/${feature}`,
        from: `./src/features/${other}`,
        except: ['./index.ts'],
        message: `Import the ${other} feature through src/features/${other}/index.ts only.`,
      })),
  ),
];

const serverZones = [
  {
    target: './server/src/api',
    from: [
      './server/src/services',
      './server/src/routes',
      './server/src/http',
      './server/src/db',
      './server/src/app.ts',
    ],
    message:
      'server/src/api is the vocabulary services and routes share: it imports no service, route, HTTP or database code.',
  },
  {
    target: './server/src/domain',
    from: ['./server/src/services', './server/src/http', './server/src/routes', './server/src/db'],
    message: 'Domain code is pure: it imports no service, HTTP or database code.',
  },
  {
    target: './server/src/services',
    from: ['./server/src/routes', './server/src/http', './server/src/app.ts'],
    message:
      'Services know nothing of HTTP: use server/src/api for problems, wire formats and contract types.',
  },
  {
    target: './server/src/config.ts',
    // Everything of the server but the pure rooms it reads values with (api, domain).
    from: [
      'services',
      'routes',
      'http',
      'jobs',
      'db',
      'auth',
      'storage',
      'mail',
      'documents',
      'teif',
      'backup',
      'seed',
      'cli',
      'deploy',
      'app.ts',
      'main.ts',
      'context.ts',
      'bootstrap.ts',
      'data-folders.ts',
      'log.ts',
      'shutdown.ts',
    ].map((room) => `./server/src/${room}`),
    message:
      'config.ts is the floor every room stands on: it owns its defaults and imports no service, job, route or infrastructure code (move the constant into config.ts).',
  },
  {
    target: './server/src/jobs',
    from: [
      './server/src/services',
      './server/src/routes',
      './server/src/http',
      './server/src/app.ts',
      './server/src/main.ts',
    ],
    message:
      'jobs/ is infrastructure the services use, not the reverse: it imports no service or route; a service registers its handlers in services/platform/background-jobs.ts.',
  },
  {
    target: './server/src/storage',
    from: [
      './server/src/services',
      './server/src/routes',
      './server/src/http',
      './server/src/jobs',
      './server/src/db',
      './server/src/app.ts',
    ],
    message:
      'storage/ keeps files (local disk, S3) for whoever calls it: it imports no service, route, job or database code.',
  },
  {
    target: './server/src/mail',
    from: [
      './server/src/services',
      './server/src/routes',
      './server/src/http',
      './server/src/app.ts',
    ],
    message:
      "mail/ sends and records e-mails: it imports no service or route; what a message says is the service's (it hands mail/ the message).",
  },
  {
    target: './server/src/documents',
    from: [
      './server/src/services',
      './server/src/routes',
      './server/src/http',
      './server/src/db',
      './server/src/jobs',
      './server/src/app.ts',
    ],
    message:
      'documents/ renders PDFs from the data it is given: it imports no service, route or database code (the service reads the data).',
  },
  {
    target: './server/src/teif',
    from: [
      './server/src/services',
      './server/src/routes',
      './server/src/http',
      './server/src/db',
      './server/src/jobs',
      './server/src/app.ts',
    ],
    message:
      'teif/ makes, checks, signs and sends the e-invoice of the document it is given: it imports no service, route, job or database code (the service reads the documents and records the answers).',
  },
  {
    target: './server/src/auth',
    from: [
      './server/src/services',
      './server/src/routes',
      './server/src/http',
      './server/src/db',
      './server/src/jobs',
      './server/src/app.ts',
    ],
    message:
      'auth/ holds the sign-in primitives (access tokens, password hashes and strength): it imports no service, route, HTTP or database code; signing in is a service.',
  },
];

const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/*.stories.tsx'];

const USE_CASE_RULE =
  'move it into the service function the route calls (server/src/routes/README.md, "One rule for a use case").';

const resolver = {
  'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
};

export const walls = [
  {
    files: ['src/**/*.{ts,tsx}', 'server/src/**/*.ts'],
    ignores: testFiles,
    plugins: { 'import-x': importX },
    settings: resolver,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...clientZones, ...serverZones] }],
    },
  },
  {
    // No cycle on either side, type-only imports included (eslint.cycles.js says why not
    // import-x/no-cycle). Tests and stories are left out: nothing imports them back.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'mocks/**/*.ts', 'contract/**/*.ts'],
    ignores: testFiles,
    plugins: { cycles: { rules: { 'no-cycle': noCycle } } },
    settings: resolver,
    rules: { 'cycles/no-cycle': 'error' },
  },
  {
    files: ['server/src/domain/**/*.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['kysely', 'pg', 'better-sqlite3'],
              message: 'Domain code does not touch the database.',
            },
            { group: ['fastify', '@fastify/*'], message: 'Domain code knows nothing of HTTP.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/services/**/*.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['fastify', '@fastify/*'], message: 'Services know nothing of Fastify.' },
          ],
        },
      ],
    },
  },
  {
    // One rule for a use case (server/src/routes/README.md): a route parses and calls one service
    // function; the service owns the transaction, the queries and the audit entry.
    files: ['server/src/routes/**/*.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['kysely'],
              message: `Routes hold no query or transaction: ${USE_CASE_RULE}`,
            },
            {
              group: ['**/services/platform/audit'],
              importNames: ['recordAudit', 'auditEntries'],
              message: `Routes write no audit entry: ${USE_CASE_RULE}`,
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...['transaction', 'selectFrom', 'insertInto', 'updateTable', 'deleteFrom'].map(
          (method) => ({
            selector: `CallExpression[callee.property.name='${method}']`,
            message: `Routes hold no query or transaction (.${method}()): ${USE_CASE_RULE}`,
          }),
        ),
      ],
    },
  },
  {
    // An e2e spec runs on its Playwright project's database (#34): e2e/fixtures.ts starts the
    // shop on it. A spec with @playwright/test's own `test` would start none.
    files: ['e2e/**/*.e2e.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              message:
                "Import from './fixtures' (the same API): its test starts the shop on the project's database (sqlite, postgres).",
            },
          ],
        },
      ],
    },
  },
];
