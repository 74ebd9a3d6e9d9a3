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

/** ISO timestamp → "YYYY-MM-DD" (UTC) for a date input; empty or invalid → "". */
export function toDateInput(value: string | null | undefined): string {
  const d = parse(value);
  return d ? d.toISOString().slice(0, 10) : '';
}
