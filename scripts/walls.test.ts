// Proof that each wall of eslint.walls.js can fail (issue #27): a probe file, linted in memory
// inside a room, imports what that room may not, and the repository's walls refuse it; two files
// that import each other (type-only) are refused on each side of the code base. A wall with a
// mistyped path would otherwise pass everything in silence.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
// Imported by path: eslint.walls.js is a plain JavaScript module of the lint set-up.
const { walls } = (await import(pathToFileURL(join(root, 'eslint.walls.js')).href)) as {
  walls: Linter.Config[];
};

/** The walls as `npm run lint` runs them, without the type-aware rules (a probe is no project file). */
const lintWith = (cwd: string) =>
  new ESLint({
    cwd,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
      ...walls,
    ],
  });

/** The messages of the walls' two rules for `text` as the file at `path`. */
async function wallMessages(eslint: ESLint, path: string, text: string, cwd = root) {
  const [result] = await eslint.lintText(text, { filePath: join(cwd, path) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the server rooms of eslint.walls.js', () => {
  const eslint = lintWith(root);
  const probe = (path: string, text: string) => wallMessages(eslint, path, text);

  it.each([
    {
      room: 'config.ts',
      path: 'server/src/config.ts',
      // The breach issue #27 found: config.ts took a service's default.
      imports: `import { recordAudit } from './services/platform/audit';\nexport const probe = recordAudit;\n`,
      message: 'config.ts is the floor every room stands on',
      // …and closed the circle #27 found, which the cycle rule refuses as well.
      cycle:
        'cycles/no-cycle: Import cycle: server/src/config.ts → server/src/services/platform/audit.ts → server/src/db/database.ts → server/src/config.ts.',
    },
    {
      room: 'config.ts, type-only',
      path: 'server/src/config.ts',
      imports: `import type { JobLog } from './jobs/worker';\nexport type Probe = JobLog;\n`,
      message: 'config.ts is the floor every room stands on',
      cycle:
        'cycles/no-cycle: Import cycle: server/src/config.ts → server/src/jobs/worker.ts → server/src/db/database.ts → server/src/config.ts.',
    },
    {
      room: 'jobs/',
      path: 'server/src/jobs/probe.ts',
      imports: `import { mediaSweepJob } from '../services/platform/media';\nexport const probe = mediaSweepJob;\n`,
      message: 'jobs/ is infrastructure the services use, not the reverse',
    },
    {
      room: 'storage/',
      path: 'server/src/storage/probe.ts',
      imports: `import type { Db } from '../db/database';\nexport type Probe = Db;\n`,
      message: 'storage/ keeps files (local disk, S3) for whoever calls it',
    },
    {
      room: 'mail/',
      path: 'server/src/mail/probe.ts',
      imports: `import { MAIL_JOB } from '../services/identity/magic-links';\nexport const probe = MAIL_JOB;\n`,
      message: 'mail/ sends and records e-mails',
    },
    {
      room: 'documents/',
      path: 'server/src/documents/probe.ts',
      imports: `import { openDatabase } from '../db/database';\nexport const probe = openDatabase;\n`,
      message: 'documents/ renders PDFs from the data it is given',
    },
    {
      room: 'teif/',
      path: 'server/src/teif/probe.ts',
      imports: `import { getInvoice } from '../services/billing/invoices';\nexport const probe = getInvoice;\n`,
      message: 'teif/ makes, checks, signs and sends the e-invoice',
    },
    {
      room: 'auth/',
      path: 'server/src/auth/probe.ts',
      imports: `import { startSession } from '../services/identity/refresh-tokens';\nexport const probe = startSession;\n`,
      message: 'auth/ holds the sign-in primitives',
    },
  ] as { room: string; path: string; imports: string; message: string; cycle?: string }[])(
    'refuses what $room may not import',
    async ({ path, imports, message, cycle }) => {
      const messages = await probe(path, imports);
      const [wall, ...more] = messages.filter((m) => m.startsWith('import-x/'));
      expect(more).toEqual([]);
      expect(wall).toMatch(
        /^import-x\/no-restricted-paths: Unexpected path ".+" imported in restricted zone\./,
      );
      expect(wall).toContain(message);
      expect(messages.filter((m) => m !== wall)).toEqual(
        cycle ? [expect.stringContaining(cycle)] : [],
      );
    },
  );

  it.each([
    { path: 'server/src/config.ts', imports: `import { toMillimes } from './domain/money';` },
    { path: 'server/src/jobs/probe.ts', imports: `import type { Db } from '../db/database';` },
    { path: 'server/src/mail/probe.ts', imports: `import { enqueueJob } from '../jobs/queue';` },
    {
      path: 'server/src/documents/probe.ts',
      imports: `import type { Storage } from '../storage/storage';`,
    },
    { path: 'server/src/auth/probe.ts', imports: `import { HttpProblem } from '../api/problem';` },
    { path: 'server/src/teif/probe.ts', imports: `import type { Config } from '../config';` },
    {
      path: 'server/src/services/probe.ts',
      imports: `import { enqueueJob } from '../jobs/queue';\nimport { seal } from '../jobs/sealed';`,
    },
  ])('lets $path import what lies below it', async ({ path, imports }) => {
    expect(await probe(path, `${imports}\nexport {};\n`)).toEqual([]);
  });
});

describe('the console walls of eslint.walls.js', () => {
  const eslint = lintWith(root);
  const probe = (path: string, text: string) => wallMessages(eslint, path, text);

  it.each([
    {
      what: 'a generated hook',
      imports: `import { useGetPresignedUrl } from '@generated/hooks/uploads/uploads';\nexport const probe = useGetPresignedUrl;\n`,
    },
    {
      what: 'a generated client',
      imports: `import { getPresignedUrl } from '@generated/clients/uploads/uploads';\nexport const probe = getPresignedUrl;\n`,
    },
  ])('refuses $what in src/components', async ({ imports }) => {
    const messages = await probe('src/components/media-uploader/probe.ts', imports);
    expect(messages).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: Unexpected path ".+" imported in restricted zone\. src\/components calls no endpoint/,
      ),
    ]);
  });

  it('lets src/components import the generated models and a feature hand it the API', async () => {
    const model = `import type { MediaKey } from '@generated/model';\nexport type Probe = MediaKey;\n`;
    expect(await probe('src/components/media-uploader/probe.ts', model)).toEqual([]);
    const feature = `import { getPresignedUrl } from '@generated/hooks/uploads/uploads';\nexport const probe = getPresignedUrl;\n`;
    expect(await probe('src/features/media/probe.ts', feature)).toEqual([]);
  });
});

