// The life of uploaded files: deleted when a product save drops the last reference, swept when
// nothing references them after the grace period. Files checked in the storage's backend (the
// local disk and an S3 bucket), clock moved by the test.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectStatus } from '../../../test-support/contract';
import type { Schemas } from '../../../test-support/contract';
import { createTestApp, type TestApp } from '../../../test-support/app';
import { testDialects } from '../../../test-support/databases';
import { insertOrder, insertProduct, insertVariant } from '../../../test-support/fixtures';
import { runPeriodicJob } from '../../../test-support/jobs';
import { expectResponseMatches } from '../../../test-support/openapi-validator';
import { storageDriverNames, useStorageDriver } from '../../../test-support/storage-drivers';
import { newMediaKey, type Storage } from '../../storage/storage';
import {
  MEDIA_SWEEP_JOB,
  mediaStorage,
  mediaSweepJob,
  releaseMedia,
  sweepUnreferencedMedia,
} from './media';
import { mediaKeyOf } from './signed-urls';

const HOUR = 60 * 60 * 1000;
const url = (key: string) => `/api/v1/media/${key}`;
/** An `images` column listing these stored files by their URLs. */
const imagesOf = (...keys: string[]) => JSON.stringify(keys.map(url));

describe('mediaKeyOf', () => {
  it.each([
    '/api/v1/media/img_ab12.png',
    'https://shop.example/api/v1/media/img_ab12.png',
    '/api/v1/media/img_ab12.png?expires=1&signature=ff',
  ])('reads the key of this server’s media URL %s (relative, absolute or signed)', (mediaUrl) => {
    expect(mediaKeyOf(mediaUrl)).toBe('img_ab12.png');
  });

  it.each([
    'https://cdn.example.com/photo.png',
    '/api/v1/media/',
    '/api/v1/media/.hidden.png',
    '/api/v1/media/%2e%2e%2fsecrets.json',
    '/api/v1/media/%E0%A4%A.png',
  ])('ignores %s (another URL or a malformed key)', (other) => {
    expect(mediaKeyOf(other)).toBeNull();
  });
});

