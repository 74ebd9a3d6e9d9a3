import type { AxiosProgressEvent } from 'axios';
import { importProducts } from '@generated/clients/imports/imports';
import type {
  ImportProductsParams,
  ImportMode,
  ImportRow,
  ImportSummary,
  ProductImportRefused,
  ProductImportReport,
} from '@generated/model';
import type { BadgeStyle } from '@/components/list-screen';
import { fromResponseBody } from '@/lib/http';
import { formatCount } from '@/lib/format';
import { t } from './messages';

/** The contract's limit for one file (openapi/paths/imports.yaml: 413 above 10 MB). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** Why the picked files cannot be imported (one .csv file, not empty, ≤ 10 MB), else null. */
export function fileProblem(files: readonly File[]): string | null {
  const [file] = files;
  if (!file) return null;
  if (files.length > 1) return t('oneFile');
  if (!file.name.toLowerCase().endsWith('.csv')) return t('notCsv', { file: file.name });
  if (file.size === 0) return t('emptyFile', { file: file.name });
  if (file.size > IMPORT_MAX_BYTES) return t('fileTooLarge', { file: file.name });
  return null;
}

/**
 * The file as text/csv: browsers type a .csv file after the programs installed (Excel makes it
 * application/vnd.ms-excel), and the server refuses any other type (415).
 */
export const asCsv = (file: File) =>
  file.type === 'text/csv' ? file : new File([file], file.name, { type: 'text/csv' });

/** The import's options, sent with the dry run and the apply alike (the server keeps nothing). */
export interface ImportOptions {
  /** A Shopify or WooCommerce file's prices include VAT. */
  pricesIncludeVat: boolean;
  createCategories: boolean;
  fetchImages: boolean;
}

export const DEFAULT_IMPORT_OPTIONS: ImportOptions = {
  pricesIncludeVat: true,
  createCategories: false,
  fetchImages: false,
};

const importParams = (mode: ImportMode, o: ImportOptions): ImportProductsParams => ({
  mode,
  prices_include_vat: o.pricesIncludeVat,
  create_categories: o.createCategories,
  fetch_images: o.fetchImages,
});

/** The format the server recognised, as the dialog names it. */
export const formatName = (format: ProductImportReport['format']) => t(FORMAT_NAMES[format]);
const FORMAT_NAMES = {
  ours: 'formatOurs',
  shopify: 'formatShopify',
  woocommerce: 'formatWoocommerce',
  prestashop: 'formatPrestashop',
} as const;

/** What the server did with a file: its report, or (apply only) its refusal with the report. */
export interface ImportOutcome {
  report: ProductImportReport;
  /** The server's detail when an apply was refused (nothing written), else null. */
  refused: string | null;
}

const isRefusal = (body: unknown): body is ProductImportRefused =>
  typeof body === 'object' && body !== null && 'report' in body && 'detail' in body;

/**
 * Sends the file to importProducts. A refused apply (422 ProductImportRefused) carries the
 * report, which the client's error keeps no trace of: that one answer is read here as a result;
 * any other failure rejects with the server's error (for serverMessage).
 */
export async function sendImport(
  file: File,
  mode: ImportMode,
  importOptions: ImportOptions,
  options: { signal: AbortSignal; onUploadProgress: (event: AxiosProgressEvent) => void },
): Promise<ImportOutcome> {
  const body: unknown = await importProducts(
    { file: asCsv(file) },
    importParams(mode, importOptions),
    {
      ...options,
      // A large file takes longer than an ordinary request, to send and to check.
      timeout: 0,
      validateStatus: (status) => (status >= 200 && status < 300) || status === 422,
    },
  );
  if (isRefusal(body)) return { report: body.report, refused: body.detail };
  if (typeof body === 'object' && body !== null && 'summary' in body)
    return { report: body as ProductImportReport, refused: null };
  throw fromResponseBody(422, body);
}

/** '3 created, 2 updated, 45 unchanged' */
export const summaryText = ({ create, update, unchanged }: ImportSummary) =>
  t('summary', {
    created: formatCount(create),
    updated: formatCount(update),
    unchanged: formatCount(unchanged),
  });

/** Why Apply is disabled for this report, else null. */
export function applyBlocker({ summary }: ProductImportReport): string | null {
  if (summary.refused > 0)
    return t('refusedRows', { total: summary.refused, count: formatCount(summary.refused) });
  if (summary.create + summary.update === 0) return t('nothingToImport');
  return null;
}

/** One row of the report's table. */
export interface ReportRow {
  line: number;
  action: ImportRow['action'];
  badge: BadgeStyle;
  slug: string;
  sku: string;
  changed: string;
  errors: string;
}

const BADGES: Record<ImportRow['action'], BadgeStyle> = {
  create: 'default',
  update: 'secondary',
  unchanged: 'outline',
  refused: 'destructive',
};

export function toReportRows(rows: readonly ImportRow[]): ReportRow[] {
  return rows.map((row) => ({
    line: row.line,
    action: row.action,
    badge: BADGES[row.action],
    slug: row.slug ?? '',
    sku: row.sku ?? '',
    changed: row.changed.join(', '),
    errors: row.errors
      .map(({ column, message }) => (column ? `${column}: ${message}` : message))
      .join('; '),
  }));
}
