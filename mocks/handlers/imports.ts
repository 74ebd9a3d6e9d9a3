import type {
  ImportCellError,
  ImportRow,
  ImportRowAction,
  ProductImportReport,
} from '@generated/model';
import { delay } from 'msw';
import { CSV_COLUMNS } from '../../contract/csv-columns';
import { goodImportCsv } from '../fixtures/imports';
import {
  categories,
  products as productFixtures,
  variants as variantFixtures,
  vatRates,
  vatRatesLifecycle,
} from '../fixtures';
import { endpoint, json, newId, type Call } from './endpoint';
import { csvFile } from './exports';

/** The contract's limit (openapi/paths/imports.yaml); the console checks the same. */
const MAX_BYTES = 10 * 1024 * 1024;
const COLUMNS: readonly string[] = CSV_COLUMNS.products;
const REQUIRED = ['slug', 'product_name'];
const MONEY = ['base_price', 'price', 'compare_at_price'];
const BOOLEANS = [
  'is_active',
  'price_includes_vat',
  'track_inventory',
  'allow_backorder',
  'variant_is_active',
];
const TRUTHS = new Set(['true', 'false', '1', '0', 'yes', 'no', 'oui', 'non']);
/** Read by the server but never written (exportProducts's own columns). */
const READ_ONLY = new Set(['product_id', 'variant_id', 'price_incl_vat']);

/** Splits a CSV text into rows of cells: quoted cells, doubled quotes, CRLF or LF line ends. */
function readCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') cell += text[++i];
      else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === separator) endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endCell();
      rows.push(row);
      row = [];
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows.filter((cells) => cells.some((value) => value !== ''));
}

const fileError = (status: number, detail: string) => json({ detail }, status);

const isNumber = (value: string) => /^-?\d+(?:[.,]\d+)?$/.test(value);
const amount = (value: string) => Number(value.replace(',', '.'));

/** The cell errors of one row (its values with the exporter's leading apostrophe removed). */
function cellErrors(cells: Record<string, string>, isNew: boolean): ImportCellError[] {
  const errors: ImportCellError[] = [];
  const refuse = (column: string, message: string) => errors.push({ column, message });
  for (const [column, value] of Object.entries(cells))
    if (/^[=+\-@]/.test(value) && !isNumber(value))
      refuse(column, 'A formula is not accepted here');
  if (errors.length) return errors;
  if (!cells.slug) refuse('slug', 'A slug is required');
  if (isNew && !cells.product_name) refuse('product_name', 'A product name is required');
  const category = cells.category;
  if (category && !categories.some((c) => c.name === category || c.slug === category))
    refuse('category', `Unknown category "${category}"`);
  const rateName = cells.vat_rate_name;
  if (rateName) {
    const rate = [...vatRates, ...vatRatesLifecycle].find((r) => r.name === rateName);
    if (!rate) refuse('vat_rate_name', `Unknown VAT rate "${rateName}"`);
    else if (rate.status !== 'in_force')
      refuse('vat_rate_name', `VAT rate "${rateName}" is not in force`);
  }
  for (const column of MONEY) {
    const value = cells[column];
    if (!value) continue;
    if (!isNumber(value)) refuse(column, 'Not an amount');
    else if ((value.split(/[.,]/)[1] ?? '').length > 3)
      refuse(column, 'An amount has at most 3 decimals');
  }
  if (cells.stock_quantity && !/^\d+$/.test(cells.stock_quantity))
    refuse('stock_quantity', 'Not a whole number');
  for (const column of BOOLEANS) {
    const value = cells[column];
    if (value && !TRUTHS.has(value.toLowerCase())) refuse(column, 'Not true or false');
  }
  return errors;
}

/** The columns a row sets on create, or changes on update (the few the fixtures compare). */
function changedColumns(cells: Record<string, string>, isNew: boolean, slug: string, sku: string) {
  const filled = Object.keys(cells).filter((column) => cells[column] && !READ_ONLY.has(column));
  if (isNew) return filled;
  const product = productFixtures.find((p) => p.slug === slug)!;
  const variant = variantFixtures.find((v) => v.sku === sku);
  const current: Record<string, string | number | boolean | undefined> = {
    product_name: product.name,
    base_price: amount(product.base_price),
    is_active: product.is_active,
    price: variant && amount(variant.price),
    stock_quantity: variant?.stock_quantity,
    variant_title: variant?.variant_title,
  };
  return filled.filter((column) => {
    if (!(column in current)) return false;
    const value = cells[column]!;
    const now = current[column];
    if (typeof now === 'number') return amount(value) !== now;
    if (typeof now === 'boolean') return ['true', '1', 'yes', 'oui'].includes(value) !== now;
    return value !== now;
  });
}

