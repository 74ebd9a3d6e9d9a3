import { describe, expect, it } from 'vitest';
import {
  formatMonth,
  isDay,
  isMonth,
  monthDays,
  monthOfSearch,
  periodOfSearch,
  recentMonths,
  shiftMonth,
  shopMonthOf,
} from './report-period';

describe('shopMonthOf', () => {
  it('reads the month in the shop time zone, not in UTC', () => {
    // 23:30 UTC on 30 November is 00:30 on 1 December in Tunis (UTC+1).
    const instant = new Date('2026-11-30T23:30:00Z');
    expect(shopMonthOf(instant, 'Africa/Tunis')).toBe('2026-12');
    expect(shopMonthOf(instant, 'UTC')).toBe('2026-11');
    expect(shopMonthOf(new Date('2026-01-01T02:00:00Z'), 'America/New_York')).toBe('2025-12');
  });
});

describe('month and day checks', () => {
  it('accepts the months and days of the contract only', () => {
    expect(['2026-01', '2026-12'].map(isMonth)).toEqual([true, true]);
    expect(['2026-13', '2026-00', '2026-1', '26-01', '', null].map(isMonth)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(['2024-02-29', '2026-12-31'].map(isDay)).toEqual([true, true]);
    expect(['2026-02-29', '2026-02-30', '2026-13-01', '2026-1-01', null].map(isDay)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('shiftMonth', () => {
  it('moves across years both ways', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-11', -11)).toBe('2025-12');
    expect(shiftMonth('2026-11', -23)).toBe('2024-12');
    expect(shiftMonth('2026-11', 0)).toBe('2026-11');
  });

  it('comes back to the same month after going and returning', () => {
    for (let delta = -30; delta <= 30; delta++)
      expect(shiftMonth(shiftMonth('2026-03', delta), -delta)).toBe('2026-03');
  });
});

describe('monthDays and recentMonths', () => {
  it('gives the first and last day of each month, leap years included', () => {
    expect(monthDays('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthDays('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthDays('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthDays('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('lists the months newest first', () => {
    expect(recentMonths('2026-02', 4)).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
  });
});

describe('the report addresses', () => {
  it('reads ?month=, and falls back to the current month', () => {
    expect(monthOfSearch('?month=2025-03', '2026-11')).toBe('2025-03');
    expect(monthOfSearch('month=2025-03', '2026-11')).toBe('2025-03');
    expect(monthOfSearch('', '2026-11')).toBe('2026-11');
    expect(monthOfSearch('?month=2025-3', '2026-11')).toBe('2026-11');
    expect(monthOfSearch('?month=march', '2026-11')).toBe('2026-11');
  });

  // ?from&to as written: backwards is the server's to refuse (422 shown), not silently swapped;
  // half a period or a day that does not exist falls back to the current month (November 2026).
  it.each([
    ['?from=2025-03-01&to=2025-03-15', '2025-03-01', '2025-03-15'],
    ['?from=2025-03-15&to=2025-03-01', '2025-03-15', '2025-03-01'],
    ['?from=2025-03-01', '2026-11-01', '2026-11-30'],
    ['?from=2025-02-30&to=2025-03-01', '2026-11-01', '2026-11-30'],
  ])('reads %s as from %s to %s', (search, from, to) => {
    expect(periodOfSearch(search, '2026-11')).toEqual({ from, to });
  });
});

describe('formatMonth', () => {
  it('names the month in the language asked', () => {
    expect(formatMonth('2026-11', 'en-GB')).toBe('November 2026');
    expect(formatMonth('2026-11', 'fr-FR')).toBe('novembre 2026');
    expect(formatMonth('2026-01', 'en-GB', 'short')).toBe('Jan 2026');
  });
});
