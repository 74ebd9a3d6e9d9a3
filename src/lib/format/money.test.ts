import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '@/lib/i18n';
import { formatAmount, formatMoney, sumMoney, toMoneyString } from './money';

describe('formatMoney', () => {
  it('shows 3 decimals and TND', () => {
    expect(formatMoney('12.5')).toBe('12.500 TND');
    expect(formatMoney(7)).toBe('7.000 TND');
    expect(formatMoney('1234567.891')).toBe('1,234,567.891 TND');
  });

  it('shows 0.000 for empty or invalid amounts', () => {
    for (const v of [null, undefined, '', '   ', 'abc', Number.NaN]) {
      expect(formatMoney(v)).toBe('0.000 TND');
    }
  });

  it('keeps large amounts exact (no float rounding)', () => {
    expect(formatAmount('9007199254740993.001')).toBe('9,007,199,254,740,993.001');
  });

  it('rounds a 4th decimal half-up', () => {
    expect(formatAmount('2.0005')).toBe('2.001');
    expect(formatAmount('2.0004')).toBe('2.000');
  });
});

describe('in French and Arabic', () => {
  afterEach(() => activateLocale('en', { remember: false }));

  it('formats TND by Intl with 3 decimals, exactly', async () => {
    await activateLocale('fr', { remember: false });
    expect(formatMoney('1234.5')).toBe('1\u202f234,500\u00a0DT');
    expect(formatAmount('9007199254740993.001')).toBe(
      '9\u202f007\u202f199\u202f254\u202f740\u202f993,001',
    );
    await activateLocale('ar', { remember: false });
    expect(formatMoney('1234.5')).toBe('\u200f1.234,500\u00a0د.ت.\u200f');
  });
});

describe('sumMoney', () => {
  it('adds decimal strings exactly', () => {
    // 0.1 + 0.2 in floating point is 0.30000000000000004
    expect(sumMoney(['0.1', '0.2'])).toBe('0.300');
    expect(sumMoney(['19.990', '0.010', 5, null, 'bad'])).toBe('25.000');
    expect(sumMoney([])).toBe('0.000');
  });
});

describe('toMoneyString', () => {
  it('normalises input for the API', () => {
    expect(toMoneyString('10')).toBe('10.000');
    expect(toMoneyString(' 3.14159 ')).toBe('3.142');
    expect(toMoneyString('')).toBeNull();
    expect(toMoneyString('x')).toBeNull();
  });
});
