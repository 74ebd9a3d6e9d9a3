// Start refuses what is not a shop, and the quick integrity check at start and daily (issue #25):
// an empty, garbage, foreign or damaged shop.db stops the start with a message and exit code 1 (a
// DATA_DIR without shop.db still starts a new shop: shutdown.test.ts starts one); the daily
// db.integrity job records what it found, /readyz shows it and the job is dead with its error.
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, testContext } from '../../test-support/app';
import { silentJobLog } from '../../test-support/jobs';
import { runServerToExit } from '../../test-support/server-process';
import { testDialects } from '../../test-support/databases';
import { buildApp } from '../app';
import { backgroundJobHandlers } from '../services/platform/background-jobs';
import { enqueuePeriodicJobs } from '../jobs/periodic';
import { jobRunner } from '../jobs/worker';
import { INTEGRITY_JOB, recordIntegrity } from '../services/platform/health';
import { LocalDiskStorage } from '../storage/local-disk';
import { openDatabase, openSqlite } from './database';
import { NotAShopDatabase } from './database';
import { assertShopDatabase, quickCheck } from './integrity';
import { migrateToLatest } from './migrate';

const PAGE_SIZE = 4096;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'integrity-test-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A migrated shop.db in `dir` with 300 invoices (many pages), closed (its WAL checkpointed). */
async function shopWithInvoices(): Promise<string> {
  const database = openDatabase({ dataDir: dir });
  await migrateToLatest(database.db, 'sqlite');
  await sql`pragma foreign_keys = off`.execute(database.db);
  for (let i = 1; i <= 300; i++)
    await sql`insert into invoices (kind, number, year, sequence, order_id, content, issued_at)
      values ('invoice', ${`FAC-2026-${String(i).padStart(6, '0')}`}, 2026, ${i}, 1,
      ${'{"lines":"' + 'x'.repeat(900) + '"}'}, '2026-01-01T00:00:00.000Z')`.execute(database.db);
  await database.close();
  return join(dir, 'shop.db');
}

/** Garbage over the invoice table's root page, as a bad disk or a torn copy would leave. */
async function damageInvoiceTable(file: string): Promise<void> {
  const database = openSqlite(file);
  const { rows } = await sql<{ rootpage: number }>`
    select rootpage from sqlite_master where name = 'invoices'`.execute(database.db);
  await database.close();
  const page = rows[0]?.rootpage ?? 0;
  expect(page).toBeGreaterThan(1);
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(PAGE_SIZE, 0xab), 0, PAGE_SIZE, (page - 1) * PAGE_SIZE);
  closeSync(fd);
}

/**
 * `npm start`'s main.ts on `dataDir` with SQLite: its exit code and the messages of the JSON log
 * lines it printed (stdout), one a line.
 */
async function startServer(dataDir: string): Promise<{ code: number | null; messages: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'error',
  };
  delete env.DATABASE_URL;
  const { code, stdout } = await runServerToExit(env);
  const lines = stdout.split('\n').filter(Boolean);
  return { code, messages: lines.map((l) => (JSON.parse(l) as { msg: string }).msg).join('\n') };
}

describe('start refuses what is not a shop (sqlite)', () => {
  it('stops on an empty shop.db with a message and exit code 1, and leaves it as it was', async () => {
    const file = join(dir, 'shop.db');
    writeFileSync(file, '');
    const { code, messages } = await startServer(dir);
    expect(code).toBe(1);
    expect(messages).toContain(
      `Cannot start: ${file} exists but is empty (0 bytes): it is not a shop database (a failed ` +
        'copy or restore?). Restore a backup (npm run restore), or delete the file to start a new shop.',
    );
    expect(() => openDatabase({ dataDir: dir })).toThrow(NotAShopDatabase);
  }, 90_000);

  it('stops on a shop.db whose invoice table is damaged, before answering anything', async () => {
    const file = await shopWithInvoices();
    await damageInvoiceTable(file);
    const { code, messages } = await startServer(dir);
    expect(code).toBe(1);
    expect(messages).toMatch(
      new RegExp(
        `Cannot start: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is damaged: its integrity check found .*Tree \\d+ page \\d+.*\\. The shop was not started; restore a backup \\(npm run restore\\)\\.`,
      ),
    );
  }, 90_000);

  it('refuses a file that is not SQLite, and a database of another program', async () => {
    writeFileSync(join(dir, 'shop.db'), 'not a database, just some text '.repeat(200));
    expect(() => openDatabase({ dataDir: dir })).toThrow(
      /shop\.db cannot be opened as the shop database \(file is not a database\)\. Check the file and its permissions, or restore a backup \(npm run restore\)\.$/,
    );

    rmSync(join(dir, 'shop.db'));
    const foreign = openDatabase({ dataDir: dir });
    await sql`create table contacts (id integer primary key, name text)`.execute(foreign.db);
    await expect(assertShopDatabase(foreign.db, 'sqlite', 'shop.db')).rejects.toThrow(
      'shop.db is a database of another program (tables contacts), not a shop: point DATA_DIR ' +
        'elsewhere or restore a backup (npm run restore).',
    );
    await foreign.close();
  });

  it('starts on a brand-new shop.db and on a healthy shop', async () => {
    const fresh = openDatabase({ dataDir: dir });
    await expect(assertShopDatabase(fresh.db, 'sqlite', 'shop.db')).resolves.toBeUndefined();
    await fresh.close();
    await shopWithInvoices();
    const healthy = openDatabase({ dataDir: dir });
    await expect(assertShopDatabase(healthy.db, 'sqlite', 'shop.db')).resolves.toBeUndefined();
    await healthy.close();
  });
});

