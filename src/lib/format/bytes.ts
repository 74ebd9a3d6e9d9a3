import { activeLocale, INTL_TAGS } from '@/lib/i18n';

// Decimal units (1 kB = 1000 bytes), as Intl names them: Intl then writes each in the active
// language ('48.2 MB', French '48,2 Mo') with no unit text of our own to translate.
const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

const formats = new Map<string, Intl.NumberFormat>();

function format(tag: string, unit: (typeof UNITS)[number]): Intl.NumberFormat {
  const key = `${tag}|${unit}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.NumberFormat(tag, {
      style: 'unit',
      unit,
      unitDisplay: 'short',
      maximumFractionDigits: unit === 'byte' ? 0 : 1,
    });
    formats.set(key, found);
  }
  return found;
}

/** A file's size in the largest unit it reaches: 912384 → '912.4 kB', 48213504 → '48.2 MB'. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  // 999,960 bytes would round to '1,000 kB': such a size is written '1 MB'.
  while (unit < UNITS.length - 1 && Math.round(value * 10) / 10 >= 1000) {
    value /= 1000;
    unit++;
  }
  return format(INTL_TAGS[activeLocale()], UNITS[unit]!).format(value);
}
