import { describe, expect, it } from 'vitest';
import { endOfDayUtc, formatDate, formatDateTime, startOfDayUtc, toDateInput } from './date';

describe('display', () => {
  it('formats dates in UTC', () => {
    expect(formatDate('2026-11-22T23:30:00Z')).toBe('22 Nov 2026');
    expect(formatDateTime('2026-11-22T10:05:00Z')).toBe('22 Nov 2026, 10:05 UTC');
  });

  it('falls back for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('-');
    expect(formatDate('not a date')).toBe('-');
    expect(formatDate(undefined, 'Never')).toBe('Never');
  });
});

describe('VAT effective dates (docs/product.md §5)', () => {
  it('sends effective_from as start of day UTC', () => {
    expect(startOfDayUtc('2018-01-01')).toBe('2018-01-01T00:00:00.000Z');
  });

  it('sends effective_to as end of day UTC, or null', () => {
    expect(endOfDayUtc('2026-12-31')).toBe('2026-12-31T23:59:59.999Z');
    expect(endOfDayUtc('')).toBeNull();
    expect(endOfDayUtc(null)).toBeNull();
  });

  it('rejects malformed days', () => {
    expect(() => startOfDayUtc('01/01/2018')).toThrow(RangeError);
  });

  it('converts timestamps back to date inputs', () => {
    expect(toDateInput('2018-01-01T00:00:00.000Z')).toBe('2018-01-01');
    expect(toDateInput(null)).toBe('');
  });
});
