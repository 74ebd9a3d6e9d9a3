// Shipping's pure rules (#36): zone matching, each rate kind at its band edges, the free
// threshold, the COD fee, the rate checks and the tracking link.
import { describe, expect, it } from 'vitest';
import {
  GOVERNORATES,
  governorateName,
  isGovernorate,
  quoteShipping,
  rateProblem,
  trackingUrl,
  unitGrams,
  zoneOf,
  type MethodPricing,
  type ZoneRule,
} from './shipping';

const zone = (id: number, position: number, countries: string[], governorates: string[] = []) =>
  ({ id, position, countries, governorates }) satisfies ZoneRule;

describe('governorates', () => {
  it('lists the 24 by code with their French and Arabic names', () => {
    expect(GOVERNORATES).toHaveLength(24);
    expect(GOVERNORATES.find((g) => g.code === 'TN-61')).toEqual({
      code: 'TN-61',
      fr: 'Sfax',
      ar: 'صفاقس',
    });
    expect(isGovernorate('TN-83')).toBe(true);
    expect(isGovernorate('TN-99')).toBe(false);
    expect(isGovernorate('tn-11')).toBe(false);
  });

  it('names one in Arabic by its Arabic name, in English and French by its French one', () => {
    expect(governorateName('TN-73', 'ar')).toBe('قبلي');
    expect(governorateName('TN-73', 'fr')).toBe('Kébili');
    expect(governorateName('TN-73', 'en')).toBe('Kébili');
    expect(governorateName('TN-99', 'ar')).toBe('TN-99');
  });
});

describe('zoneOf', () => {
  const grandTunis = zone(1, 0, ['TN'], ['TN-11', 'TN-12', 'TN-13', 'TN-14']);
  const restOfTunisia = zone(2, 1, ['TN']);
  const europe = zone(3, 2, ['FR', 'DE']);

  it('matches a Tunisian address by governorate, else the zone of the whole country', () => {
    const zones = [europe, restOfTunisia, grandTunis];
    expect(zoneOf(zones, { country: 'TN', governorate: 'TN-12' })).toBe(grandTunis);
    expect(zoneOf(zones, { country: 'TN', governorate: 'TN-61' })).toBe(restOfTunisia);
    // Without a governorate only a zone listing none matches.
    expect(zoneOf(zones, { country: 'TN', governorate: null })).toBe(restOfTunisia);
    expect(zoneOf([grandTunis], { country: 'TN', governorate: null })).toBeNull();
  });

  it('matches other countries by country only, null when no zone holds it', () => {
    const zones = [grandTunis, europe, zone(4, 3, ['TN', 'FR'], ['TN-61'])];
    expect(zoneOf(zones, { country: 'DE', governorate: null })).toBe(europe);
    expect(zoneOf(zones, { country: 'IT', governorate: null })).toBeNull();
  });

  it('takes the first zone by position, then by id', () => {
    const a = zone(7, 5, ['TN']);
    const b = zone(3, 5, ['TN']);
    const c = zone(1, 9, ['TN']);
    expect(zoneOf([c, a, b], { country: 'TN', governorate: 'TN-61' })).toBe(b);
    expect(zoneOf([c, a], { country: 'TN', governorate: 'TN-61' })).toBe(a);
  });
});

const method = (over: Partial<MethodPricing>): MethodPricing => ({
  rateKind: 'flat',
  flatPrice: 7_000,
  bands: [],
  freeAbove: null,
  codFee: null,
  ...over,
});

