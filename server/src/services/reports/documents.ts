// The reports room (#30, docs/product.md §10.27): the accountant's books, read from the frozen
// invoices and credit notes and from the payments; nothing here writes. The figures are made by
// domain/books.ts (the console's mocks use the same functions); this file reads what it needs:
//
// - the documents issued in a period of the shop's days, by invoices.issued_at in [start, end)
//   (ISO texts in UTC, so text comparison orders them; migration 037 indexes the column);
// - their summaries (invoices.books_summary, migration 037: the figures without the parties and
//   lines), for the VAT return, the trend of twelve months and the register's totals;
// - the last sequence of each kind and year issued before a period (the numbering check).
//
// The period's checks (the month not started, the longest period) and their 422 texts are
// domain/books.ts's; the shop's calendar is its current time zone (shop settings).
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { invalid } from '../../api/problem';
import {
  addMonths,
  monthBounds,
  monthRefusal,
  periodBounds,
  periodRefusal,
  sequenceKey,
  shopDay,
  type BooksSummary,
  type NumberedDocument,
  type ShopDay,
} from '../../domain/books';
import type { InvoiceContent } from '../../domain/invoice';
import { shopTimeZone } from '../platform/shop-settings';

export type ReportContext = Pick<AppContext, 'db' | 'dialect' | 'now'>;

/** A month of the shop checked against today: its bounds and the shop's time zone. */
export async function reportMonth(ctx: ReportContext, month: string) {
  const timeZone = await shopTimeZone(ctx.db);
  const refusal = monthRefusal(month, shopDay(ctx.now(), timeZone));
  if (refusal) throw invalid(['query', 'month'], refusal);
  return { timeZone, ...monthBounds(month, timeZone) };
}

/** A period of shop days checked: its instants and the shop's time zone. */
export async function reportPeriod(ctx: ReportContext, from: ShopDay, to: ShopDay) {
  const refusal = periodRefusal(from, to);
  if (refusal) throw invalid(['query', refusal.field], refusal.text);
  const timeZone = await shopTimeZone(ctx.db);
  return { timeZone, from, to, ...periodBounds(from, to, timeZone) };
}

/** Instants as invoices.issued_at stores them. */
export interface Instants {
  start: Date;
  end: Date;
}

function issuedIn(ctx: ReportContext, { start, end }: Instants) {
  return ctx.db
    .selectFrom('invoices')
    .where('issued_at', '>=', start.toISOString())
    .where('issued_at', '<', end.toISOString());
}

/** A document read for the register: its row's id and its frozen content. */
export interface IssuedDocument {
  id: number;
  content: InvoiceContent;
}

/** What the books read of each row: its summary, else (a row written otherwise) its content. */
const summaryColumn = sql<string>`coalesce(books_summary, content)`.as('summary');

/** The summaries of every document issued in the instants (the VAT return's month, the trend). */
export async function summariesIssued(
  ctx: ReportContext,
  instants: Instants,
): Promise<BooksSummary[]> {
  const rows = await issuedIn(ctx, instants).select(summaryColumn).execute();
  return rows.map((r) => JSON.parse(r.summary) as BooksSummary);
}

/** One page of the documents issued in the instants, in the register's order. */
export async function registerPage(
  ctx: ReportContext,
  instants: Instants,
  page: { skip: number; limit: number },
): Promise<IssuedDocument[]> {
  const rows = await issuedIn(ctx, instants)
    .select(['id', 'content'])
    // 'invoice' sorts after 'credit_note': descending puts the invoices first.
    .orderBy('kind', 'desc')
    .orderBy('year')
    .orderBy('sequence')
    .limit(page.limit)
    .offset(page.skip)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    content: JSON.parse(row.content) as InvoiceContent,
  }));
}

/** The ids of the documents issued in the instants, in the register's order. */
export async function registerIds(ctx: ReportContext, instants: Instants): Promise<number[]> {
  const rows = await issuedIn(ctx, instants)
    .select('id')
    .orderBy('kind', 'desc')
    .orderBy('year')
    .orderBy('sequence')
    .execute();
  return rows.map((r) => Number(r.id));
}

/** These documents (ids in the register's order), in that order. */
export async function documentsById(
  ctx: ReportContext,
  ids: readonly number[],
): Promise<IssuedDocument[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .selectFrom('invoices')
    .select(['id', 'content'])
    .where('id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r.content]));
  return ids.flatMap((id) => {
    const content = byId.get(id);
    return content === undefined ? [] : [{ id, content: JSON.parse(content) as InvoiceContent }];
  });
}

/** The summaries of the eleven months before `month`, oldest first, each with its month. */
export async function previousMonthsSummaries(
  ctx: ReportContext,
  month: string,
  timeZone: string,
): Promise<{ month: string; documents: BooksSummary[] }[]> {
  const months = Array.from({ length: 11 }, (_, i) => addMonths(month, i - 11));
  const bounds = months.map((m) => ({ month: m, ...monthBounds(m, timeZone) }));
  const first = bounds[0];
  const last = bounds[bounds.length - 1];
  if (!first || !last) return [];
  const documents = await summariesIssued(ctx, { start: first.start, end: last.end });
  const ends = bounds.map((b) => b.end.toISOString());
  const buckets = bounds.map((b) => ({ month: b.month, documents: [] as BooksSummary[] }));
  for (const doc of documents) {
    const i = ends.findIndex((end) => doc.issued_at < end);
    buckets[i]?.documents.push(doc);
  }
  return buckets;
}

/** The kind, number, year and sequence of every document issued in the instants. */
export async function numbersIssued(
  ctx: ReportContext,
  instants: Instants,
): Promise<NumberedDocument[]> {
  const rows = await issuedIn(ctx, instants)
    .select(['kind', 'number', 'year', 'sequence'])
    .execute();
  return rows.map((r) => ({
    kind: r.kind,
    number: r.number,
    year: Number(r.year),
    sequence: Number(r.sequence),
  }));
}

/** Per kind and year (sequenceKey), the last sequence issued before `start`, for these years. */
export async function lastSequencesBefore(
  ctx: ReportContext,
  start: Date,
  years: readonly number[],
): Promise<Map<string, number>> {
  const last = new Map<string, number>();
  if (years.length === 0) return last;
  const rows = await ctx.db
    .selectFrom('invoices')
    .select(['kind', 'year', (eb) => eb.fn.max('sequence').as('sequence')])
    .where('issued_at', '<', start.toISOString())
    .where('year', 'in', [...new Set(years)])
    .groupBy(['kind', 'year'])
    .execute();
  for (const r of rows) last.set(sequenceKey(r.kind, Number(r.year)), Number(r.sequence));
  return last;
}
