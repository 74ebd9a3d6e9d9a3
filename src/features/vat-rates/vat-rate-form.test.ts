import { describe, expect, it } from 'vitest';
import { vatRates } from '@mocks/fixtures';
import {
  emptyVatRateValues,
  filterVatRates,
  formatVatDay,
  rateLawLocked,
  successorOptions,
  toVatRateCreate,
  toVatRateUpdate,
  usageText,
  validateVatRate,
  vatRateToValues,
  type VatRateFormValues,
} from './vat-rate-form';
import {
  COUNTRY_MESSAGE,
  DATE_ORDER_MESSAGE,
  RATE_DECIMALS_MESSAGE,
  RATE_RANGE_MESSAGE,
  REQUIRED_MESSAGE,
} from '@/testing/form-messages';

const valid: VatRateFormValues = {
  name: 'TVA luxe',
  rate: '25.5',
  country_code: 'fr',
  description: '',
  is_default: false,
  effective_from: '2026-01-01',
  effective_to: '',
  successor_id: '',
  is_active: true,
};

describe('validateVatRate', () => {
  it('accepts valid values', () => {
    expect(validateVatRate(valid)).toEqual({ errors: {}, summary: null });
    for (const rate of ['0', '100', '19', '7.5', '5.50', ' 13 '])
      expect(validateVatRate({ ...valid, rate }).summary).toBe(null);
  });

  it('a new rate starts with TN and misses name, rate and effective-from', () => {
    expect(emptyVatRateValues.country_code).toBe('TN');
    const result = validateVatRate(emptyVatRateValues);
    expect(result.summary).toBe(REQUIRED_MESSAGE);
    expect(Object.keys(result.errors).sort()).toEqual(['effective_from', 'name', 'rate']);
  });

  it('says "Please fill in all required fields" whichever required field is missing', () => {
    for (const field of ['name', 'rate', 'country_code', 'effective_from'] as const) {
      const result = validateVatRate({ ...valid, [field]: ' ' });
      expect(result.summary).toBe(REQUIRED_MESSAGE);
      expect(Object.keys(result.errors)).toContain(field);
    }
  });

  it('keeps the rate between 0 and 100 with two decimals at most', () => {
    for (const rate of ['-1', '100.01', '150', 'abc', '1e3'])
      expect(validateVatRate({ ...valid, rate }).summary).toBe(RATE_RANGE_MESSAGE);
    expect(validateVatRate({ ...valid, rate: '7.125' }).summary).toBe(RATE_DECIMALS_MESSAGE);
  });

  it('wants a two-letter country code', () => {
    for (const country_code of ['T', 'TUN', 'T1'])
      expect(validateVatRate({ ...valid, country_code }).errors).toEqual({
        country_code: COUNTRY_MESSAGE,
      });
  });

  it('refuses a period that ends before it starts (the same day is fine)', () => {
    expect(validateVatRate({ ...valid, effective_to: '2025-12-31' }).errors).toEqual({
      effective_to: DATE_ORDER_MESSAGE,
    });
    expect(validateVatRate({ ...valid, effective_to: '2026-01-01' }).summary).toBe(null);
  });
});

