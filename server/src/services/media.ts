// The life of an uploaded file after its upload. A file is "referenced" while the images of a
// product or a variant hold its URL (/api/v1/media/<key>, possibly absolute or signed).
//
// - Saving a product or a variant deletes the files it no longer references, unless another
//   product or variant still does (releaseRemovedMedia). The console's media widget only edits the form, so a
//   removal that is cancelled leaves the file in place.
// - Files that nothing references and that were written longer ago than the grace period are
//   deleted by the sweeper (sweepUnreferencedMedia), which the server runs every hour
//   (mediaSweepJob, a job of the shared queue). The grace period covers a file uploaded into a form not saved yet.
import { sql } from 'kysely';
import { join } from 'node:path';
import type { Config, S3Settings } from '../config';
import type { Db } from '../db/database';
import { LocalDiskStorage } from '../storage/local-disk';
import { containsPattern } from '../db/search';
import { S3Storage } from '../storage/s3';
import type { Storage } from '../storage/storage';
import type { JobLog } from '../jobs/worker';
import { mediaKeyOf } from './signed-urls';

/** Default UNUSED_MEDIA_GRACE_H: an unreferenced upload is kept for a day. */
export const DEFAULT_UNUSED_MEDIA_GRACE_HOURS = 24;
/** How often the server sweeps. */
export const MEDIA_SWEEP_JOB = { kind: 'media.sweep', everyMs: 60 * 60 * 1000 } as const;

type MediaSettings = Pick<Config, 'dataDir'> & Partial<S3Settings>;

/** One store per configuration: the route modules of an app share its S3 client (and sockets). */
const storages = new WeakMap<MediaSettings, Storage>();

/**
 * Where uploaded media live: the S3 bucket when S3_BUCKET is set (several server instances then
 * share them), else files under DATA_DIR/uploads.
 */
export function mediaStorage(config: MediaSettings): Storage {
  let storage = storages.get(config);
  if (!storage) {
    storage = config.s3Bucket
      ? s3Storage(config)
      : new LocalDiskStorage(join(config.dataDir, 'uploads'));
    storages.set(config, storage);
  }
  return storage;
}

function s3Storage(config: MediaSettings): S3Storage {
  const {
    s3Bucket: bucket,
    s3AccessKeyId: accessKeyId,
    s3SecretAccessKey: secretAccessKey,
  } = config;
  // loadConfig refuses S3_BUCKET without credentials; a hand-made configuration may not.
  if (!bucket || !accessKeyId || !secretAccessKey) {
    throw new Error('S3 media storage needs a bucket and credentials');
  }
  return new S3Storage({
    bucket,
    endpoint: config.s3Endpoint,
    region: config.s3Region ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: config.s3ForcePathStyle ?? false,
  });
}

/**
 * The origins media are read from besides the server itself (the object store's, when media
 * GETs redirect there), for the console's Content-Security-Policy.
 */
export async function mediaReadOrigins(config: MediaSettings): Promise<string[]> {
  const storage = mediaStorage(config);
  if (!storage.presignedReadUrl) return [];
  // Signing is local (no request): the URL shows where the store's answers come from.
  return [new URL(await storage.presignedReadUrl('img_origin.png', 60)).origin];
}

/** The distinct storage keys among these URLs. */
function mediaKeysOf(urls: Iterable<string>): Set<string> {
  const keys = new Set<string>();
  for (const url of urls) {
    const key = mediaKeyOf(url);
    if (key) keys.add(key);
  }
  return keys;
}

