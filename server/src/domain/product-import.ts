// Reading a CSV file of products and variants (importProducts): its text, records, header and
// the rule of each cell, with the messages the report shows. Nothing here knows the database or
// HTTP: services/catalogue/product-import.ts looks the values up, compares and writes them.
import { parse } from 'csv-parse/sync';
import { CSV_COLUMNS } from '../../../contract/csv-columns';
import { IMPORT_COLUMNS, type CellError, type ImportColumn } from './import-columns';
import { readCell } from './csv';
import {
  detectFormat,
  FORMAT_MAPPERS,
  sourceRecord,
  type FormatOptions,
  type ImportFormat,
  type MappedRow,
} from './import-formats';
import { MAX_STOCK } from './inventory';
import { MAX_MILLIMES, toMillimes } from './money';

export { IMPORT_COLUMNS, type CellError, type ImportColumn } from './import-columns';

/** Why a whole file is refused (the answer's detail). */
export class ImportFileError extends Error {}

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;

const REQUIRED: readonly ImportColumn[] = ['slug', 'product_name'];

/** What one data row asks for; an absent property is an empty cell (or a missing column). */
export interface ImportLine {
  /** The row's line in the file, the header being line 1. */
  line: number;
  slug: string | null;
  /** null when empty. */
  sku: string | null;
  product: {
    name?: string;
    category?: string;
    is_active?: boolean;
    price_includes_vat?: boolean;
    base_price?: number;
    vat_rate_name?: string;
  };
  variant: {
    variant_title?: string;
    option_values?: Record<string, string>;
    price?: number;
    compare_at_price?: number;
    stock_quantity?: number;
    track_inventory?: boolean;
    allow_backorder?: boolean;
    is_active?: boolean;
  };
  errors: CellError[];
  /** A platform's row (import-formats/): what only such rows carry. */
  platform?: {
    /** The product's description as text (its first row). */
    description?: string;
    /** The product's images' URLs (its first row). */
    images: string[];
    /** The SKU of a product without variants, for its default variant. */
    simpleSku?: string;
    /** The file's column each of our columns came from: what a refusal names. */
    sources: Partial<Record<string, string>>;
  };
}

/** The bytes as text: UTF-8 (a byte order mark is dropped), or the file is refused. */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ImportFileError('The file is not UTF-8 text: save it as CSV UTF-8');
  }
}

/** ";" when the header line holds more semicolons than commas (a spreadsheet in a comma locale). */
export function delimiterOf(text: string): ',' | ';' {
  const end = text.search(/[\r\n]/);
  const header = end < 0 ? text : text.slice(0, end);
  const count = (c: string) => header.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

interface CsvRecord {
  line: number;
  cells: string[];
}

const LINE_BREAK = /\r\n|\r|\n/g;

/**
 * RFC 4180 records (csv-parse), each with the line it starts on; blank lines are skipped. As
 * spreadsheets write them: cells of a row may be fewer or more than the header's, a quote inside
 * an unquoted cell is a character, spaces before an opening quote are dropped. Stops with a file
 * error past `maxRecords`.
 */
export function parseRecords(text: string, delimiter: string, maxRecords: number): CsvRecord[] {
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = parse(text, {
      delimiter,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      ltrim: true,
      skip_empty_lines: true,
      to: maxRecords + 1,
    }) as unknown as typeof parsed; // with info: true each record comes with its info
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'CSV_QUOTE_NOT_CLOSED') {
      throw new ImportFileError('The file ends inside a quoted cell: a quote is never closed');
    }
    throw new ImportFileError(`The file is not valid CSV: ${(error as Error).message}`);
  }
  if (parsed.length > maxRecords) {
    throw new ImportFileError(
      `The file has more than ${(maxRecords - 1).toLocaleString('en-US')} rows`,
    );
  }
  return parsed.map(({ record, info }) => ({
    // info.lines is the line the record ends on; a quoted cell may span several.
    line: info.lines - record.reduce((n, cell) => n + (cell.match(LINE_BREAK)?.length ?? 0), 0),
    cells: record,
  }));
}

