// CSV import of products and variants (importProducts, getProductImportTemplate): the dry run's
// report row by row with its messages, apply all or nothing (products, variants, stock movements
// and audit entries), an exported file imported back unchanged, and the files refused whole.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectProblem, expectStatus, type Schemas } from '../../test-support/contract';
import { useAdminAccount, useTestApp, type AuthHeaders } from '../../test-support/app';
import { parseCsv } from '../../test-support/csv';
import { testDialects } from '../../test-support/databases';
import {
  insertCategory,
  insertProduct,
  insertVariant,
  insertVatRate,
} from '../../test-support/fixtures';
import { assertProperty } from '../../test-support/properties';
import { useShop } from '../../test-support/shop';
import { stockLedgerMismatches } from '../../test-support/stock';

const IMPORT = '/api/v1/admin/imports/products';
const TEMPLATE = '/api/v1/admin/imports/products/template';
const EXPORT = '/api/v1/admin/exports/products';
const MB = 1024 * 1024;

type Report = Schemas['ProductImportReport'];
type Refused = Schemas['ProductImportRefused'];
type ReportRow = Schemas['ImportRow'];

/** A row of a report: nothing changed, no error and no ids unless told. */
const row = (
  line: number,
  action: ReportRow['action'],
  slug: string,
  sku: string | null,
  rest: Partial<ReportRow>,
): ReportRow => ({
  line,
  action,
  slug,
  sku,
  product_id: null,
  variant_id: null,
  changed: [],
  errors: [],
  ...rest,
});

interface Upload {
  mode?: 'dry_run' | 'apply';
  name?: string;
  type?: string;
  headers?: AuthHeaders;
}

