// One backup at a time per shop, whoever starts it ("Back up now", the schedule on any instance,
// `npm run backup`). PostgreSQL: a session advisory lock, held on one connection of the shared
// database for the whole backup, so instances on other machines see it and a crashed holder
// releases it with its connection. SQLite (one machine): a lock file created exclusively in the
// backups folder, holding the owner's pid; a file left by a process that died is taken over.
// Neither lives in the shop's tables, so a restored database never carries a held lock.
import { randomBytes } from 'node:crypto';
import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/database';
import type { Database } from '../db/schema';

/** Thrown when another backup holds the lock. */
export class BackupBusyError extends Error {
  constructor() {
    super('Another backup is being written; try again when it is done');
    this.name = 'BackupBusyError';
  }
}

/** Advisory lock key space of backups (the second key is the schema's hash). */
const BACKUP_LOCK_CLASS = 25_025;

export async function withBackupLock<T>(
  db: Kysely<Database>,
  dialect: DialectName,
  workDir: string,
  work: () => Promise<T>,
): Promise<T> {
  if (dialect === 'postgres') {
    return db.connection().execute(async (conn) => {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(${BACKUP_LOCK_CLASS}, hashtext(current_schema())) as locked`.execute(
        conn,
      );
      if (!rows[0]?.locked) throw new BackupBusyError();
      try {
        return await work();
      } finally {
        await sql`select pg_advisory_unlock(${BACKUP_LOCK_CLASS}, hashtext(current_schema()))`.execute(
          conn,
        );
      }
    });
  }
  const file = join(workDir, '.lock');
  const token = `${process.pid} ${randomBytes(8).toString('hex')}`;
  await takeFile(file, token);
  try {
    return await work();
  } finally {
    // Only our own lock (a stale one taken over by another process is theirs now).
    if ((await readFile(file, 'utf8').catch(() => '')) === token) await rm(file, { force: true });
  }
}

async function takeFile(file: string, token: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(token);
      await handle.close();
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = Number((await readFile(file, 'utf8').catch(() => '')).split(' ')[0]);
    // No pid yet: its owner is between creating and writing it.
    if (!holder || isAlive(holder)) throw new BackupBusyError();
    // Left by a process that died mid-backup.
    await rm(file, { force: true });
  }
  throw new BackupBusyError();
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
