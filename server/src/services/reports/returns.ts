// The returns report (#35, docs/product.md §10.30): the returns recorded in a period of shop
// days, read by an indexed range on order_returns.created_at (migration 040) between the
// period's instants, with their lines and the products as sold. Returns are few beside orders,
// so the rows themselves are read and domain/stock-analytics.ts folds them: the mocks and the
// tests recount with the same function.
import type { Schemas } from '../../api/types';
import type { ReportInterval } from '../../domain/analytics';
import { periodBounds, type ShopDay } from '../../domain/books';
import type { CsvSeparator } from '../../domain/csv';
import {
  RETURNS_COLUMNS,
  returnsReportOf,
  returnsRow,
  type ReturnRow,
} from '../../domain/stock-analytics';
import { csvStream, groupBy, type CsvDownload } from '../platform/csv-export';
import { analyticsPeriod } from './sales';
import type { ReportContext } from './documents';

export interface ReturnsQuery {
  from: ShopDay;
  to: ShopDay;
  interval: ReportInterval;
}

/** The returns recorded between two instants, with their lines. */
async function returnsBetween(
  ctx: ReportContext,
  { start, end }: { start: Date; end: Date },
): Promise<ReturnRow[]> {
  const returns = await ctx.db
    .selectFrom('order_returns')
    .select(['id', 'created_at', 'total_amount'])
    .where('created_at', '>=', start.toISOString())
    .where('created_at', '<', end.toISOString())
    .orderBy('id')
    .execute();
  if (returns.length === 0) return [];
  const lines = await ctx.db
    .selectFrom('order_return_lines as l')
    .innerJoin('order_items as i', 'i.id', 'l.order_item_id')
    .select(['l.return_id', 'l.quantity', 'l.total_price', 'i.product_id', 'i.product_name'])
    .where(
      'l.return_id',
      'in',
      returns.map((r) => Number(r.id)),
    )
    .orderBy('l.id')
    .execute();
  const byReturn = groupBy(lines, (l) => Number(l.return_id));
  return returns.map((r) => ({
    created_at: r.created_at,
    total_amount: Number(r.total_amount),
    lines: (byReturn.get(Number(r.id)) ?? []).map((l) => ({
      product_id: l.product_id === null ? null : Number(l.product_id),
      product_name: l.product_name,
      quantity: Number(l.quantity),
      total_price: Number(l.total_price),
    })),
  }));
}

/** getReturnsReport. */
export async function getReturnsReport(
  ctx: ReportContext,
  query: ReturnsQuery,
): Promise<Schemas['ReturnsReport']> {
  const timeZone = await analyticsPeriod(ctx, query);
  const rows = await returnsBetween(ctx, periodBounds(query.from, query.to, timeZone));
  return returnsReportOf(rows, query, timeZone);
}

/** exportReturnsReportCsv: one row per bucket, as returns-<from>-<to>.csv. */
export async function exportReturnsReportCsv(
  ctx: ReportContext,
  query: ReturnsQuery,
  separator: CsvSeparator,
): Promise<CsvDownload> {
  const { buckets } = await getReturnsReport(ctx, query);
  return {
    fileName: `returns-${query.from}-${query.to}.csv`,
    total: buckets.length,
    body: csvStream(
      { total: buckets.length, columns: RETURNS_COLUMNS, pages: [buckets.map(returnsRow)] },
      separator,
    ),
  };
}
