// Public side of products: the catalogue as the shop shows it, priced for a country.
//
// Decisions the contract leaves open:
// - A product whose category is inactive is still listed and can still be opened by slug; only
//   its `category` becomes null (PublicProduct.category says so). Hiding a product is done with
//   the product's own is_active. Filtering by category_slug, however, finds nothing for an
//   inactive category (the parameter's description).
// - The min_price/max_price filters run in SQL on the same gross price the presenter computes
//   (grossPriceSql mirrors netAndGross with the same rate resolution), so paging and
//   X-Total-Count stay exact.
// - "Sellable" variants: the variants of a product with variants, ignoring a hidden default
//   variant left over from when it was simple; for a simple product, its default variant. They
//   are the ones listed publicly and the ones in_stock looks at.
// - `search` also looks into tags, matched against their stored JSON text (["a","b"]).
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { fromBool, toBool } from '../../db/bool';
import type { Db } from '../../db/database';
import { toMillimes } from '../../domain/money';
import { invalid, notFound } from '../../api/problem';
import { json, money, percent } from '../../api/present';
import type { Query, Schemas } from '../../api/types';
import { countryPricing, grossPriceSql, netAndGross, type CountryPricing } from './pricing';
import { indexedSearch, scansInOrder, searchIn, sortedPage, sortOrder } from '../../db/search';
import { PRODUCT_NOT_FOUND, productDescription } from './products';
import { countOf } from '../platform/row-counts';
import { SELLABLE, variantFacts, type VariantFacts } from './variant-facts';

type PublicProduct = Schemas['PublicProduct'];
type PublicVariant = Schemas['PublicVariant'];

/** The listed products (is_active). */
const listedProducts = (db: Db) => db.selectFrom('products as p').where('p.is_active', '=', 1);

function selectPublicProducts(db: Db) {
  return listedProducts(db)
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'p.id',
      'p.name',
      'p.slug',
      'p.description',
      'p.short_description',
      'p.category_id',
      'p.brand',
      'p.has_variants',
      'p.base_price',
      'p.compare_at_price',
      'p.price_includes_vat',
      'p.images',
      'p.is_featured',
      'p.tags',
      'p.meta_title',
      'p.meta_description',
      'p.vat_rate_id as own_rate_id',
      'c.name as category_name',
      'c.slug as category_slug',
      'c.is_active as category_is_active',
    ]);
}

type PublicProductRow = Awaited<
  ReturnType<ReturnType<typeof selectPublicProducts>['executeTakeFirstOrThrow']>
>;

function presentPublicProduct(
  row: PublicProductRow,
  pricing: CountryPricing,
  variants: VariantFacts,
): PublicProduct {
  const rateBp = pricing.rateBp(row.own_rate_id);
  const includesVat = toBool(row.price_includes_vat);
  // No rate in force: no price is shown (and the product cannot be added to a cart).
  const prices = rateBp === null ? null : netAndGross(Number(row.base_price), includesVat, rateBp);
  const activeCategory =
    row.category_id !== null &&
    row.category_name !== null &&
    row.category_slug !== null &&
    row.category_is_active !== null &&
    toBool(row.category_is_active);
  return {
    ...productDescription(row),
    category:
      activeCategory && row.category_id !== null
        ? { id: row.category_id, name: row.category_name ?? '', slug: row.category_slug ?? '' }
        : null,
    brand: row.brand,
    price: prices ? money(prices.net) : null,
    price_incl_vat: prices ? money(prices.gross) : null,
    compare_at_price:
      row.compare_at_price === null || rateBp === null
        ? null
        : money(netAndGross(Number(row.compare_at_price), includesVat, rateBp).gross),
    vat_rate: rateBp === null ? null : percent(rateBp),
    country_code: pricing.countryCode,
    images: json<string[]>(row.images, []),
    is_featured: toBool(row.is_featured),
    has_variants: toBool(row.has_variants),
    tags: json<string[]>(row.tags, []),
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    in_stock: variants.inStock,
  };
}

/** Presents the rows (one page) with one query for their variants. */
async function presentPublicProducts(
  db: Db,
  rows: PublicProductRow[],
  pricing: CountryPricing,
): Promise<PublicProduct[]> {
  const variants = await variantFacts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => presentPublicProduct(row, pricing, variants(row.id)));
}

/** The listProducts query with the contract's defaults applied. */
type PublicProductQuery = Query<'listProducts'> & {
  skip: number;
  limit: number;
  country_code: string;
  sort: Schemas['PublicProductSort'];
};

const SORT_COLUMNS = { created_at: 'p.created_at', name: 'p.name' };

