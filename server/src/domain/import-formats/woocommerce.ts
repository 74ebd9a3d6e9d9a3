// WooCommerce's product CSV exporter (Products > Export): one row per product, and a variable
// product's variations as rows of their own naming it in Parent ("id:12" or its SKU). Columns
// read: ID, Type, SKU, Name, Published, Short description, Description, In stock?, Stock,
// Backorders allowed?, Sale price, Regular price, Categories, Images, Parent, Attribute N name,
// Attribute N value(s). Every other column (Tax status, Tax class, Weight, dimensions, Tags,
// Upsells, Meta: …) is ignored. A variable product's own row gives the product's columns to its
// first variation's row (our rows are variants), so it is reported on that row.
import { skuFromSlug } from '../inventory';
import type { ImportColumn } from '../import-columns';
import { htmlToText } from './html-text';
import { slugOf } from './slug';
import type { FormatMapper, MappedRow, SourceRecord } from './types';

/** The cell's comma-separated items; WooCommerce writes a comma inside an item as "\,". */
export const splitList = (cell: string): string[] =>
  cell
    .split(/(?<!\\),/)
    .map((item) => item.replace(/\\,/g, ',').trim())
    .filter((item) => item !== '');

/** The category a product goes to: the first of its categories, the last of its path "A > B". */
export function wooCategory(cell: string): string | undefined {
  const first = splitList(cell)[0];
  return first?.split('>').at(-1)?.trim() || undefined;
}

const typesOf = (r: SourceRecord) =>
  r
    .cell('Type')
    .split(',')
    .map((t) => t.trim().toLowerCase());

/** Attribute N name / value(s) as "name=value" pairs (a variation's values are single). */
function attributes(r: SourceRecord): [string, string][] {
  const out: [string, string][] = [];
  for (let n = 1; n <= 20; n++) {
    const name = r.cell(`Attribute ${n} name`).trim();
    const value = r.cell(`Attribute ${n} value(s)`).trim();
    if (name !== '' && value !== '') out.push([name, value]);
  }
  return out;
}