/** The header's columns by position; refuses unknown, repeated and missing columns. */
function readHeader(cells: string[]): (ImportColumn | null)[] {
  const known = new Set<string>(CSV_COLUMNS.products);
  const seen = new Set<string>();
  const columns = cells.map((raw, i) => {
    const name = raw.trim().toLowerCase();
    if (name === '') throw new ImportFileError(`Column ${i + 1} of the header has no name`);
    if (!known.has(name)) throw new ImportFileError(`Unknown column: ${raw.trim()}`);
    if (seen.has(name)) throw new ImportFileError(`Column ${name} appears twice`);
    seen.add(name);
    return (IMPORT_COLUMNS as readonly string[]).includes(name) ? (name as ImportColumn) : null;
  });
  for (const required of REQUIRED) {
    if (!seen.has(required)) throw new ImportFileError(`Missing column: ${required}`);
  }
  return columns;
}

// ---------------------------------------------------------------------------------------------
// Cells

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const BOOLEANS: Record<string, boolean> = {
  true: true,
  false: false,
  '1': true,
  '0': false,
  yes: true,
  no: false,
  oui: true,
  non: false,
};

/** Reads the cells of one record, collecting an error per wrong cell. */
function cellReader(cells: Map<ImportColumn, string>, decimalComma: boolean, errors: CellError[]) {
  const fail = (column: ImportColumn, message: string) => {
    errors.push({ column, message });
    return undefined;
  };
  const text = (column: ImportColumn, maxLength: number): string | undefined => {
    const raw = cells.get(column)?.trim() ?? '';
    if (raw === '') return undefined;
    const cell = readCell(raw);
    if (cell.formula) {
      return fail(
        column,
        `A formula is not accepted: "${cell.text}" (start it with ' to keep it as text)`,
      );
    }
    if (cell.text.length > maxLength) return fail(column, `At most ${maxLength} characters`);
    return cell.text;
  };
  return {
    text,
    slug(column: ImportColumn): string | undefined {
      const value = text(column, 200);
      if (value === undefined || SLUG.test(value)) return value;
      return fail(
        column,
        `"${value}" is not a slug: lower-case letters, digits and single hyphens`,
      );
    },
    sku(column: ImportColumn): string | undefined {
      const value = text(column, 64);
      if (value === undefined || !/\s/.test(value)) return value;
      return fail(column, `"${value}" is not a SKU: no spaces`);
    },
    money(column: ImportColumn): number | undefined {
      const value = text(column, 40);
      if (value === undefined) return undefined;
      const written = decimalComma && /^\d+,\d+$/.test(value) ? value.replace(',', '.') : value;
      const match = /^([+-]?)(\d+)(\.\d+)?$/.exec(written);
      if (!match) return fail(column, `"${value}" is not an amount`);
      if (/^\.\d{3}\d*[1-9]/.test(match[3] ?? '')) {
        return fail(column, `"${value}" has more than 3 decimals`);
      }
      const millimes =
        (match[2] ?? '').replace(/^0+/, '').length > 9 ? Infinity : toMillimes(written);
      if (millimes < 0 || millimes > MAX_MILLIMES) {
        return fail(column, `"${value}" is not an amount from 0 to 999999999.999`);
      }
      return millimes;
    },
    bool(column: ImportColumn): boolean | undefined {
      const value = text(column, 10);
      if (value === undefined) return undefined;
      const b = BOOLEANS[value.toLowerCase()];
      return b ?? fail(column, `"${value}" is not true or false`);
    },
    stock(column: ImportColumn): number | undefined {
      const value = text(column, 20);
      if (value === undefined) return undefined;
      const n = /^[+-]?\d+$/.test(value) ? Number(value) : NaN;
      if (!Number.isSafeInteger(n) || Math.abs(n) > MAX_STOCK) {
        return fail(column, `"${value}" is not a whole number`);
      }
      return n;
    },
    options(column: ImportColumn): Record<string, string> | undefined {
      const value = text(column, 3000);
      if (value === undefined) return undefined;
      const options: Record<string, string> = {};
      for (const pair of value.split(';')) {
        if (pair.trim() === '') continue;
        const eq = pair.indexOf('=');
        const name = eq < 0 ? '' : pair.slice(0, eq).trim();
        const optionValue = eq < 0 ? '' : pair.slice(eq + 1).trim();
        if (!name || !optionValue || name.length > 50 || optionValue.length > 100) {
          return fail(column, `Write the options as "Size=M; Colour=Red", not "${value}"`);
        }
        if (Object.hasOwn(options, name)) return fail(column, `Option ${name} is given twice`);
        options[name] = optionValue;
      }
      if (Object.keys(options).length > 20) return fail(column, 'At most 20 options');
      return options;
    },
  };
}

