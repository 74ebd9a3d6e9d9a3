const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "2026-11-22T10:00:00Z" → "22 Nov 2026"; empty or invalid → the fallback (default "-"). */
export function formatDate(value: string | null | undefined, fallback = '-'): string {
  const d = parse(value);
  return d ? dateFormat.format(d) : fallback;
}

/** "2026-11-22T10:05:00Z" → "22 Nov 2026, 10:05 UTC". */
export function formatDateTime(value: string | null | undefined, fallback = '-'): string {
  const d = parse(value);
  return d ? dateTimeFormat.format(d) : fallback;
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
