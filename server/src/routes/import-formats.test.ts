// Moving in (#29): the product import reads Shopify's, WooCommerce's and PrestaShop's product
// exports, recognised from the header. Each platform's file (server/test-support/
// platform-exports.ts): the dry run says what each row becomes and every refusal naming the
// platform's column; the apply writes products, variants, stock movements of kind import and,
// when asked, the categories the shop lacks.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectStatus, type Schemas } from '../../test-support/contract';
import { useAdminAccount, useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { insertCategory } from '../../test-support/fixtures';
import { silentJobLog } from '../../test-support/jobs';
import { assertProperty } from '../../test-support/properties';
import {
  csvTable,
  csvText,
  PNG,
  prestaShopFile,
  SHOPIFY_HEADER,
  shopifyFile,
  wooCommerceFile,
} from '../../test-support/platform-exports';
import { useShop } from '../../test-support/shop';
import { stockLedgerMismatches } from '../../test-support/stock';
import { jobRunner } from '../jobs/worker';
import {
  isPublicAddress,
  type RawResponse,
} from '../services/catalogue/import-formats/image-fetch';
import {
  IMPORT_IMAGES_JOB,
  importImagesJob,
} from '../services/catalogue/import-formats/import-images';
import { LocalDiskStorage } from '../storage/local-disk';

const IMPORT = '/api/v1/admin/imports/products';

type Report = Schemas['ProductImportReport'];
type Refused = Schemas['ProductImportRefused'];

describe.each(testDialects)("Import of other platforms' exports (%s)", (dialect) => {
  const t = useTestApp(dialect);
  const shop = useShop(t);
  const admin = useAdminAccount(t, 'admin');
  const db = () => t.database.db;

  beforeEach(async () => {
    await db().deleteFrom('audit_log').execute();
    await db().deleteFrom('jobs').execute();
  });

  async function upload(body: string, query: Record<string, string> = {}) {
    const form = new FormData();
    form.append('file', new Blob([body], { type: 'text/csv' }), 'export.csv');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    return t.app.inject({
      method: 'POST',
      url: `${IMPORT}?${new URLSearchParams(query).toString()}`,
      headers: { ...admin.headers, 'content-type': request.headers.get('content-type') as string },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  }
  const reportOf = (res: LightMyRequestResponse) =>
    expectStatus<Report>(res, 200, 'importProducts');

  /** The shop's categories the files name, but Pottery, Kitchen and Accessories. */
  async function categories() {
    for (const name of ['Oils', 'Shirts', 'Condiments', 'Tees', 'Dates', 'Groceries']) {
      await insertCategory(db(), { name, slug: name.toLowerCase() });
    }
  }

  /** Each reported row: line, action, slug, SKU and its refusals as "column: message". */
  const outline = (report: Report) =>
    report.rows.map((r) => [
      r.line,
      r.action,
      r.slug,
      r.sku,
      ...r.errors.map((e) => `${e.column ?? 'row'}: ${e.message}`),
    ]);

  /** Everything an import may write, to show that a refused one wrote nothing. */
  async function snapshot() {
    const [products, variants, movements, cats, audit] = await Promise.all([
      db().selectFrom('products').selectAll().orderBy('id').execute(),
      db().selectFrom('variants').selectAll().orderBy('id').execute(),
      db().selectFrom('stock_movements').selectAll().orderBy('id').execute(),
      db().selectFrom('categories').selectAll().orderBy('id').execute(),
      db().selectFrom('audit_log').selectAll().orderBy('id').execute(),
    ]);
    return { products, variants, movements, categories: cats, audit };
  }

  /** A product as stored, with its variants' values the import sets, in position order. */
  async function stored(slug: string) {
    const { products, variants, categories: cats } = await snapshot();
    const p = products.find((x) => x.slug === slug);
    if (!p) throw new Error(`No product ${slug}`);
    return {
      name: p.name,
      description: p.description,
      category: cats.find((c) => c.id === p.category_id)?.name ?? null,
      is_active: Number(p.is_active),
      price_includes_vat: Number(p.price_includes_vat),
      base_price: Number(p.base_price),
      compare_at_price: p.compare_at_price === null ? null : Number(p.compare_at_price),
      vat_rate_id: Number(p.vat_rate_id),
      variants: variants
        .filter((v) => v.product_id === p.id)
        .sort((a, b) => a.position - b.position)
        .map((v) => [
          v.sku,
          v.is_default === 1 ? 'default' : v.variant_title,
          JSON.parse(v.option_values) as unknown,
          Number(v.price),
          v.compare_at_price === null ? null : Number(v.compare_at_price),
          Number(v.stock_quantity),
          Number(v.track_inventory),
          Number(v.allow_backorder),
        ]),
    };
  }

  /** The apply's stock movements: SKU, delta, kind and file; and stock = Σ movements. */
  async function movements() {
    expect(await stockLedgerMismatches(db())).toEqual([]);
    const { movements: rows } = await snapshot();
    for (const m of rows) {
      expect([m.kind, m.import_file, m.admin_user_id]).toEqual(['import', 'export.csv', admin.id]);
    }
    return rows.map((m) => [m.sku, m.delta]);
  }

  describe('Shopify', () => {
    it('recognises the file and reports each row: variants from options, refusals by column', async () => {
      await categories();
      const before = await snapshot();
      const report = reportOf(await upload(shopifyFile()));
      expect(report).toMatchObject({
        format: 'shopify',
        applied: false,
        rows_total: 6, // the image-only row adds an image to its product
        summary: { create: 4, update: 0, unchanged: 0, refused: 2 },
        new_categories: [],
      });
      expect(outline(report)).toEqual([
        [2, 'create', 'olive-oil-1l', 'OIL-1L'],
        [3, 'create', 'linen-shirt', 'SHIRT-S-WHITE'],
        [4, 'create', 'linen-shirt', 'SHIRT-S-BLUE'],
        [5, 'create', 'linen-shirt', 'SHIRT-M-WHITE'],
        [7, 'refused', 'ceramic-bowl', 'BOWL-1', 'Type: Unknown category "Pottery"'],
        [8, 'refused', 'gift-box', 'GIFT-1', 'Variant Price: "12,5O" is not an amount'],
      ]);
      expect(report.rows[0]?.changed).toEqual([
        'product_name',
        'category',
        'is_active',
        'price_includes_vat',
        'base_price',
        'vat_rate_name',
        'compare_at_price',
        'stock_quantity',
        'track_inventory',
        'allow_backorder',
      ]);
      expect(await snapshot()).toEqual(before);
    });

    it('applies it: products, variants, stock movements of kind import, a category created', async () => {
      await categories();
      const res = await upload(shopifyFile({ price: '12.500' }), {
        mode: 'apply',
        create_categories: 'true',
      });
      const report = reportOf(res);
      expect(report).toMatchObject({
        applied: true,
        format: 'shopify',
        summary: { create: 6, refused: 0 },
        new_categories: ['Pottery'],
      });
      expect(await stored('olive-oil-1l')).toEqual({
        name: 'Olive oil 1 L',
        description: 'Cold-pressed extra virgin oil from Sfax.\n\n- 1 L tin\n- Harvest 2026',
        category: 'Oils',
        is_active: 1,
        price_includes_vat: 1,
        base_price: 25_500,
        compare_at_price: 28_000,
        vat_rate_id: shop.tn19.id,
        variants: [['OIL-1L', 'default', {}, 25_500, 28_000, 40, 1, 0]],
      });
      expect(await stored('linen-shirt')).toMatchObject({
        description: 'Light linen & cotton shirt.',
        category: 'Shirts',
        base_price: 89_000,
        variants: [
          ['SHIRT-S-WHITE', 'S / White', { Size: 'S', Colour: 'White' }, 89_000, null, 5, 1, 0],
          ['SHIRT-S-BLUE', 'S / Blue', { Size: 'S', Colour: 'Blue' }, 89_000, null, 4, 1, 1],
          ['SHIRT-M-WHITE', 'M / White', { Size: 'M', Colour: 'White' }, 92_000, null, 0, 1, 0],
        ],
      });
      expect(await stored('ceramic-bowl')).toMatchObject({ category: 'Pottery' });
      // Draft, its stock not tracked by Shopify.
      expect(await stored('gift-box')).toMatchObject({
        is_active: 0,
        base_price: 12_500,
        variants: [['GIFT-1', 'default', {}, 12_500, null, 0, 0, 0]],
      });
      expect((await movements()).sort()).toEqual([
        ['BOWL-1', 12],
        ['OIL-1L', 40],
        ['SHIRT-S-BLUE', 4],
        ['SHIRT-S-WHITE', 5],
      ]);
      const { categories: cats, audit } = await snapshot();
      expect(cats.find((c) => c.name === 'Pottery')).toMatchObject({ slug: 'pottery' });
      expect(audit.filter((a) => a.entity === 'category').map((a) => [a.action, a.label])).toEqual([
        ['create', 'Pottery'],
      ]);

      // The same file again changes nothing.
      const again = reportOf(await upload(shopifyFile({ price: '12.500' }), { mode: 'apply' }));
      expect(again.summary).toEqual({ create: 0, update: 0, unchanged: 6, refused: 0 });
    });

    it('takes its prices without VAT when told, and refuses an apply with a refused row', async () => {
      await categories();
      const before = await snapshot();
      const refused = await upload(shopifyFile({ price: '12.500' }), { mode: 'apply' });
      const body = expectStatus<Refused>(refused, 422, 'importProducts');
      expect(body.detail).toBe('1 row is refused; nothing was imported');
      expect(body.report.rows.find((r) => r.action === 'refused')?.errors).toEqual([
        { column: 'Type', message: 'Unknown category "Pottery"' },
      ]);
      expect(await snapshot()).toEqual(before);

      await upload(shopifyFile({ price: '12.500' }), {
        mode: 'apply',
        create_categories: 'true',
        prices_include_vat: 'false',
      });
      expect(await stored('olive-oil-1l')).toMatchObject({
        price_includes_vat: 0,
        base_price: 25_500,
      });
    });
  });

  describe('WooCommerce', () => {
    it('recognises the file and reports each row: variations under their parent, refusals', async () => {
      await categories();
      const before = await snapshot();
      const report = reportOf(await upload(wooCommerceFile()));
      expect(report).toMatchObject({
        format: 'woocommerce',
        summary: { create: 3, update: 0, unchanged: 0, refused: 3 },
      });
      // Line 2's description spans two lines: the variable product is line 4, its variations 5-6.
      expect(outline(report)).toEqual([
        [2, 'create', 'harissa-200-g', 'HARISSA-200'],
        [5, 'create', 'cotton-tee', 'TEE-S-RED'],
        [6, 'create', 'cotton-tee', 'TEE-M-BLUE'],
        [7, 'refused', 'enamel-mug', 'MUG-W', 'Categories: Unknown category "Kitchen"'],
        [8, 'refused', 'olive-soap', 'SOAP-1', 'Regular price: "14.OO" is not an amount'],
        [
          9,
          'refused',
          null,
          null,
          'Type: A grouped product is not imported: only simple and variable products',
        ],
      ]);
      expect(await snapshot()).toEqual(before);
    });

    it('applies it with the missing category created: sale prices, backorders, descriptions', async () => {
      await categories();
      const res = await upload(wooCommerceFile({ price: '4.800', grouped: false }), {
        mode: 'apply',
        create_categories: 'true',
        prices_include_vat: 'false',
      });
      expect(reportOf(res)).toMatchObject({
        applied: true,
        summary: { create: 5, refused: 0 },
        new_categories: ['Kitchen'],
      });
      expect(await stored('harissa-200-g')).toEqual({
        name: 'Harissa 200 g',
        description: 'Traditional harissa from Nabeul.\n\nKeep cool.',
        category: 'Condiments',
        is_active: 1,
        price_includes_vat: 0,
        base_price: 9_500,
        compare_at_price: null,
        vat_rate_id: shop.tn19.id,
        variants: [['HARISSA-200', 'default', {}, 9_500, null, 60, 1, 0]],
      });
      // The first category's leaf ("Clothing > Tees"); on sale: the regular price is compared.
      expect(await stored('cotton-tee')).toMatchObject({
        name: 'Cotton tee',
        description: 'Soft organic cotton.',
        category: 'Tees',
        base_price: 25_000,
        variants: [
          ['TEE-S-RED', 'S / Red', { Size: 'S', Colour: 'Red' }, 25_000, 30_000, 8, 1, 0],
          ['TEE-M-BLUE', 'M / Blue', { Size: 'M', Colour: 'Blue' }, 30_000, null, 3, 1, 1],
        ],
      });
      expect(await stored('enamel-mug')).toMatchObject({ category: 'Kitchen' });
      // No Stock: WooCommerce does not manage it, nor do we.
      expect(await stored('olive-soap')).toMatchObject({
        base_price: 4_800,
        variants: [['SOAP-1', 'default', {}, 4_800, null, 0, 0, 0]],
      });
      expect((await movements()).sort()).toEqual([
        ['HARISSA-200', 60],
        ['MUG-W', 20],
        ['TEE-M-BLUE', 3],
        ['TEE-S-RED', 8],
      ]);
    });
  });

  describe('PrestaShop', () => {
    it('recognises the catalogue export and reports each row', async () => {
      await categories();
      const report = reportOf(await upload(prestaShopFile()));
      expect(report).toMatchObject({
        format: 'prestashop',
        summary: { create: 2, update: 0, unchanged: 0, refused: 2 },
      });
      expect(outline(report)).toEqual([
        [2, 'create', 'deglet-nour-dates-1-kg', 'DATES-1KG'],
        [3, 'refused', 'chechia-rouge', 'CHECHIA-R', 'Category: Unknown category "Accessories"'],
        [4, 'refused', 'couscous-fin', 'COUS-1', 'Price (tax incl.): "n/a" is not an amount'],
        [5, 'create', 'huile-d-olive', 'HUILE-75'],
      ]);
    });

    it('applies it with prices including VAT, as the file shows them', async () => {
      await categories();
      const res = await upload(prestaShopFile({ price: '5.000000' }), {
        mode: 'apply',
        create_categories: 'true',
      });
      expect(reportOf(res)).toMatchObject({
        applied: true,
        summary: { create: 4 },
        new_categories: ['Accessories'],
      });
      expect(await stored('deglet-nour-dates-1-kg')).toEqual({
        name: 'Deglet Nour dates 1 kg',
        description: 'Deglet Nour dates 1 kg',
        category: 'Dates',
        is_active: 1,
        price_includes_vat: 1,
        base_price: 20_000,
        compare_at_price: null,
        vat_rate_id: shop.tn19.id,
        variants: [['DATES-1KG', 'default', {}, 20_000, null, 120, 1, 0]],
      });
      expect(await stored('chechia-rouge')).toMatchObject({
        name: 'Chéchia rouge',
        category: 'Accessories',
        base_price: 50_000,
      });
      expect(await stored('huile-d-olive')).toMatchObject({
        is_active: 0,
        base_price: 12_500,
        variants: [['HUILE-75', 'default', {}, 12_500, null, 0, 1, 0]],
      });
      expect((await movements()).sort()).toEqual([
        ['CHECHIA-R', 7],
        ['COUS-1', 30],
        ['DATES-1KG', 120],
      ]);
    });
  });

  describe('images', () => {
    /** The images' server: Shopify's CDN answers the oil's and the white shirt's images. */
    const cdn: Record<string, number> = {
      'https://cdn.shopify.com/s/files/1/0001/oil.jpg': 200,
      'https://cdn.shopify.com/s/files/1/0001/shirt-white.jpg': 200,
      'https://cdn.shopify.com/s/files/1/0001/shirt-blue.jpg': 404,
    };

    it("fetches the new products' images in a background job; a failed one fails no product", async () => {
      await categories();
      const query = { mode: 'apply', create_categories: 'true', fetch_images: 'true' };
      const dryRun = reportOf(
        await upload(shopifyFile({ price: '12.500' }), { ...query, mode: 'dry_run' }),
      );
      expect(dryRun.images_to_fetch).toBe(4);
      const report = reportOf(await upload(shopifyFile({ price: '12.500' }), query));
      expect([report.applied, report.images_to_fetch]).toEqual([true, 4]);
      const jobs = await db()
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', IMPORT_IMAGES_JOB)
        .orderBy('id')
        .execute();
      expect(jobs.map((j) => JSON.parse(j.payload) as unknown)).toEqual([
        {
          file_name: 'export.csv',
          product_id: report.rows[0]!.product_id,
          line: 2,
          urls: ['https://cdn.shopify.com/s/files/1/0001/oil.jpg'],
        },
        {
          file_name: 'export.csv',
          product_id: report.rows[1]!.product_id,
          line: 3,
          urls: [
            'https://cdn.shopify.com/s/files/1/0001/shirt-white.jpg',
            'https://cdn.shopify.com/s/files/1/0001/shirt-blue.jpg',
            'https://images.internal.example/shirt-back.jpg',
          ],
        },
      ]);

      const root = await mkdtemp(join(tmpdir(), 'import-images-'));
      try {
        const storage = new LocalDiskStorage(root);
        const handler = importImagesJob({
          db: db(),
          storage,
          fetch: {
            // The back view's host resolves to a private address (as a hostile file's could).
            resolve: (host) =>
              Promise.resolve(host === 'cdn.shopify.com' ? ['23.227.38.65'] : ['10.0.0.5']),
            get: (url): Promise<RawResponse> => {
              const status = cdn[url.href] ?? 404;
              return Promise.resolve({
                status,
                location: undefined,
                contentLength: status === 200 ? PNG.length : 0,
                body: Readable.from(status === 200 ? [PNG] : []),
                close: () => {},
              });
            },
            isAllowed: (a) => isPublicAddress(a),
            timeoutMs: 5_000,
            maxBytes: 1_000_000,
          },
          now: () => new Date(),
          log: silentJobLog,
        });
        const runner = jobRunner({
          ...t.database,
          handlers: { [IMPORT_IMAGES_JOB]: handler },
          log: silentJobLog,
        });
        while (await runner.runNext());

        const products = await db().selectFrom('products').select(['slug', 'images']).execute();
        const imagesOf = (slug: string) =>
          JSON.parse(products.find((p) => p.slug === slug)!.images) as string[];
        expect(imagesOf('olive-oil-1l')).toHaveLength(1);
        expect(imagesOf('linen-shirt')).toHaveLength(1);
        expect(imagesOf('ceramic-bowl')).toEqual([]);
        for (const url of [...imagesOf('olive-oil-1l'), ...imagesOf('linen-shirt')]) {
          expect(url).toMatch(/^\/api\/v1\/media\/img_[0-9a-f]{32}\.png$/);
          const key = decodeURIComponent(url.split('/').at(-1)!);
          expect((await storage.get(key))?.size).toBe(PNG.length);
        }
        const audit = await db()
          .selectFrom('audit_log')
          .selectAll()
          .where('entity', '=', 'product')
          .where('action', '=', 'update')
          .orderBy('id')
          .execute();
        expect(audit.map((a) => [a.label, a.admin_user_id])).toEqual([
          ['Olive oil 1 L', null],
          ['Linen shirt', null],
        ]);
        const shirtChanges = JSON.parse(audit[1]!.changes) as { field: string; after: unknown }[];
        expect(shirtChanges.find((c) => c.field === 'images_failed')?.after).toEqual([
          'https://cdn.shopify.com/s/files/1/0001/shirt-blue.jpg: The server answered 404',
          'https://images.internal.example/shirt-back.jpg: images.internal.example is not a public address (10.0.0.5)',
        ]);
        expect(
          (
            await db()
              .selectFrom('jobs')
              .select('status')
              .where('kind', '=', IMPORT_IMAGES_JOB)
              .execute()
          ).map((j) => j.status),
        ).toEqual(['done', 'done']);

        // A second run (at least once, not exactly once) stores nothing more.
        const before = await storage.list();
        await handler(JSON.parse(jobs[0]!.payload));
        expect(imagesOf('olive-oil-1l')).toHaveLength(1);
        expect((await storage.list()).length).toBe(before.length);
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    });

    it('fetches nothing unless asked', async () => {
      await categories();
      const report = reportOf(
        await upload(shopifyFile({ price: '12.500' }), {
          mode: 'apply',
          create_categories: 'true',
        }),
      );
      expect(report.images_to_fetch).toBe(0);
      expect(
        await db().selectFrom('jobs').selectAll().where('kind', '=', IMPORT_IMAGES_JOB).execute(),
      ).toEqual([]);
    });
  });

  // Any Shopify catalogue: each handle one product, each option row one variant with the file's
  // price and stock (a Default Title row a product without variants), stock = Σ movements, and
  // the same file again changes nothing. FC_SEED / FC_PATH / FC_RUNS replay a failure.
  it('imports any Shopify catalogue as its rows say, and the same file again changes nothing', async () => {
    await categories();
    const money = fc.integer({ min: 0, max: 999_999_999 }).map((m) => (m / 1000).toFixed(3));
    const variantArb = fc.record({ price: money, stock: fc.integer({ min: 0, max: 500 }) });
    const productArb = fc.record({
      title: fc.constantFrom('Olive oil', 'Chéchia', 'زيت زيتون', 'Tee "classic"', 'Mug, big'),
      // 0: a product without variants; else that many sizes, in one or two colours.
      sizes: fc.integer({ min: 0, max: 3 }),
      colours: fc.integer({ min: 1, max: 2 }),
      variants: fc.array(variantArb, { minLength: 6, maxLength: 6 }),
    });
    let run = 0;
    await assertProperty(
      fc.asyncProperty(fc.array(productArb, { minLength: 1, maxLength: 4 }), async (products) => {
        run += 1;
        const expected: {
          handle: string;
          title: string;
          rows: [string, string, string, number][];
        }[] = [];
        const rows: Record<string, string>[] = [];
        products.forEach((p, i) => {
          const handle = `p${run}-${i}`;
          const combos =
            p.sizes === 0
              ? [['Default Title', '']]
              : ['S', 'M', 'L']
                  .slice(0, p.sizes)
                  .flatMap((size) => ['Red', 'Blue'].slice(0, p.colours).map((c) => [size, c]));
          const entry = { handle, title: p.title, rows: [] as [string, string, string, number][] };
          combos.forEach(([a, b], j) => {
            const v = p.variants[j]!;
            const sku = `${handle.toUpperCase()}-${j}`;
            rows.push({
              Handle: handle,
              ...(j === 0 && { Title: p.title, Type: 'Oils', Status: 'active' }),
              ...(j === 0 && p.sizes === 0 && { 'Option1 Name': 'Title' }),
              ...(j === 0 && p.sizes > 0 && { 'Option1 Name': 'Size', 'Option2 Name': 'Colour' }),
              'Option1 Value': a!,
              ...(p.sizes > 0 && { 'Option2 Value': b! }),
              'Variant SKU': sku,
              'Variant Price': v.price,
              'Variant Inventory Tracker': 'shopify',
              'Variant Inventory Qty': String(v.stock),
              'Variant Inventory Policy': 'deny',
            });
            entry.rows.push([sku, p.sizes === 0 ? 'default' : `${a} / ${b}`, v.price, v.stock]);
          });
          expected.push(entry);
        });
        const file = csvText(csvTable(SHOPIFY_HEADER, rows));
        const report = reportOf(await upload(file, { mode: 'apply' }));
        expect(report.summary).toEqual({
          create: rows.length,
          update: 0,
          unchanged: 0,
          refused: 0,
        });
        for (const e of expected) {
          const got = await stored(e.handle);
          expect(got.name).toBe(e.title);
          expect(
            got.variants.map(([sku, title, , price, , stock]) => [sku, title, price, stock]),
          ).toEqual(
            e.rows.map(([sku, title, price, stock]) => [
              sku,
              title,
              Math.round(Number(price) * 1000),
              stock,
            ]),
          );
        }
        expect(await stockLedgerMismatches(db())).toEqual([]);
        const again = reportOf(await upload(file, { mode: 'apply' }));
        expect(again.summary).toEqual({ create: 0, update: 0, unchanged: rows.length, refused: 0 });
      }),
      { numRuns: 15 },
    );
  });
});