export async function listPublicProducts(
  db: Db,
  now: Date,
  q: PublicProductQuery,
): Promise<{ items: PublicProduct[]; total: number }> {
  const min = q.min_price === undefined ? undefined : toMillimes(q.min_price);
  const max = q.max_price === undefined ? undefined : toMillimes(q.max_price);
  if (min !== undefined && max !== undefined && min > max) {
    throw invalid(['query', 'min_price'], 'min_price must not exceed max_price');
  }
  const pricing = await countryPricing(db, q.country_code, now);

  const filters: RawBuilder<SqlBool>[] = [];
  if (q.category_id !== undefined) {
    filters.push(sql<SqlBool>`p.category_id = ${q.category_id}`);
  }
  if (q.category_slug !== undefined) {
    filters.push(sql<SqlBool>`exists (select 1 from categories cs
      where cs.id = p.category_id and cs.slug = ${q.category_slug} and cs.is_active = 1)`);
  }
  const searched = ['p.name', 'p.short_description', 'p.brand', 'p.tags'];
  const indexed = indexedSearch(q.search, searched, { table: 'catalogue_search', id: 'p.id' });
  // The search stays in its place among the filters: `scan` is the same list with its test.
  const searchAt = filters.length;
  filters.push(...(indexed ? [indexed.lookup] : searchIn(q.search, searched)));
  if (min !== undefined || max !== undefined) {
    const gross = grossPriceSql(pricing, {
      base: 'p.base_price',
      includesVat: 'p.price_includes_vat',
      ownRateId: 'p.vat_rate_id',
    });
    if (min !== undefined) filters.push(sql<SqlBool>`${gross} >= ${min}`);
    if (max !== undefined) filters.push(sql<SqlBool>`${gross} <= ${max}`);
  }
  if (q.is_featured !== undefined) {
    filters.push(sql<SqlBool>`p.is_featured = ${sql.lit(fromBool(q.is_featured))}`);
  }

  const { rows, total } = await sortedPage(
    {
      page: selectPublicProducts(db),
      count: listedProducts(db).select((eb) => eb.fn.countAll<number>().as('n')),
      counted: filters.length === 0 ? () => countOf(db, 'products_active') : undefined,
    },
    filters,
    q,
    sortOrder(q.sort, SORT_COLUMNS, 'p.id'),
    indexed && scansInOrder(db)
      ? filters.map((filter, at) => (at === searchAt ? indexed.test : filter))
      : undefined,
  );
  return { items: await presentPublicProducts(db, rows, pricing), total };
}

export async function listFeaturedProducts(
  db: Db,
  now: Date,
  q: { limit: number; country_code: string },
): Promise<PublicProduct[]> {
  const pricing = await countryPricing(db, q.country_code, now);
  const rows = await selectPublicProducts(db)
    .where('p.is_featured', '=', 1)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(q.limit)
    .execute();
  return presentPublicProducts(db, rows, pricing);
}

export async function getPublicProduct(
  db: Db,
  now: Date,
  slug: string,
  countryCode: string,
): Promise<PublicProduct> {
  const row = await selectPublicProducts(db).where('p.slug', '=', slug).executeTakeFirst();
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  const pricing = await countryPricing(db, countryCode, now);
  return (await presentPublicProducts(db, [row], pricing))[0] as PublicProduct;
}

export async function listPublicVariants(
  db: Db,
  now: Date,
  slug: string,
  countryCode: string,
): Promise<PublicVariant[]> {
  const product = await listedProducts(db)
    .select(['p.id', 'p.price_includes_vat', 'p.vat_rate_id as own_rate_id'])
    .where('p.slug', '=', slug)
    .executeTakeFirst();
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  const pricing = await countryPricing(db, countryCode, now);
  const includesVat = toBool(product.price_includes_vat);

  const rows = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .leftJoin('vat_rates as vr', 'vr.id', 'v.vat_rate_id')
    .select([
      'v.id',
      'v.sku',
      'v.variant_title',
      'v.option_values',
      'v.price',
      'v.compare_at_price',
      'v.images',
      'v.track_inventory',
      'v.stock_quantity',
      'v.allow_backorder',
      'v.vat_rate_id as own_rate_id',
    ])
    .where('v.product_id', '=', product.id)
    .where('v.is_active', '=', 1)
    .where(SELLABLE)
    .orderBy('v.position', 'asc')
    .orderBy('v.id', 'asc')
    .execute();

  return rows.map((v) => {
    // A variant's own VAT rate replaces the product's when set.
    const rateBp = pricing.rateBp(v.own_rate_id ?? product.own_rate_id);
    const tracked = toBool(v.track_inventory);
    const stock = Number(v.stock_quantity);
    return {
      id: v.id,
      sku: v.sku,
      variant_title: v.variant_title,
      option_values: json<Record<string, string>>(v.option_values, {}),
      price_incl_vat:
        rateBp === null ? null : money(netAndGross(Number(v.price), includesVat, rateBp).gross),
      compare_at_price:
        v.compare_at_price === null || rateBp === null
          ? null
          : money(netAndGross(Number(v.compare_at_price), includesVat, rateBp).gross),
      images: json<string[]>(v.images, []),
      in_stock: !tracked || stock > 0 || toBool(v.allow_backorder),
      stock_quantity: tracked ? stock : null,
    };
  });
}
