// The periods of the accountant's reports as the URL carries them (?month=YYYY-MM, ?from&to): read
// from the address, defaulted to the shop's current month, and moved a month at a time. Pure: the
// time zone and the clock are arguments. The calendar's rules are the server's (domain/books.ts).
import { addMonths, monthBounds, shopMonthOf } from '../../../server/src/domain/books';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The month of the shop's calendar `now` falls in ("2026-12-01T00:30+01:00" → "2026-12"). */
export { shopMonthOf };

/** The month `delta` months after `month` ("2026-01", -1 → "2025-12"). */
export const shiftMonth = addMonths;

/** The first and last days of a month ("2024-02" → 2024-02-01 … 2024-02-29). */
export function monthDays(month: string): { from: string; to: string } {
  // The days of a month do not depend on the zone (only the instants they start at do).
  const { from, to } = monthBounds(month, 'UTC');
  return { from, to };
}

/** A YYYY-MM the contract accepts (ShopMonth), else false. */
export const isMonth = (value: string | null | undefined): value is string =>
  !!value && MONTH.test(value);

/** A real calendar day written YYYY-MM-DD (ShopDay; "2026-02-30" is not one). */
export function isDay(value: string | null | undefined): value is string {
  const match = value ? DAY.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The months a picker offers: `count` of them ending with `last`, newest first. */
export const recentMonths = (last: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => shiftMonth(last, -i));

/**
 * The month of a report's address (`?month=`), else `current` (no month, or one the contract
 * would refuse: the screen shows the current month rather than an error for a mistyped link).
 */
export function monthOfSearch(search: string, current: string): string {
  const month = new URLSearchParams(search).get('month');
  return isMonth(month) ? month : current;
}

/**
 * The register's period from its address (`?from&to`): both days as written when both are real
 * days (the server says when the period itself is wrong: backwards, or longer than 366 days),
 * else the current month's first and last days.
 */
export function periodOfSearch(search: string, current: string): { from: string; to: string } {
  const query = new URLSearchParams(search);
  const from = query.get('from');
  const to = query.get('to');
  return isDay(from) && isDay(to) ? { from, to } : monthDays(current);
}

/** "2026-11" → "November 2026" in the language given (an Intl tag). */
export function formatMonth(month: string, intlTag: string, style: 'long' | 'short' = 'long') {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(intlTag, {
    month: style,
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, number - 1, 1)));
}
