import { expect, it } from 'vitest';
import { formatVatRate } from './vat';

it('formats VAT rates with two decimals and %', () => {
  expect(formatVatRate(19)).toBe('19.00%');
  expect(formatVatRate('7.5')).toBe('7.50%');
  expect(formatVatRate(0)).toBe('0.00%');
  expect(formatVatRate(12.345)).toBe('12.35%');
  expect(formatVatRate(null)).toBe('0.00%');
  expect(formatVatRate('n/a')).toBe('0.00%');
});
