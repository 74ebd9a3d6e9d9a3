// Admin products: listAdminProducts, createProduct, getProduct, updateProduct, deleteProduct.
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  anyNumber,
  anyString,
  expectIssues,
  expectProblem,
  expectStatus,
  firstIssueLoc,
  issuesOf,
} from '../../test-support/contract';
import type { Schemas } from '../../test-support/contract';
import { useAdminAccount, useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import {
  insertCategory,
  insertProduct,
  insertVariant,
  insertVatRate,
} from '../../test-support/fixtures';
import { expectResponseMatches } from '../../test-support/openapi-validator';
import { clearShop } from '../../test-support/shop';

type Product = Schemas['Product'];

describe.each(testDialects)('admin products (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const admin = useAdminAccount(t, 'manager');
  const auth = admin.headers;
  let vat19: { id: number };
  let category: { id: number };

  beforeEach(async () => {
    const db = t.database.db;
    await clearShop(db);
    vat19 = await insertVatRate(db, { rate_bp: 1900, country_code: 'TN', is_default: 1 });
    category = await insertCategory(db, { name: 'Shirts', slug: 'shirts' });
  });

  const db = () => t.database.db;
  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const validBody = (extra: Record<string, unknown> = {}) => ({
    name: 'Summer T-shirt',
    slug: 'summer-t-shirt',
    description: 'A light shirt',
    category_id: category.id,
    base_price: '25.5',
    vat_rate_id: vat19.id,
    ...extra,
  });
  async function create(extra: Record<string, unknown> = {}): Promise<Product> {
    const res = await inject('POST', '/api/v1/admin/products/', validBody(extra));
    expect(res.statusCode, res.body).toBe(201);
    return expectResponseMatches<Product>('createProduct', res);
  }
  const defaultVariant = (productId: number) =>
    db()
      .selectFrom('variants')
      .selectAll()
      .where('product_id', '=', productId)
      .where('is_default', '=', 1)
      .executeTakeFirst();
  const movements = () => db().selectFrom('stock_movements').selectAll().orderBy('id').execute();
  let seq = 0;
  const product = (values: Parameters<typeof insertProduct>[1] = {}) => {
    seq += 1;
    return insertProduct(db(), {
      vat_rate_id: vat19.id,
      created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, seq)).toISOString(),
      ...values,
    });
  };

  describe('access', () => {
    it('requires an admin token, and a writing role to change products', async () => {
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/admin/products/' });
      expectStatus(anonymous, 401, 'listAdminProducts');

      const support = await t.authAs('support');
      const read = await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/products/',
        headers: support,
      });
      expect(read.statusCode).toBe(200);
      const write = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/products/',
        headers: support,
        payload: validBody(),
      });
      expectProblem(write, 403, 'Your role (support) does not allow this action', 'createProduct');
      expect(await db().selectFrom('products').select('id').execute()).toEqual([]);
    });
  });

  describe('createProduct', () => {
    it('creates a product with trimmed text, defaults and computed prices', async () => {
      const res = await inject(
        'POST',
        '/api/v1/admin/products/',
        validBody({
          name: '  Summer T-shirt  ',
          description: '  A light shirt \n',
          short_description: '   ',
          brand: ' Acme ',
          meta_title: ' Title ',
          tags: [' summer ', 'cotton', '  '],
          base_price: '12.15',
          compare_at_price: '15.050',
          price_includes_vat: false,
        }),
      );
      const body = expectStatus<Product>(res, 201, 'createProduct');
      expect(body).toEqual({
        id: anyNumber,
        name: 'Summer T-shirt',
        slug: 'summer-t-shirt',
        description: 'A light shirt',
        short_description: null,
        category_id: category.id,
        brand: 'Acme',
        has_variants: false,
        base_price: '12.150',
        compare_at_price: '15.050',
        // 12.150 × 1.19 = 14.4585 → 14.459 (half-up)
        price_incl_vat: '14.459',
        vat_rate_id: vat19.id,
        vat_rate: 19,
        price_includes_vat: false,
        images: [],
        is_active: true,
        is_featured: false,
        meta_title: 'Title',
        meta_description: null,
        tags: ['summer', 'cotton'],
        variant_count: 0,
        price_range: { min: '14.459', max: '14.459' },
        // No inventory sent: no default variant, so no SKU and no stock counted.
        sku: null,
        stock_quantity: null,
        stock_state: 'not_tracked',
        created_at: anyString,
        updated_at: anyString,
      });
      const row = await db()
        .selectFrom('products')
        .selectAll()
        .where('id', '=', body.id)
        .executeTakeFirstOrThrow();
      expect(Number(row.base_price)).toBe(12_150);
      expect(Number(row.compare_at_price)).toBe(15_050);
      expect(row.tags).toBe('["summer","cotton"]');
      // The contract: no inventory → no default variant.
      expect(await defaultVariant(body.id)).toBeUndefined();
    });

    it('creates the default variant from inventory, with its initial stock as a movement', async () => {
      const body = await create({
        base_price: '19.990',
        compare_at_price: '25',
        inventory: { stock_quantity: 7, barcode: ' 123 ', weight: 0.25 },
      });
      expect(body.variant_count).toBe(1);
      const variant = await defaultVariant(body.id);
      expect(variant).toMatchObject({
        sku: 'DEFAULT',
        variant_title: 'DEFAULT',
        option_values: '{}',
        barcode: '123',
        weight: 0.25,
        cost_price: null,
        vat_rate_id: null,
        low_stock_threshold: 5,
        track_inventory: 1,
        allow_backorder: 0,
        is_active: 1,
      });
      expect(Number(variant?.price)).toBe(19_990);
      expect(Number(variant?.compare_at_price)).toBe(25_000);
      expect(variant?.stock_quantity).toBe(7);
      expect(await movements()).toMatchObject([
        {
          variant_id: variant?.id,
          delta: 7,
          stock_before: 0,
          stock_after: 7,
          kind: 'inventory_update',
          reason: 'Product inventory update',
          admin_user_id: admin.id,
        },
      ]);
    });

    it('uses the inventory sku and settings; zero stock records no movement', async () => {
      const body = await create({
        inventory: {
          sku: 'TEE-1',
          low_stock_threshold: 2,
          track_inventory: false,
          allow_backorder: true,
        },
      });
      expect(await defaultVariant(body.id)).toMatchObject({
        sku: 'TEE-1',
        stock_quantity: 0,
        low_stock_threshold: 2,
        track_inventory: 0,
        allow_backorder: 1,
      });
      expect(await movements()).toEqual([]);
    });

    it('refuses a used slug or inventory sku (409), but DEFAULT may repeat', async () => {
      await create({ inventory: { sku: 'TEE-1' } });
      const slug = await inject('POST', '/api/v1/admin/products/', validBody());
      expectProblem(slug, 409, 'Slug already exists', 'createProduct');

      const sku = await inject(
        'POST',
        '/api/v1/admin/products/',
        validBody({ slug: 'other', inventory: { sku: 'TEE-1' } }),
      );
      expectProblem(sku, 409, 'SKU already exists', 'createProduct');
      expect(
        await db().selectFrom('products').select('slug').where('slug', '=', 'other').execute(),
      ).toEqual([]);

      await create({ slug: 'first-default', inventory: {} });
      await create({ slug: 'second-default', inventory: { sku: null } });
      expect(
        await db().selectFrom('variants').select('sku').where('sku', '=', 'DEFAULT').execute(),
      ).toHaveLength(2);
    });

    it('refuses an unknown category and VAT rate with one 422 naming both fields', async () => {
      const res = await inject(
        'POST',
        '/api/v1/admin/products/',
        validBody({ category_id: 999_999, vat_rate_id: 999_998 }),
      );
      expectIssues(res, 'createProduct', [
        { loc: ['body', 'category_id'], msg: 'Category not found', type: 'value_error' },
        { loc: ['body', 'vat_rate_id'], msg: 'VAT rate not found', type: 'value_error' },
      ]);
    });

    it('refuses inventory for a product with variants, and a blank name (422)', async () => {
      const inv = await inject(
        'POST',
        '/api/v1/admin/products/',
        validBody({ has_variants: true, inventory: { stock_quantity: 1 } }),
      );
      expectIssues(inv, 'createProduct', [
        {
          loc: ['body', 'inventory'],
          msg: 'Inventory can only be set for a product without variants',
          type: 'value_error',
        },
      ]);

      const blank = await inject('POST', '/api/v1/admin/products/', validBody({ name: '   ' }));
      expect(blank.statusCode).toBe(422);
      expect(firstIssueLoc('createProduct', blank)).toEqual(['body', 'name']);
      expect(await db().selectFrom('products').select('id').execute()).toEqual([]);
    });

    it('creates a product with variants without any default variant', async () => {
      const body = await create({ has_variants: true });
      expect(body.has_variants).toBe(true);
      expect(body.variant_count).toBe(0);
      expect(await db().selectFrom('variants').select('id').execute()).toEqual([]);
    });

    it('validates the body against the contract (422)', async () => {
      const res = await inject(
        'POST',
        '/api/v1/admin/products/',
        validBody({ base_price: '1.2345', meta_title: 'x'.repeat(61), colour: 'red' }),
      );
      const locs = issuesOf(res, 'createProduct').map((d) => d.loc.join('.'));
      expect(locs).toEqual(
        expect.arrayContaining(['body.base_price', 'body.meta_title', 'body.colour']),
      );
    });
  });

  describe('listAdminProducts and getProduct', () => {
    it('lists active and inactive products newest first, with variant counts and X-Total-Count', async () => {
      const simple = await product({ slug: 'simple', is_active: 0 });
      await insertVariant(db(), simple.id, { is_default: 1, sku: 'DEFAULT' });
      const multi = await product({ slug: 'multi', has_variants: 1 });
      await insertVariant(db(), multi.id);
      await insertVariant(db(), multi.id, { is_active: 0 });
      await insertVariant(db(), multi.id);
      await product({ slug: 'bare' });

      const res = await inject('GET', '/api/v1/admin/products/');
      const body = expectStatus<Product[]>(res, 200, 'listAdminProducts');
      expect(body.map((p) => [p.slug, p.variant_count, p.is_active])).toEqual([
        ['bare', 0, true],
        ['multi', 3, true],
        ['simple', 1, false],
      ]);
      expect(res.headers['x-total-count']).toBe('3');

      const page = await inject('GET', '/api/v1/admin/products/?skip=1&limit=1');
      expect(
        expectResponseMatches<Product[]>('listAdminProducts', page).map((p) => p.slug),
      ).toEqual(['multi']);
      expect(page.headers['x-total-count']).toBe('3');
    });

    it('filters by search (name, slug, brand), category and status', async () => {
      const other = await insertCategory(db());
      await product({ slug: 'by-name', name: 'Blue MUG' });
      await product({ slug: 'mug-by-slug', name: 'Cup' });
      await product({ slug: 'by-brand', name: 'Plate', brand: 'MugWorks' });
      await product({ slug: 'by-text', name: 'Bowl', short_description: 'mug' });
      await product({ slug: 'fifty', name: '50% off', category_id: other.id, is_active: 0 });
      await product({ slug: 'five', name: '500 off', category_id: other.id });

      const slugs = async (query: string) => {
        const res = await inject('GET', `/api/v1/admin/products/${query}`);
        expect(res.statusCode).toBe(200);
        return expectResponseMatches<Product[]>('listAdminProducts', res)
          .map((p) => p.slug)
          .sort();
      };
      expect(await slugs('?search=%20mUg%20')).toEqual(['by-brand', 'by-name', 'mug-by-slug']);
      expect(await slugs('?search=0%25')).toEqual(['fifty']);
      expect(await slugs(`?category_id=${other.id}`)).toEqual(['fifty', 'five']);
      expect(await slugs(`?category_id=${other.id}&is_active=true`)).toEqual(['five']);
      expect(await slugs('?is_active=false')).toEqual(['fifty']);

      const res = await inject('GET', '/api/v1/admin/products/?limit=1001');
      expect(res.statusCode).toBe(422);
      expect(firstIssueLoc('listAdminProducts', res)).toEqual(['query', 'limit']);
    });

    it('searches through the index (migration 015) as through the columns, whatever is written since', async () => {
      const tea = await product({ slug: 'pot-x', name: 'Tea', brand: 'Acme' });
      const mug = await product({ slug: 'blue-mug', name: 'Blue MUG' });
      const slugs = async (search: string) => {
        const res = await inject(
          'GET',
          `/api/v1/admin/products/?search=${encodeURIComponent(search)}`,
        );
        expect(res.statusCode).toBe(200);
        return {
          total: res.headers['x-total-count'],
          slugs: expectResponseMatches<Product[]>('listAdminProducts', res).map((p) => p.slug),
        };
      };
      expect(await slugs('ACM')).toEqual({ total: '1', slugs: ['pot-x'] });
      expect(await slugs('ue mu')).toEqual({ total: '1', slugs: ['blue-mug'] });
      // The fields are searched one by one: no match across two of them.
      expect(await slugs('teapot')).toEqual({ total: '0', slugs: [] });
      await db()
        .updateTable('products')
        .set({ name: 'Green teapot', brand: null })
        .where('id', '=', tea.id)
        .execute();
      expect(await slugs('teapot')).toEqual({ total: '1', slugs: ['pot-x'] });
      expect(await slugs('acme')).toEqual({ total: '0', slugs: [] });
      expect((await inject('DELETE', `/api/v1/admin/products/${mug.id}`)).statusCode).toBe(204);
      expect(await slugs('blue')).toEqual({ total: '0', slugs: [] });

      // The index, not a scan, answers a text of 3 characters or more.
      const plan =
        dialect === 'sqlite'
          ? await sql<{
              detail: string;
            }>`explain query plan select rowid from product_search where doc like lower(${'%teapot%'})`.execute(
              db(),
            )
          : await db()
              .transaction()
              .execute(async (trx) => {
                await sql`set local enable_seqscan = off`.execute(trx);
                return sql<{
                  'QUERY PLAN': string;
                }>`explain select rowid from product_search where doc like lower(${'%teapot%'})`.execute(
                  trx,
                );
              });
      expect(JSON.stringify(plan.rows)).toMatch(
        dialect === 'sqlite' ? /VIRTUAL TABLE INDEX 0:L0/ : /product_search_doc/,
      );
    });

    it('returns one product, and 404 for an unknown id', async () => {
      const rate = await insertVatRate(db(), { rate_bp: 550, country_code: 'FR' });
      const p = await product({
        base_price: 10_001,
        price_includes_vat: 0,
        vat_rate_id: rate.id,
      });
      const res = await inject('GET', `/api/v1/admin/products/${p.id}`);
      expect(res.statusCode).toBe(200);
      // 10.001 × 1.055 = 10.551055 → 10.551; the product's own rate, whatever its country.
      expect(expectResponseMatches<Product>('getProduct', res)).toMatchObject({
        id: p.id,
        base_price: '10.001',
        price_incl_vat: '10.551',
        vat_rate: 5.5,
      });

      const missing = await inject('GET', '/api/v1/admin/products/999999');
      expectProblem(missing, 404, 'Product not found', 'getProduct');
    });
  });

  describe('updateProduct', () => {
    it('changes only the properties sent; null clears optional ones', async () => {
      const created = await create({ short_description: 'Short', brand: 'Acme', tags: ['a'] });
      const res = await inject('PATCH', `/api/v1/admin/products/${created.id}`, {
        name: ' Winter T-shirt ',
        short_description: null,
        is_featured: true,
      });
      const body = expectStatus<Product>(res, 200, 'updateProduct');
      expect(body).toEqual({
        ...created,
        name: 'Winter T-shirt',
        short_description: null,
        is_featured: true,
        updated_at: anyString,
      });
    });

    it("keeps the default variant's price in line with the product", async () => {
      const created = await create({ base_price: '10', inventory: { stock_quantity: 1 } });
      const res = await inject('PATCH', `/api/v1/admin/products/${created.id}`, {
        base_price: '11.111',
        compare_at_price: '12',
        price_includes_vat: false,
      });
      const body = expectResponseMatches<Product>('updateProduct', res);
      // 11.111 × 1.19 = 13.22209 → 13.222
      expect(body).toMatchObject({ base_price: '11.111', price_incl_vat: '13.222' });
      const variant = await defaultVariant(created.id);
      expect(Number(variant?.price)).toBe(11_111);
      expect(Number(variant?.compare_at_price)).toBe(12_000);

      await inject('PATCH', `/api/v1/admin/products/${created.id}`, { compare_at_price: null });
      expect((await defaultVariant(created.id))?.compare_at_price).toBeNull();
    });

    it('updates the default variant; stock changes are recorded movements', async () => {
      const created = await create({ inventory: { stock_quantity: 5, barcode: 'B1' } });
      const res = await inject('PATCH', `/api/v1/admin/products/${created.id}`, {
        inventory: { stock_quantity: 2, sku: 'TEE-9', allow_backorder: true },
      });
      expectStatus(res, 200, 'updateProduct');
      // Left-out properties keep their value (no contract default is applied on update).
      expect(await defaultVariant(created.id)).toMatchObject({
        sku: 'TEE-9',
        barcode: 'B1',
        stock_quantity: 2,
        allow_backorder: 1,
        track_inventory: 1,
        low_stock_threshold: 5,
      });
      const all = await movements();
      expect(all).toHaveLength(2);
      expect(all[1]).toMatchObject({
        delta: -3,
        stock_before: 5,
        stock_after: 2,
        kind: 'inventory_update',
        reason: 'Product inventory update',
        admin_user_id: admin.id,
      });

      // Only the barcode: the stock stays, no movement.
      await inject('PATCH', `/api/v1/admin/products/${created.id}`, {
        inventory: { barcode: null },
      });
      expect(await defaultVariant(created.id)).toMatchObject({ barcode: null, stock_quantity: 2 });
      expect(await movements()).toHaveLength(2);

      // sku null goes back to the DEFAULT placeholder.
      await inject('PATCH', `/api/v1/admin/products/${created.id}`, { inventory: { sku: null } });
      expect((await defaultVariant(created.id))?.sku).toBe('DEFAULT');
    });

    it('creates the default variant on the first inventory update', async () => {
      const created = await create({ base_price: '3.5' });
      const res = await inject('PATCH', `/api/v1/admin/products/${created.id}`, {
        base_price: '4',
        inventory: { stock_quantity: 12 },
      });
      expect(expectResponseMatches<Product>('updateProduct', res).variant_count).toBe(1);
      const variant = await defaultVariant(created.id);
      expect(variant).toMatchObject({ sku: 'DEFAULT', stock_quantity: 12, low_stock_threshold: 5 });
      expect(Number(variant?.price)).toBe(4_000);
      expect(await movements()).toMatchObject([{ delta: 12, admin_user_id: admin.id }]);
    });

    it('refuses inventory for a product with variants (422)', async () => {
      const created = await create({ has_variants: true });
      const res = await inject('PATCH', `/api/v1/admin/products/${created.id}`, {
        name: 'Changed',
        inventory: { stock_quantity: 3 },
      });
      expect(res.statusCode).toBe(422);
      expect(firstIssueLoc('updateProduct', res)).toEqual(['body', 'inventory']);
      expect(
        (await inject('GET', `/api/v1/admin/products/${created.id}`)).json<Product>().name,
      ).toBe('Summer T-shirt');
    });

    it('keeps has_variants in line with the variants', async () => {
      const created = await create({ has_variants: true });
      await insertVariant(db(), created.id);
      await insertVariant(db(), created.id);
      const refused = await inject('PATCH', `/api/v1/admin/products/${created.id}`, {
        has_variants: false,
      });
      expectProblem(
        refused,
        409,
        'Cannot mark the product as simple: it has 2 variants (at most 1 allowed)',
        'updateProduct',
      );

      await db().deleteFrom('variants').where('product_id', '=', created.id).execute();
      const simple = await inject('PATCH', `/api/v1/admin/products/${created.id}`, {
        has_variants: false,
      });
      expect(simple.statusCode).toBe(200);
      expect(expectResponseMatches<Product>('updateProduct', simple).has_variants).toBe(false);

      const back = await inject('PATCH', `/api/v1/admin/products/${created.id}`, {
        has_variants: true,
      });
      expect(expectResponseMatches<Product>('updateProduct', back).has_variants).toBe(true);
    });

    it('refuses has_variants true for a simple product holding a default variant (409)', async () => {
      const created = await create({ inventory: { stock_quantity: 2 } });
      const res = await inject('PATCH', `/api/v1/admin/products/${created.id}`, {
        has_variants: true,
        name: 'Renamed',
      });
      expectProblem(res, 409, 'Product type cannot be changed after creation', 'updateProduct');
      const row = await db()
        .selectFrom('products')
        .select(['has_variants', 'name'])
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ has_variants: 0, name: 'Summer T-shirt' });
    });

    it('refuses a slug or sku used elsewhere (409) and unknown references (422)', async () => {
      await create({ slug: 'taken', inventory: { sku: 'USED' } });
      const mine = await create({ slug: 'mine', inventory: { sku: 'MINE' } });

      const same = await inject('PATCH', `/api/v1/admin/products/${mine.id}`, {
        slug: 'mine',
        inventory: { sku: 'MINE' },
      });
      expect(same.statusCode).toBe(200);

      const slug = await inject('PATCH', `/api/v1/admin/products/${mine.id}`, { slug: 'taken' });
      expectProblem(slug, 409, 'Slug already exists', 'updateProduct');
      const sku = await inject('PATCH', `/api/v1/admin/products/${mine.id}`, {
        inventory: { sku: 'USED' },
      });
      expectProblem(sku, 409, 'SKU already exists', 'updateProduct');

      const refs = await inject('PATCH', `/api/v1/admin/products/${mine.id}`, {
        vat_rate_id: 999_999,
      });
      expectIssues(refs, 'updateProduct', [
        { loc: ['body', 'vat_rate_id'], msg: 'VAT rate not found', type: 'value_error' },
      ]);
    });

    it('answers 404 for an unknown product and 422 for an empty body', async () => {
      const missing = await inject('PATCH', '/api/v1/admin/products/999999', { name: 'X' });
      expectProblem(missing, 404, 'Product not found', 'updateProduct');
      const created = await create();
      const empty = await inject('PATCH', `/api/v1/admin/products/${created.id}`, {});
      expectStatus(empty, 422, 'updateProduct');
    });
  });

  describe('deleteProduct', () => {
    it('deletes the product with its variants, keeping their movements', async () => {
      const created = await create({ inventory: { stock_quantity: 3 } });
      const keep = await create({ slug: 'keep', inventory: { stock_quantity: 1 } });
      const res = await inject('DELETE', `/api/v1/admin/products/${created.id}`);
      expectStatus(res, 204, 'deleteProduct');
      expect(res.body).toBe('');
      expect(await db().selectFrom('products').select('id').execute()).toEqual([{ id: keep.id }]);
      const variants = await db().selectFrom('variants').select('product_id').execute();
      expect(variants).toEqual([{ product_id: keep.id }]);
      // The audit trail outlives the catalogue: the movement keeps its SKU and title.
      const [gone, kept] = await movements();
      expect(gone).toMatchObject({
        variant_id: null,
        order_id: null,
        sku: 'DEFAULT',
        title: created.name,
        delta: 3,
        stock_before: 0,
        stock_after: 3,
      });
      expect(kept).toMatchObject({ sku: 'DEFAULT', title: keep.name, delta: 1 });

      const again = await inject('DELETE', `/api/v1/admin/products/${created.id}`);
      expectProblem(again, 404, 'Product not found', 'deleteProduct');
    });
  });
});
