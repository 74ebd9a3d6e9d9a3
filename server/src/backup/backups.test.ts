// Backups and restores (#25) on each database: a backup taken while orders, invoices and uploads
// keep being written restores into a shop that has every write acknowledged before the backup
// began, passes integrity_check, serves the uploads and numbers its next invoice after the last
// one in the backup; what a restore refuses (altered archive, newer migration level, non-empty
// or busy target, the other kind of database); the command line; the schedule's pruning.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useAdminAccount, testConfig, testContext, useTestApp } from '../../test-support/app';
import { expectStatus } from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import { insertSimpleProduct } from '../../test-support/fixtures';
import { completeShopSettings, resetShopSettings, type Invoice } from '../../test-support/invoices';
import { runPeriodicJob, silentJobLog } from '../../test-support/jobs';
import { placeOrder, useShop } from '../../test-support/shop';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { backgroundJobHandlers, backupSchedule } from '../services/platform/background-jobs';
import { migrateToLatest } from '../db/migrate';
import { openPostgres, openSqlite, type DatabaseHandle } from '../db/database';
import { BACKUP_JOB_KIND, backupJob, listBackups, takeBackup } from '../services/platform/backups';
import { mediaStorage } from '../services/platform/media';
import { startSession } from '../services/identity/refresh-tokens';
import { newMediaKey } from '../storage/storage';
import { runCli } from './cli';
import type { Manifest } from './manifest';
import { restoreBackup, RestoreRefusedError, type RestoreTarget } from './restore';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe.each(testDialects)('backup and restore (%s)', (dialect) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'backup-shop-'));
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const databaseUrl = dialect === 'postgres' ? process.env.DATABASE_URL : undefined;
  const t = useTestApp(dialect, { config: { dataDir } });
  const shop = useShop(t);
  const admin = useAdminAccount(t, 'super_admin');
  const media = () => mediaStorage(t.ctx.config);
  let session = 0;
  beforeEach(async () => {
    await resetShopSettings(t.database.db);
    await completeShopSettings(t.database.db);
    rmSync(join(dataDir, 'backups'), { recursive: true, force: true });
    rmSync(join(dataDir, 'uploads'), { recursive: true, force: true });
  });

  const order = async (app: FastifyInstance = t.app) => {
    const { productId } = await shop.simple({ name: 'Linen shirt', base_price: 11_900 });
    return placeOrder(app, { session: `backup-${++session}` }, [{ productId, quantity: 1 }]);
  };
  const issue = (app: FastifyInstance, headers: Record<string, string>, id: number) =>
    app.inject({ method: 'POST', url: `/api/v1/admin/orders/${id}/invoices`, headers });
  const documents = async (app: FastifyInstance, headers: Record<string, string>, id: number) =>
    expectStatus<Invoice[]>(
      await app.inject({ method: 'GET', url: `/api/v1/admin/orders/${id}/invoices`, headers }),
      200,
      'listOrderInvoices',
    );
  const archivePath = (name: string) => join(dataDir, 'backups', name);

  /** An empty place to restore into: a folder, and with PostgreSQL a new database. */
  async function newTarget(): Promise<RestoreTarget & { open(schema: string): DatabaseHandle }> {
    const dir = mkdtempSync(join(tmpdir(), 'backup-restored-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    if (!databaseUrl) {
      return { dataDir: dir, databaseUrl: undefined, open: () => openSqlite(join(dir, 'shop.db')) };
    }
    const name = `restore_${randomBytes(6).toString('hex')}`;
    const server = openPostgres(databaseUrl, { max: 1 });
    await sql`create database ${sql.id(name)}`.execute(server.db);
    await server.close();
    cleanups.push(async () => {
      const again = openPostgres(databaseUrl, { max: 1 });
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(again.db);
      await again.close();
    });
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    return {
      dataDir: dir,
      databaseUrl: url.toString(),
      open: (schema) => openPostgres(url.toString(), { schema }),
    };
  }

  const currentSchema = async () =>
    dialect === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(t.database.db)).rows[0]!.s
      : 'main';

  /** A server on a restored shop, and the headers of an admin of the backup signed in again. */
  async function restoredShop(handle: DatabaseHandle, dir: string) {
    const config = testConfig({ dataDir: dir });
    const ctx = testContext(handle.db, dialect, config);
    // Nothing to migrate: the restore brought the schema of this version.
    expect(await migrateToLatest(handle.db, dialect)).toEqual([]);
    const app = await buildApp(ctx);
    const now = new Date();
    const { sessionId } = await startSession(handle.db, {
      userType: 'admin',
      userId: admin.id,
      now,
      client: { ip: '127.0.0.1', userAgent: null },
    });
    const headers = {
      authorization: `Bearer ${await ctx.tokens.sign({ userType: 'admin', userId: admin.id, sessionId }, now)}`,
    };
    return { app, headers };
  }

  const nextNumber = (number: string) =>
    number.replace(/(\d+)$/, (digits) => String(Number(digits) + 1).padStart(digits.length, '0'));

  // A whole shop's life (writes, backup, restore, a second server): slow on a busy machine.
  it(
    'keeps writes flowing during a backup; the restored shop has every write acknowledged before it',
    { timeout: 120_000 },
    async () => {
      // Before the backup: invoiced orders, a credit note, uploads (a large one makes the archive
      // take a while), and the generated secrets.
      const before: { orderId: number; number: string }[] = [];
      for (let i = 0; i < 3; i += 1) {
        const placed = await order();
        const invoice = expectStatus<Invoice>(
          await issue(t.app, admin.headers, placed.id),
          201,
          'issueInvoice',
        );
        before.push({ orderId: placed.id, number: invoice.number });
      }
      const cancelled = before[2]!.orderId;
      const cancel = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${cancelled}/cancel`,
        headers: admin.headers,
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      const creditNote = (await documents(t.app, admin.headers, cancelled)).find(
        (d) => d.kind === 'credit_note',
      )!;
      const image = newMediaKey('img', 'png');
      await media().put(image, PNG, 'image/png');
      const large = newMediaKey('vid', 'mp4');
      await media().put(large, randomBytes(4 * 1024 * 1024), 'video/mp4');
      const secrets = JSON.stringify({ jwtSecret: 'a'.repeat(43), urlSigningKey: 'b'.repeat(43) });
      writeFileSync(join(dataDir, 'secrets.json'), secrets, { mode: 0o600 });

      // During the backup: orders, invoices and uploads keep being acknowledged.
      let finished = false;
      const backingUp = takeBackup(t.ctx, 'command').finally(() => {
        finished = true;
      });
      let acknowledgedWhileRunning = 0;
      const during: string[] = [];
      while (!finished && during.length < 40) {
        const placed = await order();
        const res = await issue(t.app, admin.headers, placed.id);
        expect(res.statusCode, res.body).toBe(201);
        during.push(res.json<Invoice>().number);
        await media().put(newMediaKey('img', 'png'), PNG, 'image/png');
        if (!finished) acknowledgedWhileRunning += 1;
      }
      const backup = await backingUp;
      expect(acknowledgedWhileRunning).toBeGreaterThan(0);
      expect(backup).toMatchObject({
        trigger: 'command',
        database: dialect,
        last_credit_note_number: creditNote.number,
      });
      // The snapshot holds the invoices acknowledged before it, and maybe some of those during.
      const lastIndex = [before.at(-1)!.number, ...during].indexOf(backup.last_invoice_number!);
      expect(lastIndex).toBeGreaterThanOrEqual(0);

      const target = await newTarget();
      const result = await restoreBackup(archivePath(backup.name), target);
      expect(result.facts.last_invoice_number).toBe(backup.last_invoice_number);
      expect(result.facts.row_counts).toEqual(backup.row_counts);
      expect(result.uploads).toBeGreaterThanOrEqual(2);
      expect(readFileSync(join(target.dataDir, 'secrets.json'), 'utf8')).toBe(secrets);

      const handle = target.open(await currentSchema());
      cleanups.push(() => handle.close());
      if (dialect === 'sqlite') {
        const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(
          handle.db,
        );
        expect(rows).toEqual([{ integrity_check: 'ok' }]);
      }
      const restored = await restoredShop(handle, target.dataDir);
      cleanups.push(() => restored.app.close());
      // Every invoice acknowledged before the backup began, as issued; numbers without a gap.
      for (const { orderId, number } of before) {
        const numbers = (await documents(restored.app, restored.headers, orderId)).map(
          (d) => d.number,
        );
        expect(numbers).toContain(number);
      }
      const sequences = (
        await handle.db
          .selectFrom('invoices')
          .select('sequence')
          .where('kind', '=', 'invoice')
          .orderBy('sequence')
          .execute()
      ).map((r) => Number(r.sequence));
      expect(sequences).toEqual(sequences.map((_, i) => sequences[0]! + i));
      // The uploads are served, byte for byte.
      const served = await restored.app.inject({ method: 'GET', url: `/api/v1/media/${image}` });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG)).toBe(true);
      // The next invoice follows the last one in the backup.
      const tn19 = await handle.db
        .selectFrom('vat_rates')
        .select('id')
        .where('rate_bp', '=', 1900)
        .where('country_code', '=', 'TN')
        .executeTakeFirstOrThrow();
      const { productId } = await insertSimpleProduct(handle.db, {
        name: 'After restore',
        base_price: 5_000,
        vat_rate_id: tn19.id,
      });
      const next = await placeOrder(restored.app, { session: `restored-${session}` }, [
        { productId, quantity: 1 },
      ]);
      const nextInvoice = expectStatus<Invoice>(
        await issue(restored.app, restored.headers, next.id),
        201,
        'issueInvoice',
      );
      expect(nextInvoice.number).toBe(nextNumber(backup.last_invoice_number!));
    },
  );

  /** A copy of the archive with `change` applied to its extracted members. */
  function alteredCopy(name: string, change: (dir: string) => void): string {
    const dir = mkdtempSync(join(tmpdir(), 'backup-altered-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const members = join(dir, 'members');
    execFileSync('mkdir', [members]);
    execFileSync('tar', ['-xzf', archivePath(name), '-C', members]);
    change(members);
    const file = join(dir, name);
    execFileSync('tar', ['-czf', file, '-C', members, ...readdirSync(members)]);
    return file;
  }

  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(RestoreRefusedError);
    return (error as Error).message;
  };

  it('refuses an archive altered after it was written, and writes nothing', async () => {
    const key = newMediaKey('img', 'png');
    await media().put(key, PNG, 'image/png');
    const backup = await takeBackup(t.ctx, 'manual');
    const tampered = alteredCopy(backup.name, (dir) => {
      writeFileSync(join(dir, 'uploads', key), Buffer.concat([PNG, Buffer.from('!')]));
    });
    const target = await newTarget();
    expect(await refusal(restoreBackup(tampered, target))).toBe(
      `Checksum mismatch for uploads/${key}: the archive is damaged or was altered; nothing was restored`,
    );
    const database = dialect === 'sqlite' ? 'database/shop.db' : 'database/shop.pgdump';
    const truncated = alteredCopy(backup.name, (dir) => {
      const file = join(dir, database);
      writeFileSync(file, readFileSync(file).subarray(0, 100));
    });
    expect(await refusal(restoreBackup(truncated, target))).toBe(
      `Checksum mismatch for ${database}: the archive is damaged or was altered; nothing was restored`,
    );
    const smuggled = alteredCopy(backup.name, (dir) => writeFileSync(join(dir, 'extra.txt'), 'x'));
    expect(await refusal(restoreBackup(smuggled, target))).toBe(
      'The archive holds extra.txt, which its manifest does not list',
    );
    expect(readdirSync(target.dataDir)).toEqual([]);
  });

  it('refuses a backup from a newer migration level', async () => {
    const backup = await takeBackup(t.ctx, 'manual');
    const future = alteredCopy(backup.name, (dir) => {
      const file = join(dir, 'manifest.json');
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
      writeFileSync(file, JSON.stringify({ ...manifest, migration_level: '999_future' }));
    });
    const message = await refusal(restoreBackup(future, await newTarget()));
    expect(message).toMatch(
      /^The backup comes from a newer version \(migration 999_future; this version knows up to \d{3}_\w+\): restore it with version \d+\.\d+\.\d+ or later$/,
    );
  });

  it('refuses a non-empty target unless forced, and the other kind of database', async () => {
    const backup = await takeBackup(t.ctx, 'manual');
    const target = await newTarget();
    await restoreBackup(archivePath(backup.name), target);
    const again = await refusal(restoreBackup(archivePath(backup.name), target));
    expect(again).toMatch(
      dialect === 'sqlite'
        ? /^DATA_DIR .* is not empty \(.*shop\.db.*\): restore into an empty folder, or add --force to replace its shop$/
        : /^The target is not empty \(the database has \d+ table\(s\); DATA_DIR holds .*\): restore into an empty database, or add --force to replace its shop$/,
    );
    const forced = await restoreBackup(archivePath(backup.name), target, { force: true });
    expect(forced.facts.row_counts).toEqual(backup.row_counts);

    const other = await newTarget();
    const wrongKind =
      dialect === 'sqlite'
        ? { dataDir: other.dataDir, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' }
        : { dataDir: other.dataDir, databaseUrl: undefined };
    expect(await refusal(restoreBackup(archivePath(backup.name), wrongKind))).toBe(
      dialect === 'sqlite'
        ? 'This backup holds a SQLite database, but DATABASE_URL is set (PostgreSQL): unset DATABASE_URL to restore it into DATA_DIR'
        : 'This backup holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into',
    );
  });

  it('refuses to replace a shop a server has open, even forced', async () => {
    const backup = await takeBackup(t.ctx, 'manual');
    const target = await newTarget();
    await restoreBackup(archivePath(backup.name), target);
    const running = target.open(await currentSchema());
    try {
      await sql`select count(*) from orders`.execute(running.db);
      const message = await refusal(
        restoreBackup(archivePath(backup.name), target, { force: true }),
      );
      expect(message).toMatch(
        dialect === 'sqlite'
          ? /shop\.db is in use \(a server is running on this DATA_DIR\?\): stop it, then restore$/
          : /^The database has \d+ other connection\(s\) \(a server is running on it\?\): stop it, then restore$/,
      );
    } finally {
      await running.close();
    }
  });

  it('keeps the newest BACKUP_KEEP scheduled backups, lists newest first', async () => {
    const job = backupJob(t.ctx, { keep: 2, log: silentJobLog });
    const manual = await takeBackup(t.ctx, 'manual');
    for (let i = 0; i < 3; i += 1) {
      t.advanceClock(1000);
      await job();
    }
    const listed = await listBackups(t.ctx.config);
    expect(listed.map((b) => b.trigger)).toEqual(['scheduled', 'scheduled', 'manual']);
    expect(listed.at(-1)!.name).toBe(manual.name);
    const times = listed.map((b) => b.created_at);
    expect(times).toEqual([...times].sort().reverse());
    // Only the kept archives (and their manifests) are left on disk.
    const files = readdirSync(join(dataDir, 'backups')).filter((f) => !f.startsWith('.'));
    expect(files.sort()).toEqual(listed.flatMap((b) => [b.name, `${b.name}.json`]).sort());
  });

  it('runs the backup.run job once per BACKUP_INTERVAL_H period, whatever the instances', async () => {
    const schedule = backupSchedule({ ...t.ctx.config, backupIntervalHours: 6 });
    expect(schedule).toEqual([{ kind: BACKUP_JOB_KIND, everyMs: 6 * 60 * 60 * 1000 }]);
    expect(backupSchedule({ ...t.ctx.config, backupIntervalHours: 0 })).toEqual([]);
    const handler = backgroundJobHandlers(t.ctx, {
      storage: media(),
      log: silentJobLog,
    })[BACKUP_JOB_KIND];
    const now = t.ctx.now();
    await runPeriodicJob(t.database, schedule[0]!, handler, now);
    // A second instance enqueueing the same period adds nothing.
    await expect(runPeriodicJob(t.database, schedule[0]!, handler, now)).rejects.toThrow(
      `${BACKUP_JOB_KIND} ran 0 times`,
    );
    expect((await listBackups(t.ctx.config)).map((b) => b.trigger)).toEqual(['scheduled']);
  });

  it('backs up and restores from the command line, printing the archive path', async () => {
    // A shop of its own, as `npm start` leaves it (the command opens DATA_DIR / DATABASE_URL).
    const source = await newTarget();
    const env = {
      DATA_DIR: source.dataDir,
      ...(source.databaseUrl ? { DATABASE_URL: source.databaseUrl } : {}),
    };
    const handle = source.databaseUrl
      ? openPostgres(source.databaseUrl)
      : openSqlite(join(source.dataDir, 'shop.db'));
    await migrateToLatest(handle.db, dialect);
    await handle.close();
    const out: string[] = [];
    const err: string[] = [];
    expect(
      await runCli(['backup'], { env, out: (l) => out.push(l), err: (l) => err.push(l) }),
    ).toBe(0);
    expect(err).toEqual([]);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(
      new RegExp(`^${source.dataDir}/backups/shop-\\d{8}T\\d{6}Z(-\\d+)?\\.tar\\.gz$`),
    );
    expect(existsSync(out[0]!)).toBe(true);

    const into = await newTarget();
    const restoreEnv = {
      DATA_DIR: into.dataDir,
      ...(into.databaseUrl ? { DATABASE_URL: into.databaseUrl } : {}),
    };
    const lines: string[] = [];
    const code = await runCli(['restore', out[0]!], {
      env: restoreEnv,
      out: (l) => lines.push(l),
      err: (l) => lines.push(l),
    });
    expect(lines.join('\n')).toMatch(/^Restored shop-\d{8}T\d{6}Z(-\d+)?\.tar\.gz into /);
    expect(code).toBe(0);
    expect(lines).toContain('  last invoice: none; last credit note: none');
    // The target is no longer empty: a second restore is refused (exit code 2).
    const refused: string[] = [];
    expect(
      await runCli(['restore', out[0]!], {
        env: restoreEnv,
        out: (l) => refused.push(l),
        err: (l) => refused.push(l),
      }),
    ).toBe(2);
    expect(refused[0]).toMatch(/^Restore refused: /);
    expect(await runCli(['restore'], { env: restoreEnv, out: () => {}, err: () => {} })).toBe(2);
  });
});

describe('backup settings', () => {
  const env = {
    DATA_DIR: '/nonexistent',
    JWT_SECRET: 'test-jwt-secret-test-jwt-secret-0123456789',
    URL_SIGNING_KEY: 'test-url-signing-key-test-url-signing-0123',
  };
  it('defaults to a daily backup, the last 7 kept', () => {
    expect(loadConfig(env)).toMatchObject({ backupIntervalHours: 24, backupKeep: 7 });
    expect(loadConfig({ ...env, BACKUP_INTERVAL_H: '0', BACKUP_KEEP: '30' })).toMatchObject({
      backupIntervalHours: 0,
      backupKeep: 30,
    });
  });
  it('refuses values out of range at start', () => {
    expect(() => loadConfig({ ...env, BACKUP_INTERVAL_H: '8761' })).toThrow(
      'BACKUP_INTERVAL_H must be an integer from 0 to 8760 hours, got "8761"',
    );
    expect(() => loadConfig({ ...env, BACKUP_KEEP: '0' })).toThrow(
      'BACKUP_KEEP must be an integer from 1 to 1000, got "0"',
    );
    expect(() => loadConfig({ ...env, BACKUP_INTERVAL_H: '1.5' })).toThrow(
      'BACKUP_INTERVAL_H must be an integer from 0 to 8760 hours, got "1.5"',
    );
  });
});