function imagesOf(json: string | null): string[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((u): u is string => typeof u === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether any product's or variant's images hold this key's URL. */
/**
 * Whether the shop's logo is this file, or an issued invoice printed it (documents are frozen:
 * their PDF is drawn again at every download, so their logo must outlive a settings change).
 */
async function isLogoReferenced(db: Db, key: string): Promise<boolean> {
  const settings = await db
    .selectFrom('shop_settings')
    .select('id')
    .where('logo_key', '=', key)
    .executeTakeFirst();
  if (settings) return true;
  // The frozen content is JSON.stringify's: the key appears exactly as `"logo_key":"<key>"`.
  const invoice = await db
    .selectFrom('invoices')
    .select('id')
    .where(sql<boolean>`content like ${containsPattern(`"logo_key":"${key}"`)} escape '\\'`)
    .limit(1)
    .executeTakeFirst();
  return invoice !== undefined;
}

async function isMediaReferenced(db: Db, key: string): Promise<boolean> {
  if (await isLogoReferenced(db, key)) return true;
  const pattern = containsPattern(`/media/${key}`);
  for (const table of ['products', 'variants'] as const) {
    // The LIKE narrows the rows; the parsed URLs decide (a key that is a prefix of another).
    const rows = await db
      .selectFrom(table)
      .select('images')
      .where(sql<boolean>`images like ${pattern} escape '\\'`)
      .execute();
    if (rows.some((row) => mediaKeysOf(imagesOf(row.images)).has(key))) return true;
  }
  return false;
}

/** Every key referenced by a product or a variant. */
async function referencedMediaKeys(db: Db): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const table of ['products', 'variants'] as const) {
    const rows = await db
      .selectFrom(table)
      .select('images')
      .where(sql<boolean>`images like ${'%/media/%'}`)
      .execute();
    for (const row of rows) for (const key of mediaKeysOf(imagesOf(row.images))) keys.add(key);
  }
  return keys;
}

export interface MediaLog {
  warn(details: object, message: string): void;
}

/**
 * Deletes the stored files of these URLs that no product or variant references any more (call it
 * after the change that dropped them is committed). Best effort: a storage failure is logged and
 * the sweeper retries later. Resolves with the deleted keys.
 */
export async function releaseMedia(
  db: Db,
  storage: Storage,
  urls: Iterable<string>,
  log?: MediaLog,
): Promise<string[]> {
  const deleted: string[] = [];
  for (const key of mediaKeysOf(urls)) {
    try {
      if (await isMediaReferenced(db, key)) continue;
      if (await storage.delete(key)) deleted.push(key);
    } catch (err) {
      log?.warn({ err, key }, 'Could not delete a media file no longer used');
    }
  }
  return deleted;
}

/**
 * After a save changed a record's images from `before` to `after`: deletes the stored files of
 * the removed ones that nothing references any more (see releaseMedia).
 */
export async function releaseRemovedMedia(
  db: Db,
  storage: Storage,
  before: readonly string[],
  after: readonly string[],
  log?: MediaLog,
): Promise<string[]> {
  const kept = mediaKeysOf(after);
  const removed = before.filter((url) => {
    const key = mediaKeyOf(url);
    return key !== null && !kept.has(key);
  });
  return removed.length > 0 ? releaseMedia(db, storage, removed, log) : [];
}

export interface SweepOptions {
  db: Db;
  storage: Storage;
  now: Date;
  /** Files written less than this long ago are kept even when nothing references them. */
  graceMs: number;
}

/**
 * Deletes the stored files that no product, variant, shop logo or invoice references and that were written more
 * than `graceMs` before `now`. Resolves with the deleted keys.
 */
export async function sweepUnreferencedMedia({
  db,
  storage,
  now,
  graceMs,
}: SweepOptions): Promise<string[]> {
  const cutoff = now.getTime() - graceMs;
  const old = (await storage.list()).filter((file) => file.modifiedAt.getTime() <= cutoff);
  if (old.length === 0) return [];
  // Read after listing: a file referenced by a save that ends in between is seen as referenced.
  const referenced = await referencedMediaKeys(db);
  const deleted: string[] = [];
  for (const { key } of old) {
    if (referenced.has(key) || (await isLogoReferenced(db, key))) continue;
    if (await storage.delete(key)) deleted.push(key);
  }
  return deleted;
}

/**
 * The `media.sweep` job (hourly, once per hour whatever the number of instances: jobs/periodic.ts):
 * sweeps, logs what it deleted and resolves with it.
 */
export function mediaSweepJob(
  options: Omit<SweepOptions, 'now'> & { now: () => Date; log: Pick<JobLog, 'info'> },
): () => Promise<string[]> {
  return async () => {
    const deleted = await sweepUnreferencedMedia({ ...options, now: options.now() });
    if (deleted.length > 0) options.log.info({ deleted }, 'Deleted unused media files');
    return deleted;
  };
}
