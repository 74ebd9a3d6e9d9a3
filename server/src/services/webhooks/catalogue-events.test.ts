// Every way a product changes raises its webhook event (#31), on both databases: the CSV import
// (and its images job's product), bulk edit and the variants API queue product.created /
// product.updated once per product they change, with the product as the API then returns it;
// the import's stock crossing its threshold queues stock.low / stock.out; a write that changes
// nothing, a dry run and a refused write queue nothing. Read where the outbox writes them: the
// webhook_deliveries of an endpoint subscribed to every event.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAdminAccount, useTestApp } from '../../../test-support/app';
import { expectStatus, type Schemas } from '../../../test-support/contract';
import { testDialects } from '../../../test-support/databases';
import {
  insertCategory,
  insertProduct,
  insertVariant,
  insertWebhookEndpoint,
} from '../../../test-support/fixtures';
import { injectJson } from '../../../test-support/openapi-validator';
import { assertProperty } from '../../../test-support/properties';
import { silentJobLog } from '../../../test-support/jobs';
import { useOrderDesk } from '../../../test-support/order-desk';
import { PNG } from '../../../test-support/platform-exports';
import { shippingAddress, useShop } from '../../../test-support/shop';
import { LocalDiskStorage } from '../../storage/local-disk';
import type { RawResponse } from '../catalogue/import-formats/image-fetch';
import { importImagesJob } from '../catalogue/import-formats/import-images';
import { WEBHOOK_JOB, type WebhookEventType } from './outbox';

type Product = Schemas['Product'];
type Action = Schemas['ProductBulkEdit']['action'];

const EVERY_EVENT: WebhookEventType[] = [
  'product.created',
  'product.updated',
  'product.deleted',
  'stock.low',
  'stock.out',
];
const IMPORT = '/api/v1/admin/imports/products';
const VARIANTS = '/api/v1/admin/variants';

interface Queued {
  event: string;
  /** data.id of the body (null for a stock event, whose variant its first attempt reads). */
  id: number | null;
  variantId: number | null;
  data: Product | null;
}

