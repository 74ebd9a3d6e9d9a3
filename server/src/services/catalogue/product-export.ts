// The CSV export of products: the list's filters and sort, one row per variant
// (platform/csv-export.ts streams it).
import type { Db } from '../../db/database';
import { toBool } from '../../db/bool';
import { keysetPages } from '../../db/search';
import { decimal, type CsvValue } from '../../domain/csv';
import { toGross } from '../../domain/vat';
import { json, money } from '../../api/present';
import { datedExport, groupBy, PAGE_SIZE, type CsvExport } from '../platform/csv-export';
import { adminProductSelection, type AdminProductFilters } from './products';
import { ratesInForce } from './pricing';
import { CSV_COLUMNS } from '../../../../contract/csv-columns';

const PRODUCT_COLUMNS = CSV_COLUMNS.products;

/** The product columns of a row, then empty variant columns when it has no variant. */
const NO_VARIANT: CsvValue[] = Array<CsvValue>(PRODUCT_COLUMNS.length - 8).fill(null);

/** What a variant's cells need. */
const VARIANT_COLUMNS = [
  'id',
  'product_id',
  'sku',
  'variant_title',
  'option_values',
  'price',
  'compare_at_price',
  'vat_rate_id',
  'stock_quantity',
  'track_inventory',
  'allow_backorder',
  'is_active',
] as const;

const selectExportedProducts = (db: Db) =>
  db
    .selectFrom('products as p')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('vat_rates as r', 'r.id', 'p.vat_rate_id')
    .selectAll('p')
    .select(['c.name as category', 'r.name as vat_rate_name']);

/** "color=Red; size=M" */
const optionText = (optionValues: string): string =>
  Object.entries(json<Record<string, string>>(optionValues, {}))
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

/** The products file of the export (products-<day>.csv). */
export const exportProducts = datedExport('products', productRows);

/**
 * One row per variant, every variant (a simple product's own one too), by position. `pageSize`:
 * products read per query (tests page across many boundaries with a few products).
 */
export async function productRows(
  db: Db,
  q: AdminProductFilters,
  at: Date,
  pageSize = PAGE_SIZE,
): Promise<CsvExport> {
  const selection = adminProductSelection(db, q);
  const [total, rates] = await Promise.all([selection.count(), ratesInForce(db, at)]);
  const productPages = keysetPages(selectExportedProducts(db), selection, pageSize);

  async function* records(): AsyncGenerator<CsvValue[][]> {
    for await (const page of productPages) {
      const variants = await db
        .selectFrom('variants')
        .select(VARIANT_COLUMNS)
        .where(
          'product_id',
          'in',
          page.map((p) => p.id),
        )
        .orderBy('position')
        .orderBy('id')
        .execute();
      const byProduct = groupBy(variants, (v) => v.product_id);
      yield page.flatMap((p) => {
        const product: CsvValue[] = [
          p.id,
          p.name,
          p.slug,
          p.category,
          toBool(p.is_active),
          toBool(p.price_includes_vat),
          decimal(money(p.base_price)),
          p.vat_rate_name,
        ];
        const own = byProduct.get(p.id) ?? [];
        if (own.length === 0) return [[...product, ...NO_VARIANT]];
        return own.map((v) => {
          const rateBp = rates.ownRateBp(v.vat_rate_id ?? p.vat_rate_id);
          return [
            ...product,
            v.id,
            v.sku,
            v.variant_title,
            optionText(v.option_values),
            decimal(money(v.price)),
            rateBp === null
              ? null
              : decimal(money(toGross(Number(v.price), Number(p.price_includes_vat), rateBp))),
            v.compare_at_price === null ? null : decimal(money(v.compare_at_price)),
            Number(v.stock_quantity),
            toBool(v.track_inventory),
            toBool(v.allow_backorder),
            toBool(v.is_active),
          ];
        });
      });
    }
  }

  return { total, columns: PRODUCT_COLUMNS, pages: records() };
}