describe('the use-case rule of server/src/routes', () => {
  const eslint = lintWith(root);
  const probe = (text: string) => wallMessages(eslint, 'server/src/routes/probe.ts', text);
  const rule = 'move it into the service function the route calls (server/src/routes/README.md';

  it.each([
    {
      breach: 'an audit entry',
      text: `import { recordAudit } from '../services/platform/audit';\nexport const probe = recordAudit;\n`,
      message: 'no-restricted-imports: ',
      says: 'Routes write no audit entry',
    },
    {
      breach: 'a transaction type',
      text: `import type { Transaction } from 'kysely';\nexport type Probe = Transaction<never>;\n`,
      message: 'no-restricted-imports: ',
      says: 'Routes hold no query or transaction',
    },
    {
      breach: 'a transaction',
      text: `import type { Db } from '../db/database';\nexport const probe = (db: Db) => db.transaction().execute(async () => 1);\n`,
      message: 'no-restricted-syntax: ',
      says: 'Routes hold no query or transaction (.transaction())',
    },
    {
      breach: 'a query',
      text: `import type { Db } from '../db/database';\nexport const probe = (db: Db) => db.selectFrom('customers').selectAll().execute();\n`,
      message: 'no-restricted-syntax: ',
      says: 'Routes hold no query or transaction (.selectFrom())',
    },
  ])('refuses $breach in a route', async ({ text, message, says }) => {
    const messages = await probe(text);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(message);
    expect(messages[0]).toContain(says);
    expect(messages[0]).toContain(rule);
  });

  it('lets a route read the log through its service function', async () => {
    const text = `import { listAuditLog } from '../services/platform/audit';\nexport const probe = listAuditLog;\n`;
    expect(await probe(text)).toEqual([]);
  });
});

