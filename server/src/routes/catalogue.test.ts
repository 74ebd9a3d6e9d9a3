// Public catalogue: listProducts, listFeaturedProducts, getProductBySlug, listProductVariantsBySlug.
import { beforeEach, describe, expect, it } from 'vitest';
import { anyNumber, expectIssues, expectProblem, expectStatus } from '../../test-support/contract';
import type { Schemas } from '../../test-support/contract';
import { useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import {
  insertCategory,
  insertProduct,
  insertVariant,
  insertVatRate,
} from '../../test-support/fixtures';
import { expectResponseMatches } from '../../test-support/openapi-validator';
import { resetShop } from '../../test-support/shop';

type PublicProduct = Schemas['PublicProduct'];
type PublicVariant = Schemas['PublicVariant'];

describe.each(testDialects)('public catalogue (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let tn19: { id: number };
  beforeEach(async () => {
    // Each test starts from an empty catalogue with TN 19 % and FR 20 % as the defaults.
    tn19 = await resetShop(t.database.db);
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  /** getProductBySlug of this slug (and query string), checked against the contract. */
  const bySlug = async (slugAndQuery: string) =>
    expectResponseMatches<PublicProduct>(
      'getProductBySlug',
      await get(`/api/v1/products/${slugAndQuery}`),
    );
  let seq = 0;
  /** A product created at a distinct instant, so "newest first" is deterministic. */
  const product = (values: Parameters<typeof insertProduct>[1] = {}) => {
    seq += 1;
    return insertProduct(t.database.db, {
      vat_rate_id: tn19.id,
      created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, seq)).toISOString(),
      ...values,
    });
  };

  async function list(query = ''): Promise<{ body: PublicProduct[]; total: string | undefined }> {
    const res = await get(`/api/v1/products/${query}`);
    const body = expectStatus<PublicProduct[]>(res, 200, 'listProducts');
    return { body, total: res.headers['x-total-count'] as string | undefined };
  }

  describe('pricing', () => {
    it('adds VAT half-up to a net base price and keeps it as the net price', async () => {
      // 12.150 × 1.19 = 14.4585 → 14.459 (half-up; banker's rounding or floats would give 14.458)
      await product({
        slug: 'net-priced',
        base_price: 12_150,
        compare_at_price: 15_050, // 15.050 × 1.19 = 17.9095 → 17.910
        price_includes_vat: 0,
      });
      const res = await get('/api/v1/products/net-priced');
      const body = expectStatus<PublicProduct>(res, 200, 'getProductBySlug');
      expect(body).toMatchObject({
        price: '12.150',
        price_incl_vat: '14.459',
        compare_at_price: '17.910',
        vat_rate: 19,
        country_code: 'TN',
      });
    });

    it('derives the net price half-up from a gross base price', async () => {
      const fr = await insertVatRate(t.database.db, { rate_bp: 2000, country_code: 'FR' });
      // 10.011 / 1.20 = 8.3425 → 8.343 (half-up; banker's rounding would give 8.342)
      await product({
        slug: 'gross-priced',
        base_price: 10_011,
        compare_at_price: 12_000,
        price_includes_vat: 1,
        vat_rate_id: fr.id,
      });
      const body = await bySlug('gross-priced?country_code=FR');
      expect(body).toMatchObject({
        price: '8.343',
        price_incl_vat: '10.011',
        compare_at_price: '12.000',
        vat_rate: 20,
        country_code: 'FR',
      });
    });

    it("uses the product's own rate when it belongs to the country, even if not the default", async () => {
      const tn7 = await insertVatRate(t.database.db, { rate_bp: 700, country_code: 'TN' });
      await product({
        slug: 'reduced',
        base_price: 10_000,
        price_includes_vat: 0,
        vat_rate_id: tn7.id,
      });
      const body = await bySlug('reduced');
      expect(body).toMatchObject({ vat_rate: 7, price_incl_vat: '10.700', price: '10.000' });
    });

    it("uses the requested country's default rate in effect today for a foreign rate", async () => {
      const db = t.database.db;
      // Not in effect: expired, not yet started, inactive; and a non-default FR rate.
      await insertVatRate(db, {
        rate_bp: 550,
        country_code: 'DE',
        is_default: 1,
        effective_from: '2010-01-01T00:00:00.000Z',
        effective_to: '2015-12-31T23:59:59.999Z',
      });
      await insertVatRate(db, {
        rate_bp: 2500,
        country_code: 'DE',
        is_default: 1,
        effective_from: '2999-01-01T00:00:00.000Z',
      });
      await insertVatRate(db, { rate_bp: 3000, country_code: 'DE', is_default: 1, is_active: 0 });
      await insertVatRate(db, { rate_bp: 700, country_code: 'DE', is_default: 0 });
      await insertVatRate(db, {
        rate_bp: 1600,
        country_code: 'DE',
        is_default: 1,
        effective_from: '2020-01-01T00:00:00Z', // without milliseconds: still compared as a date
        effective_to: '2999-12-31T23:59:59.999Z',
      });
      await product({ slug: 'shirt', base_price: 10_000, price_includes_vat: 0 });

      const de = await bySlug('shirt?country_code=de');
      expect(de).toMatchObject({
        country_code: 'DE',
        vat_rate: 16,
        price: '10.000',
        price_incl_vat: '11.600',
      });
      const fr = await bySlug('shirt?country_code=FR');
      expect(fr).toMatchObject({ vat_rate: 20, price_incl_vat: '12.000' });
    });

    it('keeps a gross base price gross abroad and derives the net with the foreign rate', async () => {
      await product({ slug: 'gross-tn', base_price: 11_900, price_includes_vat: 1 });
      const fr = await bySlug('gross-tn?country_code=FR');
      // 11.900 / 1.20 = 9.91666… → 9.917
      expect(fr).toMatchObject({ vat_rate: 20, price_incl_vat: '11.900', price: '9.917' });
    });

    it('shows no price for a country without a default rate in force (never another rate)', async () => {
      await product({ slug: 'anywhere', base_price: 10_000, price_includes_vat: 0 });
      const body = await bySlug('anywhere?country_code=US');
      expect(body).toMatchObject({
        country_code: 'US',
        vat_rate: null,
        price: null,
        price_incl_vat: null,
      });
    });

    it('refuses an invalid country code (422)', async () => {
      await product({ slug: 'p' });
      const res = await get('/api/v1/products/p?country_code=TUN');
      const body = expectStatus<{ detail: { loc: unknown[] }[] }>(res, 422, 'getProductBySlug');
      expect(body.detail[0]?.loc).toEqual(['query', 'country_code']);
    });
  });

  describe('getProductBySlug', () => {
    it('returns the full public shape with an active category', async () => {
      const cat = await insertCategory(t.database.db, { name: 'Shirts', slug: 'shirts' });
      await product({
        name: 'Summer shirt',
        slug: 'summer-shirt',
        description: 'Long text',
        short_description: 'Short',
        brand: 'Acme',
        category_id: cat.id,
        images: JSON.stringify(['https://img.example/1.jpg']),
        tags: JSON.stringify(['summer', 'cotton']),
        is_featured: 1,
        meta_title: 'Meta',
        meta_description: null,
      });
      const res = await get('/api/v1/products/summer-shirt');
      const body = expectStatus<PublicProduct>(res, 200, 'getProductBySlug');
      expect(body).toEqual({
        id: anyNumber,
        name: 'Summer shirt',
        slug: 'summer-shirt',
        description: 'Long text',
        short_description: 'Short',
        category_id: cat.id,
        category: { id: cat.id, name: 'Shirts', slug: 'shirts' },
        brand: 'Acme',
        price: '8.403', // 10.000 / 1.19 = 8.40336…
        price_incl_vat: '10.000',
        compare_at_price: null,
        vat_rate: 19,
        country_code: 'TN',
        images: ['https://img.example/1.jpg'],
        is_featured: true,
        has_variants: false,
        tags: ['summer', 'cotton'],
        meta_title: 'Meta',
        meta_description: null,
        in_stock: true, // no variant at all
      });
    });

    it('still shows a product of an inactive category, with category null', async () => {
      const cat = await insertCategory(t.database.db, { is_active: 0 });
      await product({ slug: 'orphan', category_id: cat.id });
      const body = await bySlug('orphan');
      expect(body.category_id).toBe(cat.id);
      expect(body.category).toBeNull();
    });

    it('answers 404 for an unknown or inactive product', async () => {
      await product({ slug: 'hidden', is_active: 0 });
      for (const slug of ['hidden', 'nope']) {
        const res = await get(`/api/v1/products/${slug}`);
        expectProblem(res, 404, 'Product not found', 'getProductBySlug');
      }
    });
  });

  describe('in_stock', () => {
    async function inStock(slug: string): Promise<boolean> {
      return (await bySlug(slug)).in_stock;
    }

    it('follows the sellable active variants', async () => {
      const db = t.database.db;
      await product({ slug: 'no-variants' });

      const empty = await product({ slug: 'empty-default' });
      await insertVariant(db, empty.id, { is_default: 1, sku: 'DEFAULT', stock_quantity: 0 });

      const backorder = await product({ slug: 'backorder' });
      await insertVariant(db, backorder.id, {
        is_default: 1,
        sku: 'DEFAULT',
        stock_quantity: 0,
        allow_backorder: 1,
      });

      const untracked = await product({ slug: 'untracked' });
      await insertVariant(db, untracked.id, { stock_quantity: 0, track_inventory: 0 });

      const inactiveOnly = await product({ slug: 'inactive-only', has_variants: 1 });
      await insertVariant(db, inactiveOnly.id, { stock_quantity: 50, is_active: 0 });

      const negative = await product({ slug: 'negative' });
      await insertVariant(db, negative.id, { stock_quantity: -2, allow_backorder: 0 });

      const oneOfTwo = await product({ slug: 'one-of-two', has_variants: 1 });
      await insertVariant(db, oneOfTwo.id, { stock_quantity: 0 });
      await insertVariant(db, oneOfTwo.id, { stock_quantity: 1 });

      // A product with variants ignores a hidden default variant left from its simple days.
      const leftover = await product({ slug: 'leftover', has_variants: 1 });
      await insertVariant(db, leftover.id, { is_default: 1, sku: 'DEFAULT', stock_quantity: 9 });
      await insertVariant(db, leftover.id, { stock_quantity: 0 });

      expect(await inStock('no-variants')).toBe(true);
      expect(await inStock('empty-default')).toBe(false);
      expect(await inStock('backorder')).toBe(true);
      expect(await inStock('untracked')).toBe(true);
      expect(await inStock('inactive-only')).toBe(false);
      expect(await inStock('negative')).toBe(false);
      expect(await inStock('one-of-two')).toBe(true);
      expect(await inStock('leftover')).toBe(false);
    });
  });

  describe('listProducts', () => {
    it('lists active products newest first with X-Total-Count and paging', async () => {
      await product({ slug: 'a' });
      await product({ slug: 'b' });
      await product({ slug: 'off', is_active: 0 });
      await product({ slug: 'c' });
      const all = await list();
      expect(all.body.map((p) => p.slug)).toEqual(['c', 'b', 'a']);
      expect(all.total).toBe('3');

      const page = await list('?skip=1&limit=1');
      expect(page.body.map((p) => p.slug)).toEqual(['b']);
      expect(page.total).toBe('3');
    });

    it('filters by category id and by the slug of an active category only', async () => {
      const db = t.database.db;
      const shirts = await insertCategory(db, { slug: 'shirts' });
      const old = await insertCategory(db, { slug: 'old', is_active: 0 });
      await product({ slug: 'shirt', category_id: shirts.id });
      await product({ slug: 'relic', category_id: old.id });
      await product({ slug: 'loose' });

      expect((await list(`?category_id=${shirts.id}`)).body.map((p) => p.slug)).toEqual(['shirt']);
      expect((await list(`?category_id=${old.id}`)).body.map((p) => p.slug)).toEqual(['relic']);
      expect((await list('?category_slug=shirts')).body.map((p) => p.slug)).toEqual(['shirt']);
      const inactive = await list('?category_slug=old');
      expect(inactive.body).toEqual([]);
      expect(inactive.total).toBe('0');
      expect((await list('?category_slug=unknown')).body).toEqual([]);
    });

    it('searches name, short description, brand and tags case-insensitively, wildcards literal', async () => {
      await product({ slug: 'by-name', name: 'Blue SHIRT' });
      await product({ slug: 'by-short', short_description: 'a shirt for summer' });
      await product({ slug: 'by-brand', brand: 'ShirtCo' });
      await product({ slug: 'by-tag', tags: JSON.stringify(['tshirts']) });
      await product({ slug: 'by-description', description: 'shirt only in the long text' });
      await product({ slug: 'percent', name: '100% cotton' });
      await product({ slug: 'no-percent', name: '1000 cotton' });
      await product({ slug: 'underscore', name: 'a_b' });
      await product({ slug: 'no-underscore', name: 'axb' });

      const shirts = await list('?search=%20sHiRt%20');
      expect(shirts.body.map((p) => p.slug).sort()).toEqual([
        'by-brand',
        'by-name',
        'by-short',
        'by-tag',
      ]);
      expect(shirts.total).toBe('4');
      expect((await list('?search=0%25%20c')).body.map((p) => p.slug)).toEqual(['percent']);
      expect((await list('?search=a_b')).body.map((p) => p.slug)).toEqual(['underscore']);
    });

    it('filters on the gross price for the country, inclusive, rounded like the presenter', async () => {
      // TN: 12.150 net → 14.459 gross (14.4585 half-up); FR: 12.150 × 1.20 = 14.580
      await product({ slug: 'net', base_price: 12_150, price_includes_vat: 0 });
      // Gross stays 14.500 in every country.
      await product({ slug: 'gross', base_price: 14_500, price_includes_vat: 1 });

      const slugs = async (q: string) => (await list(q)).body.map((p) => p.slug).sort();
      expect(await slugs('?min_price=14.459')).toEqual(['gross', 'net']);
      expect(await slugs('?min_price=14.46')).toEqual(['gross']);
      expect(await slugs('?max_price=14.459')).toEqual(['net']);
      expect(await slugs('?max_price=14.458')).toEqual([]);
      expect(await slugs('?min_price=14.5&max_price=14.5')).toEqual(['gross']);
      // In FR the net-priced product costs 14.580.
      expect(await slugs('?country_code=FR&min_price=14.501')).toEqual(['net']);
      expect(await slugs('?country_code=FR&max_price=14.579')).toEqual(['gross']);
      const fr = await list('?country_code=FR&min_price=14.58');
      expect(fr.body).toMatchObject([{ slug: 'net', price_incl_vat: '14.580', vat_rate: 20 }]);
      expect(fr.total).toBe('1');
    });

    it('refuses min_price above max_price (422)', async () => {
      const res = await get('/api/v1/products/?min_price=10.001&max_price=10');
      expectIssues(res, 'listProducts', [
        {
          loc: ['query', 'min_price'],
          msg: 'min_price must not exceed max_price',
          type: 'value_error',
        },
      ]);
    });

    it('filters by is_featured and refuses a limit above 1000', async () => {
      await product({ slug: 'star', is_featured: 1 });
      await product({ slug: 'plain' });
      expect((await list('?is_featured=true')).body.map((p) => p.slug)).toEqual(['star']);
      expect((await list('?is_featured=false')).body.map((p) => p.slug)).toEqual(['plain']);
      const res = await get('/api/v1/products/?limit=1001');
      expectStatus(res, 422, 'listProducts');
    });

    it('combines the filters with AND', async () => {
      const cat = await insertCategory(t.database.db);
      await product({ slug: 'hit', name: 'Red mug', category_id: cat.id, is_featured: 1 });
      await product({ slug: 'wrong-cat', name: 'Red mug' });
      await product({ slug: 'not-featured', name: 'Red mug', category_id: cat.id });
      const res = await list(`?search=mug&category_id=${cat.id}&is_featured=true`);
      expect(res.body.map((p) => p.slug)).toEqual(['hit']);
      expect(res.total).toBe('1');
    });
  });

  describe('listFeaturedProducts', () => {
    it('returns active featured products, newest first, 10 by default', async () => {
      for (let i = 1; i <= 11; i++) await product({ slug: `f${i}`, is_featured: 1 });
      await product({ slug: 'off', is_featured: 1, is_active: 0 });
      await product({ slug: 'plain' });

      const res = await get('/api/v1/products/featured');
      const body = expectStatus<PublicProduct[]>(res, 200, 'listFeaturedProducts');
      expect(body.map((p) => p.slug)).toEqual([
        'f11',
        'f10',
        'f9',
        'f8',
        'f7',
        'f6',
        'f5',
        'f4',
        'f3',
        'f2',
      ]);

      const two = await get('/api/v1/products/featured?limit=2&country_code=FR');
      const twoBody = expectResponseMatches<PublicProduct[]>('listFeaturedProducts', two);
      expect(twoBody.map((p) => [p.slug, p.country_code, p.vat_rate])).toEqual([
        ['f11', 'FR', 20],
        ['f10', 'FR', 20],
      ]);

      const tooMany = await get('/api/v1/products/featured?limit=101');
      expectStatus(tooMany, 422, 'listFeaturedProducts');
    });
  });

  describe('listProductVariantsBySlug', () => {
    it('lists active variants by position then id, priced with their own or the product rate', async () => {
      const db = t.database.db;
      const fr55 = await insertVatRate(db, { rate_bp: 550, country_code: 'FR' });
      const p = await product({
        slug: 'tee',
        has_variants: 1,
        price_includes_vat: 0,
      });
      const second = await insertVariant(db, p.id, {
        sku: 'TEE-B',
        variant_title: 'B',
        position: 2,
        price: 12_150, // × 1.19 = 14.4585 → 14.459
        compare_at_price: 20_000,
        option_values: JSON.stringify({ size: 'L' }),
        stock_quantity: 0,
      });
      const firstLater = await insertVariant(db, p.id, {
        sku: 'TEE-C',
        variant_title: 'C',
        position: 1,
        price: 10_000,
        vat_rate_id: fr55.id, // own FR rate: replaced by TN's default in TN, used as is in FR
        track_inventory: 0,
        stock_quantity: 3,
        images: JSON.stringify(['https://img.example/c.jpg']),
      });
      await insertVariant(db, p.id, { sku: 'TEE-OFF', position: 0, is_active: 0 });
      const first = await insertVariant(db, p.id, { sku: 'TEE-A', position: 1, price: 1_000 });
      // A default variant left from the simple days is not listed for a product with variants.
      await insertVariant(db, p.id, { sku: 'DEFAULT', is_default: 1, position: 0 });

      const res = await get('/api/v1/products/tee/variants');
      const tn = expectStatus<PublicVariant[]>(res, 200, 'listProductVariantsBySlug');
      expect(tn.map((v) => v.id)).toEqual([firstLater.id, first.id, second.id]);
      expect(tn[0]).toEqual({
        id: firstLater.id,
        sku: 'TEE-C',
        variant_title: 'C',
        option_values: {},
        price_incl_vat: '11.900',
        compare_at_price: null,
        images: ['https://img.example/c.jpg'],
        in_stock: true,
        stock_quantity: null,
      });
      expect(tn[2]).toMatchObject({
        sku: 'TEE-B',
        option_values: { size: 'L' },
        price_incl_vat: '14.459',
        compare_at_price: '23.800',
        in_stock: false,
        stock_quantity: 0,
      });

      const fr = expectResponseMatches<PublicVariant[]>(
        'listProductVariantsBySlug',
        await get('/api/v1/products/tee/variants?country_code=FR'),
      );
      expect(fr.map((v) => [v.sku, v.price_incl_vat])).toEqual([
        ['TEE-C', '10.550'], // own FR 5.5 %
        ['TEE-A', '1.200'], // product's TN rate → FR default 20 %
        ['TEE-B', '14.580'],
      ]);
    });

    it("lists a simple product's default variant, and nothing for a product without any", async () => {
      const db = t.database.db;
      const simple = await product({ slug: 'simple', base_price: 5_000 });
      await insertVariant(db, simple.id, {
        is_default: 1,
        sku: 'DEFAULT',
        variant_title: 'DEFAULT',
        price: 5_000,
        stock_quantity: 4,
      });
      await product({ slug: 'bare' });
      const one = expectResponseMatches<PublicVariant[]>(
        'listProductVariantsBySlug',
        await get('/api/v1/products/simple/variants'),
      );
      expect(one).toMatchObject([
        { sku: 'DEFAULT', price_incl_vat: '5.000', stock_quantity: 4, in_stock: true },
      ]);
      const none = await get('/api/v1/products/bare/variants');
      expect(expectStatus(none, 200, 'listProductVariantsBySlug')).toEqual([]);
    });

    it('answers 404 for an inactive or unknown product', async () => {
      const p = await product({ slug: 'gone', is_active: 0 });
      await insertVariant(t.database.db, p.id);
      for (const slug of ['gone', 'nothing']) {
        const res = await get(`/api/v1/products/${slug}/variants`);
        expectProblem(res, 404, 'Product not found', 'listProductVariantsBySlug');
      }
    });
  });
});
