// What the analytics mocks (analytics-sales.ts, analytics-stock.ts, dashboard.ts) share: the
// shop's day, the fixtures as the server's roll-ups read them, the period a report's query names
// (refused as the server refuses it), and a report over a period with its CSV, both from one
// fixture report so the file and the screen cannot disagree.
import type { OrderPayment, OrderSummary } from '@generated/model';
import {
  periodFault,
  type ReportInterval,
  type SaleOrder,
} from '../../server/src/domain/analytics';
import { shopDayOf } from '../../server/src/domain/books';
import type { CsvValue } from '../../server/src/domain/csv';
import { toMillimes } from '../../server/src/domain/money';
import { shopSettings } from '../fixtures/settings';
import { endpoint, json, now } from './endpoint';
import { csvAnswer, queryRefusal } from './reports';

export const timeZone = () => shopSettings.time_zone;
export const today = () => shopDayOf(now(), timeZone());

/** What the sales reports read of an order (millimes). */
export const saleOrderOf = (o: OrderSummary): SaleOrder => ({
  id: o.id,
  status: o.status,
  payment_method: o.payment_method,
  created_at: o.created_at,
  total_amount: toMillimes(o.total_amount),
  vat_amount: toMillimes(o.vat_amount),
  stamp_duty_amount: toMillimes(o.stamp_duty_amount),
  discount_amount: toMillimes(o.discount_amount),
  shipping_amount: toMillimes(o.shipping_amount),
});

/** What the sales reports read of a payment (millimes; refunds are the negative ones). */
export const salePaymentOf = (p: OrderPayment) => ({
  amount: toMillimes(p.amount),
  received_on: p.received_on,
  removed_at: p.removed_at,
});

const INTERVALS: readonly string[] = ['day', 'week', 'month'];

/** The period of a report's query (`from`, `to`, `interval`, `limit`), or the server's 422 for it. */
function periodOf(url: URL) {
  const from = url.searchParams.get('from') ?? '';
  const to = url.searchParams.get('to') ?? '';
  const interval = url.searchParams.get('interval') ?? 'day';
  const fault = periodFault(from, to, today());
  if (fault) return { refusal: queryRefusal(fault.field, fault.detail) };
  if (!INTERVALS.includes(interval)) return { refusal: json({ detail: 'Validation error' }, 422) };
  const limit = Number(url.searchParams.get('limit') ?? 10) || 10;
  return { period: { from, to, interval: interval as ReportInterval, limit } };
}

export type Period = NonNullable<ReturnType<typeof periodOf>['period']>;

/**
 * GET `path`?from&to… → the `fixture` report of the period (or the report a story hands in), and
 * GET `path`.csv → `<file>-<from>-<to>.csv`: its `rows` under `columns`. A bad period: the 422.
 */
export function periodReport<D>(
  path: string,
  file: string,
  fixture: (period: Period) => D,
  csv: { columns: readonly string[]; rows: (report: D) => CsvValue[][] },
) {
  return {
    report: endpoint('get', path, (data?: D) => ({ url }) => {
      const { refusal, period } = periodOf(url);
      return refusal ?? json(data ?? fixture(period));
    }),
    csv: endpoint('get', `${path}.csv`, () => ({ url }) => {
      const { refusal, period } = periodOf(url);
      return (
        refusal ??
        csvAnswer(
          url,
          `${file}-${period.from}-${period.to}.csv`,
          csv.columns,
          csv.rows(fixture(period)),
        )
      );
    }),
  };
}