function readLine(
  record: CsvRecord,
  columns: (ImportColumn | null)[],
  decimalComma: boolean,
): ImportLine {
  const errors: CellError[] = [];
  const cells = new Map<ImportColumn, string>();
  columns.forEach((column, i) => {
    if (column) cells.set(column, record.cells[i] ?? '');
  });
  if (record.cells.length > columns.length && record.cells.slice(columns.length).some((c) => c)) {
    errors.push({
      column: null,
      message: `The row has ${record.cells.length} cells; the header has ${columns.length}`,
    });
  }
  return readCells(record.line, cells, decimalComma, errors);
}

/** One row's cells by our rules, whichever file they came from. */
function readCells(
  lineNumber: number,
  cells: Map<ImportColumn, string>,
  decimalComma: boolean,
  errors: CellError[],
): ImportLine {
  const read = cellReader(cells, decimalComma, errors);
  const slug = read.slug('slug');
  const name = read.text('product_name', 200);
  if (cells.get('slug')?.trim() === '') errors.push({ column: 'slug', message: 'Required' });
  if (cells.get('product_name')?.trim() === '') {
    errors.push({ column: 'product_name', message: 'Required' });
  }
  const product: ImportLine['product'] = {
    name,
    category: read.text('category', 200),
    is_active: read.bool('is_active'),
    price_includes_vat: read.bool('price_includes_vat'),
    base_price: read.money('base_price'),
    vat_rate_name: read.text('vat_rate_name', 100),
  };
  const sku = read.sku('sku') ?? null;
  const variant: ImportLine['variant'] = {
    variant_title: read.text('variant_title', 200),
    option_values: read.options('option_values'),
    price: read.money('price'),
    compare_at_price: read.money('compare_at_price'),
    stock_quantity: read.stock('stock_quantity'),
    track_inventory: read.bool('track_inventory'),
    allow_backorder: read.bool('allow_backorder'),
    is_active: read.bool('variant_is_active'),
  };
  return {
    line: lineNumber,
    slug: slug ?? null,
    sku,
    product: withoutUndefined(product),
    variant: withoutUndefined(variant),
    errors,
  };
}

const withoutUndefined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** A platform's row read by our rules: its errors name the platform's columns. */
function readMapped(row: MappedRow, decimalComma: boolean): ImportLine {
  const cells = new Map(Object.entries(row.cells) as [ImportColumn, string][]);
  const line = readCells(row.line, cells, decimalComma, [...row.errors]);
  const sku = row.simpleSku;
  // The default variant's SKU follows our rule of a SKU, as a variant row's does.
  if (sku !== undefined && (/\s/.test(sku) || sku.length > 64)) {
    line.errors.push({
      column: 'sku',
      message: sku.length > 64 ? 'At most 64 characters' : `"${sku}" is not a SKU: no spaces`,
    });
  }
  line.platform = {
    ...(row.description !== undefined && { description: row.description }),
    images: row.images,
    ...(row.simpleSku !== undefined && { simpleSku: row.simpleSku }),
    sources: row.sources,
  };
  return line;
}

export interface ImportFile {
  format: ImportFormat;
  lines: ImportLine[];
}

const OUR_OPTIONS: FormatOptions = { pricesIncludeVat: true };

/**
 * The data rows of a file, in our columns or a platform's recognised from the header
 * (import-formats/), or a file error (unreadable text, header, no rows, too many).
 */
export function readImportFile(bytes: Uint8Array, options = OUR_OPTIONS): ImportFile {
  const text = decodeCsv(bytes);
  const delimiter = delimiterOf(text);
  const [header, ...records] = parseRecords(text, delimiter, MAX_IMPORT_ROWS + 1);
  if (!header) throw new ImportFileError('The file is empty');
  const format = detectFormat(header.cells);
  if (format === null) {
    const columns = readHeader(header.cells);
    if (records.length === 0) throw new ImportFileError('The file has no data rows');
    return {
      format: 'ours',
      lines: records.map((record) => readLine(record, columns, delimiter === ';')),
    };
  }
  if (records.length === 0) throw new ImportFileError('The file has no data rows');
  const rows = FORMAT_MAPPERS[format](
    records.map((r) => sourceRecord(header.cells, r)),
    options,
  );
  return { format, lines: rows.map((row) => readMapped(row, delimiter === ';')) };
}