describe('the e2e specs take test from e2e/fixtures.ts', () => {
  const eslint = lintWith(root);
  const probe = (text: string) => wallMessages(eslint, 'e2e/probe.e2e.ts', text);

  it.each([
    `import { test } from '@playwright/test';\nexport const probe = test;\n`,
    `import type { Page } from '@playwright/test';\nexport type Probe = Page;\n`,
  ])('refuses @playwright/test in a spec: %s', async (text) => {
    expect(await probe(text)).toEqual([
      "no-restricted-imports: '@playwright/test' import is restricted from being used. Import from './fixtures' (the same API): its test starts the shop on the project's database (sqlite, postgres).",
    ]);
  });

  it('lets a spec import the fixtures, and a helper @playwright/test', async () => {
    const spec = `import { expect, test, type Page } from './fixtures';\nexport const probe = [expect, test] as const;\nexport type Probe = Page;\n`;
    expect(await probe(spec)).toEqual([]);
    const helper = `import { expect } from '@playwright/test';\nexport const probe = expect;\n`;
    expect(await wallMessages(eslint, 'e2e/api.ts', helper)).toEqual([]);
  });
});

describe('no import cycle, type-only imports included', () => {
  const trees: string[] = [];
  afterEach(() => trees.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  /** A throwaway tree outside the repository: the walls see a/b files where `root` says. */
  function tree(files: Record<string, string>) {
    const dir = mkdtempSync(join(tmpdir(), 'walls-'));
    trees.push(dir);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return dir;
  }

  it.each(['src', 'server/src', 'mocks', 'contract'])(
    'refuses two files of %s that import each other, types only',
    async (side) => {
      const a = `import type { B } from './b';\nexport interface A {\n  b?: B;\n}\n`;
      const dir = tree({
        [`${side}/a.ts`]: a,
        [`${side}/b.ts`]: `import type { A } from './a';\nexport interface B {\n  a?: A;\n}\n`,
      });
      const [result] = await lintWith(dir).lintFiles([`${side}/a.ts`, `${side}/b.ts`]);
      expect(result!.messages.map((m) => [m.ruleId, m.line, m.column, m.message])).toEqual([
        [
          'cycles/no-cycle',
          1,
          24,
          `Import cycle: ${side}/a.ts → ${side}/b.ts → ${side}/a.ts. Two files that need each other are one room: move what both need into a third file both import (types included).`,
        ],
      ]);
    },
  );

  it('names the shortest way back through a longer cycle, from each file on it', async () => {
    const dir = tree({
      'server/src/a.ts': `export { b } from './b';\nexport const a = 1;\n`,
      'server/src/b.ts': `import { c } from './c';\nexport const b = c;\n`,
      'server/src/c.ts': `export const c = async () => (await import('./a')).a;\n`,
    });
    const results = await lintWith(dir).lintFiles(['server/src']);
    expect(
      results.map((r) => r.messages.map((m) => m.message.replace(/\. Two files.*$/, ''))),
    ).toEqual([
      ['Import cycle: server/src/a.ts → server/src/b.ts → server/src/c.ts → server/src/a.ts'],
      ['Import cycle: server/src/b.ts → server/src/c.ts → server/src/a.ts → server/src/b.ts'],
      ['Import cycle: server/src/c.ts → server/src/a.ts → server/src/b.ts → server/src/c.ts'],
    ]);
  });

  it('lets a file import one that does not lead back to it', async () => {
    const dir = tree({
      'src/a.ts': `import type { B } from './b';\nexport type A = B;\n`,
      'src/b.ts': `import type { C } from './c';\nexport type B = C;\n`,
      'src/c.ts': `export type C = string;\n`,
    });
    const results = await lintWith(dir).lintFiles(['src']);
    expect(results.flatMap((r) => r.messages)).toEqual([]);
  });

  it('is on for the whole repository as `npm run lint` runs it', async () => {
    const eslint = new ESLint({ cwd: root });
    for (const file of [
      'src/main.tsx',
      'server/src/config.ts',
      'mocks/node.ts',
      'contract/index.ts',
    ]) {
      const config = (await eslint.calculateConfigForFile(join(root, file))) as Linter.Config;
      expect(config.rules?.['cycles/no-cycle'], file).toEqual([2]);
    }
  });
});
