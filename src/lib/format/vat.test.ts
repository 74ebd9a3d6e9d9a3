import { afterEach, expect, it } from 'vitest';
import { activateLocale } from '@/lib/i18n';
import { formatVatRate } from './vat';

afterEach(() => activateLocale('en', { remember: false }));

it('formats VAT rates with two decimals and %', () => {
  expect(formatVatRate(19)).toBe('19.00%');
  expect(formatVatRate('7.5')).toBe('7.50%');
  expect(formatVatRate(0)).toBe('0.00%');
  expect(formatVatRate(12.345)).toBe('12.35%');
  expect(formatVatRate(null)).toBe('0.00%');
  expect(formatVatRate('n/a')).toBe('0.00%');
});

it('writes the rate as French and Arabic readers do, exactly', async () => {
  await activateLocale('fr', { remember: false });
  // A no-break space before %, narrow or not depending on the ICU version.
  expect(formatVatRate('19')).toMatch(/^19,00[\u00a0\u202f]%$/);
  expect(formatVatRate('12.345')).toMatch(/^12,35[\u00a0\u202f]%$/);
  await activateLocale('ar', { remember: false });
  expect(formatVatRate('7.5')).toBe('7,50\u200e%\u200e');
});
