// `npm run restore -- FILE [--force]`: a backup archive back into an empty DATA_DIR (SQLite) or
// an empty database (DATABASE_URL). Everything that can be checked is checked before anything is
// written: the archive's members (plain files with relative names), every sha256 of the
// manifest, the migration level (not newer than this code knows), the kind of database, an
// empty target (unless --force) that no server is using, and SQLite's integrity_check of the
// copy. After the restore, the restored database's row counts and last document numbers must be
// the manifest's.
import { execFile } from 'node:child_process';
import { chmodSync, createReadStream } from 'node:fs';
import {
  copyFile,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { Config, S3Settings } from '../config';
import { ensurePrivateDir } from '../config';
import { openPostgres, openSqlite, type DatabaseHandle, type DialectName } from '../db/database';
import { loadBetterSqlite3 } from '../db/drivers';
import { allMigrations } from '../db/migrations';
import { mediaStorage } from '../services/platform/media';
import { contentTypeForKey, isValidMediaKey } from '../storage/storage';
import { extractArchive, filesUnder, listArchive, sha256File } from './archive';
import { MEMBERS, type Manifest } from './manifest';
import { pgConnection, pgTool } from './pg-client';
import { databaseFacts, type DatabaseFacts } from './snapshot';

const run = promisify(execFile);

/** A restore that was refused before anything was written; the message says why. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

export type RestoreTarget = Pick<Config, 'dataDir' | 'databaseUrl'> & Partial<S3Settings>;

export interface RestoreResult {
  manifest: Manifest;
  /** What the restored database holds (equal to the manifest's). */
  facts: DatabaseFacts;
  /** Uploaded files written (local uploads), or keys listed (S3). */
  uploads: number;
  /** S3 keys of the backup that the bucket no longer has. */
  missingKeys: string[];
  secrets: boolean;
}

/** DATA_DIR entries a restore leaves alone (and does not count as "not empty"). */
const KEPT = new Set(['backups']);

export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreResult> {
  const work = await mkdtemp(join(tmpdir(), 'shop-restore-'));
  try {
    const manifest = await verifiedArchive(file, work);
    const dialect: DialectName = target.databaseUrl ? 'postgres' : 'sqlite';
    if (manifest.database !== dialect) {
      throw new RestoreRefusedError(
        manifest.database === 'sqlite'
          ? 'This backup holds a SQLite database, but DATABASE_URL is set (PostgreSQL): unset DATABASE_URL to restore it into DATA_DIR'
          : 'This backup holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into',
      );
    }
    const leftovers = (await dataDirEntries(target.dataDir)).filter((e) => !KEPT.has(e));
    if (dialect === 'sqlite') {
      if (leftovers.length > 0 && !force) {
        throw new RestoreRefusedError(
          `DATA_DIR ${target.dataDir} is not empty (${leftovers.join(', ')}): restore into an empty folder, or add --force to replace its shop`,
        );
      }
      await refuseSqliteInUse(join(target.dataDir, 'shop.db'));
      await restoreSqlite(join(work, MEMBERS.sqlite), target.dataDir);
    } else {
      await restorePostgres(join(work, MEMBERS.postgres), manifest, target, force, leftovers);
    }
    const { uploads, missingKeys } = await restoreUploads(work, manifest, target, force);
    const secrets = manifest.files[MEMBERS.secrets] !== undefined;
    if (secrets) {
      const dest = join(target.dataDir, MEMBERS.secrets);
      await copyFile(join(work, MEMBERS.secrets), dest);
      chmodSync(dest, 0o600);
    }
    const facts = await restoredFacts(target, manifest);
    return { manifest, facts, uploads, missingKeys, secrets };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Extracts the archive into `work` and resolves with its manifest once every check passed. */
async function verifiedArchive(file: string, work: string): Promise<Manifest> {
  if (!(await stat(file).catch(() => null))?.isFile()) {
    throw new RestoreRefusedError(`${file} is not a file`);
  }
  let members: string[];
  try {
    members = await listArchive(file);
  } catch (err) {
    throw new RestoreRefusedError(`${file} is not a backup archive: ${(err as Error).message}`);
  }
  if (!members.includes(MEMBERS.manifest)) {
    throw new RestoreRefusedError(`${file} is not a backup archive: it has no manifest.json`);
  }
  await extractArchive(file, work);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(work, MEMBERS.manifest), 'utf8')) as Manifest;
  } catch {
    throw new RestoreRefusedError("The backup's manifest.json cannot be read");
  }
  if (manifest.format !== 1 || typeof manifest.files !== 'object' || manifest.files === null) {
    throw new RestoreRefusedError(
      'The backup was written in a format this version does not know: restore it with the version that wrote it',
    );
  }
  const present = (await filesUnder(work)).filter((p) => p !== MEMBERS.manifest);
  const listed = Object.keys(manifest.files).sort();
  for (const path of present) {
    if (!(path in manifest.files)) {
      throw new RestoreRefusedError(`The archive holds ${path}, which its manifest does not list`);
    }
  }
  for (const path of listed) {
    if (!present.includes(path)) {
      throw new RestoreRefusedError(`The archive lacks ${path}, which its manifest lists`);
    }
    if ((await sha256File(join(work, path))) !== manifest.files[path]) {
      throw new RestoreRefusedError(
        `Checksum mismatch for ${path}: the archive is damaged or was altered; nothing was restored`,
      );
    }
  }
  const database = manifest.database === 'sqlite' ? MEMBERS.sqlite : MEMBERS.postgres;
  if (!present.includes(database)) {
    throw new RestoreRefusedError(`The archive lacks its database (${database})`);
  }
  const known = Object.keys(allMigrations(manifest.database)).sort();
  if (!known.includes(manifest.migration_level)) {
    const newer = manifest.migration_level > (known.at(-1) ?? '');
    throw new RestoreRefusedError(
      newer
        ? `The backup comes from a newer version (migration ${manifest.migration_level}; this version knows up to ${known.at(-1)}): restore it with version ${manifest.product_version} or later`
        : `The backup's migration level ${manifest.migration_level} is unknown to this version`,
    );
  }
  return manifest;
}

