// Backups of the running shop (#25): one archive holding a consistent snapshot of the database
// (backup/snapshot.ts), the uploads (or, with S3, the list of their keys), secrets.json and a
// manifest with the sha256 of every other member. Taken by "Back up now" (createBackup), the
// schedule (the `backup.run` job, BACKUP_INTERVAL_H, the newest BACKUP_KEEP scheduled ones kept)
// and `npm run backup` (backup/cli.ts); one at a time (backup/lock.ts). `npm run restore` brings
// one back (backup/restore.ts).
import { chmod, copyFile, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { conflict, HttpProblem, notFound } from '../../api/problem';
import type { Schemas } from '../../api/types';
import type { AppContext } from '../../context';
import { createArchive, filesUnder, isDiskFull, sha256File } from '../../backup/archive';
import { BackupBusyError, withBackupLock } from '../../backup/lock';
import { MEMBERS, presentBackup, type BackupTrigger, type Manifest } from '../../backup/manifest';
import { productVersion } from '../../backup/project';
import { snapshotPostgres, snapshotSqlite, type DatabaseFacts } from '../../backup/snapshot';
import {
  backupStore,
  ensureWorkDir,
  type BackupStore,
  type StoredBackup,
} from '../../backup/store';
import type { JobLog } from '../../jobs/worker';
import { recordAudit, type AuditActor } from './audit';
import { mediaStorage } from './media';

type Backup = Schemas['Backup'];
export type BackupContext = Pick<AppContext, 'db' | 'dialect' | 'config' | 'now'>;

export const BACKUP_JOB_KIND = 'backup.run';

export const BACKUP_BUSY = 'Another backup is being written; try again when it is done';

/**
 * Writes a backup and resolves with what was kept. 409 while another backup is being written;
 * 503 when the disk (DATA_DIR/backups) has no room for it (nothing is left behind).
 */
export async function takeBackup(ctx: BackupContext, trigger: BackupTrigger): Promise<Backup> {
  const store = backupStore(ctx.config);
  try {
    await ensureWorkDir(store);
    return await withBackupLock(ctx.db, ctx.dialect, store.workDir, () =>
      writeBackup(ctx, store, trigger),
    );
  } catch (err) {
    if (err instanceof BackupBusyError) throw conflict(BACKUP_BUSY);
    if (isDiskFull(err)) {
      throw new HttpProblem(
        503,
        'No room for the backup: the disk under DATA_DIR is full. Free some space (or delete old backups) and try again.',
      );
    }
    throw err;
  }
}

/** "Back up now": a backup, and its audit entry (who took it). */
export async function backUpNow(ctx: BackupContext, actor: AuditActor): Promise<Backup> {
  const backup = await takeBackup(ctx, 'manual');
  await recordAudit(
    ctx.db,
    actor,
    {
      action: 'create',
      entity: 'backup',
      entity_id: null,
      label: backup.name,
      after: {
        name: backup.name,
        size_bytes: backup.size_bytes,
        migration_level: backup.migration_level,
        last_invoice_number: backup.last_invoice_number,
        last_credit_note_number: backup.last_credit_note_number,
      },
    },
    ctx.now(),
  );
  return backup;
}

/** Every kept backup, newest first. */
export async function listBackups(config: BackupContext['config']): Promise<Backup[]> {
  return newestFirst(await backupStore(config).list()).map((b) =>
    presentBackup(b.manifest, b.size),
  );
}

/** The archive of a kept backup; 404 for any other name. */
export async function openBackup(config: BackupContext['config'], name: string) {
  const archive = await backupStore(config).open(name);
  if (!archive) throw notFound('Backup not found');
  return archive;
}

/** Deletes the scheduled backups beyond the newest `keep`; resolves with their names. */
async function pruneScheduledBackups(
  config: BackupContext['config'],
  keep: number,
): Promise<string[]> {
  const store = backupStore(config);
  const scheduled = newestFirst(await store.list()).filter(
    (b) => b.manifest.trigger === 'scheduled',
  );
  const removed = scheduled.slice(keep).map((b) => b.name);
  for (const name of removed) await store.remove(name);
  return removed;
}

/** The `backup.run` job: a scheduled backup, then the oldest scheduled ones beyond BACKUP_KEEP. */
export function backupJob(ctx: BackupContext, { keep, log }: { keep: number; log: JobLog }) {
  return async () => {
    const backup = await takeBackup(ctx, 'scheduled');
    const removed = await pruneScheduledBackups(ctx.config, keep);
    log.info({ backup: backup.name, removed }, 'Scheduled backup written');
  };
}

/** Newest first: by the time taken, then by the suffix a same-second backup got. */
function newestFirst(backups: StoredBackup[]): StoredBackup[] {
  const suffix = (name: string) => Number(/-(\d+)\.tar\.gz$/.exec(name)?.[1] ?? 0);
  return [...backups].sort(
    (a, b) =>
      b.manifest.created_at.localeCompare(a.manifest.created_at) || suffix(b.name) - suffix(a.name),
  );
}

/** `shop-20261128T204500Z.tar.gz`, or with `-1`… when a backup of that second exists already. */
async function freeName(store: BackupStore, at: Date): Promise<string> {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  for (let n = 0; n < 1000; n += 1) {
    const name = `shop-${stamp}${n === 0 ? '' : `-${n}`}.tar.gz`;
    if (!(await store.exists(name))) return name;
  }
  throw conflict('Too many backups in one second');
}

async function writeBackup(
  ctx: BackupContext,
  store: BackupStore,
  trigger: BackupTrigger,
): Promise<Backup> {
  const createdAt = ctx.now();
  const name = await freeName(store, createdAt);
  // In the backups folder: on the disk the archive goes to, so a full disk shows here first.
  const staging = await mkdtemp(join(store.workDir, '.staging-'));
  const partial = join(store.workDir, `.${name}.partial`);
  try {
    await mkdir(join(staging, 'database'));
    let facts: DatabaseFacts;
    let schema: string | null = null;
    let extensions: Manifest['extensions'];
    if (ctx.dialect === 'sqlite') {
      facts = await snapshotSqlite(ctx.db, join(staging, MEMBERS.sqlite));
    } else {
      if (!ctx.config.databaseUrl) throw new Error('DATABASE_URL is needed to back up PostgreSQL');
      ({ schema, extensions, ...facts } = await snapshotPostgres(
        ctx.db,
        ctx.config.databaseUrl,
        join(staging, MEMBERS.postgres),
      ));
    }
    // After the snapshot: every upload the snapshot refers to was written before it.
    const uploads = await copyUploads(ctx.config, staging);
    const secrets = join(ctx.config.dataDir, 'secrets.json');
    if (await stat(secrets).catch(() => null)) {
      await copyFile(secrets, join(staging, MEMBERS.secrets));
    }
    const files: Record<string, string> = {};
    for (const path of await filesUnder(staging))
      files[path] = await sha256File(join(staging, path));
    const manifest: Manifest = {
      format: 1,
      name,
      created_at: createdAt.toISOString(),
      trigger,
      product_version: productVersion(),
      database: ctx.dialect,
      schema,
      ...(extensions ? { extensions } : {}),
      ...facts,
      uploads,
      files,
    };
    await writeFile(join(staging, MEMBERS.manifest), JSON.stringify(manifest, null, 2) + '\n');
    // The manifest first: a listing of an archive without its copy reads no further.
    const members = [MEMBERS.manifest, ...topLevel(Object.keys(files))];
    await createArchive(staging, members, partial);
    // It holds secrets.json and every customer's data: the server's user only.
    await chmod(partial, 0o600);
    const size = await store.keep(partial, name, manifest);
    return presentBackup(manifest, size);
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

const topLevel = (paths: string[]) => [...new Set(paths.map((p) => p.split('/')[0]!))].sort();

/** The uploaded files into `uploads/`, or with S3 the bucket's keys into `uploads.json`. */
async function copyUploads(
  config: BackupContext['config'],
  staging: string,
): Promise<Manifest['uploads']> {
  const media = mediaStorage(config);
  const objects = (await media.list()).sort((a, b) => a.key.localeCompare(b.key));
  if (config.s3Bucket) {
    const keys = objects.map((o) => ({ key: o.key, modified_at: o.modifiedAt.toISOString() }));
    await writeFile(join(staging, MEMBERS.s3Keys), JSON.stringify(keys, null, 2) + '\n');
    return { storage: 's3', count: keys.length };
  }
  await mkdir(join(staging, MEMBERS.uploads));
  let count = 0;
  for (const { key } of objects) {
    const file = await media.get(key);
    // Deleted since it was listed: nothing refers to it any more.
    if (!file) continue;
    await pipeline(file.stream, createWriteStream(join(staging, MEMBERS.uploads, key)));
    count += 1;
  }
  return { storage: 'local', count };
}
