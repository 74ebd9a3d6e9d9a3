// The life of an uploaded file after its upload. A file is "used" (mediaUses) while the images of
// a product or a variant hold its URL (/api/v1/media/<key>, possibly absolute or signed), while
// it is the shop's logo in the settings, or while an issued invoice or credit note names it as
// its logo. A used file is never deleted: not by a save, not by the sweeper, and
// DELETE /admin/uploads/files answers 409 naming who uses it (deleteUnusedFiles).
//
// - Saving a product or a variant deletes the files it no longer references, unless another
//   product or variant still does (releaseRemovedMedia). The console's media widget only edits the form, so a
//   removal that is cancelled leaves the file in place.
// - Files that nothing references and that were written longer ago than the grace period are
//   deleted by the sweeper (sweepUnreferencedMedia), which the server runs every hour
//   (mediaSweepJob, a job of the shared queue). The grace period covers a file uploaded into a form not saved yet.
import { sql } from 'kysely';
import { join } from 'node:path';
import type { Config, S3Settings } from '../../config';
import type { Db } from '../../db/database';
import { LocalDiskStorage } from '../../storage/local-disk';
import { containsPattern } from '../../db/search';
import { S3Storage } from '../../storage/s3';
import type { Storage } from '../../storage/storage';
import type { JobLog } from '../../jobs/worker';
import { mediaKeyOf } from './signed-urls';
import { conflict } from '../../api/problem';
import type { InvoiceKind } from '../../domain/invoice';

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

/** The documents that print this logo: issued invoices and credit notes, counted by kind. */
async function documentsPrinting(db: Db, key: string): Promise<Record<InvoiceKind, number>> {
  // The frozen content is JSON.stringify's: the key appears exactly as `"logo_key":"<key>"`
  // (a key has no quote nor backslash).
  const rows = await db
    .selectFrom('invoices')
    .select(['kind', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where(sql<boolean>`content like ${containsPattern(`"logo_key":"${key}"`)} escape '\\'`)
    .groupBy('kind')
    .execute();
  const counts: Record<InvoiceKind, number> = { invoice: 0, credit_note: 0 };
  for (const row of rows) counts[row.kind] = Number(row.count);
  return counts;
}

/** What uses an uploaded file: the one reference check of deletes, saves and the sweep. */
interface MediaUses {
  /** Names of the products whose images hold the file's URL. */
  products: string[];
  /** "Product / variant title" of the variants whose images hold it. */
  variants: string[];
  /** The shop's logo in the settings. */
  logo: boolean;
  /** Issued documents that print it as their logo. */
  invoices: number;
  creditNotes: number;
}

/** Whether anything uses the file (see mediaUses). */
const inUse = (uses: MediaUses): boolean =>
  uses.products.length + uses.variants.length + uses.invoices + uses.creditNotes > 0 || uses.logo;

/** Who uses the file with this key (nothing: every list empty, every count 0). */
async function mediaUses(db: Db, key: string): Promise<MediaUses> {
  const settings = await db
    .selectFrom('shop_settings')
    .select('id')
    .where('logo_key', '=', key)
    .executeTakeFirst();
  const documents = await documentsPrinting(db, key);
  // The LIKE narrows the rows; the parsed URLs decide (a key that is a prefix of another).
  const pattern = containsPattern(`/media/${key}`);
  const holds = (row: { images: string | null }) => mediaKeysOf(imagesOf(row.images)).has(key);
  const products = await db
    .selectFrom('products')
    .select(['name', 'images'])
    .where(sql<boolean>`images like ${pattern} escape '\\'`)
    .orderBy('id')
    .execute();
  const variants = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['p.name', 'v.variant_title', 'v.images'])
    .where(sql<boolean>`v.images like ${pattern} escape '\\'`)
    .orderBy('v.id')
    .execute();
  return {
    products: products.filter(holds).map((p) => p.name),
    variants: variants.filter(holds).map((v) => `${v.name} / ${v.variant_title}`),
    logo: settings !== undefined,
    invoices: documents.invoice,
    creditNotes: documents.credit_note,
  };
}

/** At most this many names per kind in a message, each cut to NAME_CHARS. */
const NAMES_SHOWN = 3;
const NAME_CHARS = 60;

const quoted = (name: string) =>
  `«${name.length > NAME_CHARS ? `${name.slice(0, NAME_CHARS - 1)}…` : name}»`;

function named(one: string, many: string, names: string[]): string[] {
  if (names.length === 0) return [];
  const shown = names.slice(0, NAMES_SHOWN).map(quoted).join(', ');
  const more = names.length > NAMES_SHOWN ? ` (and ${names.length - NAMES_SHOWN} more)` : '';
  return [`${names.length === 1 ? one : many} ${shown}${more}`];
}

const counted = (count: number, one: string, many: string): string[] =>
  count === 0 ? [] : [`${count} ${count === 1 ? one : many}`];

/**
 * Who uses a file, for a person: "Used by product «Sac cabas» and 3 issued invoices". Bounded
 * (three names per kind, 60 characters each).
 */
function describeMediaUses(uses: MediaUses): string {
  const parts = [
    ...named('product', 'products', uses.products),
    ...named('variant', 'variants', uses.variants),
    ...(uses.logo ? ['the shop logo in Settings'] : []),
    ...counted(uses.invoices, 'issued invoice', 'issued invoices'),
    ...counted(uses.creditNotes, 'credit note', 'credit notes'),
  ];
  const last = parts.pop() ?? '';
  return `Used by ${parts.length > 0 ? `${parts.join(', ')} and ${last}` : last}`;
}

/**
 * Deletes the stored files with these keys (unknown keys are ignored), all or nothing: when any of
 * them is used by a product, a variant, the settings or an issued document, nothing is deleted
 * and the answer is 409 naming who uses the first one. Resolves with the deleted keys.
 */
export async function deleteUnusedFiles(
  db: Db,
  storage: Storage,
  keys: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(keys)];
  for (const key of unique) {
    const uses = await mediaUses(db, key);
    if (!inUse(uses)) continue;
    const who = describeMediaUses(uses);
    throw conflict(unique.length === 1 ? who : `${key}: ${who}`);
  }
  const deleted: string[] = [];
  for (const key of unique) if (await storage.delete(key)) deleted.push(key);
  return deleted;
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
      if (inUse(await mediaUses(db, key))) continue;
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
    // Products and variants in one read; the rest (logo, documents) per old file.
    if (referenced.has(key) || inUse(await mediaUses(db, key))) continue;
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
