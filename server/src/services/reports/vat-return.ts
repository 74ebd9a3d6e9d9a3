// The monthly VAT return (#30, docs/product.md §10.27): the invoices and credit notes issued in
// a month of the shop's calendar, figured by domain/books.ts vatReturnOf, with the withholding of
// the month's payments and the trend of the twelve months ending with it; as JSON, CSV and PDF.
import type { Schemas } from '../../api/types';
import {
  trendMonthOf,
  VAT_RETURN_COLUMNS,
  vatReturnOf,
  vatReturnRows,
  withholdingTotalsOf,
} from '../../domain/books';
import type { CsvSeparator } from '../../domain/csv';
import type { Language } from '../../documents/pdf';
import { renderVatReturnPdf } from '../../documents/vat-return-pdf';
import type { PdfFile } from '../billing/document-pdfs';
import { csvStream, type CsvDownload } from '../platform/csv-export';
import { loadShopSettings } from '../platform/shop-settings';
import {
  previousMonthsSummaries,
  reportMonth,
  summariesIssued,
  type ReportContext,
} from './documents';
import { withholdingEntries } from './withholding';

/** getVatReturn. */
export async function getVatReturn(
  ctx: ReportContext,
  month: string,
): Promise<Schemas['VatReturn']> {
  const bounds = await reportMonth(ctx, month);
  const [documents, previous, withholding] = await Promise.all([
    summariesIssued(ctx, bounds),
    previousMonthsSummaries(ctx, month, bounds.timeZone),
    withholdingEntries(ctx, bounds),
  ]);
  return vatReturnOf({
    month,
    timeZone: bounds.timeZone,
    documents,
    withholding: withholdingTotalsOf(withholding),
    trend: [
      ...previous.map((p) => trendMonthOf(p.month, p.documents)),
      trendMonthOf(month, documents),
    ],
  });
}

/** exportVatReturnCsv: the return's lines as vat-return-<month>.csv. */
export async function exportVatReturnCsv(
  ctx: ReportContext,
  month: string,
  separator: CsvSeparator,
): Promise<CsvDownload> {
  const rows = vatReturnRows(await getVatReturn(ctx, month));
  return {
    fileName: `vat-return-${month}.csv`,
    total: rows.length,
    body: csvStream({ total: rows.length, columns: VAT_RETURN_COLUMNS, pages: [rows] }, separator),
  };
}

/** getVatReturnPdf: the return on A4 with the seller's identity, as vat-return-<month>.pdf. */
export async function vatReturnPdf(
  ctx: ReportContext,
  month: string,
  language: Language,
): Promise<PdfFile> {
  const vat = await getVatReturn(ctx, month);
  const settings = await loadShopSettings(ctx.db);
  const pdf = await renderVatReturnPdf(vat, settings, language, ctx.now().toISOString());
  return { pdf, fileName: `vat-return-${month}.pdf` };
}