describe('quoteShipping', () => {
  it('charges a flat rate for any cart', () => {
    expect(quoteShipping(method({}), { weightGrams: 0, goodsTotal: 0 })).toEqual({
      price: 7_000,
      codFee: 0,
      isFree: false,
    });
    expect(quoteShipping(method({}), { weightGrams: 99_000, goodsTotal: 9_999_000 })).toEqual({
      price: 7_000,
      codFee: 0,
      isFree: false,
    });
  });

  it('prices a weight rate by the first band holding the weight, inclusive', () => {
    const byWeight = method({
      rateKind: 'weight',
      flatPrice: null,
      bands: [
        { upTo: 2_000, price: 7_000 },
        { upTo: 10_000, price: 12_000 },
      ],
    });
    const at = (weightGrams: number) =>
      quoteShipping(byWeight, { weightGrams, goodsTotal: 50_000 });
    expect(at(0)?.price).toBe(7_000);
    expect(at(2_000)?.price).toBe(7_000);
    expect(at(2_001)?.price).toBe(12_000);
    expect(at(10_000)?.price).toBe(12_000);
    // Beyond the last band the method is not offered.
    expect(at(10_001)).toBeNull();
  });

  it('prices a subtotal rate by the goods total, an open last band holding everything above', () => {
    const bySubtotal = method({
      rateKind: 'subtotal',
      flatPrice: null,
      bands: [
        { upTo: 100_000, price: 8_000 },
        { upTo: null, price: 3_000 },
      ],
    });
    const at = (goodsTotal: number) => quoteShipping(bySubtotal, { weightGrams: 0, goodsTotal });
    expect(at(100_000)?.price).toBe(8_000);
    expect(at(100_001)?.price).toBe(3_000);
    expect(at(999_999_999)?.price).toBe(3_000);
  });

  it('is free exactly at free_above and not a millime below, still charging the COD fee', () => {
    const free = method({ freeAbove: 150_000, codFee: 2_500 });
    expect(quoteShipping(free, { weightGrams: 0, goodsTotal: 150_000 })).toEqual({
      price: 0,
      codFee: 2_500,
      isFree: true,
    });
    expect(quoteShipping(free, { weightGrams: 0, goodsTotal: 149_999 })).toEqual({
      price: 7_000,
      codFee: 2_500,
      isFree: false,
    });
  });

  it('does not offer a method beyond its bands even above free_above', () => {
    const heavy = method({
      rateKind: 'weight',
      flatPrice: null,
      bands: [{ upTo: 1_000, price: 5_000 }],
      freeAbove: 10_000,
    });
    expect(quoteShipping(heavy, { weightGrams: 1_001, goodsTotal: 500_000 })).toBeNull();
  });
});

describe('unitGrams', () => {
  it('rounds a kg weight half-up to grams, null counting 0', () => {
    expect(unitGrams(null)).toBe(0);
    expect(unitGrams(0)).toBe(0);
    expect(unitGrams(2.5)).toBe(2_500);
    expect(unitGrams(1.0005)).toBe(1_001);
    expect(unitGrams(1.0004)).toBe(1_000);
    expect(unitGrams(0.0001)).toBe(0);
    expect(unitGrams(12.345)).toBe(12_345);
  });
});

describe('rateProblem', () => {
  it('accepts a flat price alone and ascending bands with only the last open', () => {
    expect(rateProblem({ rateKind: 'flat', flatPrice: 0, bands: [] })).toBeNull();
    expect(
      rateProblem({
        rateKind: 'weight',
        flatPrice: null,
        bands: [
          { upTo: 1, price: 1 },
          { upTo: 2, price: 1 },
          { upTo: null, price: 1 },
        ],
      }),
    ).toBeNull();
  });

  it('names the field breaking a rule', () => {
    expect(rateProblem({ rateKind: 'flat', flatPrice: null, bands: [] })).toEqual({
      field: 'flat_price',
      detail: 'A flat rate needs flat_price',
    });
    expect(
      rateProblem({ rateKind: 'flat', flatPrice: 1, bands: [{ upTo: null, price: 1 }] }),
    ).toEqual({ field: 'bands', detail: 'A flat rate has no bands' });
    expect(rateProblem({ rateKind: 'weight', flatPrice: 1, bands: [] })).toEqual({
      field: 'flat_price',
      detail: 'A weight rate has no flat_price; its prices are in bands',
    });
    expect(rateProblem({ rateKind: 'subtotal', flatPrice: null, bands: [] })).toEqual({
      field: 'bands',
      detail: 'A subtotal rate needs at least one band',
    });
    expect(
      rateProblem({
        rateKind: 'weight',
        flatPrice: null,
        bands: [
          { upTo: 2, price: 1 },
          { upTo: 2, price: 1 },
        ],
      }),
    ).toEqual({
      field: 'bands[1].up_to',
      detail: 'Bands must be listed by strictly ascending up_to',
    });
    expect(
      rateProblem({
        rateKind: 'subtotal',
        flatPrice: null,
        bands: [
          { upTo: null, price: 1 },
          { upTo: 5, price: 1 },
        ],
      }),
    ).toEqual({
      field: 'bands[0].up_to',
      detail: 'Only the last band may be without a limit (up_to null)',
    });
  });
});

describe('trackingUrl', () => {
  it('puts the URL-encoded number in place of {tracking_number}', () => {
    expect(trackingUrl('https://www.poste.tn/suivi?code={tracking_number}', 'RR 123/45&x')).toBe(
      'https://www.poste.tn/suivi?code=RR%20123%2F45%26x',
    );
    expect(trackingUrl('https://t.example/{tracking_number}/{tracking_number}', 'A1')).toBe(
      'https://t.example/A1/A1',
    );
    expect(trackingUrl(null, 'A1')).toBeNull();
  });
});