async function dataDirEntries(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(dataDir)).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/**
 * A server has DATA_DIR/shop.db open: SQLite refuses to leave WAL mode while another connection
 * has the database open, so a connection of our own that can is alone.
 */
async function refuseSqliteInUse(file: string): Promise<void> {
  if (!(await stat(file).catch(() => null))) return;
  const Sqlite = loadBetterSqlite3();
  let mode: unknown;
  try {
    const db = new Sqlite(file);
    try {
      db.pragma('busy_timeout = 0');
      mode = db.pragma('journal_mode = delete', { simple: true });
    } finally {
      db.close();
    }
  } catch (err) {
    mode = (err as { code?: string }).code ?? 'error';
  }
  if (mode !== 'delete') {
    throw new RestoreRefusedError(
      `${file} is in use (a server is running on this DATA_DIR?): stop it, then restore`,
    );
  }
}

async function restoreSqlite(copy: string, dataDir: string): Promise<void> {
  const check = openSqlite(copy);
  try {
    const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(
      check.db,
    );
    if (rows.length !== 1 || rows[0]?.integrity_check !== 'ok') {
      throw new RestoreRefusedError(
        `The backup's database fails SQLite's integrity_check: ${rows
          .map((r) => r.integrity_check)
          .join('; ')
          .slice(0, 300)}`,
      );
    }
  } finally {
    await check.close();
  }
  ensurePrivateDir(dataDir);
  const dest = join(dataDir, 'shop.db');
  for (const extra of [`${dest}-wal`, `${dest}-shm`, `${dest}-journal`])
    await rm(extra, { force: true });
  // Copied beside, then renamed: shop.db is the old one or the whole new one, never half.
  const temp = `${dest}.restoring`;
  await copyFile(copy, temp);
  chmodSync(temp, 0o600);
  await rename(temp, dest);
}