function checkRow(cells: Record<string, string>, line: number): ImportRow | null {
  const slug = cells.slug ?? '';
  const sku = cells.sku ?? '';
  const product = productFixtures.find((p) => p.slug === slug);
  const variant = sku ? variantFixtures.find((v) => v.sku === sku) : undefined;
  const isNew = !product || (sku !== '' && !variant);
  const errors = cellErrors(cells, !product);
  if (variant && variant.product_id !== product?.id)
    errors.push({ column: 'sku', message: `SKU ${sku} belongs to another product` });
  const changed = errors.length ? [] : changedColumns(cells, isNew, slug, sku);
  const action: ImportRowAction = errors.length
    ? 'refused'
    : isNew
      ? 'create'
      : changed.length
        ? 'update'
        : 'unchanged';
  if (action === 'unchanged') return null;
  return {
    line,
    action,
    slug: slug || null,
    sku: sku || null,
    product_id: product?.id ?? null,
    variant_id: variant?.id ?? null,
    changed,
    errors,
  };
}

/** The options of importProducts the mock follows (query parameters). */
interface ImportQuery {
  createCategories: boolean;
  fetchImages: boolean;
}

const SHOPIFY_CHANGED = [
  'product_name',
  'category',
  'is_active',
  'price_includes_vat',
  'base_price',
];

/**
 * A Shopify export (mocks/fixtures/imports.ts's shopifyImportCsv) as the server maps it: a row
 * per variant, the bowl's type a category to create or a refusal naming the file's column.
 */
function shopifyReport(
  file: File,
  mode: 'dry_run' | 'apply',
  rowsTotal: number,
  { createCategories, fetchImages }: ImportQuery,
): ProductImportReport {
  const variant = ['sku', 'variant_title', 'option_values', 'price', 'stock_quantity'];
  const rows: ImportRow[] = [
    {
      line: 2,
      slug: 'huile-zitouna-1-l',
      sku: 'ZIT-1L',
      changed: [...SHOPIFY_CHANGED, 'vat_rate_name', 'stock_quantity'],
    },
    {
      line: 3,
      slug: 'chemise-lin',
      sku: 'CHEM-S',
      changed: [...SHOPIFY_CHANGED, 'vat_rate_name', ...variant],
    },
    { line: 4, slug: 'chemise-lin', sku: 'CHEM-M', changed: variant },
    {
      line: 5,
      slug: 'bol-nabeul',
      sku: 'BOL-1',
      changed: [...SHOPIFY_CHANGED, 'vat_rate_name', 'stock_quantity'],
    },
  ].map((r) => ({ ...r, action: 'create', product_id: null, variant_id: null, errors: [] }));
  if (!createCategories) {
    Object.assign(rows[3]!, {
      action: 'refused',
      changed: [],
      errors: [{ column: 'Type', message: 'Unknown category "Pottery"' }],
    });
  }
  const refused = rows.filter((r) => r.action === 'refused').length;
  return {
    mode,
    applied: mode === 'apply' && refused === 0,
    file_name: file.name,
    format: 'shopify',
    rows_total: rowsTotal,
    summary: { create: rows.length - refused, update: 0, unchanged: 0, refused },
    new_categories: createCategories ? ['Pottery'] : [],
    images_to_fetch: fetchImages ? 2 : 0,
    rows,
  };
}

