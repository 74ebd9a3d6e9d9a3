// The sales register (#30, docs/product.md §10.27): every invoice and credit note issued in a
// period of shop days, in number order (invoices, then credit notes, each by year and sequence),
// a credit note's amounts negative (domain/books.ts registerEntryOf); the totals and the
// numbering check cover the whole period whatever the page. As JSON (paged), CSV and PDF.
import type { Schemas } from '../../api/types';
import {
  documentTotals,
  numberingChecks,
  ratesMet,
  registerColumns,
  registerEntryOf,
  registerRow,
  type ShopDay,
} from '../../domain/books';
import type { CsvSeparator } from '../../domain/csv';
import type { Language } from '../../documents/pdf';
import { renderSalesRegisterPdf } from '../../documents/sales-register-pdf';
import type { PdfFile } from '../billing/document-pdfs';
import { csvStream, PAGE_SIZE, type CsvDownload } from '../platform/csv-export';
import { loadShopSettings } from '../platform/shop-settings';
import {
  documentsById,
  lastSequencesBefore,
  numbersIssued,
  registerIds,
  registerPage,
  reportPeriod,
  summariesIssued,
  type Instants,
  type ReportContext,
} from './documents';

type Period = Instants & { from: ShopDay; to: ShopDay; timeZone: string };

/** The register of a period without its entries: counts, totals, numbering. */
async function registerSummary(ctx: ReportContext, period: Period) {
  const [summaries, numbers] = await Promise.all([
    summariesIssued(ctx, period),
    numbersIssued(ctx, period),
  ]);
  const total = summaries.length;
  const lastBefore = await lastSequencesBefore(
    ctx,
    period.start,
    numbers.map((n) => n.year),
  );
  return { total, totals: documentTotals(summaries), ...numberingChecks(numbers, lastBefore) };
}

/** getSalesRegister: one page of entries, with the period's totals and numbering checks. */
export async function getSalesRegister(
  ctx: ReportContext,
  query: { from: ShopDay; to: ShopDay; skip: number; limit: number },
): Promise<Schemas['SalesRegister']> {
  const period = await reportPeriod(ctx, query.from, query.to);
  const [summary, page] = await Promise.all([
    registerSummary(ctx, period),
    registerPage(ctx, period, query),
  ]);
  return {
    from: period.from,
    to: period.to,
    time_zone: period.timeZone,
    total: summary.total,
    entries: page.map((doc) => registerEntryOf(doc, period.timeZone)),
    totals: summary.totals,
    numbering: summary.numbering,
    gap_free: summary.gap_free,
  };
}

/**
 * Every entry of the period, a page (PAGE_SIZE) at a time, in the register's order: the ids are
 * sorted once, then each page is read by its ids (an OFFSET would sort the period again for
 * every page).
 */
async function* entryPages(ctx: ReportContext, period: Period) {
  const ids = await registerIds(ctx, period);
  for (let skip = 0; skip < ids.length; skip += PAGE_SIZE) {
    const page = await documentsById(ctx, ids.slice(skip, skip + PAGE_SIZE));
    yield page.map((doc) => registerEntryOf(doc, period.timeZone));
  }
}

/**
 * exportSalesRegisterCsv: every entry as sales-register-<from>-<to>.csv. The rate columns are
 * the rates met in the period, known before the header: read from the documents' summaries
 * first, then the rows are written a page at a time as the client takes them.
 */
export async function exportSalesRegisterCsv(
  ctx: ReportContext,
  query: { from: ShopDay; to: ShopDay },
  separator: CsvSeparator,
): Promise<CsvDownload> {
  const period = await reportPeriod(ctx, query.from, query.to);
  const summaries = await summariesIssued(ctx, period);
  const total = summaries.length;
  const rates = ratesMet(summaries);
  async function* rows() {
    for await (const entries of entryPages(ctx, period)) {
      yield entries.map((e) => registerRow(e, rates));
    }
  }
  return {
    fileName: `sales-register-${query.from}-${query.to}.csv`,
    total,
    body: csvStream({ total, columns: registerColumns(rates), pages: rows() }, separator),
  };
}

/** getSalesRegisterPdf: every entry, the totals and the numbering check, on A4 landscape. */
export async function salesRegisterPdf(
  ctx: ReportContext,
  query: { from: ShopDay; to: ShopDay },
  language: Language,
): Promise<PdfFile> {
  const period = await reportPeriod(ctx, query.from, query.to);
  const summary = await registerSummary(ctx, period);
  const entries: Schemas['SalesRegisterEntry'][] = [];
  for await (const page of entryPages(ctx, period)) entries.push(...page);
  const settings = await loadShopSettings(ctx.db);
  const pdf = await renderSalesRegisterPdf(
    {
      from: period.from,
      to: period.to,
      time_zone: period.timeZone,
      total: summary.total,
      entries,
      totals: summary.totals,
      numbering: summary.numbering,
      gap_free: summary.gap_free,
    },
    settings,
    language,
    ctx.now().toISOString(),
  );
  return { pdf, fileName: `sales-register-${query.from}-${query.to}.pdf` };
}