/** A CSV text from rows of cells (commas, CRLF; cells holding a comma or quote quoted). */
const csv = (rows: (string | number)[][], delimiter = ','): string =>
  rows
    .map((row) =>
      row
        .map(String)
        .map((c) => (/[",;\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c))
        .join(delimiter),
    )
    .join('\r\n') + '\r\n';

describe.each(testDialects)('CSV import of products (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const shop = useShop(t);
  const admin = useAdminAccount(t, 'admin');
  const db = () => t.database.db;
  let rateName = '';

  beforeEach(async () => {
    await db().deleteFrom('audit_log').execute();
    rateName = shop.tn19.name;
  });

  async function upload(body: string | Buffer, options: Upload = {}) {
    const {
      mode = 'dry_run',
      name = 'products.csv',
      type = 'text/csv',
      headers = admin.headers,
    } = options;
    const form = new FormData();
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    return t.app.inject({
      method: 'POST',
      url: `${IMPORT}?mode=${mode}`,
      headers: { ...headers, 'content-type': request.headers.get('content-type') as string },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  }

  const reportOf = (res: LightMyRequestResponse) =>
    expectStatus<Report>(res, 200, 'importProducts');

  /** Everything an import may write, to show that a refused one wrote nothing. */
  async function snapshot() {
    const [products, variants, movements, audit] = await Promise.all([
      db().selectFrom('products').selectAll().orderBy('id').execute(),
      db().selectFrom('variants').selectAll().orderBy('id').execute(),
      db().selectFrom('stock_movements').selectAll().orderBy('id').execute(),
      db().selectFrom('audit_log').selectAll().orderBy('id').execute(),
    ]);
    return { products, variants, movements, audit };
  }

  /** A shop with a simple product (mug), a product with a variant (tee) and an expired rate. */
  async function catalogue() {
    const shirts = await insertCategory(db(), { name: 'Shirts', slug: 'shirts' });
    const mug = await shop.simple(
      { name: 'Mug', slug: 'mug', base_price: 10_000 },
      { sku: 'MUG-1', stock_quantity: 10 },
    );
    const tee = await insertProduct(db(), {
      name: 'Tee',
      slug: 'tee',
      category_id: shirts.id,
      has_variants: 1,
      base_price: 20_000,
      vat_rate_id: shop.tn19.id,
    });
    const small = await insertVariant(db(), tee.id, {
      sku: 'TEE-S',
      variant_title: 'S',
      option_values: '{"Size":"S"}',
      price: 20_000,
      stock_quantity: 5,
    });
    await insertVatRate(db(), {
      name: 'TVA 13%',
      rate_bp: 1300,
      effective_from: '2020-01-01T00:00:00.000Z',
      effective_to: '2021-01-01T00:00:00.000Z',
    });
    return { shirts, mug, tee, small };
  }

  const HEADER = (
    'slug,product_name,category,base_price,vat_rate_name,' +
    'sku,variant_title,option_values,price,stock_quantity'
  ).split(',');

  /** The refused cells of the dry run's file below: line, column, message, in report order. */
  const REFUSALS: [number, string, string][] = [
    [6, 'base_price', '"1.2345" has more than 3 decimals'],
    [6, 'category', 'Unknown category "Hats"'],
    [6, 'vat_rate_name', 'VAT rate "TVA 13%" is not in force'],
    [7, 'option_values', 'Write the options as "Size=M; Colour=Red", not "Size"'],
    [7, 'stock_quantity', '"1.5" is not a whole number'],
    [7, 'sku', 'SKU MUG-1 belongs to another product ("mug")'],
    [8, 'price', `A formula is not accepted: "=1+1" (start it with ' to keep it as text)`],
    [8, 'product_name', "Differs from line 4, the same product's first row"],
    [8, 'sku', 'SKU TEE-M is on line 5 already'],
  ];
  const refusalsOf = (line: number) =>
    REFUSALS.filter(([l]) => l === line).map(([, column, message]) => ({ column, message }));

  /** Rows that import: a new simple product, one unchanged, a variant updated, one created. */
  const goodRows = () => [
    ['new-cap', 'Cap', 'shirts', '15.000', rateName, '', '', '', '', 7],
    ['mug', 'Mug', '', '10.000', rateName, 'MUG-1', '', '', '', 10],
    ['tee', 'Tee', 'Shirts', '20', rateName, 'TEE-S', 'S', 'Size=S', '21.500', 6],
    ['tee', 'Tee', 'Shirts', '20', rateName, 'TEE-M', '', 'Size=M', '21.5', 3],
  ];

  it('reports each row of a dry run: created, updated, unchanged or refused and why', async () => {
    const { tee, small } = await catalogue();
    const before = await snapshot();
    const res = await upload(
      csv([
        HEADER,
        ...goodRows(),
        ['bad', 'Bad', 'Hats', '1.2345', 'TVA 13%', '', '', '', '', ''],
        ['tee', 'Tee', 'Shirts', '20', rateName, 'MUG-1', 'x', 'Size', '1', '1.5'],
        ['tee', 'Tea', 'Shirts', '20', rateName, 'TEE-M', 'M', '', '=1+1', ''],
      ]),
    );
    expect(reportOf(res)).toEqual({
      mode: 'dry_run',
      applied: false,
      file_name: 'products.csv',
      format: 'ours',
      rows_total: 7,
      summary: { create: 2, update: 1, unchanged: 1, refused: 3 },
      new_categories: [],
      images_to_fetch: 0,
      rows: [
        row(2, 'create', 'new-cap', null, {
          changed: ['product_name', 'category', 'base_price', 'vat_rate_name', 'stock_quantity'],
        }),
        row(4, 'update', 'tee', 'TEE-S', {
          product_id: tee.id,
          variant_id: small.id,
          changed: ['price', 'stock_quantity'],
        }),
        row(5, 'create', 'tee', 'TEE-M', {
          product_id: tee.id,
          changed: ['sku', 'option_values', 'price', 'stock_quantity'],
        }),
        row(6, 'refused', 'bad', null, { errors: refusalsOf(6) }),
        row(7, 'refused', 'tee', 'MUG-1', { product_id: tee.id, errors: refusalsOf(7) }),
        row(8, 'refused', 'tee', 'TEE-M', { product_id: tee.id, errors: refusalsOf(8) }),
      ],
    });
    expect(await snapshot()).toEqual(before);
  });

  it('applies a file in one transaction: products, variants, stock movements and audit entries', async () => {
    const { tee, small, mug } = await catalogue();
    const res = await upload(csv([HEADER, ...goodRows()]), { mode: 'apply', name: 'spring.csv' });
    const report = reportOf(res);
    expect(report).toMatchObject({
      mode: 'apply',
      applied: true,
      file_name: 'spring.csv',
      summary: { create: 2, update: 1, unchanged: 1, refused: 0 },
    });
    const { products, variants, movements, audit } = await snapshot();
    const cap = products.find((p) => p.slug === 'new-cap');
    expect(cap).toMatchObject({ name: 'Cap', base_price: 15_000, has_variants: 0 });
    expect(cap?.vat_rate_id).toBe(shop.tn19.id);
    expect(report.rows[0]).toMatchObject({ line: 2, product_id: cap?.id });
    const capStock = variants.find((v) => v.product_id === cap?.id);
    const medium = variants.find((v) => v.sku === 'TEE-M');
    // No SKU in the file: its slug's, in capitals (not the placeholder 'DEFAULT').
    expect(capStock).toMatchObject({ is_default: 1, sku: 'NEW-CAP', price: 15_000 });
    expect(medium).toMatchObject({ product_id: tee.id, variant_title: 'M', price: 21_500 });
    expect(medium?.option_values).toBe('{"Size":"M"}');
    expect(report.rows[2]).toMatchObject({ line: 5, variant_id: medium?.id });
    expect(variants.find((v) => v.id === small.id)).toMatchObject({ price: 21_500 });
    expect(variants.find((v) => v.id === mug.variantId)).toMatchObject({ stock_quantity: 10 });

    // sku, title, delta, before, after: each by the admin, for the file.
    expect(movements.map((m) => [m.sku, m.title, m.delta, m.stock_before, m.stock_after])).toEqual(
      expect.arrayContaining([
        ['NEW-CAP', 'Cap', 7, 0, 7],
        ['TEE-M', 'Tee — M', 3, 0, 3],
        ['TEE-S', 'Tee — S', 1, 5, 6],
      ]),
    );
    expect(movements).toHaveLength(3);
    for (const m of movements) {
      expect([m.reason, m.admin_user_id]).toEqual(['CSV import spring.csv', admin.id]);
      expect([m.kind, m.import_file, m.order_id]).toEqual(['import', 'spring.csv', null]);
    }
    expect(variants.map((v) => Number(v.stock_quantity))).toEqual([10, 5 + 1, 7, 3]);

    const entries = audit.map((a) => ({ ...a, changes: JSON.parse(a.changes) as unknown }));
    expect(entries.map((e) => [e.action, e.entity, e.label]).sort()).toEqual([
      ['create', 'product', 'Cap'],
      ['create', 'variant', 'NEW-CAP'],
      ['create', 'variant', 'TEE-M'],
      ['update', 'variant', 'TEE-S'],
    ]);
    expect(entries.every((e) => e.admin_user_id === admin.id)).toBe(true);
    expect(entries.find((e) => e.label === 'TEE-S')?.changes).toEqual([
      { field: 'price', before: '20.000', after: '21.500' },
      { field: 'stock_quantity', before: 5, after: 6 },
    ]);
  });

  it("gives a new simple product without SKU its slug's, unless another variant or line has it", async () => {
    await catalogue();
    // The fixtures' stock was inserted without movements: the import adds no mismatch to theirs.
    const fixturesMismatches = await stockLedgerMismatches(db());
    // 'mug-1' is MUG-1's slug form (the mug's SKU); 'pen' is named by another line as a SKU.
    const header = ['slug', 'product_name', 'base_price', 'vat_rate_name', 'sku', 'stock_quantity'];
    const res = await upload(
      csv([
        header,
        ['olive-oil-1l', 'Olive oil 1 L', '25.500', rateName, '', 40],
        ['mug-1', 'Mug too', '9.000', rateName, '', 2],
        ['pen', 'Pen', '2.000', rateName, '', 3],
        ['pens', 'Pens', '2.000', rateName, 'PEN', 5],
        ['default', 'Default', '1.000', rateName, '', 1],
        ['no-stock', 'No stock', '1.000', rateName, '', ''],
      ]),
      { mode: 'apply', name: 'oil.csv' },
    );
    expect(reportOf(res).summary).toMatchObject({ create: 6, refused: 0 });
    const { products, variants, movements, audit } = await snapshot();
    const skuOf = (slug: string) => {
      const product = products.find((p) => p.slug === slug)!;
      return variants.filter((v) => v.product_id === product.id).map((v) => v.sku);
    };
    expect(skuOf('olive-oil-1l')).toEqual(['OLIVE-OIL-1L']);
    // Taken by a variant, or named by the file: the placeholder, as a product form left empty.
    expect(skuOf('mug-1')).toEqual(['DEFAULT']);
    expect(skuOf('pen')).toEqual(['DEFAULT']);
    expect(skuOf('pens')).toEqual(['PEN']);
    expect(skuOf('default')).toEqual(['DEFAULT']);
    // No stock column: no stock kept, no variant (as the form without inventory).
    expect(skuOf('no-stock')).toEqual([]);
    expect(movements.find((m) => m.title === 'Olive oil 1 L')).toMatchObject({
      sku: 'OLIVE-OIL-1L',
      delta: 40,
    });
    expect(audit.map((a) => [a.action, a.entity, a.label])).toContainEqual([
      'create',
      'variant',
      'OLIVE-OIL-1L',
    ]);
    // The same file again changes nothing: the row without SKU finds the stock it created.
    const again = reportOf(
      await upload(csv([header, ['olive-oil-1l', 'Olive oil 1 L', '25.500', rateName, '', 40]]), {
        mode: 'apply',
      }),
    );
    expect(again.summary).toEqual({ create: 0, update: 0, unchanged: 1, refused: 0 });
    expect(await stockLedgerMismatches(db())).toEqual(fixturesMismatches);
  });

  it('writes nothing when a row is refused: 422 with the report', async () => {
    await catalogue();
    const before = await snapshot();
    const res = await upload(
      csv([
        HEADER,
        ['new-cap', 'Cap', 'shirts', '15.000', rateName, '', '', '', '', 7],
        ['mug', 'Mug', '', '12.000', rateName, 'MUG-1', '', '', '', 4],
        ['hat', 'Hat', '', '9.99', 'Nope', '', '', '', '', ''],
      ]),
      { mode: 'apply' },
    );
    const body = expectStatus<Refused>(res, 422, 'importProducts');
    expect(body.detail).toBe('1 row is refused; nothing was imported');
    expect(body.report).toMatchObject({
      mode: 'apply',
      applied: false,
      summary: { create: 1, update: 1, unchanged: 0, refused: 1 },
    });
    expect(body.report.rows[2]).toMatchObject({
      line: 4,
      errors: [{ column: 'vat_rate_name', message: 'Unknown VAT rate "Nope"' }],
    });
    expect(await snapshot()).toEqual(before);
  });

  it('imports an exported file back as all unchanged, formulas and odd values included', async () => {
    const { tee } = await catalogue();
    await insertVariant(db(), tee.id, {
      sku: 'TEE-L',
      variant_title: 'L, "large"',
      option_values: '{"Size":"L","Colour":"Red"}',
      stock_quantity: -3,
      allow_backorder: 1,
      compare_at_price: 25_000,
    });
    await insertProduct(db(), {
      name: '=HYPERLINK("http://evil.test","x")',
      slug: 'formula',
      vat_rate_id: shop.tn19.id,
    });
    const expired = await db()
      .selectFrom('vat_rates')
      .select('id')
      .where('name', '=', 'TVA 13%')
      .executeTakeFirstOrThrow();
    await shop.simple({ name: 'Old rate', slug: 'old-rate', vat_rate_id: expired.id });
    const exported = await t.app.inject({ method: 'GET', url: EXPORT, headers: admin.headers });
    expect(exported.statusCode).toBe(200);
    const before = await snapshot();
    const report = reportOf(await upload(exported.body, { mode: 'apply' }));
    expect(report).toMatchObject({ applied: true, rows_total: 5, rows: [] });
    expect(report.summary).toEqual({ create: 0, update: 0, unchanged: 5, refused: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('imports the semicolon export (decimal commas, quoted cells) back as all unchanged', async () => {
    const { tee } = await catalogue();
    await insertVariant(db(), tee.id, {
      sku: 'TEE-XL',
      variant_title: 'XL; "extra", large',
      option_values: '{"Size":"XL","Colour":"Red, dark"}',
      price: 19_990,
      compare_at_price: 25_005,
    });
    await insertProduct(db(), {
      name: 'x;+1+1;',
      slug: 'semicolon-formula',
      base_price: 7_250,
      vat_rate_id: shop.tn19.id,
    });
    const exported = await t.app.inject({
      method: 'GET',
      url: `${EXPORT}?separator=semicolon`,
      headers: admin.headers,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('"x;+1+1;"');
    expect(exported.body).toContain(';"7,250";');
    expect(exported.body).toContain('"XL; ""extra"", large"');
    const before = await snapshot();
    const report = reportOf(await upload(exported.body, { mode: 'apply' }));
    expect(report.summary).toMatchObject({ create: 0, update: 0, refused: 0 });
    expect(report.rows).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('reads a semicolon file with decimal commas (a spreadsheet in a comma locale)', async () => {
    await catalogue();
    const text = csv(
      [
        [
          'slug',
          'product_name',
          'base_price',
          'vat_rate_name',
          'compare_at_price',
          'stock_quantity',
        ],
        ['mug', 'Mug', '12,5', rateName, '14,250', '3'],
      ],
      ';',
    );
    const report = reportOf(await upload(text, { mode: 'apply' }));
    expect(report.rows).toMatchObject([
      {
        line: 2,
        action: 'update',
        changed: ['base_price', 'compare_at_price', 'price', 'stock_quantity'],
      },
    ]);
    const { variants, movements } = await snapshot();
    expect(variants.find((v) => v.sku === 'MUG-1')).toMatchObject({
      price: 12_500,
      compare_at_price: 14_250,
      stock_quantity: 3,
    });
    expect(movements.map((m) => [m.sku, m.title, m.delta, m.reason])).toEqual([
      ['MUG-1', 'Mug', -7, 'CSV import products.csv'],
    ]);
    const mug = await db()
      .selectFrom('products')
      .select(['base_price', 'compare_at_price'])
      .where('slug', '=', 'mug')
      .executeTakeFirstOrThrow();
    expect(mug).toEqual({ base_price: 12_500, compare_at_price: 14_250 });
  });

  describe('refuses a file it cannot read, and changes nothing', () => {
    const ok = () =>
      csv([
        ['slug', 'product_name'],
        ['mug', 'Mug'],
      ]);
    it.each([
      [
        'not UTF-8',
        () => Buffer.from('slug,product_name\r\ncafe,Caf\xe9\r\n', 'latin1'),
        422,
        'The file is not UTF-8 text: save it as CSV UTF-8',
      ],
      ['a missing column', () => 'product_name,sku\r\nMug,M\r\n', 422, 'Missing column: slug'],
      [
        'an unknown column',
        () => 'slug,product_name,colour\r\nmug,Mug,red\r\n',
        422,
        'Unknown column: colour',
      ],
      ['an empty file', () => '', 422, 'The file is empty'],
      ['a header alone', () => '\uFEFFslug,product_name\r\n\r\n', 422, 'The file has no data rows'],
      [
        'an unclosed quote',
        () => 'slug,product_name\r\nmug,"Mug\r\n',
        422,
        'The file ends inside a quoted cell: a quote is never closed',
      ],
      [
        'more than 50,000 rows',
        () => `slug,product_name\r\n${'mug,Mug\r\n'.repeat(50_001)}`,
        422,
        'The file has more than 50,000 rows',
      ],
      ['over 10 MB', () => ok() + 'x'.repeat(10 * MB), 413, 'products.csv is larger than 10 MB'],
      ['of 50 MB', () => Buffer.alloc(50 * MB, 'a'), 413, 'products.csv is larger than 10 MB'],
    ])('%s', async (_what, body, status, detail) => {
      await catalogue();
      const before = await snapshot();
      const res = await upload(body(), { mode: 'apply' });
      expectProblem(res, status, detail, 'importProducts');
      expect(await snapshot()).toEqual(before);
    });

    it('415 for a file that is not CSV, 422 without a file', async () => {
      expectProblem(
        await upload(ok(), { name: 'photo.png', type: 'image/png' }),
        415,
        'photo.png is not a CSV file (.csv)',
        'importProducts',
      );
      // A .csv that Windows announces as a spreadsheet is still a CSV file.
      reportOf(await upload(ok(), { type: 'application/vnd.ms-excel' }));
      const res = await t.app.inject({ method: 'POST', url: IMPORT, headers: admin.headers });
      expect(res.statusCode).toBe(422);
    });
  });

  it('403 for support; the template for the writing roles', async () => {
    const support = await t.authAs('support');
    expectProblem(
      await upload('slug,product_name\r\nmug,Mug\r\n', { headers: support }),
      403,
      'Your role (support) does not allow this action',
      'importProducts',
    );
    const forbidden = await t.app.inject({ method: 'GET', url: TEMPLATE, headers: support });
    expect(forbidden.statusCode).toBe(403);

    await insertCategory(db(), { name: 'Shirts', slug: 'shirts' });
    const res = await t.app.inject({ method: 'GET', url: TEMPLATE, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="products-template.csv"');
    const [header, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(header?.join(',')).toBe(
      'product_name,slug,category,is_active,price_includes_vat,base_price,vat_rate_name,sku,' +
        'variant_title,option_values,price,compare_at_price,stock_quantity,track_inventory,' +
        'allow_backorder,variant_is_active',
    );
    expect(rows).toHaveLength(2);
    // The examples name no category, though the shop has one ("Olive oil 1 L" is no shirt).
    const category = header!.indexOf('category');
    expect(rows.map((r) => [r[0], r[category]])).toEqual([
      ['Olive oil 1 L', ''],
      ['Summer T-shirt', ''],
    ]);
    // The template imports as it is.
    const report = reportOf(await upload(res.body, { mode: 'apply' }));
    expect(report.summary).toEqual({ create: 2, update: 0, unchanged: 0, refused: 0 });
  });

  // #34: a sequence of steps, each an import (dry run, then apply) or a variant deleted through
  // the API. Files add variants to an existing product ("sock"), change a simple product's stock
  // ("cap"), create a new product with variants, leave SKUs out (they keep their stock), and carry
  // bad cells (stock, variant price, product name: malformed, out of range, blank, overlong) and
  // structural changes: a SKU on the simple product or a row without SKU on sock while it has
  // variants are refused (a product's type is fixed), but deleting sock's last variant leaves it
  // without a type, and the next file makes it simple or gives it variants again. A file with a bad row is refused whole with
  // the same report as its dry run and writes nothing; a good one writes what the model predicts,
  // each stock change a movement. assertProperty prints the seed and path of a failure; FC_SEED /
  // FC_PATH / FC_RUNS replay it.
  it('keeps stock = Σ movements and refuses a bad file whole, over any sequence of imports', async () => {
    const SOCKS = 3;
    const BAD_STOCKS = ['-1', 'abc', '2.5', '1000000001', '=1+1'];
    const BAD_PRICES = ['-1', '1.2345', 'abc', '1e3'];
    const BAD_NAMES = ['', ' ', 'N'.repeat(201)];
    type Cell = number | string | null;
    const stockCell: fc.Arbitrary<Cell> = fc.oneof(
      { weight: 12, arbitrary: fc.integer({ min: 0, max: 50 }) },
      { weight: 6, arbitrary: fc.constant(null) }, // the SKU is not in this file
      { weight: 1, arbitrary: fc.constantFrom(...BAD_STOCKS) },
    );
    const rowFlaw = fc.oneof(
      { weight: 40, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.record({ price: fc.constantFrom(...BAD_PRICES) }) },
      { weight: 1, arbitrary: fc.record({ name: fc.constantFrom(...BAD_NAMES) }) },
    );
    type Flaw = { price?: string; name?: string } | undefined;
    const socksArb: fc.Arbitrary<[Cell, Flaw][]> = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.array(fc.tuple(stockCell, rowFlaw), { minLength: SOCKS, maxLength: SOCKS }),
      },
      { weight: 1, arbitrary: fc.constant<[Cell, Flaw][]>([]) }, // a file without sock
    );
    const importArb = fc.record({
      kind: fc.constant('import' as const),
      socks: socksArb,
      cap: fc.option(fc.tuple(stockCell, rowFlaw), { nil: undefined }),
      fresh: fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), rowFlaw), { maxLength: 2 }),
      structural: fc.constantFrom(
        ...[undefined, undefined, undefined, undefined, 'sku-on-cap', 'no-sku-on-sock'],
      ),
    });
    const deleteArb = fc.record({ kind: fc.constant('delete' as const), sock: fc.nat() });
    const stepArb = fc.oneof(
      { weight: 3, arbitrary: importArb },
      { weight: 2, arbitrary: deleteArb },
    );
    const HEADER = ['slug', 'product_name', 'base_price', 'vat_rate_name', 'sku', 'price'];

    const storedStocks = async () => {
      const rows = await db()
        .selectFrom('variants')
        .select(['sku', 'stock_quantity'])
        .where((eb) =>
          eb.or([eb('sku', 'like', 'SOCK%'), eb('sku', 'like', 'NEW-%'), eb('sku', '=', 'CAP')]),
        )
        .execute();
      return new Map(rows.map((v) => [v.sku, Number(v.stock_quantity)]));
    };
    let run = 0;
    const seen = { applied: 0, refused: 0, deleted: 0, structural: 0, retyped: 0 };
    await assertProperty(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 8 }), async (steps) => {
        run += 1;
        // Audit entries are not modelled; left to grow, every snapshot would read them all.
        await db().deleteFrom('audit_log').execute();
        // The runs share the database: sock (with variants) and cap (simple) exist from the
        // first run on; the model starts from what earlier runs left. A sock an earlier run
        // made simple is deleted (through the API) so that its variants come back.
        const oldSock = await db()
          .selectFrom('products')
          .select(['id', 'has_variants'])
          .where('slug', '=', 'sock')
          .executeTakeFirst();
        if (oldSock && oldSock.has_variants === 0) {
          const gone = await t.app.inject({
            method: 'DELETE',
            url: `/api/v1/admin/products/${oldSock.id}`,
            headers: admin.headers,
          });
          expect(gone.statusCode, gone.body).toBe(204);
        }
        if (!oldSock || oldSock.has_variants === 0) {
          await insertProduct(db(), {
            name: 'Sock',
            slug: 'sock',
            has_variants: 1,
            base_price: 5_000,
            vat_rate_id: shop.tn19.id,
          });
        }
        if (
          !(await db()
            .selectFrom('products')
            .select('id')
            .where('slug', '=', 'cap')
            .executeTakeFirst())
        ) {
          // Through an import, so its stock is a movement; its SKU is its slug's in capitals.
          const created = await upload(
            csv([
              ['slug', 'product_name', 'base_price', 'vat_rate_name', 'stock_quantity'],
              ['cap', 'Cap', '5.000', rateName, 3],
            ]),
            { mode: 'apply' },
          );
          expect(reportOf(created).summary.create).toBe(1);
        }
        const model = await storedStocks();
        for (const [at, step] of steps.entries()) {
          if (step.kind === 'delete') {
            const socks = [...model.keys()].filter((k) => k.startsWith('SOCK-')).sort();
            const sku = socks[step.sock % Math.max(1, socks.length)];
            if (sku === undefined) continue;
            const variant = await db()
              .selectFrom('variants')
              .select('id')
              .where('sku', '=', sku)
              .executeTakeFirstOrThrow();
            const res = await t.app.inject({
              method: 'DELETE',
              url: `/api/v1/admin/variants/${variant.id}`,
              headers: admin.headers,
            });
            expect(res.statusCode, res.body).toBe(204);
            model.delete(sku);
            seen.deleted += 1;
            continue;
          }
          const slugNew = `new-${run}-${at}`;
          // Sock's type as it is: deleting its last variant made it a product without variants
          // ("none" until a row gives it a type: a SKU makes it one with variants again, a row
          // without SKU a simple one whose default variant is SOCK).
          const sock = await db()
            .selectFrom('products')
            .select(['id', 'has_variants'])
            .where('slug', '=', 'sock')
            .executeTakeFirstOrThrow();
          const sockDefault = await db()
            .selectFrom('variants')
            .select('id')
            .where('product_id', '=', sock.id)
            .where('is_default', '=', 1)
            .executeTakeFirst();
          let sockKind: 'variants' | 'simple' | null =
            sock.has_variants === 1 ? 'variants' : sockDefault ? 'simple' : null;
          const typeless = sockKind === null;
          // Each row: its cells, the SKU it writes, whether it is bad itself, its product's slug.
          const rows: { cells: (string | number)[]; sku: string; bad: boolean; slug: string }[] =
            [];
          const add = (
            slug: string,
            name: string,
            sku: string,
            stock: Cell,
            flaw: { price?: string; name?: string } | undefined,
          ) => {
            if (stock === null) return;
            let wrongType = false;
            if (slug === 'sock') {
              const kind = sku === '' ? 'simple' : 'variants';
              wrongType = sockKind !== null && sockKind !== kind;
              sockKind ??= kind;
            }
            rows.push({
              cells: [slug, flaw?.name ?? name, '5.000', rateName, sku, flaw?.price ?? '', stock],
              sku: sku || slug.toUpperCase(),
              bad: typeof stock === 'string' || flaw !== undefined || wrongType,
              slug,
            });
          };
          step.socks.forEach(([stock, flaw], i) => add('sock', 'Sock', `SOCK-${i}`, stock, flaw));
          if (step.cap) add('cap', 'Cap', '', step.cap[0], step.cap[1]);
          step.fresh.forEach(([stock, flaw], i) =>
            add(slugNew, 'Fresh', `NEW-${run}-${at}-${i}`, stock, flaw),
          );
          if (step.structural === 'sku-on-cap') {
            rows.push({
              cells: ['cap', 'Cap', '5.000', rateName, `CAP-${run}`, '', 1],
              sku: `CAP-${run}`,
              bad: true,
              slug: 'cap',
            });
          } else if (step.structural === 'no-sku-on-sock') {
            add('sock', 'Sock', '', 1, undefined);
          }
          if (rows.length === 0) continue;
          const text = csv([[...HEADER, 'stock_quantity'], ...rows.map((r) => r.cells)]);
          const before = await snapshot();
          const dryRun = reportOf(await upload(text));
          const res = await upload(text, { mode: 'apply' });
          const badSlugs = new Set(rows.filter((r) => r.bad).map((r) => r.slug));
          if (badSlugs.size > 0) {
            seen.refused += 1;
            if (step.structural) seen.structural += 1;
            const body = expectStatus<Refused>(res, 422, 'importProducts');
            const refused = body.report.rows.filter((r) => r.errors.length > 0).map((r) => r.line);
            const n = body.report.summary.refused;
            expect(refused).toHaveLength(n);
            expect(body.detail).toBe(
              `${n} ${n === 1 ? 'row is' : 'rows are'} refused; nothing was imported`,
            );
            // Line 1 is the header. Every bad row is refused, and a row refused without being
            // bad is one of a product with a bad row (a new product's first row takes the rest).
            rows.forEach((r, i) => {
              if (r.bad)
                expect(refused, `line ${i + 2} ${JSON.stringify(r.cells)}`).toContain(i + 2);
              else if (refused.includes(i + 2))
                expect(badSlugs.has(r.slug), `line ${i + 2}`).toBe(true);
            });
            expect(body.report).toEqual({ ...dryRun, mode: 'apply' });
            expect(await snapshot()).toEqual(before);
            continue;
          }
          seen.applied += 1;
          if (typeless && sockKind !== null) seen.retyped += 1;
          const report = reportOf(res);
          // The same file gives the same report, checked or applied (which knows the new ids).
          const withoutIds = (r: Report) =>
            r.rows.map(({ product_id: _p, variant_id: _v, ...rest }) => rest);
          expect(withoutIds(report)).toEqual(withoutIds(dryRun));
          expect([report.summary, report.rows_total]).toEqual([dryRun.summary, dryRun.rows_total]);
          const named = rows.map((r) => ({ sku: r.sku, stock: Number(r.cells[6]) }));
          const changes = named.filter(({ sku, stock }) => (model.get(sku) ?? 0) !== stock);
          expect(report.summary).toEqual({
            create: named.filter(({ sku }) => !model.has(sku)).length,
            update: named.filter(({ sku, stock }) => model.has(sku) && model.get(sku) !== stock)
              .length,
            unchanged: named.filter(({ sku, stock }) => model.get(sku) === stock).length,
            refused: 0,
          });
          for (const { sku, stock } of named) model.set(sku, stock);
          const after = await snapshot();
          expect(after.movements.length - before.movements.length).toBe(changes.length);
          expect(await storedStocks()).toEqual(model);
        }
        expect(await stockLedgerMismatches(db())).toEqual([]);
      }),
      { numRuns: 100 },
    );
    // The file's own run (not a replay, not FC_RUNS) went through each kind of step.
    if (!process.env.FC_PATH && !process.env.FC_RUNS) {
      expect(
        Object.values(seen).every((n) => n > 0),
        JSON.stringify(seen),
      ).toBe(true);
    }
  }, 600_000);
});