describe.each(
  testDialects.flatMap((dialect) => storageDriverNames.map((driver) => [dialect, driver] as const)),
)('media files (%s, %s storage)', (dialect, driverName) => {
  const driver = useStorageDriver(driverName);
  let t: TestApp;
  let storage: Storage;
  let admin: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: driver.config });
    storage = mediaStorage(t.ctx.config);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    // A fresh token: the tests move the clock by days.
    admin = await t.authAs('inventory_manager');
    await t.database.db.deleteFrom('variants').execute();
    await t.database.db.deleteFrom('products').execute();
    for (const { key } of await storage.list()) await storage.delete(key);
  });

  const onDisk = (key: string) => driver.stored().includes(key);
  /** A stored PNG; its write time is the app's clock (which tests move), `agoMs` before it. */
  async function stored(agoMs = 0): Promise<string> {
    const key = newMediaKey('img', 'png');
    await storage.put(key, Buffer.from('png'), 'image/png');
    driver.setModifiedAt(key, new Date(t.ctx.now().getTime() - agoMs));
    return key;
  }
  const patchImages = (id: number, images: string[]) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/products/${id}`,
      headers: admin,
      payload: { images },
    });

  describe('saving a product', () => {
    it('deletes the stored files of the images it removed; the kept ones stay', async () => {
      const [a, b, c] = [await stored(), await stored(), await stored()];
      const product = await insertProduct(t.database.db, {
        images: imagesOf(a, b, c),
      });

      const res = await patchImages(product.id, [url(c), url(a)]);
      const body = expectStatus<Schemas['Product']>(res, 200, 'updateProduct');
      expect(body.images).toEqual([url(c), url(a)]);
      expect([onDisk(a), onDisk(b), onDisk(c)]).toEqual([true, false, true]);
      const served = await t.app.inject({ method: 'GET', url: url(b) });
      expect(served.statusCode).toBe(404);
      // Served by the server, or by the object store it redirects to.
      const kept = driverName === 's3' ? 302 : 200;
      expect((await t.app.inject({ method: 'GET', url: url(a) })).statusCode).toBe(kept);
    });

    it('keeps a removed file that another product or a variant still references', async () => {
      const [shared, ofVariant, own] = [await stored(), await stored(), await stored()];
      const db = t.database.db;
      const product = await insertProduct(db, {
        images: imagesOf(shared, ofVariant, own),
      });
      // Absolute and signed forms of the URL count as references too.
      await insertProduct(db, {
        images: JSON.stringify([`https://shop.example${url(shared)}`]),
      });
      const other = await insertProduct(db, { has_variants: 1 });
      await insertVariant(db, other.id, {
        images: JSON.stringify([`${url(ofVariant)}?expires=1&signature=00`]),
      });

      const res = await patchImages(product.id, []);
      expect(res.statusCode).toBe(200);
      expect([onDisk(shared), onDisk(ofVariant), onDisk(own)]).toEqual([true, true, false]);
    });

    it('touches no file when the images are not sent, or only reordered; ignores other sites', async () => {
      const [a, b] = [await stored(), await stored()];
      const product = await insertProduct(t.database.db, {
        images: JSON.stringify([url(a), url(b), 'https://cdn.example.com/x.png']),
      });
      const rename = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/products/${product.id}`,
        headers: admin,
        payload: { name: 'Renamed' },
      });
      expect(rename.statusCode).toBe(200);
      expect((await patchImages(product.id, [url(b), url(a)])).statusCode).toBe(200);
      expect([onDisk(a), onDisk(b)]).toEqual([true, true]);
      expect((await patchImages(product.id, [url(b), url(a)])).statusCode).toBe(200);
      expect((await storage.list()).map((f) => f.key).sort()).toEqual([a, b].sort());
    });

    it('deletes nothing when the save is refused', async () => {
      const a = await stored();
      const product = await insertProduct(t.database.db, { images: imagesOf(a) });
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/products/${product.id}`,
        headers: admin,
        payload: { images: [], vat_rate_id: 999_999 },
      });
      expect(res.statusCode).toBe(422);
      expect(onDisk(a)).toBe(true);
    });
  });

  describe('saving a variant', () => {
    it('deletes the files of the images it removed, unless its product still shows them', async () => {
      const db = t.database.db;
      const [own, shared, kept] = [await stored(), await stored(), await stored()];
      const product = await insertProduct(db, { has_variants: 1, images: imagesOf(shared) });
      const variant = await insertVariant(db, product.id, {
        images: imagesOf(own, shared, kept),
      });
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/variants/${variant.id}`,
        headers: admin,
        payload: { images: [url(kept)] },
      });
      expect(res.statusCode).toBe(200);
      expect(expectResponseMatches<Schemas['Variant']>('updateVariant', res).images).toEqual([
        url(kept),
      ]);
      expect([onDisk(own), onDisk(shared), onDisk(kept)]).toEqual([false, true, true]);
    });
  });

  describe('releaseMedia', () => {
    it('deletes only unreferenced files of this server and names them', async () => {
      const [free, used] = [await stored(), await stored()];
      await insertProduct(t.database.db, { images: imagesOf(used) });
      const deleted = await releaseMedia(t.database.db, storage, [
        url(free),
        url(free),
        url(used),
        url('img_unknown.png'),
        'https://cdn.example.com/y.png',
      ]);
      expect(deleted).toEqual([free]);
      expect([onDisk(free), onDisk(used)]).toEqual([false, true]);
    });
  });

  describe('sweepUnreferencedMedia', () => {
    const GRACE = 24 * HOUR;
    const sweep = () =>
      sweepUnreferencedMedia({ db: t.database.db, storage, now: t.ctx.now(), graceMs: GRACE });

    it('deletes unreferenced files once they are older than the grace period', async () => {
      const db = t.database.db;
      const [ofProduct, ofVariant, orphan] = [await stored(), await stored(), await stored()];
      const product = await insertProduct(db, { has_variants: 1, images: imagesOf(ofProduct) });
      await insertVariant(db, product.id, { images: imagesOf(ofVariant) });

      // Young files are kept, referenced or not.
      expect(await sweep()).toEqual([]);
      t.advanceClock(GRACE - HOUR);
      expect(await sweep()).toEqual([]);
      expect(onDisk(orphan)).toBe(true);

      // Past the grace period only the unreferenced one goes.
      t.advanceClock(2 * HOUR);
      expect(await sweep()).toEqual([orphan]);
      expect([onDisk(ofProduct), onDisk(ofVariant), onDisk(orphan)]).toEqual([true, true, false]);

      // A fresh upload nobody uses yet (a form not saved) waits its own grace period.
      const fresh = await stored();
      expect(await sweep()).toEqual([]);
      t.advanceClock(GRACE + 1000);
      expect(await sweep()).toEqual([fresh]);
      expect([onDisk(ofProduct), onDisk(ofVariant)]).toEqual([true, true]);
    });

    it("keeps the shop's logo and the logos issued invoices printed", async () => {
      const db = t.database.db;
      const [logo, printed, orphan] = [
        await stored(2 * GRACE),
        await stored(2 * GRACE),
        await stored(2 * GRACE),
      ];
      await db.updateTable('shop_settings').set({ logo_key: logo }).where('id', '=', 1).execute();
      const order = await insertOrder(db);
      await db
        .insertInto('invoices')
        .values({
          kind: 'invoice',
          number: 'MEDIA-2026-000001',
          year: 2026,
          sequence: 1,
          order_id: order.id,
          content: JSON.stringify({ seller: { logo_key: printed } }),
          issued_at: t.ctx.now().toISOString(),
        })
        .execute();
      try {
        expect(await sweep()).toEqual([orphan]);
        expect(await releaseMedia(db, storage, [url(logo), url(printed)])).toEqual([]);
        expect([onDisk(logo), onDisk(printed)]).toEqual([true, true]);
      } finally {
        await db.deleteFrom('invoices').where('order_id', '=', order.id).execute();
        await db.deleteFrom('orders').where('id', '=', order.id).execute();
        await db.updateTable('shop_settings').set({ logo_key: null }).where('id', '=', 1).execute();
      }
    });

    it('sweeps what a deleted product left behind', async () => {
      const old = await stored(2 * GRACE);
      const product = await insertProduct(t.database.db, { images: imagesOf(old) });
      expect(await sweep()).toEqual([]);
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/admin/products/${product.id}`,
        headers: admin,
      });
      expect(res.statusCode).toBe(204);
      expect(await sweep()).toEqual([old]);
      expect(onDisk(old)).toBe(false);
    });

    it('the server’s sweeper sweeps at start and logs what it deleted', async () => {
      const old = await stored(GRACE + HOUR);
      const young = await stored(GRACE - HOUR);
      const logged: object[] = [];
      const sweeper = mediaSweepJob({
        db: t.database.db,
        storage,
        now: () => t.ctx.now(),
        graceMs: GRACE,
        log: { info: (details) => logged.push(details) },
      });
      // As at a server's start: the hour's media.sweep job is enqueued, and a worker runs it.
      expect(await runPeriodicJob(t.database, MEDIA_SWEEP_JOB, sweeper, t.ctx.now())).toEqual([
        old,
      ]);
      expect(logged).toEqual([{ deleted: [old] }]);
      expect([onDisk(old), onDisk(young)]).toEqual([false, true]);
    });
  });
});
