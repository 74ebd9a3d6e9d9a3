// PrestaShop's catalogue export (Catalog > Products > Export to CSV, 1.7 and 8: "ID" or
// "Product ID", "Image", "Name", "Reference", "Category", "Base price" or "Price (tax excl.)",
// "Final price" or "Price (tax incl.)", "Quantity", "Status", "Position"; semicolon-separated),
// and the same columns as its CSV import names them ("Active (0/1)", "Name *", "Categories
// (x,y,z...)", "Price tax excluded", "Price tax included", "Reference #", "Summary",
// "Description", "Image URLs (x,y,z...)"). One row per product; the list export has no
// combinations. Prices: the tax-included one when the file has it (kept as shown, VAT
// included), else the tax-excluded one (VAT added on top).
import type { ImportColumn } from '../import-columns';
import { htmlToText } from './html-text';
import { slugOf } from './slug';
import type { FormatMapper, MappedRow, SourceRecord } from './types';

/** The first of the names the record has a non-empty cell for, with that name. */
function first(r: SourceRecord, names: readonly string[]): [string, string] | undefined {
  for (const name of names) {
    const value = r.cell(name).trim();
    if (value !== '') return [name, value];
  }
  return undefined;
}

const PRESTASHOP_COLUMNS = {
  id: ['ID', 'Product ID'],
  name: ['Name', 'Name *'],
  reference: ['Reference', 'Reference #'],
  category: ['Category', 'Categories (x,y,z...)'],
  priceExcl: ['Price (tax excl.)', 'Base price', 'Price tax excluded'],
  priceIncl: ['Price (tax incl.)', 'Final price', 'Price tax included'],
  quantity: ['Quantity'],
  status: ['Status', 'Active (0/1)'],
  description: ['Description', 'Summary'],
  images: ['Image', 'Image URLs (x,y,z...)'],
} as const;

/**
 * A price as PrestaShop writes it in a list ("12.50", "12,50 €", "€1,234.50", "1 234,500000")
 * in our notation: the last separator is the decimal one when the other kind is also there or it
 * is the only one; trailing zero decimals dropped. Anything else is left for our rule to refuse.
 */
export function prestaShopAmount(cell: string): string {
  const bare = cell.replace(/[^\d.,]/g, '');
  // Digits, separators, spaces and a currency (a sign or a code such as EUR, TND); no minus.
  const currency = /\p{Sc}|\b[A-Z]{2,3}\b/gu;
  if (!/^\d[\d.,]*$/.test(bare) || /[^\d.,\s]/u.test(cell.replace(currency, ''))) {
    return cell.trim();
  }
  const dots = bare.split('.').length - 1;
  const commas = bare.split(',').length - 1;
  const last = Math.max(bare.lastIndexOf('.'), bare.lastIndexOf(','));
  const decimal = last >= 0 && ((dots > 0 && commas > 0) || dots + commas === 1);
  const whole = (decimal ? bare.slice(0, last) : bare).replace(/[.,]/g, '');
  const fraction = decimal ? bare.slice(last + 1).replace(/0+$/, '') : '';
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

export const prestaShopRows: FormatMapper = (records) => {
  const taken = new Set<string>();
  return records.map((r) => {
    const row: MappedRow = { line: r.line, cells: {}, sources: {}, images: [], errors: [] };
    const set = (column: ImportColumn, value: string, source: string) => {
      row.cells[column] = value;
      row.sources[column] = source;
    };
    const [nameColumn, name] = first(r, PRESTASHOP_COLUMNS.name) ?? ['Name', ''];
    const id = first(r, PRESTASHOP_COLUMNS.id)?.[1] ?? String(r.line);
    let slug = slugOf(name) ?? `product-${id}`;
    if (taken.has(slug)) slug = `${slug}-${id}`;
    taken.add(slug);
    set('slug', slug, nameColumn);
    set('product_name', name, nameColumn);
    const reference = first(r, PRESTASHOP_COLUMNS.reference);
    if (reference) {
      row.simpleSku = reference[1];
      row.sources.sku = reference[0];
    }
    const category = first(r, PRESTASHOP_COLUMNS.category);
    // The import format lists several categories; the first is the product's.
    if (category) set('category', category[1].split(',')[0]!.trim(), category[0]);
    const incl = first(r, PRESTASHOP_COLUMNS.priceIncl);
    const excl = first(r, PRESTASHOP_COLUMNS.priceExcl);
    const price = incl ?? excl;
    if (price) {
      set('base_price', prestaShopAmount(price[1]), price[0]);
      set('price_includes_vat', String(incl !== undefined), price[0]);
    }
    const quantity = first(r, PRESTASHOP_COLUMNS.quantity);
    if (quantity) {
      set('stock_quantity', quantity[1], quantity[0]);
      set('track_inventory', 'true', quantity[0]);
    }
    const status = first(r, PRESTASHOP_COLUMNS.status);
    if (status) set('is_active', status[1], status[0]);
    const description = first(r, PRESTASHOP_COLUMNS.description);
    if (description) row.description = htmlToText(description[1]);
    const images = first(r, PRESTASHOP_COLUMNS.images);
    if (images)
      row.images = images[1]
        .split(',')
        .map((u) => u.trim())
        .filter((u) => u !== '');
    return row;
  });
};
