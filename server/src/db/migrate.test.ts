// Instances starting together on one database: migrations run once, under the startup lock.
import { sql } from 'kysely';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDialects } from '../../test-support/databases';
import { openSqlite, type DatabaseHandle, type DialectName } from './database';
import { migrateToLatest } from './migrate';
import { allMigrations } from './migrations';

const root = join(import.meta.dirname, '../../..');

/** One instance applied every migration; the others waited, then found nothing to do. */
async function expectMigratedOnce(
  dialect: DialectName,
  database: Pick<DatabaseHandle, 'db'>,
  applied: string[][],
) {
  const names = Object.keys(allMigrations(dialect));
  expect(applied.sort((x, y) => y.length - x.length)).toEqual([names, []]);
  const recorded = await sql<{
    name: string;
  }>`select name from kysely_migration order by name`.execute(database.db);
  expect(recorded.rows.map((r) => r.name)).toEqual(names);
}

describe.each(testDialects)('migrations at a joint start (%s)', (dialect) => {
  it('run once when two connections migrate a fresh database at the same time', async () => {
    if (dialect === 'sqlite') {
      // SQLite's driver waits for a lock synchronously: two instances are two processes.
      const dir = mkdtempSync(join(tmpdir(), 'migrate-test-'));
      const file = join(dir, 'shop.db');
      try {
        const migrate = () =>
          promisify(execFile)(
            process.execPath,
            ['--import', 'tsx', join(root, 'server/test-support/migrate-process.ts'), file],
            { cwd: root },
          ).then(({ stdout }) => JSON.parse(stdout) as string[]);
        const applied = await Promise.all([migrate(), migrate()]);
        const handle = openSqlite(file);
        try {
          await expectMigratedOnce(dialect, handle, applied);
        } finally {
          await handle.close();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      return;
    }
    const fresh = await openTestDatabase(dialect, { migrate: false });
    const other = fresh.connectAgain();
    try {
      const applied = await Promise.all([
        migrateToLatest(fresh.db, dialect),
        migrateToLatest(other.db, dialect),
      ]);
      await expectMigratedOnce(dialect, fresh, applied);
    } finally {
      await other.close();
      await fresh.dispose();
    }
  }, 30_000);
});