/** What a file does: its report, or the file error the server answers. */
async function readImport(
  file: File,
  mode: 'dry_run' | 'apply',
  query: ImportQuery = { createCategories: false, fetchImages: false },
): Promise<Response> {
  // The server's order and words (server/src/routes/imports.ts), naming the file.
  if (file.type !== 'text/csv' && !file.name.toLowerCase().endsWith('.csv'))
    return fileError(415, `${file.name} is not a CSV file (.csv)`);
  if (file.size > MAX_BYTES) return fileError(413, `${file.name} is larger than 10 MB`);
  const text = (await file.text()).replace(/^\uFEFF/, '');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const separator = firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
  const [header, ...data] = readCsv(text, separator);
  if (!header) return fileError(422, 'The file has no header row');
  // The server recognises a platform's export from its header (Shopify's only, in the mock).
  if (header.includes('Handle') && header.includes('Title')) {
    const report = shopifyReport(file, mode, data.length, query);
    if (mode === 'dry_run' || report.applied) return json(report);
    const n = report.summary.refused;
    return json(
      { detail: `${n} ${n === 1 ? 'row is' : 'rows are'} refused; nothing was imported`, report },
      422,
    );
  }
  const missing = REQUIRED.find((column) => !header.includes(column));
  if (missing) return fileError(422, `Missing column: ${missing}`);
  const unknown = header.find((column) => !COLUMNS.includes(column));
  if (unknown) return fileError(422, `Unknown column: ${unknown}`);
  if (!data.length) return fileError(422, 'The file has no data rows');

  const rows = data.flatMap((values, index) => {
    const cells = Object.fromEntries(
      header.map((column, i) => [column, (values[i] ?? '').trim().replace(/^'/, '')]),
    );
    const row = checkRow(cells, index + 2);
    return row ? [row] : [];
  });
  const count = (action: ImportRowAction) => rows.filter((row) => row.action === action).length;
  const summary = {
    create: count('create'),
    update: count('update'),
    unchanged: data.length - rows.length,
    refused: count('refused'),
  };
  const report: ProductImportReport = {
    mode,
    applied: mode === 'apply' && summary.refused === 0,
    file_name: file.name,
    format: 'ours',
    rows_total: data.length,
    summary,
    new_categories: [],
    images_to_fetch: 0,
    rows,
  };
  if (mode === 'dry_run') return json(report);
  if (summary.refused)
    return json(
      {
        detail: `${summary.refused} ${summary.refused === 1 ? 'row is' : 'rows are'} refused; nothing was imported`,
        report,
      },
      422,
    );
  // Applied: what was created has ids now.
  const productIds = new Map<string, number>();
  for (const row of rows)
    if (row.action === 'create') {
      const slug = row.slug ?? '';
      row.product_id ??= productIds.get(slug) ?? newId();
      productIds.set(slug, row.product_id);
      if (row.sku) row.variant_id = newId();
    }
  return json(report);
}

interface ImportOptions {
  /** How long an apply takes to answer ('infinite': never), to see the import under way. */
  applyDelay?: number | 'infinite';
  /**
   * What an apply reads instead of the file sent: the catalogue as it changed since the dry run
   * (a refused apply after a clean dry run).
   */
  applyCsv?: string;
}

export const imports = {
  /**
   * POST /admin/imports/products?mode=: reads the uploaded CSV (comma or semicolon, quotes)
   * against the product, variant, category and VAT rate fixtures, and answers the report or the
   * file's error as the contract says. Nothing is written: an applied file's rows get new ids.
   */
  products: endpoint(
    'post',
    '/admin/imports/products',
    ({ applyDelay, applyCsv }: ImportOptions = {}) =>
      async ({ request, url }: Call) => {
        const mode = url.searchParams.get('mode') === 'apply' ? 'apply' : 'dry_run';
        const query = {
          createCategories: url.searchParams.get('create_categories') === 'true',
          fetchImages: url.searchParams.get('fetch_images') === 'true',
        };
        if (mode === 'apply' && applyDelay !== undefined) await delay(applyDelay);
        const file = (await request.formData()).get('file');
        if (!(file instanceof File)) return fileError(422, 'The file field is missing');
        if (mode === 'apply' && applyCsv !== undefined)
          return readImport(new File([applyCsv], file.name, { type: file.type }), mode);
        return readImport(file, mode, query);
      },
  ),
  /** GET /admin/imports/products/template: the header and two example rows. */
  template: endpoint('get', '/admin/imports/products/template', () => () => {
    const [, product, variant] = readCsv(goodImportCsv, ',');
    return csvFile('products-template.csv', COLUMNS, [product!, variant!]);
  }),
};
