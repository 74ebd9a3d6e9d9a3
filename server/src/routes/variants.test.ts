// Variants over HTTP: create/read/update/delete, list filters and paging, bulk operations and
// duplication, with the product's has_variants kept in line (docs/product.md §4) and every answer checked
// against the contract.
import { describe, expect, it } from 'vitest';
import { expectIssues, expectProblem, expectStatus, issuesOf } from '../../test-support/contract';
import type { Schemas } from '../../test-support/contract';
import { useAdminAccount, useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { stockMovementsOf } from '../../test-support/stock';
import { insertProduct, insertVariant, insertVatRate } from '../../test-support/fixtures';
import { expectResponseMatches, injectJson } from '../../test-support/openapi-validator';

type Variant = Schemas['Variant'];

const BASE = '/api/v1/admin/variants';
let counter = 0;
/** A SKU no other test uses. */
const sku = (label = 'V') => `${label}-${Date.now().toString(36)}-${++counter}`;

describe.each(testDialects)('variants (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const admin = useAdminAccount(t, 'inventory_manager');
  const auth = admin.headers;

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = auth,
  ) => injectJson(t.app, { method, url, headers, payload });

  const db = () => t.database.db;
  /** createVariant on the product `productId`. */
  const createVariant = (productId: number, body: object, headers = auth) =>
    call('POST', `${BASE}/${productId}/variants`, body, headers);
  const productRow = (id: number) =>
    db().selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const variantRows = (productId: number) =>
    db()
      .selectFrom('variants')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('id')
      .execute();
  const movementsOf = (variantId: number) => stockMovementsOf(db(), variantId);

  const newVariant = (overrides: Record<string, unknown> = {}) => ({
    sku: sku(),
    variant_title: 'Red / M',
    price: '20.000',
    cost_price: '8.500',
    ...overrides,
  });

  describe('createVariant', () => {
    it('creates the first variant, sets has_variants and prices it with the product rate', async () => {
      const product = await insertProduct(db(), { price_includes_vat: 0 }); // 19 %, net prices
      const code = sku('TSHIRT');
      const res = await createVariant(product.id, {
        sku: code,
        variant_title: '  Red / M  ',
        option_values: { ' color ': ' Red ', size: 'M' },
        price: '10.5',
        cost_price: '4',
        compare_at_price: '12.000',
        barcode: '   ',
        weight: 0.25,
        dimensions: { length: 10, unit: 'mm' },
        images: ['https://cdn.example.com/a.png'],
      });
      const v = expectStatus<Variant>(res, 201, 'createVariant');
      expect(v).toMatchObject({
        product_id: product.id,
        sku: code,
        variant_title: 'Red / M',
        option_values: { color: 'Red', size: 'M' },
        price: '10.500',
        price_incl_vat: '12.495',
        compare_at_price: '12.000',
        cost_price: '4.000',
        vat_rate_id: null,
        barcode: null,
        weight: 0.25,
        dimensions: { length: 10, width: null, height: null, unit: 'mm' },
        images: ['https://cdn.example.com/a.png'],
        stock_quantity: 0,
        low_stock_threshold: 5,
        track_inventory: true,
        allow_backorder: false,
        is_active: true,
        position: 0,
      });
      expect((await productRow(product.id)).has_variants).toBe(1);
      const [row] = await variantRows(product.id);
      expect(row).toMatchObject({ id: v.id, price: 10_500, cost_price: 4_000, is_default: 0 });
      expect(await movementsOf(v.id)).toEqual([]);
    });

    it("uses the variant's own VAT rate and keeps gross prices as they are", async () => {
      const product = await insertProduct(db(), { price_includes_vat: 0 });
      const own = await insertVatRate(db(), { rate_bp: 700 });
      const res = await createVariant(
        product.id,
        newVariant({ price: '10.000', vat_rate_id: own.id }),
      );
      expect(expectStatus<Variant>(res, 201, 'createVariant')).toMatchObject({
        vat_rate_id: own.id,
        price_incl_vat: '10.700',
      });

      const gross = await insertProduct(db(), { price_includes_vat: 1 });
      const res2 = await createVariant(
        gross.id,
        newVariant({ price: '10.000', vat_rate_id: own.id }),
      );
      expect(expectResponseMatches<Variant>('createVariant', res2).price_incl_vat).toBe('10.000');
    });

    it('records an initial stock as a movement by the admin', async () => {
      const product = await insertProduct(db());
      const res = await createVariant(product.id, newVariant({ stock_quantity: 7 }));
      const v = expectResponseMatches<Variant>('createVariant', res);
      expect(v.stock_quantity).toBe(7);
      expect(await movementsOf(v.id)).toMatchObject([
        {
          delta: 7,
          stock_before: 0,
          stock_after: 7,
          kind: 'initial_stock',
          reason: 'Initial stock',
          admin_user_id: admin.id,
        },
      ]);
    });

    it('answers 404 for an unknown product', async () => {
      const res = await call('POST', `${BASE}/999999/variants`, newVariant());
      expectProblem(res, 404, 'Product not found', 'createVariant');
    });

    it('answers 409 for a used SKU and stores nothing', async () => {
      const product = await insertProduct(db());
      const taken = await insertVariant(db(), product.id, { sku: sku('TAKEN') });
      const res = await createVariant(product.id, newVariant({ sku: taken.sku }));
      expectProblem(res, 409, 'SKU already exists', 'createVariant');
      expect(await variantRows(product.id)).toHaveLength(1);
    });

    it("answers 422 for the reserved SKU 'DEFAULT' and for an unknown VAT rate", async () => {
      const product = await insertProduct(db());
      const reserved = await createVariant(product.id, newVariant({ sku: 'DEFAULT' }));
      expect(issuesOf(reserved, 'createVariant')).toMatchObject([{ loc: ['body', 'sku'] }]);

      const noRate = await createVariant(product.id, newVariant({ vat_rate_id: 999999 }));
      expectIssues(noRate, 'createVariant', [
        { loc: ['body', 'vat_rate_id'], msg: 'VAT rate not found', type: 'value_error' },
      ]);
      expect(await variantRows(product.id)).toEqual([]);
      expect((await productRow(product.id)).has_variants).toBe(0);
    });

    it('answers 422 for a blank title and a missing price (schema)', async () => {
      const product = await insertProduct(db());
      const blank = await createVariant(product.id, newVariant({ variant_title: '   ' }));
      expectIssues(blank, 'createVariant', [
        { loc: ['body', 'variant_title'], msg: 'Variant title is required', type: 'value_error' },
      ]);
      const noPrice: Record<string, unknown> = newVariant();
      delete noPrice.price;
      const missing = await createVariant(product.id, noPrice);
      expect(issuesOf(missing, 'createVariant')).toContainEqual({
        loc: ['body', 'price'],
        msg: 'Field required',
        type: 'missing',
      });
    });

    it('refuses a variant for a simple product that keeps its stock in a default variant', async () => {
      const product = await insertProduct(db());
      await insertVariant(db(), product.id, { is_default: 1, sku: 'DEFAULT' });
      const res = await createVariant(product.id, newVariant());
      expectProblem(res, 409, 'Product type cannot be changed after creation', 'createVariant');
      expect(await variantRows(product.id)).toHaveLength(1);
      expect((await productRow(product.id)).has_variants).toBe(0);
    });

    it('lets support read but not write (403)', async () => {
      const product = await insertProduct(db());
      const support = await t.authAs('support');
      const res = await createVariant(product.id, newVariant(), support);
      expectStatus(res, 403, 'createVariant');
      const list = await call('GET', `${BASE}/?product_id=${product.id}`, undefined, support);
      expect(list.statusCode).toBe(200);
    });
  });

  describe('getVariant', () => {
    it('returns the variant, or 404', async () => {
      const product = await insertProduct(db(), { has_variants: 1 });
      const row = await insertVariant(db(), product.id, {
        option_values: '{"size":"L"}',
        dimensions: '{"length":1,"width":2,"height":3,"unit":"cm"}',
      });
      const res = await call('GET', `${BASE}/${row.id}`);
      expect(expectStatus<Variant>(res, 200, 'getVariant')).toMatchObject({
        id: row.id,
        sku: row.sku,
        option_values: { size: 'L' },
        dimensions: { length: 1, width: 2, height: 3, unit: 'cm' },
        price: '10.000',
        price_incl_vat: '10.000',
        cost_price: '5.000',
      });
      const missing = await call('GET', `${BASE}/999999`);
      expectProblem(missing, 404, 'Variant not found', 'getVariant');
    });
  });

  describe('updateVariant', () => {
    it('changes only what is sent, clears with null and records a stock change', async () => {
      const product = await insertProduct(db(), { has_variants: 1 });
      const row = await insertVariant(db(), product.id, {
        compare_at_price: 15_000,
        barcode: '123',
        weight: 2,
        stock_quantity: 10,
      });
      const res = await call('PATCH', `${BASE}/${row.id}`, {
        variant_title: ' New title ',
        compare_at_price: null,
        barcode: null,
        dimensions: null,
        stock_quantity: 4,
      });
      const v = expectStatus<Variant>(res, 200, 'updateVariant');
      expect(v).toMatchObject({
        variant_title: 'New title',
        compare_at_price: null,
        barcode: null,
        weight: 2,
        sku: row.sku,
        price: '10.000',
        stock_quantity: 4,
      });
      expect(await movementsOf(row.id)).toMatchObject([
        {
          delta: -6,
          stock_before: 10,
          stock_after: 4,
          kind: 'variant_update',
          reason: 'Variant update',
          admin_user_id: admin.id,
        },
      ]);
    });

    it('keeps SKUs unique (409), allows its own SKU, refuses DEFAULT (422), 404 when unknown', async () => {
      const product = await insertProduct(db(), { has_variants: 1 });
      const a = await insertVariant(db(), product.id, { sku: sku('A') });
      const b = await insertVariant(db(), product.id, { sku: sku('B') });

      const dup = await call('PATCH', `${BASE}/${b.id}`, { sku: a.sku });
      expectProblem(dup, 409, 'SKU already exists', 'updateVariant');
      const same = await call('PATCH', `${BASE}/${b.id}`, { sku: b.sku, price: '1.000' });
      expect(same.statusCode).toBe(200);
      expect(expectResponseMatches<Variant>('updateVariant', same).price).toBe('1.000');

      const reserved = await call('PATCH', `${BASE}/${b.id}`, { sku: 'DEFAULT' });
      expectStatus(reserved, 422, 'updateVariant');
      const noRate = await call('PATCH', `${BASE}/${b.id}`, { vat_rate_id: 999999 });
      expectStatus(noRate, 422, 'updateVariant');
      expect(
        (await db().selectFrom('variants').select('sku').where('id', '=', b.id).executeTakeFirst())
          ?.sku,
      ).toBe(b.sku);

      const missing = await call('PATCH', `${BASE}/999999`, { price: '1.000' });
      expectProblem(missing, 404, 'Variant not found', 'updateVariant');
      const empty = await call('PATCH', `${BASE}/${b.id}`, {});
      expectStatus(empty, 422, 'updateVariant');
    });

    it("lets a simple product's default variant keep its DEFAULT SKU", async () => {
      const product = await insertProduct(db());
      const row = await insertVariant(db(), product.id, { is_default: 1, sku: 'DEFAULT' });
      const res = await call('PATCH', `${BASE}/${row.id}`, { sku: 'DEFAULT', barcode: '42' });
      expect(expectStatus<Variant>(res, 200, 'updateVariant')).toMatchObject({
        sku: 'DEFAULT',
        barcode: '42',
      });
    });
  });

  describe('deleteVariant', () => {
    it('deletes, keeping its movements; the last one makes the product simple again', async () => {
      const product = await insertProduct(db(), { has_variants: 1 });
      const a = await insertVariant(db(), product.id);
      const b = await insertVariant(db(), product.id);
      const adjusted = await call('POST', `${BASE}/${a.id}/inventory/adjust`, { adjustment: 1 });
      expect(adjusted.statusCode).toBe(200);
      const [movement] = await movementsOf(a.id);

      const first = await call('DELETE', `${BASE}/${a.id}`);
      expectStatus(first, 204, 'deleteVariant');
      expect(first.body).toBe('');
      expect(await movementsOf(a.id)).toEqual([]);
      // The audit trail stays, with what it concerned.
      expect(
        await db()
          .selectFrom('stock_movements')
          .selectAll()
          .where('id', '=', movement?.id ?? 0)
          .execute(),
      ).toEqual([{ ...movement, variant_id: null }]);
      expect(movement).toMatchObject({ sku: a.sku, delta: 1, order_id: null });
      expect((await productRow(product.id)).has_variants).toBe(1);

      const last = await call('DELETE', `${BASE}/${b.id}`);
      expect(last.statusCode).toBe(204);
      expect(await variantRows(product.id)).toEqual([]);
      expect((await productRow(product.id)).has_variants).toBe(0);

      const again = await call('DELETE', `${BASE}/${b.id}`);
      expectProblem(again, 404, 'Variant not found', 'deleteVariant');
    });
  });

  describe('listVariants', () => {
    it('pages in product, position, id order with total_pages', async () => {
      const product = await insertProduct(db(), { has_variants: 1 });
      const c = await insertVariant(db(), product.id, { position: 2 });
      const a = await insertVariant(db(), product.id, { position: 0 });
      const b1 = await insertVariant(db(), product.id, { position: 1 });
      const b2 = await insertVariant(db(), product.id, { position: 1 });
      const d = await insertVariant(db(), product.id, { position: 3, is_active: 0 });

      const page1 = await call('GET', `${BASE}/?product_id=${product.id}&page_size=2`);
      const body1 = expectStatus<Schemas['VariantPage']>(page1, 200, 'listVariants');
      expect(body1.items.map((v) => v.id)).toEqual([a.id, b1.id]);
      expect(body1).toMatchObject({ total: 5, page: 1, page_size: 2, total_pages: 3 });

      const page3 = expectResponseMatches<Schemas['VariantPage']>(
        'listVariants',
        await call('GET', `${BASE}/?product_id=${product.id}&page_size=2&page=3`),
      );
      expect(page3.items.map((v) => v.id)).toEqual([d.id]);
      const past = expectResponseMatches<Schemas['VariantPage']>(
        'listVariants',
        await call('GET', `${BASE}/?product_id=${product.id}&page_size=2&page=4`),
      );
      expect(past).toMatchObject({ items: [], total: 5, page: 4, total_pages: 3 });

      const all = expectResponseMatches<Schemas['VariantPage']>(
        'listVariants',
        await call('GET', `${BASE}/?product_id=${product.id}`),
      );
      expect(all.items.map((v) => v.id)).toEqual([a.id, b1.id, b2.id, c.id, d.id]);
      expect(all.page_size).toBe(10);

      const inactive = expectResponseMatches<Schemas['VariantPage']>(
        'listVariants',
        await call('GET', `${BASE}/?product_id=${product.id}&is_active=false`),
      );
      expect(inactive.items.map((v) => v.id)).toEqual([d.id]);
      const active = expectResponseMatches<Schemas['VariantPage']>(
        'listVariants',
        await call('GET', `${BASE}/?product_id=${product.id}&is_active=true`),
      );
      expect(active.total).toBe(4);
    });

    it('answers an empty page with total_pages 0, and 422 for a bad page size', async () => {
      const product = await insertProduct(db());
      const empty = await call('GET', `${BASE}/?product_id=${product.id}`);
      expect(expectResponseMatches('listVariants', empty)).toEqual({
        items: [],
        total: 0,
        page: 1,
        page_size: 10,
        total_pages: 0,
      });
      const bad = await call('GET', `${BASE}/?page_size=101`);
      expect(bad.statusCode).toBe(422);
      expect(issuesOf(bad, 'listVariants')[0]?.loc).toEqual(['query', 'page_size']);
    });

    it('lists default variants too', async () => {
      const product = await insertProduct(db());
      const row = await insertVariant(db(), product.id, { is_default: 1, sku: 'DEFAULT' });
      const body = expectResponseMatches<Schemas['VariantPage']>(
        'listVariants',
        await call('GET', `${BASE}/?product_id=${product.id}`),
      );
      expect(body.items.map((v) => [v.id, v.sku])).toEqual([[row.id, 'DEFAULT']]);
    });

    it('searches SKU, title and barcode case-insensitively, with % and _ taken literally', async () => {
      const product = await insertProduct(db(), { has_variants: 1 });
      const tag = `q${Date.now().toString(36)}`;
      const bySku = await insertVariant(db(), product.id, { sku: `${tag.toUpperCase()}-RED` });
      const byTitle = await insertVariant(db(), product.id, { variant_title: `Blue ${tag} 50%` });
      const byBarcode = await insertVariant(db(), product.id, { barcode: `BC_${tag}` });
      await insertVariant(db(), product.id, { variant_title: 'Blue 50 percent', barcode: 'BCx' });

      const search = async (text: string) =>
        expectResponseMatches<Schemas['VariantPage']>(
          'listVariants',
          await call('GET', `${BASE}/?product_id=${product.id}&search=${encodeURIComponent(text)}`),
        ).items.map((v) => v.id);

      expect(await search(tag.toUpperCase())).toEqual([bySku.id, byTitle.id, byBarcode.id]);
      expect(await search(`  ${tag}-red `)).toEqual([bySku.id]);
      expect(await search('50%')).toEqual([byTitle.id]);
      expect(await search('BC_')).toEqual([byBarcode.id]);
      expect(await search('nothing-like-this')).toEqual([]);
    });

    it("finds a variant by its product's name too (the line picker of staff orders)", async () => {
      const tag = `n${Date.now().toString(36)}`;
      const product = await insertProduct(db(), { has_variants: 1, name: `Linen ${tag} shirt` });
      const red = await insertVariant(db(), product.id, { variant_title: 'Red' });
      const blue = await insertVariant(db(), product.id, { variant_title: 'Blue' });
      const other = await insertProduct(db(), { has_variants: 1, name: 'Cotton dress' });
      await insertVariant(db(), other.id, { variant_title: 'Red' });

      const found = expectResponseMatches<Schemas['VariantPage']>(
        'listVariants',
        await call('GET', `${BASE}/?search=${encodeURIComponent(`LINEN ${tag.toUpperCase()}`)}`),
      );
      expect(found.items.map((v) => v.id)).toEqual([red.id, blue.id]);
      expect(found.total).toBe(2);
    });

    it('filters low stock and out of stock by docs/product.md rules', async () => {
      const product = await insertProduct(db(), { has_variants: 1 });
      const low = await insertVariant(db(), product.id, {
        stock_quantity: 5,
        low_stock_threshold: 5,
      });
      await insertVariant(db(), product.id, { stock_quantity: 6, low_stock_threshold: 5 });
      const zero = await insertVariant(db(), product.id, { stock_quantity: 0 });
      const negative = await insertVariant(db(), product.id, {
        stock_quantity: -2,
        allow_backorder: 1,
      });
      await insertVariant(db(), product.id, { stock_quantity: 0, track_inventory: 0 });
      await insertVariant(db(), product.id, { stock_quantity: 3, track_inventory: 0 });

      const ids = async (query: string) =>
        expectResponseMatches<Schemas['VariantPage']>(
          'listVariants',
          await call('GET', `${BASE}/?product_id=${product.id}&${query}`),
        ).items.map((v) => v.id);
      expect(await ids('low_stock_only=true')).toEqual([low.id]);
      expect(await ids('out_of_stock_only=true')).toEqual([zero.id, negative.id]);
      expect(await ids('low_stock_only=true&out_of_stock_only=true')).toEqual([]);
      expect(await ids('low_stock_only=false')).toHaveLength(6);
    });
  });

  describe('bulkCreateVariants', () => {
    it('creates all in request order and sets has_variants', async () => {
      const product = await insertProduct(db());
      const items = [newVariant({ position: 2 }), newVariant({ position: 1, stock_quantity: 3 })];
      const res = await call('POST', `${BASE}/bulk/create?product_id=${product.id}`, items);
      const body = expectStatus<Schemas['BulkVariantsResult']>(res, 201, 'bulkCreateVariants');
      expect(body.count).toBe(2);
      expect(body.items.map((v) => v.sku)).toEqual(items.map((i) => i.sku));
      expect(body.items[1]?.stock_quantity).toBe(3);
      expect(await variantRows(product.id)).toHaveLength(2);
      expect((await productRow(product.id)).has_variants).toBe(1);
    });

    it('creates nothing when one entry fails, naming its index', async () => {
      const product = await insertProduct(db());
      const taken = await insertVariant(db(), (await insertProduct(db())).id, { sku: sku('T') });

      const used = await call('POST', `${BASE}/bulk/create?product_id=${product.id}`, [
        newVariant(),
        newVariant(),
        newVariant({ sku: taken.sku }),
      ]);
      expectProblem(used, 409, 'items[2]: SKU already exists', 'bulkCreateVariants');

      const repeated = sku('R');
      const twice = await call('POST', `${BASE}/bulk/create?product_id=${product.id}`, [
        newVariant({ sku: repeated }),
        newVariant({ sku: repeated }),
      ]);
      expectProblem(twice, 409, 'items[1]: SKU already exists', 'bulkCreateVariants');

      const badRate = await call('POST', `${BASE}/bulk/create?product_id=${product.id}`, [
        newVariant(),
        newVariant({ vat_rate_id: 999999 }),
      ]);
      expect(issuesOf(badRate, 'bulkCreateVariants')).toEqual([
        { loc: ['body', 1, 'vat_rate_id'], msg: 'VAT rate not found', type: 'value_error' },
      ]);

      expect(await variantRows(product.id)).toEqual([]);
      expect((await productRow(product.id)).has_variants).toBe(0);

      const noProduct = await call('POST', `${BASE}/bulk/create?product_id=999999`, [newVariant()]);
      expectProblem(noProduct, 404, 'Product not found', 'bulkCreateVariants');
    });
  });

  describe('bulkUpdateVariants', () => {
    it('updates each entry with what it carries, in request order', async () => {
      const product = await insertProduct(db(), { has_variants: 1 });
      const a = await insertVariant(db(), product.id, { stock_quantity: 1 });
      const b = await insertVariant(db(), product.id);
      const res = await call('PATCH', `${BASE}/bulk/update`, [
        { id: b.id, price: '3.000' },
        { id: a.id, is_active: false, stock_quantity: 9 },
      ]);
      const body = expectStatus<Schemas['BulkVariantsResult']>(res, 200, 'bulkUpdateVariants');
      expect(body.count).toBe(2);
      expect(body.items.map((v) => [v.id, v.price, v.is_active, v.stock_quantity])).toEqual([
        [b.id, '3.000', true, 10],
        [a.id, '10.000', false, 9],
      ]);
      expect(await movementsOf(a.id)).toMatchObject([{ delta: 8, stock_after: 9 }]);
    });

    it('changes nothing when an entry fails, naming its index', async () => {
      const product = await insertProduct(db(), { has_variants: 1 });
      const a = await insertVariant(db(), product.id);
      const b = await insertVariant(db(), product.id);

      const missing = await call('PATCH', `${BASE}/bulk/update`, [
        { id: a.id, price: '1.000' },
        { id: 999999, price: '1.000' },
      ]);
      expectProblem(missing, 404, 'items[1]: Variant 999999 not found', 'bulkUpdateVariants');

      const dupSku = await call('PATCH', `${BASE}/bulk/update`, [
        { id: a.id, price: '1.000' },
        { id: b.id, sku: a.sku },
      ]);
      expectProblem(dupSku, 409, 'items[1]: SKU already exists', 'bulkUpdateVariants');

      const dupId = await call('PATCH', `${BASE}/bulk/update`, [
        { id: a.id, price: '1.000' },
        { id: a.id, price: '2.000' },
      ]);
      expect(issuesOf(dupId, 'bulkUpdateVariants')).toMatchObject([{ loc: ['body', 1, 'id'] }]);

      const rows = await variantRows(product.id);
      expect(rows.map((r) => [r.sku, r.price])).toEqual([
        [a.sku, 10_000],
        [b.sku, 10_000],
      ]);
    });
  });

  describe('bulkDeleteVariants', () => {
    it('deletes all or nothing and makes a product without variants simple', async () => {
      const product = await insertProduct(db(), { has_variants: 1 });
      const other = await insertProduct(db(), { has_variants: 1 });
      const a = await insertVariant(db(), product.id);
      const b = await insertVariant(db(), product.id);
      const keep = await insertVariant(db(), other.id);
      const gone = await insertVariant(db(), other.id);

      const missing = await call('DELETE', `${BASE}/bulk/delete`, { ids: [a.id, 999999] });
      expectProblem(missing, 404, 'ids[1]: Variant 999999 not found', 'bulkDeleteVariants');
      expect(await variantRows(product.id)).toHaveLength(2);

      const res = await call('DELETE', `${BASE}/bulk/delete`, { ids: [b.id, gone.id, a.id] });
      expect(expectStatus(res, 200, 'bulkDeleteVariants')).toEqual({
        deleted_ids: [b.id, gone.id, a.id],
        count: 3,
      });
      expect(await variantRows(product.id)).toEqual([]);
      expect((await productRow(product.id)).has_variants).toBe(0);
      expect((await variantRows(other.id)).map((r) => r.id)).toEqual([keep.id]);
      expect((await productRow(other.id)).has_variants).toBe(1);
    });
  });

  describe('duplicateVariant', () => {
    it("copies the variant with no stock, '-copy' SKU and the next position", async () => {
      const product = await insertProduct(db(), { has_variants: 0 });
      const own = await insertVatRate(db(), { rate_bp: 700 });
      const source = await insertVariant(db(), product.id, {
        sku: sku('SRC'),
        stock_quantity: 12,
        position: 3,
        option_values: '{"color":"Red"}',
        vat_rate_id: own.id,
        barcode: '999',
      });
      await insertVariant(db(), product.id, { position: 7 });

      const res = await call('POST', `${BASE}/${source.id}/duplicate`, {});
      const copy = expectStatus<Variant>(res, 201, 'duplicateVariant');
      expect(copy).toMatchObject({
        product_id: product.id,
        sku: `${source.sku}-copy`,
        variant_title: source.variant_title,
        option_values: { color: 'Red' },
        vat_rate_id: own.id,
        barcode: '999',
        price: '10.000',
        stock_quantity: 0,
        position: 8,
      });
      expect(copy.id).not.toBe(source.id);
      expect((await productRow(product.id)).has_variants).toBe(1);

      const again = await call('POST', `${BASE}/${source.id}/duplicate`, { new_sku: null });
      expectProblem(again, 409, 'SKU already exists', 'duplicateVariant');

      const named = await call('POST', `${BASE}/${source.id}/duplicate`, {
        new_sku: 'SRC-BLUE-' + counter,
      });
      expect(expectStatus<Variant>(named, 201, 'duplicateVariant')).toMatchObject({
        sku: `SRC-BLUE-${counter}`,
        position: 9,
      });
      expect(await variantRows(product.id)).toHaveLength(4);
    });

    it('answers 404 for an unknown variant and 409 for a default variant', async () => {
      const missing = await call('POST', `${BASE}/999999/duplicate`, {});
      expectProblem(missing, 404, 'Variant not found', 'duplicateVariant');

      const product = await insertProduct(db());
      const hidden = await insertVariant(db(), product.id, { is_default: 1, sku: 'DEFAULT' });
      const res = await call('POST', `${BASE}/${hidden.id}/duplicate`, {});
      expectProblem(res, 409, 'Product type cannot be changed after creation', 'duplicateVariant');
      expect(await variantRows(product.id)).toHaveLength(1);
      expect((await productRow(product.id)).has_variants).toBe(0);
    });
  });
});
