// Shopify's product CSV (Products > Export, or its import template): one row per variant, rows
// sharing a Handle are one product, the first of them carries the product's columns, and a row
// with only Handle and Image Src adds an image. Columns read: Handle, Title, Body (HTML), Type,
// Published, Status, Option1..3 Name and Value, Variant SKU, Variant Price, Variant Compare At
// Price, Variant Inventory Tracker, Variant Inventory Qty, Variant Inventory Policy, Image Src,
// Variant Image. Every other column (Vendor, Tags, SEO, Variant Grams, Barcode, Cost per item…)
// is ignored.
import { skuFromSlug } from '../inventory';
import type { CellError, ImportColumn } from '../import-columns';
import { htmlToText } from './html-text';
import { slugOf } from './slug';
import type { FormatMapper, MappedRow, SourceRecord } from './types';

/** The options Shopify gives a product without variants: one option "Title", "Default Title". */
const isDefaultTitle = (name: string, value: string) =>
  name.toLowerCase() === 'title' && value.toLowerCase() === 'default title';

const VARIANT_COLUMNS = ['Variant SKU', 'Variant Price', 'Option1 Value'];

/** Whether a row is a variant's (else it only adds an image to its product). */
const isVariantRow = (r: SourceRecord) => VARIANT_COLUMNS.some((c) => r.cell(c).trim() !== '');

interface Product {
  first: SourceRecord;
  optionNames: string[];
  rows: MappedRow[];
  images: string[];
}

const POLICY: Record<string, string> = { deny: 'false', continue: 'true' };

export const shopifyRows: FormatMapper = (records, options) => {
  const products = new Map<string, Product>();
  const out: MappedRow[] = [];
  for (const record of records) {
    const handle = record.cell('Handle').trim();
    const errors: CellError[] = [];
    if (handle === '') {
      out.push({
        line: record.line,
        cells: {},
        sources: {},
        images: [],
        errors: [{ column: 'Handle', message: 'Required' }],
      });
      continue;
    }
    let product = products.get(handle);
    const image = record.cell('Image Src').trim();
    const variantImage = record.cell('Variant Image').trim();
    if (!product) {
      product = {
        first: record,
        optionNames: [1, 2, 3].map((n) => record.cell(`Option${n} Name`).trim()),
        rows: [],
        images: [],
      };
      products.set(handle, product);
    }
    for (const url of [image, variantImage]) {
      if (url !== '' && !product.images.includes(url)) product.images.push(url);
    }
    if (!isVariantRow(record)) continue;

    const cells: Partial<Record<ImportColumn, string>> = { slug: handle };
    const sources: Partial<Record<ImportColumn, string>> = { slug: 'Handle' };
    const set = (column: ImportColumn, value: string, source: string) => {
      cells[column] = value;
      sources[column] = source;
    };
    const isFirst = product.rows.length === 0;
    const row: MappedRow = { line: record.line, cells, sources, images: [], errors };
    if (isFirst) {
      set('product_name', record.cell('Title'), 'Title');
      const type = record.cell('Type').trim();
      if (type !== '') set('category', type, 'Type');
      const status = record.cell('Status').trim().toLowerCase();
      const published = record.cell('Published').trim();
      // Status (active, draft, archived) is the newer column; Published the older one.
      if (status !== '') set('is_active', String(status === 'active'), 'Status');
      else if (published !== '') set('is_active', published, 'Published');
      set('price_includes_vat', String(options.pricesIncludeVat), 'Variant Price');
      const body = record.cell('Body (HTML)');
      if (body.trim() !== '') row.description = htmlToText(body);
    }
    const values = [1, 2, 3].map((n) => record.cell(`Option${n} Value`).trim());
    const named = product.optionNames.flatMap((name, i) =>
      name !== '' && values[i] !== '' ? [[name, values[i]!] as const] : [],
    );
    const simple =
      named.length === 0 || (named.length === 1 && isDefaultTitle(named[0]![0], named[0]![1]));
    const sku = record.cell('Variant SKU').trim();
    const price = record.cell('Variant Price').trim();
    const compare = record.cell('Variant Compare At Price').trim();
    if (simple) {
      if (sku !== '') {
        row.simpleSku = sku;
        sources.sku = 'Variant SKU';
      }
      if (price !== '') set('base_price', price, 'Variant Price');
    } else {
      set('option_values', named.map(([n, v]) => `${n}=${v}`).join('; '), 'Option1 Value');
      set('variant_title', named.map(([, v]) => v).join(' / '), 'Option1 Value');
      // A variant needs a SKU to be found again; Shopify's may be empty.
      const generated = skuFromSlug(
        `${handle}-${slugOf(named.map(([, v]) => v).join(' ')) ?? String(record.line)}`,
      );
      set('sku', sku !== '' ? sku : generated, 'Variant SKU');
      if (price !== '') set('price', price, 'Variant Price');
    }
    if (compare !== '') set('compare_at_price', compare, 'Variant Compare At Price');
    const quantity = record.cell('Variant Inventory Qty').trim();
    if (quantity !== '') set('stock_quantity', quantity, 'Variant Inventory Qty');
    const tracker = record.cell('Variant Inventory Tracker').trim();
    // Shopify tracks a variant's stock when its tracker is "shopify"; an empty one tracks none.
    // A file without the column tracks the stock it gives.
    if (record.has('Variant Inventory Tracker')) {
      set('track_inventory', String(tracker !== ''), 'Variant Inventory Tracker');
    } else if (quantity !== '') set('track_inventory', 'true', 'Variant Inventory Qty');
    const policy = record.cell('Variant Inventory Policy').trim().toLowerCase();
    if (policy !== '') {
      const backorder = POLICY[policy];
      if (backorder === undefined) {
        errors.push({
          column: 'Variant Inventory Policy',
          message: `"${record.cell('Variant Inventory Policy').trim()}" is not deny or continue`,
        });
      } else set('allow_backorder', backorder, 'Variant Inventory Policy');
    }
    product.rows.push(row);
    out.push(row);
  }
  // A product's images go with its first row; a handle with image rows only is refused.
  for (const [handle, product] of products) {
    const first = product.rows[0];
    if (first) first.images = product.images;
    else {
      out.push({
        line: product.first.line,
        cells: { slug: handle },
        sources: { slug: 'Handle' },
        images: [],
        errors: [{ column: null, message: `"${handle}" has no variant row (no price nor SKU)` }],
      });
    }
  }
  return out.sort((a, b) => a.line - b.line);
};
