// The walls between rooms of the code base (see README, "Layout"). A breach fails `npm run lint`.
// Paths are resolved (aliases included), so a relative import cannot slip past a wall.
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

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
];

const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/*.stories.tsx'];

export const walls = [
  {
    files: ['src/**/*.{ts,tsx}', 'server/src/**/*.ts'],
    ignores: testFiles,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...clientZones, ...serverZones] }],
    },
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
];
