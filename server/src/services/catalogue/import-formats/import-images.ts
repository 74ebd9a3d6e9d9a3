// The images of the products an import created (option fetch_images), fetched after the apply
// in a background job per product (services/platform/background-jobs.ts), so that a file of a
// thousand products is applied in seconds and a slow image server delays nobody. Each URL is
// fetched by image-fetch.ts's rules; a refused or failed one is recorded with its reason in the
// product's audit entry of the job and never fails the product, nor the other images.
import type { Db } from '../../../db/database';
import { enqueueJob } from '../../../jobs/queue';
import type { JobLog } from '../../../jobs/worker';
import { contentTypeForKey, newMediaKey, type Storage } from '../../../storage/storage';
import { recordAudit, type AuditEntry } from '../../platform/audit';
import { mediaUrl } from '../../platform/signed-urls';
import { emitProductsUpdated } from '../../webhooks/product-events';
import { fetchImage, ImageRefused, type FetchDeps } from './image-fetch';

export const IMPORT_IMAGES_JOB = 'catalogue.import_images';

/** At most this many images per product are fetched (the rest are recorded as skipped). */
const MAX_IMAGES_PER_PRODUCT = 10;

interface Payload {
  file_name: string;
  product_id: number;
  /** The file's line of the product's first row. */
  line: number;
  urls: string[];
}

const isPayload = (p: unknown): p is Payload =>
  typeof p === 'object' &&
  p !== null &&
  typeof (p as Payload).product_id === 'number' &&
  Array.isArray((p as Payload).urls);

/** Queues the fetch of a created product's images, in the apply's transaction. */
export async function queueImportImages(trx: Db, payload: Payload): Promise<void> {
  await enqueueJob(trx, { kind: IMPORT_IMAGES_JOB, payload });
}

export interface ImportImagesOptions {
  db: Db;
  storage: Storage;
  fetch: FetchDeps;
  now: () => Date;
  log: JobLog;
}

/**
 * The job's handler. A second run is harmless: the product's images are set only while they
 * are still the import's empty list (compare-and-set), so a run finding them set (by a first
 * run, or by a person meanwhile) stores nothing and deletes the files it fetched.
 */
export function importImagesJob({ db, storage, fetch, now, log }: ImportImagesOptions) {
  return async (payload: unknown): Promise<void> => {
    if (!isPayload(payload)) throw new Error('Not the payload of an import images job');
    const product = await db
      .selectFrom('products')
      .select(['id', 'name', 'images'])
      .where('id', '=', payload.product_id)
      .executeTakeFirst();
    if (!product || product.images !== '[]') return;
    const stored: { key: string; url: string; size: number }[] = [];
    const failed: { url: string; reason: string }[] = [];
    for (const [i, url] of payload.urls.entries()) {
      if (i >= MAX_IMAGES_PER_PRODUCT) {
        failed.push({ url, reason: `Only the first ${MAX_IMAGES_PER_PRODUCT} images are fetched` });
        continue;
      }
      try {
        const image = await fetchImage(url, fetch);
        const key = newMediaKey('img', image.extension);
        const { size } = await storage.put(key, image.bytes, contentTypeForKey(key));
        stored.push({ key, url: mediaUrl(key), size });
      } catch (error) {
        if (!(error instanceof ImageRefused)) throw error;
        failed.push({ url, reason: error.message });
      }
    }
    const images = stored.map((s) => s.url);
    const at = now();
    const written = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('products')
        .set({ images: JSON.stringify(images), updated_at: at.toISOString() })
        .where('id', '=', product.id)
        .where('images', '=', '[]')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      const entries: AuditEntry[] = [
        ...stored.map((s): AuditEntry => ({
          action: 'create',
          entity: 'media',
          entity_id: null,
          label: s.key,
          after: { key: s.key, content_type: contentTypeForKey(s.key), size: s.size },
        })),
        {
          action: 'update',
          entity: 'product',
          entity_id: product.id,
          label: product.name,
          before: { images: [], images_failed: [] },
          // What the import's file asked for and what came of it, line by line of the file.
          after: { images, images_failed: failed.map((f) => `${f.url}: ${f.reason}`) },
        },
      ];
      await recordAudit(trx, null, entries, at);
      // The product now shows its images: the ERP hears it as of any other change (#31).
      if (images.length > 0) await emitProductsUpdated(trx, [product.id], at);
      return true;
    });
    if (!written) {
      await Promise.allSettled(stored.map((s) => storage.delete(s.key)));
      return;
    }
    for (const f of failed) {
      log.warn(
        { product_id: product.id, line: payload.line, file: payload.file_name, url: f.url },
        `Import image not fetched: ${f.reason}`,
      );
    }
  };
}