describe('the daily integrity check on a database damaged while the shop runs (sqlite)', () => {
  it('records the problem, shows it on /readyz and leaves the job dead with its error', async () => {
    const file = await shopWithInvoices();
    await damageInvoiceTable(file);
    const database = openDatabase({ dataDir: dir });
    const config = testConfig({ dataDir: dir });
    const ctx = testContext(database.db, 'sqlite', config);
    const storage = new LocalDiskStorage(join(dir, 'uploads'));
    const app = await buildApp(ctx, { storage });
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

      const errors: { details: object; message: string }[] = [];
      await enqueuePeriodicJobs(database.db, [INTEGRITY_JOB], ctx.now(), 5);
      const runner = jobRunner({
        db: database.db,
        dialect: 'sqlite',
        handlers: backgroundJobHandlers(ctx, {
          storage,
          log: { ...silentJobLog, error: (details, message) => errors.push({ details, message }) },
        }),
        log: silentJobLog,
      });
      expect(await runner.runNext()).toBe(true);

      const job = await database.db
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', 'db.integrity')
        .executeTakeFirstOrThrow();
      // Dead at its first failure (a damaged database does not heal by being checked again).
      expect(job).toMatchObject({ status: 'dead', attempts: 1, max_attempts: 1 });
      expect(job.last_error).toMatch(
        /^The database failed its integrity check: Tree \d+ page \d+: btreeInitPage\(\) returns error code 11/,
      );
      expect(errors.map((e) => e.message)).toEqual(['The database failed its integrity check']);

      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      const body = res.json<{ failing: string[]; reasons: Record<string, string> }>();
      expect(body.failing).toEqual(['integrity']);
      expect(`The database failed its integrity check: ${body.reasons.integrity}`).toBe(
        job.last_error,
      );
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe.each(testDialects)('the integrity check (%s)', (dialect) => {
  it('finds nothing on a healthy database; a recorded failure shows on every /readyz until a check passes', async () => {
    const t = await createTestApp(dialect);
    try {
      expect(await quickCheck(t.database.db, dialect)).toBeNull();
      const ready = async () => {
        const res = await t.app.inject({ method: 'GET', url: '/readyz' });
        return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
      };
      expect(await ready()).toEqual({ status: 200, body: { status: 'ready' } });

      // Found by another instance's worker: this one shows it too (it is in the database).
      await recordIntegrity(t.database.db, t.ctx.now(), 'Tree 12 page 12: invalid page number');
      expect(await ready()).toEqual({
        status: 503,
        body: {
          status: 'not_ready',
          failing: ['integrity'],
          reasons: { integrity: 'Tree 12 page 12: invalid page number' },
        },
      });

      // The next check passes (daily, or Retry on the Background Jobs screen): ready again.
      await enqueuePeriodicJobs(t.database.db, [INTEGRITY_JOB], t.ctx.now());
      const runner = jobRunner({
        db: t.database.db,
        dialect,
        handlers: {
          [INTEGRITY_JOB.kind]: backgroundJobHandlers(t.ctx, {
            storage: new LocalDiskStorage(join(dir, 'uploads')),
            log: silentJobLog,
          })[INTEGRITY_JOB.kind],
        },
        log: silentJobLog,
      });
      expect(await runner.runNext()).toBe(true);
      const job = await t.database.db
        .selectFrom('jobs')
        .select(['status', 'last_error'])
        .where('kind', '=', INTEGRITY_JOB.kind)
        .executeTakeFirstOrThrow();
      expect(job).toEqual({ status: 'done', last_error: null });
      expect(await ready()).toEqual({ status: 200, body: { status: 'ready' } });
    } finally {
      await t.close();
    }
  });

  it('answers /readyz 503 naming the database when it cannot take a write', async () => {
    const t = await createTestApp(dialect);
    try {
      // The probe's row gone: its write changes nothing, which the probe reports.
      await sql`delete from health`.execute(t.database.db);
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not_ready',
        failing: ['database'],
        reasons: { database: 'the health row is missing (migration 023_health)' },
      });
    } finally {
      await sql`insert into health (id) values (1)`.execute(t.database.db);
      await t.close();
    }
  });
});