describe.each(testDialects)('catalogue webhook events (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const shop = useShop(t);
  const admin = useAdminAccount(t, 'admin');
  const db = () => t.database.db;
  let endpointId = 0;

  beforeEach(async () => {
    await db().deleteFrom('webhook_endpoints').execute();
    await db().deleteFrom('jobs').where('kind', '=', WEBHOOK_JOB).execute();
    endpointId = await insertWebhookEndpoint(db(), EVERY_EVENT, { at: t.ctx.now().toISOString() });
  });

  /** The events queued so far, oldest first. */
  const queued = async (): Promise<Queued[]> =>
    (
      await db()
        .selectFrom('webhook_deliveries')
        .select(['event', 'payload', 'variant_id'])
        .where('endpoint_id', '=', endpointId)
        .orderBy('id')
        .execute()
    ).map((d) => {
      const body = JSON.parse(d.payload) as { type: string; data: Product | null };
      expect(body.type).toBe(d.event);
      return {
        event: d.event,
        id: body.data?.id ?? null,
        variantId: d.variant_id,
        data: body.data,
      };
    });
  /** The events queued since the last call (deleted once read). */
  const drained = async () => {
    const events = await queued();
    await db().deleteFrom('webhook_deliveries').where('endpoint_id', '=', endpointId).execute();
    return events.map(({ event, id, variantId }) => ({ event, id, variantId }));
  };
  const productOf = async (id: number) =>
    expectStatus<Product>(
      await t.request('getProduct', {
        method: 'GET',
        url: `/api/v1/admin/products/${id}`,
        headers: admin.headers,
      }),
      200,
      'getProduct',
    );
  const event = (name: string, id: number | null, variantId: number | null = null) => ({
    event: name,
    id,
    variantId,
  });

  describe('the product form', () => {
    it('carries the stock figures as they are after the save (PostgreSQL writes them at commit)', async () => {
      const category = await insertCategory(db());
      const created = await injectJson(t.app, {
        method: 'POST',
        url: '/api/v1/admin/products/',
        headers: admin.headers,
        payload: {
          name: 'Olive oil',
          slug: 'olive-oil',
          description: 'Cold pressed',
          category_id: category.id,
          base_price: '25.500',
          vat_rate_id: shop.tn19.id,
          inventory: { sku: 'OIL-1L', stock_quantity: 3 },
        },
      });
      const product = expectStatus<Product>(created, 201, 'createProduct');
      const saved = await injectJson(t.app, {
        method: 'PATCH',
        url: `/api/v1/admin/products/${product.id}`,
        headers: admin.headers,
        payload: { inventory: { stock_quantity: 40 } },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const events = await queued();
      expect(
        events.map((e) => [e.event, e.id, e.data?.stock_quantity, e.data?.stock_state]),
      ).toEqual([
        ['product.created', product.id, 3, 'low_stock'],
        ['product.updated', product.id, 40, 'in_stock'],
      ]);
      expect(events[1]?.data).toEqual(await productOf(product.id));
    });

    it('queues nothing for a save of the values the product has, product.updated for a change', async () => {
      const product = await insertProduct(db(), { vat_rate_id: shop.tn19.id, name: 'Olive oil' });
      const patch = (payload: object) =>
        injectJson(t.app, {
          method: 'PATCH',
          url: `/api/v1/admin/products/${product.id}`,
          headers: admin.headers,
          payload,
        });
      // The form sends every field, changed or not.
      const form = await productOf(product.id);
      const same = await patch({
        name: form.name,
        slug: form.slug,
        description: form.description,
        base_price: form.base_price,
        vat_rate_id: form.vat_rate_id,
        is_active: form.is_active,
      });
      expect(same.statusCode, same.body).toBe(200);
      expect(await queued()).toEqual([]);

      const renamed = await patch({ name: 'Olive oil, 1 l' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const events = await queued();
      expect(events.map((e) => [e.event, e.id, e.data?.name])).toEqual([
        ['product.updated', product.id, 'Olive oil, 1 l'],
      ]);
    });
  });

  it('deleting a category for good queues product.updated for each product it held', async () => {
    const hats = await insertCategory(db());
    const other = await insertCategory(db());
    const a = await shop.simple({ category_id: hats.id });
    const b = await shop.simple({ category_id: hats.id });
    await shop.simple({ category_id: other.id });
    const res = await t.request('forceDeleteCategory', {
      method: 'DELETE',
      url: `/api/v1/categories/${hats.id}/force`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(204);
    const events = await queued();
    expect(events.map((e) => [e.event, e.id, e.data?.category_id])).toEqual([
      ['product.updated', a.productId, null],
      ['product.updated', b.productId, null],
    ]);
    expect(events[0]?.data).toEqual(await productOf(a.productId));
  });

  describe('the CSV import', () => {
    const HEADER =
      'slug,product_name,base_price,vat_rate_name,sku,variant_title,price,stock_quantity';
    let rateName = '';
    beforeEach(() => {
      rateName = shop.tn19.name;
    });

    async function upload(rows: (string | number)[][], mode: 'apply' | 'dry_run' = 'apply') {
      const text = [HEADER, ...rows.map((r) => r.join(','))].join('\r\n') + '\r\n';
      const form = new FormData();
      form.append('file', new Blob([text], { type: 'text/csv' }), 'products.csv');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      return t.app.inject({
        method: 'POST',
        url: `${IMPORT}?mode=${mode}`,
        headers: {
          ...admin.headers,
          'content-type': request.headers.get('content-type') as string,
        },
        payload: Buffer.from(await request.arrayBuffer()),
      });
    }

    /** A simple mug (stock 10, threshold 5) and a tee with two sizes. */
    async function catalogue() {
      const mug = await shop.simple(
        { name: 'Mug', slug: 'mug', base_price: 10_000 },
        { sku: 'MUG-1', stock_quantity: 10, low_stock_threshold: 5 },
      );
      const tee = await insertProduct(db(), {
        name: 'Tee',
        slug: 'tee',
        has_variants: 1,
        base_price: 20_000,
        vat_rate_id: shop.tn19.id,
      });
      const small = await insertVariant(db(), tee.id, {
        sku: 'TEE-S',
        variant_title: 'S',
        price: 20_000,
        stock_quantity: 5,
      });
      const medium = await insertVariant(db(), tee.id, {
        sku: 'TEE-M',
        variant_title: 'M',
        price: 20_000,
        stock_quantity: 8,
      });
      return { mug, tee, small, medium };
    }

    it('queues product.created per new product and one product.updated per changed product, none for an unchanged one', async () => {
      const { mug, tee } = await catalogue();
      const rows = [
        ['new-cap', 'Cap', '15.000', rateName, '', '', '', 7],
        ['mug', 'Mug', '10.000', rateName, 'MUG-1', '', '', 10],
        // Three rows of the tee: two variants changed, one created.
        ['tee', 'Tee', '20.000', rateName, 'TEE-S', 'S', '21.500', 5],
        ['tee', 'Tee', '20.000', rateName, 'TEE-M', 'M', '21.500', 8],
        ['tee', 'Tee', '20.000', rateName, 'TEE-L', 'L', '21.500', 4],
      ];
      // A dry run writes nothing, and so raises nothing.
      expect((await upload(rows, 'dry_run')).statusCode).toBe(200);
      expect(await queued()).toEqual([]);

      const res = await upload(rows);
      expect(res.statusCode, res.body).toBe(200);
      const cap = await db()
        .selectFrom('products')
        .select('id')
        .where('slug', '=', 'new-cap')
        .executeTakeFirstOrThrow();
      const events = await queued();
      expect(events.map((e) => [e.event, e.id])).toEqual([
        ['product.created', cap.id],
        ['product.updated', tee.id],
      ]);
      // Each carries the product as the API returns it after the import (its stock included,
      // which PostgreSQL's triggers write only at commit).
      expect(events[0]?.data).toEqual(await productOf(cap.id));
      expect(events[1]?.data).toEqual(await productOf(tee.id));
      expect(events[1]?.data).toMatchObject({ variant_count: 3, stock_quantity: 17 });
      expect(events.some((e) => e.id === mug.productId)).toBe(false);
      await drained();

      // The same file again changes nothing: nothing is queued.
      expect((await upload(rows)).statusCode).toBe(200);
      expect(await queued()).toEqual([]);
    });

    it('queues stock.low and stock.out when the file takes a stock across its threshold', async () => {
      const { mug, tee, small } = await catalogue();
      const res = await upload([
        ['mug', 'Mug', '10.000', rateName, 'MUG-1', '', '', 3],
        ['tee', 'Tee', '20.000', rateName, 'TEE-S', 'S', '20.000', 0],
        // 8 → 6: still above the threshold of 5, no stock event.
        ['tee', 'Tee', '20.000', rateName, 'TEE-M', 'M', '20.000', 6],
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(await drained()).toEqual([
        event('product.updated', mug.productId),
        event('product.updated', tee.id),
        event('stock.low', null, mug.variantId),
        event('stock.out', null, small.id),
      ]);
      // Back above the threshold: no stock event (only a fall raises one); down to it: low again.
      expect(
        (await upload([['mug', 'Mug', '10.000', rateName, 'MUG-1', '', '', 9]])).statusCode,
      ).toBe(200);
      expect(await drained()).toEqual([event('product.updated', mug.productId)]);
      const low = await upload([['mug', 'Mug', '10.000', rateName, 'MUG-1', '', '', 5]]);
      expect(low.statusCode, low.body).toBe(200);
      expect(await drained()).toEqual([
        event('product.updated', mug.productId),
        event('stock.low', null, mug.variantId),
      ]);
    });

    it('the images job queues product.updated for the product whose images it stored, none when it stored none', async () => {
      const root = await mkdtemp(join(tmpdir(), 'webhook-images-'));
      try {
        const withImage = await insertProduct(db(), { vat_rate_id: shop.tn19.id });
        const without = await insertProduct(db(), { vat_rate_id: shop.tn19.id });
        const run = importImagesJob({
          db: db(),
          storage: new LocalDiskStorage(root),
          fetch: {
            resolve: () => Promise.resolve(['23.227.38.65']),
            // One image answers, the other is a 404.
            get: (url): Promise<RawResponse> => {
              const found = url.pathname === '/oil.jpg';
              return Promise.resolve({
                status: found ? 200 : 404,
                location: undefined,
                contentLength: found ? PNG.length : 0,
                body: Readable.from(found ? [PNG] : []),
                close: () => {},
              });
            },
            isAllowed: () => true,
            timeoutMs: 5_000,
            maxBytes: 1_000_000,
          },
          now: () => t.ctx.now(),
          log: silentJobLog,
        });
        const payload = (productId: number, url: string) => ({
          file_name: 'export.csv',
          product_id: productId,
          line: 2,
          urls: [url],
        });
        await run(payload(withImage.id, 'https://cdn.example.com/oil.jpg'));
        await run(payload(without.id, 'https://cdn.example.com/gone.jpg'));
        const events = await queued();
        expect(events.map((e) => [e.event, e.id])).toEqual([['product.updated', withImage.id]]);
        expect(events[0]?.data?.images).toHaveLength(1);
        expect(events[0]?.data).toEqual(await productOf(withImage.id));
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    });

    it('queues nothing for a file refused for one row', async () => {
      await catalogue();
      const res = await upload([
        ['new-cap', 'Cap', '15.000', rateName, '', '', '', 7],
        ['mug', 'Mug', '10.000', rateName, 'MUG-1', '', '', 0],
        ['tee', 'Tee', '20.000', rateName, 'TEE-S', 'S', '1.2345', 1],
      ]);
      expect(res.statusCode, res.body).toBe(422);
      expect(await queued()).toEqual([]);
      expect(
        await db().selectFrom('jobs').select('id').where('kind', '=', WEBHOOK_JOB).execute(),
      ).toEqual([]);
    });
  });

  describe('bulk edit', () => {
    const bulk = (url: string, ids: number[], action: Action) =>
      injectJson(t.app, { method: 'POST', url, headers: admin.headers, payload: { ids, action } });

    it('queues product.updated once per product it changes, none for a row already as asked', async () => {
      const category = await insertCategory(db());
      const a = await shop.simple({ name: 'A' });
      const b = await shop.simple({ name: 'B', is_active: 0 });
      const res = await bulk('/api/v1/admin/products/bulk', [a.productId, b.productId], {
        type: 'set_status',
        is_active: false,
      });
      expect(expectStatus(res, 200, 'bulkEditProducts')).toEqual({ changed: 1, unchanged: 1 });
      const [updated, ...rest] = await queued();
      expect(rest).toEqual([]);
      expect(updated).toMatchObject({ event: 'product.updated', id: a.productId });
      expect(updated?.data).toEqual(await productOf(a.productId));
      expect(updated?.data?.is_active).toBe(false);
      await drained();

      // Both already inactive: nothing changes, nothing is queued.
      const again = await bulk('/api/v1/admin/products/bulk', [a.productId, b.productId], {
        type: 'set_status',
        is_active: false,
      });
      expect(expectStatus(again, 200, 'bulkEditProducts')).toEqual({ changed: 0, unchanged: 2 });
      const moved = await bulk('/api/v1/admin/products/bulk', [a.productId, b.productId], {
        type: 'set_category',
        category_id: category.id,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await drained()).toEqual([
        event('product.updated', a.productId),
        event('product.updated', b.productId),
      ]);
    });

    it('queues one product.updated for four variants of one product, stock events only for a stock action', async () => {
      const tee = await insertProduct(db(), { has_variants: 1, vat_rate_id: shop.tn19.id });
      const sizes = [];
      for (const stock of [10, 10, 10, 10]) {
        sizes.push(await insertVariant(db(), tee.id, { price: 20_000, stock_quantity: stock }));
      }
      const ids = sizes.map((v) => v.id);
      const priced = await bulk(`${VARIANTS}/bulk/edit`, ids, { type: 'set_price', price: '25' });
      expect(priced.statusCode, priced.body).toBe(200);
      const events = await queued();
      expect(events.map((e) => [e.event, e.id])).toEqual([['product.updated', tee.id]]);
      expect(events[0]?.data?.price_range).toEqual((await productOf(tee.id)).price_range);
      await drained();

      // A stock adjustment raises the stock events of inventory/stock.ts, not product.updated.
      const stocked = await bulk(`${VARIANTS}/bulk/edit`, ids.slice(0, 2), {
        type: 'set_stock',
        quantity: 0,
        reason: 'Stocktake',
      });
      expect(stocked.statusCode, stocked.body).toBe(200);
      expect(await drained()).toEqual([
        event('stock.out', null, ids[0]),
        event('stock.out', null, ids[1]),
      ]);
    });

    it('queues nothing for a bulk edit refused for one row', async () => {
      const a = await shop.simple({ base_price: 10_000 });
      const b = await shop.simple({ base_price: 1_000 });
      const res = await bulk('/api/v1/admin/products/bulk', [a.productId, b.productId], {
        type: 'shift_price',
        unit: 'amount',
        value: '-5',
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(await queued()).toEqual([]);
    });
  });

  describe('the variants API', () => {
    const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
      injectJson(t.app, { method, url, headers: admin.headers, payload });

    it('queues product.updated with the product after each variant write, none for a no-op save', async () => {
      const tee = await insertProduct(db(), { vat_rate_id: shop.tn19.id });
      const created = await call('POST', `${VARIANTS}/${tee.id}/variants`, {
        sku: 'TEE-RED-M',
        variant_title: 'Red / M',
        price: '20.000',
        cost_price: '8.000',
        stock_quantity: 4,
      });
      const variant = expectStatus<Schemas['Variant']>(created, 201, 'createVariant');
      let events = await queued();
      expect(events.map((e) => [e.event, e.id])).toEqual([['product.updated', tee.id]]);
      expect(events[0]?.data).toEqual(await productOf(tee.id));
      expect(events[0]?.data).toMatchObject({
        has_variants: true,
        variant_count: 1,
        stock_quantity: 4,
      });
      await drained();

      // The same values again: nothing changes.
      const same = await call('PATCH', `${VARIANTS}/${variant.id}`, {
        variant_title: 'Red / M',
        price: '20.000',
      });
      expect(same.statusCode, same.body).toBe(200);
      expect(await queued()).toEqual([]);

      const renamed = await call('PATCH', `${VARIANTS}/${variant.id}`, {
        variant_title: 'Red / L',
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const copy = await call('POST', `${VARIANTS}/${variant.id}/duplicate`, { new_sku: 'TEE-2' });
      expect(copy.statusCode, copy.body).toBe(201);
      const inventory = await call('PATCH', `${VARIANTS}/${variant.id}/inventory`, {
        stock_quantity: 2,
      });
      expect(inventory.statusCode, inventory.body).toBe(200);
      events = await queued();
      expect(events.map((e) => [e.event, e.id, e.variantId])).toEqual([
        ['product.updated', tee.id, null],
        ['product.updated', tee.id, null],
        // 4 → 2 with the default threshold of 5: from low to low, no stock event.
        ['product.updated', tee.id, null],
      ]);
      expect(events[2]?.data).toMatchObject({ variant_count: 2, stock_quantity: 2 });
      await drained();

      // The stock dialog's adjustment is a stock movement: only a crossing raises (stock.out).
      const adjusted = await call('POST', `${VARIANTS}/${variant.id}/inventory/adjust`, {
        adjustment: -2,
        reason: 'Broken',
      });
      expect(adjusted.statusCode, adjusted.body).toBe(200);
      expect(await drained()).toEqual([event('stock.out', null, variant.id)]);

      const removed = await call('DELETE', `${VARIANTS}/${variant.id}`);
      expect(removed.statusCode, removed.body).toBe(204);
      events = await queued();
      expect(events.map((e) => [e.event, e.id])).toEqual([['product.updated', tee.id]]);
      expect(events[0]?.data).toEqual(await productOf(tee.id));
      expect(events[0]?.data?.variant_count).toBe(1);
    });

    it('queues one product.updated per product for a bulk write, none for a refused one', async () => {
      const tee = await insertProduct(db(), { has_variants: 1, vat_rate_id: shop.tn19.id });
      const cap = await insertProduct(db(), { has_variants: 1, vat_rate_id: shop.tn19.id });
      const [s, m, c] = [
        await insertVariant(db(), tee.id, { price: 20_000 }),
        await insertVariant(db(), tee.id, { price: 20_000 }),
        await insertVariant(db(), cap.id, { price: 9_000 }),
      ];
      const updated = await call('PATCH', `${VARIANTS}/bulk/update`, [
        { id: s.id, price: '22.000' },
        { id: m.id, price: '22.000' },
        { id: c.id, price: '9.000' },
      ]);
      expect(updated.statusCode, updated.body).toBe(200);
      // The cap's variant was sent as it was: its product is not updated.
      expect(await drained()).toEqual([event('product.updated', tee.id)]);

      // A SKU taken refuses the whole write: nothing is queued.
      const refused = await call('PATCH', `${VARIANTS}/bulk/update`, [
        { id: s.id, price: '23.000' },
        { id: c.id, sku: m.sku },
      ]);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(await queued()).toEqual([]);

      const removed = await call('DELETE', `${VARIANTS}/bulk/delete`, { ids: [s.id, m.id, c.id] });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await drained()).toEqual([
        event('product.updated', tee.id),
        event('product.updated', cap.id),
      ]);
    });

    it('queues as many product.updated as writes that changed the variant (property)', async () => {
      const tee = await insertProduct(db(), { has_variants: 1, vat_rate_id: shop.tn19.id });
      const variant = await insertVariant(db(), tee.id, { price: 20_000, variant_title: 'A' });
      const save = fc.record({
        variant_title: fc.constantFrom('A', 'B'),
        price: fc.constantFrom('20.000', '21.000'),
      });
      await assertProperty(
        fc.asyncProperty(fc.array(save, { minLength: 1, maxLength: 6 }), async (saves) => {
          await db()
            .updateTable('variants')
            .set({ price: 20_000, variant_title: 'A' })
            .where('id', '=', variant.id)
            .execute();
          await db().deleteFrom('webhook_deliveries').execute();
          let current = { variant_title: 'A', price: '20.000' };
          let changes = 0;
          for (const body of saves) {
            const res = await call('PATCH', `${VARIANTS}/${variant.id}`, body);
            expect(res.statusCode, res.body).toBe(200);
            if (body.variant_title !== current.variant_title || body.price !== current.price) {
              changes += 1;
            }
            current = body;
          }
          const events = await queued();
          expect(events.map((e) => [e.event, e.id])).toEqual(
            Array.from({ length: changes }, () => ['product.updated', tee.id]),
          );
        }),
        { numRuns: 15 },
      );
    });
  });
});

describe.each(testDialects)('order webhook events of bulk and staff orders (%s)', (dialect) => {
  const { t, shop, api, place, support, admin } = useOrderDesk(dialect);
  const db = () => t.database.db;
  let endpointId = 0;
  beforeEach(async () => {
    await db().deleteFrom('webhook_endpoints').execute();
    await db().deleteFrom('jobs').where('kind', '=', WEBHOOK_JOB).execute();
    endpointId = await insertWebhookEndpoint(db(), ['order.created', 'order.status_changed'], {
      at: t.ctx.now().toISOString(),
    });
  });
  const queued = async () =>
    (
      await db()
        .selectFrom('webhook_deliveries')
        .select(['event', 'payload'])
        .where('endpoint_id', '=', endpointId)
        .orderBy('id')
        .execute()
    ).map((d) => {
      const { data } = JSON.parse(d.payload) as { data: { id: number; status: string } };
      return [d.event, data.id, data.status];
    });
  const newProduct = async (stock = 20) => {
    const category = await insertCategory(db());
    return api().product(
      `Scarf ${Math.random().toString(36).slice(2, 8)}`,
      { stock_quantity: stock },
      { vatRateId: shop.tn19.id, categoryId: category.id },
    );
  };

  it('a bulk status change queues order.status_changed per order changed, none for one unchanged or refused', async () => {
    const scarce = await newProduct(3);
    const other = await newProduct(20);
    // Cancelled, then its units taken by another order: reopening it is refused (short stock).
    const cancelled = await place([{ productId: scarce.productId, quantity: 2 }], 'cancelled');
    const pending = await place([{ productId: scarce.productId, quantity: 2 }]);
    const confirmed = await place([{ productId: other.productId, quantity: 1 }], 'confirmed');
    await db().deleteFrom('webhook_deliveries').execute();
    const res = await t.request('bulkUpdateOrderStatus', {
      method: 'POST',
      url: '/api/v1/admin/orders/bulk-status',
      headers: support.headers,
      payload: { order_ids: [pending.id, confirmed.id, cancelled.id], status: 'confirmed' },
    });
    const result = expectStatus<Schemas['OrderBulkStatusResult']>(
      res,
      200,
      'bulkUpdateOrderStatus',
    );
    expect(result.changed.map((c) => c.id)).toEqual([pending.id]);
    expect(result.unchanged).toEqual([confirmed.id]);
    expect(result.refused.map((r) => r.id)).toEqual([cancelled.id]);
    expect(await queued()).toEqual([['order.status_changed', pending.id, 'confirmed']]);
  });

  it('a staff order completed queues order.created, then its move to confirmed', async () => {
    const { variantId } = await newProduct();
    const draft = await t.request('createDraftOrder', {
      method: 'POST',
      url: '/api/v1/admin/draft-orders/',
      headers: admin.headers,
      payload: {
        guest: { name: 'Amira Ben Salah', phone: '+216 98 000 000' },
        shipping_address: shippingAddress(),
        payment_method: 'cash_on_delivery',
        lines: [{ variant_id: variantId, quantity: 2 }],
      },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    expect(await queued()).toEqual([]);
    const done = await t.request('completeDraftOrder', {
      method: 'POST',
      url: `/api/v1/admin/draft-orders/${draft.json<{ id: number }>().id}/complete`,
      headers: admin.headers,
      payload: { status: 'confirmed' },
    });
    expect(done.statusCode, done.body).toBe(201);
    const order = done.json<{ id: number }>();
    expect(await queued()).toEqual([
      ['order.created', order.id, 'pending'],
      ['order.status_changed', order.id, 'confirmed'],
    ]);
  });
});
