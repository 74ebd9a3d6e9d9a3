import type { AdminRole, Backup } from '@generated/model';
import { delay, HttpResponse } from 'msw';
import { backups as fixtures } from '../fixtures';
import { endpoint, forPermission, json, notFound, now } from './endpoint';

/** The 409 of "Back up now" while another backup is being written (the server's words). */
export const BACKUP_RUNNING = 'Another backup is being written; try again when it is done';

/**
 * What the mock API keeps of the backups between requests: a backup taken with "Back up now" is
 * listed next, and a second one asked while the first is being written answers 409.
 */
export interface BackupShelf {
  /** The kept backups, newest first. */
  readonly kept: Backup[];
  /** A backup is being written now. */
  running: boolean;
  /** Back to the backups it started with (a story's `beforeEach`, so a re-run starts afresh). */
  reset(): void;
}

export function backupShelf(items: readonly Backup[] = fixtures): BackupShelf {
  const shelf: BackupShelf = {
    kept: [...items],
    running: false,
    reset() {
      shelf.kept.splice(0, shelf.kept.length, ...items);
      shelf.running = false;
    },
  };
  return shelf;
}

/** The shelf of the default handlers (dev:mock, Vitest, stories that bring none). */
const shared = backupShelf();

/**
 * Runs `work` while the default handlers' shelf is writing a backup, as a backup taking its time
 * would: the mock-versus-server table's createBackup 409, where the server's own lock is held.
 */
export async function whileBackupWritten<T>(work: () => Promise<T>): Promise<T> {
  shared.running = true;
  try {
    return await work();
  } finally {
    shared.running = false;
  }
}

const keptOf = (source: BackupShelf | readonly Backup[]) =>
  'kept' in source ? source.kept : source;

/** `shop-` and the UTC second (basic ISO 8601), `-1`, `-2`… when that second is taken. */
function nameAt(iso: string, kept: readonly Backup[]): string {
  const stamp = iso.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const taken = new Set(kept.map((backup) => backup.name));
  let name = `shop-${stamp}.tar.gz`;
  for (let n = 1; taken.has(name); n++) name = `shop-${stamp}-${n}.tar.gz`;
  return name;
}

/** The backup "Back up now" writes: the newest one's manifest, taken now by hand. */
function written(kept: readonly Backup[]): Backup {
  const created_at = now();
  const newest = kept[0] ?? fixtures[0]!;
  return {
    ...newest,
    name: nameAt(created_at, kept),
    created_at,
    size_bytes: newest.size_bytes + 4096,
    trigger: 'manual',
  };
}

/** The gzip of nothing (RFC 1952): 20 bytes any gunzip opens, standing for an archive. */
const EMPTY_GZIP = new Uint8Array([
  0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03, 0x03, 0x00, 0, 0, 0, 0, 0, 0, 0, 0,
]);

export const backups = {
  /** GET /admin/backups/: the kept backups, newest first (403 without backups:manage). */
  list: endpoint(
    'get',
    '/admin/backups/',
    (source: BackupShelf | readonly Backup[] = shared, role: AdminRole = 'super_admin') =>
      () =>
        forPermission('backups:manage', role, () => json(keptOf(source))),
  ),
  /**
   * POST /admin/backups/ (201): writes a backup in `writeMs` and keeps it on the shelf (or
   * answers `result`); 409 while one is being written, 403 without backups:manage.
   */
  create: endpoint(
    'post',
    '/admin/backups/',
    (
      shelf: BackupShelf = shared,
      { role = 'super_admin', writeMs = 0, result }: CreateOptions = {},
    ) =>
      () =>
        forPermission('backups:manage', role, async () => {
          if (shelf.running) return json({ detail: BACKUP_RUNNING }, 409);
          shelf.running = true;
          try {
            await delay(writeMs);
            const backup = result ?? written(shelf.kept);
            shelf.kept.unshift(backup);
            return json(backup, 201);
          } finally {
            shelf.running = false;
          }
        }),
  ),
  /** GET /admin/backups/{name}/download: the archive as an attachment; 404 for another name. */
  download: endpoint(
    'get',
    '/admin/backups/:name/download',
    (source: BackupShelf | readonly Backup[] = shared, role: AdminRole = 'super_admin') =>
      ({ params }) =>
        forPermission('backups:manage', role, () => {
          const backup = keptOf(source).find((b) => b.name === params.name);
          if (!backup) return notFound('Backup not found');
          return new HttpResponse(EMPTY_GZIP, {
            headers: {
              'Content-Type': 'application/gzip',
              'Content-Disposition': `attachment; filename="${backup.name}"`,
            },
          });
        }),
  ),
};

interface CreateOptions {
  /** Who asks (403 for a role without backups:manage). */
  role?: AdminRole;
  /** How long the backup takes to write (a busy button, a second click's 409). */
  writeMs?: number;
  /** The backup to answer instead of one made from the newest. */
  result?: Backup;
}