async function restorePostgres(
  dump: string,
  manifest: Manifest,
  target: RestoreTarget,
  force: boolean,
  leftovers: string[],
): Promise<void> {
  const url = target.databaseUrl!;
  const schema = manifest.schema ?? 'public';
  const admin = openPostgres(url, { max: 1 });
  try {
    const { rows: others } = await sql<{ n: number }>`select count(*) as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()
        and backend_type = 'client backend'`.execute(admin.db);
    if (Number(others[0]?.n) > 0) {
      throw new RestoreRefusedError(
        `The database has ${others[0]?.n} other connection(s) (a server is running on it?): stop it, then restore`,
      );
    }
    const { rows: tables } = await sql<{ n: number }>`select count(*) as n
      from information_schema.tables
      where table_schema not in ('pg_catalog', 'information_schema')`.execute(admin.db);
    const notEmpty = Number(tables[0]?.n) > 0;
    if ((notEmpty || leftovers.length > 0) && !force) {
      const what = [
        ...(notEmpty ? [`the database has ${tables[0]?.n} table(s)`] : []),
        ...(leftovers.length > 0 ? [`DATA_DIR holds ${leftovers.join(', ')}`] : []),
      ];
      throw new RestoreRefusedError(
        `The target is not empty (${what.join('; ')}): restore into an empty database, or add --force to replace its shop`,
      );
    }
    if (force) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
    await sql`create schema if not exists ${sql.id(schema)}`.execute(admin.db);
    // A dump of one schema leaves the database's extensions out (pg_trgm for the search index).
    for (const extension of manifest.extensions ?? []) {
      await sql`create schema if not exists ${sql.id(extension.schema)}`.execute(admin.db);
      await sql`create extension if not exists ${sql.id(extension.name)} with schema ${sql.id(extension.schema)}`.execute(
        admin.db,
      );
    }
    const pgRestore = await pgTool('pg_restore', admin.db);
    const { dbname, env } = pgConnection(url);
    // The schema exists already (created above, or `public`): its own entries would fail.
    const { stdout } = await run(pgRestore, ['--list', dump], { maxBuffer: 64 * 1024 * 1024, env });
    const entry = new RegExp(`^\\d+; \\d+ \\d+ (SCHEMA - |COMMENT - SCHEMA )${schema} `);
    const list = `${dump}.list`;
    await writeFile(
      list,
      stdout
        .split('\n')
        .filter((line) => !entry.test(line))
        .join('\n'),
    );
    await run(
      pgRestore,
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--use-list=${list}`,
        `--dbname=${dbname}`,
        dump,
      ],
      { maxBuffer: 64 * 1024 * 1024, env },
    ).catch((err: { stderr?: string; message: string }) => {
      throw new Error(`pg_restore failed: ${(err.stderr ?? '').trim() || err.message}`);
    });
  } finally {
    await admin.close();
  }
}

async function restoreUploads(
  work: string,
  manifest: Manifest,
  target: RestoreTarget,
  force: boolean,
): Promise<{ uploads: number; missingKeys: string[] }> {
  const media = mediaStorage(target);
  if (manifest.uploads.storage === 's3') {
    // The objects stay in the bucket: say which ones it no longer has.
    const keys = JSON.parse(await readFile(join(work, MEMBERS.s3Keys), 'utf8')) as {
      key: string;
    }[];
    const missingKeys: string[] = [];
    if (target.s3Bucket) {
      for (const { key } of keys) if (!(await media.exists(key))) missingKeys.push(key);
    }
    return { uploads: keys.length, missingKeys };
  }
  if (force && !target.s3Bucket) {
    await rm(join(target.dataDir, 'uploads'), { recursive: true, force: true });
  }
  const keys = Object.keys(manifest.files)
    .filter((p) => p.startsWith(`${MEMBERS.uploads}/`))
    .map((p) => p.slice(MEMBERS.uploads.length + 1))
    .filter(isValidMediaKey);
  // Into the media storage configured now (the local disk, or a bucket the shop moved to).
  for (const key of keys) {
    await media.put(
      key,
      createReadStream(join(work, MEMBERS.uploads, key)),
      contentTypeForKey(key),
    );
  }
  return { uploads: keys.length, missingKeys: [] };
}

/** The restored database's facts, which must be the manifest's. */
async function restoredFacts(target: RestoreTarget, manifest: Manifest): Promise<DatabaseFacts> {
  const handle: DatabaseHandle = target.databaseUrl
    ? openPostgres(target.databaseUrl, { schema: manifest.schema ?? 'public', max: 1 })
    : openSqlite(join(target.dataDir, 'shop.db'));
  try {
    const facts = await databaseFacts(handle.db, manifest.database);
    const same =
      JSON.stringify(facts.row_counts) === JSON.stringify(manifest.row_counts) &&
      facts.last_invoice_number === manifest.last_invoice_number &&
      facts.last_credit_note_number === manifest.last_credit_note_number &&
      facts.migration_level === manifest.migration_level;
    if (!same) throw new Error('The restored database does not hold what the manifest says');
    return facts;
  } finally {
    await handle.close();
  }
}
