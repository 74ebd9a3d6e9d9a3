// A time zone's wall clock (the shop's days and times): read by the books (#30, domain/books.ts)
// and the CSV exports' local timestamps (services/platform/csv-export.ts). Pure.

/**
 * The wall clock of `timeZone` at an instant, by part: year, month, day, hour (00-23), minute,
 * second, and timeZoneName, the offset ("GMT+01:00", "GMT" at zero). The formatter is made once
 * per zone: making one costs far more than formatting.
 */
export function zoneClock(timeZone: string): (at: Date) => Record<string, string> {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  });
  return (at) => {
    const parts: Record<string, string> = {};
    for (const p of format.formatToParts(at)) parts[p.type] = p.value;
    return parts;
  };
}
