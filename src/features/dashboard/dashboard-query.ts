// The dashboard's period as its address carries it (?period=7_days, ?period=custom&from&to), so a
// reload or a shared link shows the same figures, and the change of a card against the previous
// period. Pure. The period names and the days they cover are the server's
// (server/src/domain/dashboard-period.ts): the server turns a name into days in the shop's time
// zone, the screen only names it.
import type { GetDashboardSummaryParams } from '@generated/model';
import {
  DASHBOARD_PERIODS,
  type DashboardPeriodName,
} from '../../../server/src/domain/dashboard-period';

export { DASHBOARD_PERIODS };

export interface DashboardQuery {
  period: DashboardPeriodName;
  /** With custom: the days typed, YYYY-MM-DD ('' until typed). */
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOrEmpty = (value: string | null) => (value !== null && DAY.test(value) ? value : '');

/** The dashboard opens on today. */
export const DEFAULT_QUERY: DashboardQuery = { period: 'today', from: '', to: '' };

/** The query of an address; an unknown period is today's (a mistyped link shows today). */
export function queryOfSearch(search: string): DashboardQuery {
  const params = new URLSearchParams(search);
  const named = params.get('period');
  const period = DASHBOARD_PERIODS.find((p) => p === named) ?? DEFAULT_QUERY.period;
  if (period !== 'custom') return { ...DEFAULT_QUERY, period };
  return { period, from: dayOrEmpty(params.get('from')), to: dayOrEmpty(params.get('to')) };
}

/** The address's query of a period ('' for today, the default: /admin stays /admin). */
export function searchOfQuery(q: DashboardQuery): string {
  if (q.period === DEFAULT_QUERY.period) return '';
  const params = new URLSearchParams({ period: q.period });
  if (q.period === 'custom') {
    if (q.from) params.set('from', q.from);
    if (q.to) params.set('to', q.to);
  }
  return `?${params.toString()}`;
}

/**
 * What getDashboardSummary is asked, or null while a custom period lacks a day (nothing to ask
 * yet).
 */
export function summaryParams(q: DashboardQuery): GetDashboardSummaryParams | null {
  if (q.period !== 'custom') return { period: q.period };
  return q.from && q.to ? { period: 'custom', from: q.from, to: q.to } : null;
}

/**
 * A figure against the previous period's: the ratio of the change (0.12 for +12 %), 'new' when
 * the previous period had none, 'same' when neither had any.
 */
export type Change = { ratio: number } | 'new' | 'same';

export function changeOf(current: number, previous: number): Change {
  if (previous === 0) return current === 0 ? 'same' : 'new';
  return { ratio: (current - previous) / Math.abs(previous) };
}
