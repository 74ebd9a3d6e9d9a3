// The period of an analytics screen as its address carries it: a preset (?period=7_days) the
// screen turns into two shop days from today, or two days of its own (?from&to); with neither,
// the last 30 days. Pure: today (the shop's day, in its time zone) is an argument. The calendar
// arithmetic and the buckets are the server's (server/src/domain/analytics.ts), so the screen and
// the reports cannot disagree on a day.
import type { ReportInterval } from '@generated/model';
import { addDays, periodBuckets } from '../../../server/src/domain/analytics';
import { addMonths, monthBounds } from '../../../server/src/domain/books';
import { isDay } from '../reports';

/** The periods offered by name, in the picker's order. */
export const PRESETS = ['7_days', '30_days', 'this_month', 'last_month', 'this_year'] as const;
export type Preset = (typeof PRESETS)[number];
/** What the picker shows: a preset, or two days of the admin's choosing. */
export type PeriodChoice = Preset | 'custom';

/** The period a screen opens on without one in its address. */
const DEFAULT_PRESET: Preset = '30_days';

export const INTERVALS: readonly ReportInterval[] = ['day', 'week', 'month'];

/** The days a slow mover goes without a sale, as the products screen offers them. */
export const SLOW_MOVER_DAYS = [30, 60, 90, 180] as const;
const DEFAULT_SLOW_MOVER_DAYS = 90;

const isPreset = (value: string | null): value is Preset =>
  (PRESETS as readonly (string | null)[]).includes(value);

/** The first and last shop days of a preset on `today` (both included). */
export function presetDays(preset: Preset, today: string): { from: string; to: string } {
  const month = today.slice(0, 7);
  switch (preset) {
    case '7_days':
      return { from: addDays(today, -6), to: today };
    case '30_days':
      return { from: addDays(today, -29), to: today };
    case 'this_month':
      return { from: `${month}-01`, to: today };
    case 'last_month': {
      // The days of a month do not depend on the zone (only the instants they start at do).
      const { from, to } = monthBounds(addMonths(month, -1), 'UTC');
      return { from, to };
    }
    case 'this_year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

interface AnalyticsPeriod {
  choice: PeriodChoice;
  from: string;
  to: string;
}

/**
 * The period of an address: its two days when both are real days (the server says when the
 * period itself is wrong: backwards, after today, longer than 366 days), else its preset, else
 * the last 30 days (a mistyped link shows the default rather than an error).
 */
export function periodOfQuery(query: URLSearchParams, today: string): AnalyticsPeriod {
  const from = query.get('from');
  const to = query.get('to');
  if (isDay(from) && isDay(to)) return { choice: 'custom', from, to };
  const period = query.get('period');
  const preset = isPreset(period) ? period : DEFAULT_PRESET;
  return { choice: preset, ...presetDays(preset, today) };
}

/**
 * The buckets a screen asks for: the address's interval, else the one that keeps the chart
 * readable: days up to a month, weeks up to a quarter, months beyond.
 */
export function intervalOfQuery(
  query: URLSearchParams,
  period: { from: string; to: string },
): ReportInterval {
  const asked = query.get('interval');
  const known = INTERVALS.find((interval) => interval === asked);
  if (known) return known;
  if (period.from > period.to) return 'day';
  const days = periodBuckets(period.from, period.to, 'day').length;
  return days <= 31 ? 'day' : days <= 92 ? 'week' : 'month';
}

/** The slow movers' days of the address (`?days=`), one of those offered, else 90. */
export function slowMoverDaysOf(query: URLSearchParams): number {
  const asked = Number(query.get('days'));
  return SLOW_MOVER_DAYS.find((days) => days === asked) ?? DEFAULT_SLOW_MOVER_DAYS;
}

/**
 * The address after a change: `changes` set (or removed when null) on the current query, the
 * rest kept (a new period keeps the interval picked).
 */
export function withQuery(
  path: string,
  search: string,
  changes: Record<string, string | null>,
): string {
  const query = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes))
    if (value === null) query.delete(key);
    else query.set(key, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
