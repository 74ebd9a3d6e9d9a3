// The import's client side against the mock API (mocks/handlers/imports.ts), which reads the
// fixture files as the contract describes.
import { describe, expect, it } from 'vitest';
import {
  csvUpload,
  goodImportCsv,
  refusedImportCsv,
  shopifyImportCsv,
  unknownColumnCsv,
} from '@mocks/fixtures/imports';
import { requests } from '@mocks/node';
import { ApiError } from '@/lib/http';
import { withMockApi } from '@/testing/mock-api';
import {
  applyBlocker,
  asCsv,
  DEFAULT_IMPORT_OPTIONS,
  formatName,
  type ImportOptions,
  fileProblem,
  IMPORT_MAX_BYTES,
  sendImport,
  summaryText,
  toReportRows,
} from './product-import';

withMockApi();

const send = (
  file: File,
  mode: 'dry_run' | 'apply' = 'dry_run',
  options: ImportOptions = DEFAULT_IMPORT_OPTIONS,
) =>
  sendImport(file, mode, options, {
    signal: new AbortController().signal,
    onUploadProgress: () => {},
  });

function sized(name: string, size: number): File {
  const file = new File(['x'], name, { type: 'text/csv' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('fileProblem', () => {
  it('takes one non-empty .csv file of at most 10 MB', () => {
    expect(fileProblem([])).toBeNull();
    expect(fileProblem([sized('a.csv', IMPORT_MAX_BYTES)])).toBeNull();
    expect(fileProblem([sized('a.CSV', 10)])).toBeNull();
    expect(fileProblem([sized('a.csv', 1), sized('b.csv', 1)])).toBe('Choose one CSV file.');
    expect(fileProblem([sized('a.xlsx', 1)])).toBe('a.xlsx is not a CSV file (.csv).');
    expect(fileProblem([sized('a.csv', 0)])).toBe('a.csv is empty.');
    expect(fileProblem([sized('a.csv', IMPORT_MAX_BYTES + 1)])).toBe('a.csv is larger than 10 MB.');
  });

  it('sends a .csv file as text/csv whatever the browser typed it', () => {
    const excel = new File(['slug'], 'a.csv', { type: 'application/vnd.ms-excel' });
    expect(asCsv(excel).type).toBe('text/csv');
    expect(asCsv(excel).name).toBe('a.csv');
  });
});

describe('sendImport', () => {
  it('reports what a good file does, and applies it', async () => {
    const { report, refused } = await send(csvUpload(goodImportCsv));
    expect(refused).toBeNull();
    expect(report).toMatchObject({ mode: 'dry_run', applied: false, rows_total: 4 });
    expect(report.summary).toEqual({ create: 2, update: 1, unchanged: 1, refused: 0 });
    expect(toReportRows(report.rows)).toEqual([
      expect.objectContaining({ line: 2, action: 'create', badge: 'default', sku: '' }),
      expect.objectContaining({ line: 3, action: 'create', sku: 'SAC-CABAS-BLG' }),
      expect.objectContaining({ line: 4, action: 'update', changed: 'base_price', errors: '' }),
    ]);
    expect(applyBlocker(report)).toBeNull();
    expect(requests.last('POST', '/api/v1/admin/imports/products')).toMatchObject({
      query: { mode: 'dry_run' },
      body: { file: 'products.csv' },
    });

    const applied = await send(csvUpload(goodImportCsv), 'apply');
    expect(applied.report).toMatchObject({ mode: 'apply', applied: true });
    expect(summaryText(applied.report.summary)).toBe('2 created, 1 updated, 1 unchanged');
  });

  it('names each refused cell (semicolon file, decimal commas)', async () => {
    const { report } = await send(csvUpload(refusedImportCsv));
    expect(report.summary).toEqual({ create: 1, update: 0, unchanged: 0, refused: 3 });
    expect(toReportRows(report.rows).map((row) => [row.line, row.action, row.errors])).toEqual([
      [2, 'create', ''],
      [
        3,
        'refused',
        'category: Unknown category "Tapis"; vat_rate_name: VAT rate "TVA 13 (until 2025)" is not in force',
      ],
      [4, 'refused', 'base_price: An amount has at most 3 decimals'],
      [5, 'refused', 'category: A formula is not accepted here'],
    ]);
    expect(applyBlocker(report)).toBe(
      '3 rows are refused: correct them in the file and upload it again.',
    );
  });

  it('gives a refused apply its report', async () => {
    const { report, refused } = await send(csvUpload(refusedImportCsv), 'apply');
    expect(refused).toBe('3 rows are refused; nothing was imported');
    expect(report).toMatchObject({ mode: 'apply', applied: false });
  });

  it("rejects a file error with the server's detail", async () => {
    const error = await send(csvUpload(unknownColumnCsv)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Unknown column: colour' });
  });

  it('sends the options, and reads the format the server recognised', async () => {
    const { report } = await send(csvUpload(shopifyImportCsv, 'shopify.csv'), 'dry_run', {
      pricesIncludeVat: false,
      createCategories: true,
      fetchImages: true,
    });
    expect(requests.last('POST', '/api/v1/admin/imports/products')).toMatchObject({
      query: {
        mode: 'dry_run',
        prices_include_vat: 'false',
        create_categories: 'true',
        fetch_images: 'true',
      },
    });
    expect(formatName(report.format)).toBe('Shopify product export');
    expect([report.new_categories, report.images_to_fetch]).toEqual([['Pottery'], 2]);
    expect(report.summary).toEqual({ create: 4, update: 0, unchanged: 0, refused: 0 });

    const refused = await send(csvUpload(shopifyImportCsv, 'shopify.csv'));
    expect(toReportRows(refused.report.rows).at(-1)).toMatchObject({
      line: 5,
      action: 'refused',
      errors: 'Type: Unknown category "Pottery"',
    });
  });
});