export const wooCommerceRows: FormatMapper = (records, options) => {
  const byId = new Map<string, SourceRecord>();
  const bySku = new Map<string, SourceRecord>();
  for (const r of records) {
    const id = r.cell('ID').trim();
    const sku = r.cell('SKU').trim();
    if (id !== '') byId.set(id, r);
    if (sku !== '') bySku.set(sku, r);
  }
  // Each product's slug from its name, made unique in the file with its ID.
  const slugs = new Map<SourceRecord, string>();
  const taken = new Set<string>();
  for (const r of records) {
    if (typesOf(r).includes('variation')) continue;
    const id = r.cell('ID').trim();
    let slug = slugOf(r.cell('Name')) ?? `product-${id || r.line}`;
    if (taken.has(slug)) slug = `${slug}-${id || r.line}`;
    taken.add(slug);
    slugs.set(r, slug);
  }
  const parentOf = (r: SourceRecord) => {
    const ref = r.cell('Parent').trim();
    return ref.startsWith('id:') ? byId.get(ref.slice(3)) : bySku.get(ref);
  };

  /** The product's columns of a simple or variable product's row. */
  const productCells = (r: SourceRecord, row: MappedRow) => {
    const set = (column: ImportColumn, value: string, source: string) => {
      row.cells[column] = value;
      row.sources[column] = source;
    };
    set('product_name', r.cell('Name'), 'Name');
    const published = r.cell('Published').trim();
    // 1 published, 0 private, -1 draft.
    if (published !== '') set('is_active', String(published === '1'), 'Published');
    const category = wooCategory(r.cell('Categories'));
    if (category) set('category', category, 'Categories');
    set('price_includes_vat', String(options.pricesIncludeVat), 'Regular price');
    const html = r.cell('Description').trim() || r.cell('Short description').trim();
    if (html !== '') row.description = htmlToText(html);
    row.images = splitList(r.cell('Images'));
  };

  /** Price, stock and backorders of a simple product's or a variation's row. */
  const saleCells = (r: SourceRecord, row: MappedRow, priceColumn: 'base_price' | 'price') => {
    const set = (column: ImportColumn, value: string, source: string) => {
      row.cells[column] = value;
      row.sources[column] = source;
    };
    const regular = r.cell('Regular price').trim();
    const sale = r.cell('Sale price').trim();
    // On sale: the sale price is the price, the regular one the "compare at" price.
    if (sale !== '') {
      set(priceColumn, sale, 'Sale price');
      if (regular !== '') set('compare_at_price', regular, 'Regular price');
    } else if (regular !== '') set(priceColumn, regular, 'Regular price');
    const stock = r.cell('Stock').trim();
    // WooCommerce leaves Stock empty when it does not manage the stock.
    set('track_inventory', String(stock !== ''), 'Stock');
    if (stock !== '') set('stock_quantity', stock, 'Stock');
    const backorders = r.cell('Backorders allowed?').trim().toLowerCase();
    if (backorders !== '') {
      set(
        'allow_backorder',
        String(backorders === '1' || backorders === 'notify'),
        'Backorders allowed?',
      );
    }
  };

  const out: MappedRow[] = [];
  const variableFirst = new Map<SourceRecord, MappedRow>();
  for (const r of records) {
    const types = typesOf(r);
    const row: MappedRow = { line: r.line, cells: {}, sources: {}, images: [], errors: [] };
    out.push(row);
    if (types.includes('variation')) {
      const parent = parentOf(r);
      if (!parent || !typesOf(parent).includes('variable')) {
        row.errors.push({
          column: 'Parent',
          message: `No variable product "${r.cell('Parent').trim()}" in the file`,
        });
        continue;
      }
      const slug = slugs.get(parent)!;
      row.cells.slug = slug;
      row.sources.slug = 'Parent';
      if (!variableFirst.has(parent)) {
        variableFirst.set(parent, row);
        productCells(parent, row);
      }
      const attrs = attributes(r);
      const sku = r.cell('SKU').trim();
      row.cells.sku =
        sku !== ''
          ? sku
          : skuFromSlug(`${slug}-${slugOf(attrs.map(([, v]) => v).join(' ')) ?? r.line}`);
      row.sources.sku = 'SKU';
      if (attrs.length > 0) {
        row.cells.option_values = attrs.map(([n, v]) => `${n}=${v}`).join('; ');
        row.cells.variant_title = attrs.map(([, v]) => v).join(' / ');
        row.sources.option_values = 'Attribute 1 value(s)';
        row.sources.variant_title = 'Attribute 1 value(s)';
      }
      const published = r.cell('Published').trim();
      if (published !== '') {
        row.cells.variant_is_active = String(published === '1');
        row.sources.variant_is_active = 'Published';
      }
      saleCells(r, row, 'price');
      continue;
    }
    if (types.includes('variable')) {
      // Its variations' rows carry it; this row stands only when it has none.
      out.pop();
      continue;
    }
    if (!types.includes('simple')) {
      // Refused whole: no slug, so no product is planned for it.
      row.errors.push({
        column: 'Type',
        message: `A ${r.cell('Type').trim() || 'product'} product is not imported: only simple and variable products`,
      });
      continue;
    }
    row.cells.slug = slugs.get(r);
    row.sources.slug = 'Name';
    productCells(r, row);
    const sku = r.cell('SKU').trim();
    if (sku !== '') {
      row.simpleSku = sku;
      row.sources.sku = 'SKU';
    }
    saleCells(r, row, 'base_price');
  }
  for (const r of records) {
    if (typesOf(r).includes('variable') && !variableFirst.has(r)) {
      out.push({
        line: r.line,
        cells: { slug: slugs.get(r) },
        sources: { slug: 'Name' },
        images: [],
        errors: [{ column: null, message: 'A variable product without variations in the file' }],
      });
    }
  }
  return out.sort((a, b) => a.line - b.line);
};
