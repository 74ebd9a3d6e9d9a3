import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '@/lib/i18n';
import {
  endOfDayUtc,
  formatDate,
  formatDateTime,
  shopDayRange,
  startOfDayUtc,
  toDateInput,
} from './date';
import { DEFAULT_TIME_ZONE, getShopTimeZone, setShopTimeZone } from './time-zone';

afterEach(async () => {
  setShopTimeZone(null);
  await activateLocale('en', { remember: false });
});

describe('display', () => {
  it("shows the day and time in the shop's time zone (Africa/Tunis by default), not UTC", () => {
    expect(getShopTimeZone()).toBe(DEFAULT_TIME_ZONE);
    // 23:30 UTC is already the next day in Tunis (UTC+1).
    expect(formatDate('2026-11-22T23:30:00Z')).toBe('23 Nov 2026');
    expect(formatDateTime('2026-11-22T10:05:00Z')).toBe('22 Nov 2026, 11:05');
  });

  it('follows the time zone setting', () => {
    setShopTimeZone('Asia/Tokyo');
    expect(formatDateTime('2026-11-22T10:05:00Z')).toBe('22 Nov 2026, 19:05');
    setShopTimeZone('Not/AZone');
    expect(getShopTimeZone()).toBe(DEFAULT_TIME_ZONE);
  });

  it('speaks the active language, on a 24-hour clock', async () => {
    await activateLocale('fr', { remember: false });
    expect(formatDateTime('2026-11-22T13:05:00Z')).toBe('22 nov. 2026, 14:05');
    await activateLocale('ar', { remember: false });
    expect(formatDate('2026-11-22T13:05:00Z')).toBe('22 نوفمبر 2026');
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

describe('list filters: days in the shop time zone', () => {
  it('bounds a Tunis day (UTC+1), so an order at 23:30 UTC counts on the next day as the table shows it', () => {
    expect(shopDayRange('2026-11-23', '2026-11-23')).toEqual({
      date_from: '2026-11-22T23:00:00.000Z',
      date_to: '2026-11-23T22:59:59.999Z',
    });
    const { date_from, date_to } = shopDayRange('2026-11-23', '2026-11-23');
    const lateOrder = Date.parse('2026-11-22T23:30:00Z');
    expect(formatDate('2026-11-22T23:30:00Z')).toBe('23 Nov 2026');
    expect(lateOrder >= Date.parse(date_from!) && lateOrder <= Date.parse(date_to!)).toBe(true);
  });

  it('reads a backwards range the right way round and leaves an open end open', () => {
    expect(shopDayRange('2025-03-31', '2025-03-01')).toEqual({
      date_from: '2025-02-28T23:00:00.000Z',
      date_to: '2025-03-31T22:59:59.999Z',
    });
    expect(shopDayRange('2025-03-01', '')).toEqual({
      date_from: '2025-02-28T23:00:00.000Z',
      date_to: undefined,
    });
    expect(shopDayRange('', '')).toEqual({ date_from: undefined, date_to: undefined });
  });

  it('follows the setting, including a day that changes its clocks', () => {
    setShopTimeZone('Europe/Paris');
    // 30 Mar 2025 is 23 hours long in Paris: +01:00 at midnight, +02:00 by its end.
    expect(shopDayRange('2025-03-30', '2025-03-30')).toEqual({
      date_from: '2025-03-29T23:00:00.000Z',
      date_to: '2025-03-30T21:59:59.999Z',
    });
  });

  it('refuses what is not a day', () => {
    expect(() => shopDayRange('01/03/2025', '')).toThrow(RangeError);
  });
});
