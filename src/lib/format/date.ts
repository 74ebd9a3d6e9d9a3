import { TZDate } from '@date-fns/tz';
import { activeLocale, INTL_TAGS } from '@/lib/i18n';
import { getShopTimeZone } from './time-zone';

const DATE: Intl.DateTimeFormatOptions = { day: '2-digit', month: 'short', year: 'numeric' };
const DATE_TIME: Intl.DateTimeFormatOptions = {
  ...DATE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

// Formatters are costly to build and a table formats hundreds of cells: one per language, zone
// and shape.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = INTL_TAGS[activeLocale()];
  const timeZone = getShopTimeZone();
  const key = `${locale}|${timeZone}|${options === DATE ? 'date' : 'time'}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * "2026-11-22T23:30:00Z" → "23 Nov 2026" (the day in the shop's time zone, in the active
 * language); empty or invalid → the fallback (default "-").
 */
export function formatDate(value: string | null | undefined, fallback = '-'): string {
  const d = parse(value);
  return d ? formatter(DATE).format(d) : fallback;
}

/** "2026-11-22T10:05:00Z" → "22 Nov 2026, 11:05" (shop's time zone, 24-hour clock). */
export function formatDateTime(value: string | null | undefined, fallback = '-'): string {
  const d = parse(value);
  return d ? formatter(DATE_TIME).format(d) : fallback;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** "2026-01-01" (a date input's value) → "2026-01-01T00:00:00.000Z" (VAT effective_from, docs/product.md §5). */
export function startOfDayUtc(day: string): string {
  if (!DAY.test(day)) throw new RangeError(`Not a YYYY-MM-DD date: ${day}`);
  return new Date(`${day}T00:00:00.000Z`).toISOString();
}

/** "2026-12-31" → "2026-12-31T23:59:59.999Z"; empty → null (VAT effective_to, docs/product.md §5). */
export function endOfDayUtc(day: string | null | undefined): string | null {
  if (!day) return null;
  if (!DAY.test(day)) throw new RangeError(`Not a YYYY-MM-DD date: ${day}`);
  return new Date(`${day}T23:59:59.999Z`).toISOString();
}

function shopDay(day: string, end: boolean): string {
  if (!DAY.test(day)) throw new RangeError(`Not a YYYY-MM-DD date: ${day}`);
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const instant = end
    ? new TZDate(year, month - 1, date, 23, 59, 59, 999, getShopTimeZone())
    : new TZDate(year, month - 1, date, getShopTimeZone());
  return new Date(instant.getTime()).toISOString();
}

/**
 * A filter's first day as the instant it begins in the shop's time zone: the tables show Tunis
 * days, so "from 1 Mar" must not leave out the hour of 1 Mar before midnight UTC.
 * "2026-03-01" in Africa/Tunis → "2026-02-28T23:00:00.000Z".
 */
function startOfShopDay(day: string): string {
  return shopDay(day, false);
}

/** A filter's last day, to its last millisecond in the shop's time zone ("2026-03-31" → "2026-03-31T22:59:59.999Z" in Tunis). */
function endOfShopDay(day: string): string {
  return shopDay(day, true);
}

/**
 * A list filter's days as the params every list sends: whole days in the shop's time zone, as
 * its tables show them; a range typed backwards is read the right way round rather than refused.
 */
export function shopDayRange(
  from: string,
  to: string,
): { date_from: string | undefined; date_to: string | undefined } {
  const [first, last] = [from, to].sort((a, b) => (a && b ? a.localeCompare(b) : 0));
  return {
    date_from: first ? startOfShopDay(first) : undefined,
    date_to: last ? endOfShopDay(last) : undefined,
  };
}

/**
 * A shop day (YYYY-MM-DD, a calendar day the server counted in the shop's zone) as the tables
 * write dates: noon UTC is that same day in every zone a shop can have (UTC−11 to UTC+12).
 */
export const formatShopDay = (day: string) => formatDate(`${day}T12:00:00Z`);

/** ISO timestamp → "YYYY-MM-DD" (UTC) for a date input; empty or invalid → "". */
export function toDateInput(value: string | null | undefined): string {
  const d = parse(value);
  return d ? d.toISOString().slice(0, 10) : '';
}