describe('payloads', () => {
  it('creates with docs/product.md body: upper-cased country, UTC day bounds, null for no end', () => {
    expect(toVatRateCreate({ ...valid, name: '  TVA luxe ', description: '  ' })).toEqual({
      name: 'TVA luxe',
      rate: 25.5,
      country_code: 'FR',
      description: null,
      is_default: false,
      effective_from: '2026-01-01T00:00:00.000Z',
      effective_to: null,
      successor_id: null,
    });
    // "Replaced by" sends the successor's id.
    expect(toVatRateCreate({ ...valid, successor_id: '7' }).successor_id).toBe(7);
    expect(
      toVatRateCreate({
        ...valid,
        description: ' Articles de luxe ',
        is_default: true,
        effective_to: '2026-12-31',
      }),
    ).toMatchObject({
      description: 'Articles de luxe',
      is_default: true,
      effective_to: '2026-12-31T23:59:59.999Z',
    });
    // The create body never carries is_active.
    expect(toVatRateCreate(valid)).not.toHaveProperty('is_active');
  });

  it('updates with the same fields plus is_active', () => {
    expect(toVatRateUpdate({ ...valid, is_active: false })).toEqual({
      ...toVatRateCreate(valid),
      is_active: false,
    });
  });

  it('round-trips a stored rate', () => {
    const france = vatRates.find((r) => r.country_code === 'FR')!;
    const values = vatRateToValues(france);
    expect(values).toEqual({
      name: 'TVA France normale',
      rate: '20',
      country_code: 'FR',
      description: '',
      is_default: true,
      effective_from: '2014-01-01',
      effective_to: '2024-12-31',
      successor_id: '',
      is_active: false,
    });
    expect(toVatRateUpdate(values)).toEqual({
      name: france.name,
      rate: france.rate,
      country_code: france.country_code,
      description: null,
      is_default: france.is_default,
      effective_from: france.effective_from,
      effective_to: france.effective_to,
      successor_id: null,
      is_active: france.is_active,
    });
  });
});

describe('filterVatRates', () => {
  const names = (query: string) => filterVatRates(vatRates, query).map((r) => r.name);

  it('matches name, country code and description, ignoring case and outer spaces', () => {
    expect(names('exon')).toEqual(['Exonéré']);
    expect(names(' FR ')).toEqual(['TVA France normale']);
    expect(names('tn')).toHaveLength(4);
    expect(names('LIVRES')).toEqual(['TVA réduite']);
    expect(names('nothing')).toEqual([]);
  });

  it('returns every rate for an empty query', () => {
    expect(filterVatRates(vatRates, '  ')).toBe(vatRates);
  });
});

describe('usageText and successorOptions', () => {
  it('says how many products and variants use a rate', () => {
    expect(usageText({ product_count: 0, variant_count: 0 })).toBe('Not used');
    expect(usageText({ product_count: 1, variant_count: 0 })).toBe('1 product');
    expect(usageText({ product_count: 3, variant_count: 1 })).toBe('3 products, 1 variant');
    expect(usageText({ product_count: 0, variant_count: 2 })).toBe('2 variants');
  });

  it('offers the other rates of the same country as successors', () => {
    const standard = vatRates[0]!;
    expect(successorOptions(vatRates, standard, 'tn').map((r) => r.id)).toEqual([2, 3, 4]);
    expect(successorOptions(vatRates, null, 'FR').map((r) => r.id)).toEqual([5]);
  });
});

describe('formatVatDay', () => {
  it('shows a bound as the UTC day it stands for, not the next day in Tunis', () => {
    expect(formatVatDay('2024-12-31T23:59:59.999Z')).toBe('31 Dec 2024');
    expect(formatVatDay('2018-01-01T00:00:00.000Z')).toBe('01 Jan 2018');
    expect(formatVatDay(null)).toBe('-');
  });
});

describe('rateLawLocked (the server refuses a new rate or country, 409)', () => {
  const now = new Date('2026-06-01T12:00:00.000Z');
  const rate = (effective_from: string, product_count = 0, variant_count = 0) => ({
    effective_from,
    product_count,
    variant_count,
  });

  it('locks a rate that has started, in force or not, and one in use even before its start', () => {
    expect(rateLawLocked(rate('2018-01-01T00:00:00.000Z'), now)).toBe(true);
    expect(rateLawLocked(rate('2026-06-01T12:00:00.000Z'), now)).toBe(true);
    expect(rateLawLocked(rate('2027-01-01T00:00:00.000Z', 1), now)).toBe(true);
    expect(rateLawLocked(rate('2027-01-01T00:00:00.000Z', 0, 2), now)).toBe(true);
  });

  it('leaves a future rate that nothing uses open to correction', () => {
    expect(rateLawLocked(rate('2026-06-01T12:00:00.001Z'), now)).toBe(false);
    expect(rateLawLocked(rate('2035-01-01T00:00:00.000Z'), now)).toBe(false);
  });
});
