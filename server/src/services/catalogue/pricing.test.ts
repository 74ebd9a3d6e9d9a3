// The VAT rate resolution for a country, and the SQL gross price matching the JS one exactly.
import { beforeEach, describe, expect, it } from 'vitest';
import { testDialects, useTestDatabase } from '../../../test-support/databases';
import { insertProduct, insertVatRate } from '../../../test-support/fixtures';
import type { RateRecord } from '../../domain/vat';
import { CountryPricing, countryPricing, grossPriceSql, netAndGross } from './pricing';
import { toRecord } from '../billing/vat-rates';

describe('netAndGross', () => {
  it('derives net from gross and gross from net, half-up to the millime', () => {
    expect(netAndGross(12_150, false, 1900)).toEqual({ net: 12_150, gross: 14_459 }); // 14458.5
    expect(netAndGross(10_011, true, 2000)).toEqual({ net: 8_343, gross: 10_011 }); // 8342.5
    expect(netAndGross(10_000, 1, 0)).toEqual({ net: 10_000, gross: 10_000 });
    expect(netAndGross(0, 0, 1900)).toEqual({ net: 0, gross: 0 });
  });
});

describe('CountryPricing', () => {
  const at = new Date('2026-06-15T12:00:00.000Z');
  const rate = (r: Partial<RateRecord> & Pick<RateRecord, 'id'>): RateRecord => ({
    rate_bp: 1900,
    country_code: 'TN',
    is_active: 1,
    is_default: 0,
    effective_from: '2018-01-01T00:00:00.000Z',
    effective_to: null,
    successor_id: null,
    ...r,
  });
  const rates = new Map(
    [
      rate({ id: 1, rate_bp: 2000, country_code: 'FR', is_default: 1 }),
      rate({ id: 2, rate_bp: 550, country_code: 'fr' }),
      rate({ id: 3, rate_bp: 1900, country_code: 'TN' }),
      rate({ id: 4, rate_bp: 2500, effective_to: '2017-12-31T23:59:59.999Z' }), // expired
      rate({ id: 5, rate_bp: 3000, effective_from: '2035-01-01T00:00:00.000Z' }), // scheduled
      rate({ id: 6, rate_bp: 1100, is_active: 0 }), // inactive
      rate({ id: 7, rate_bp: 1300, effective_to: '2026-01-01T00:00:00.000Z', successor_id: 3 }),
    ].map((r) => [r.id, r]),
  );

  it("keeps an own rate of the country, else takes the country's default in force", () => {
    expect(new CountryPricing('FR', rates, at).rateBp(2)).toBe(550);
    expect(new CountryPricing('FR', rates, at).rateBp(3)).toBe(2000);
  });

  it('never charges a rate that is not in force, and follows successors', () => {
    const tn = new CountryPricing('TN', rates, at);
    expect(tn.rateBp(4)).toBeNull(); // TN 25 % ended in 2017
    expect(tn.rateBp(5)).toBeNull(); // 30 % from 2035
    expect(tn.rateBp(6)).toBeNull(); // inactive 11 %
    expect(tn.rateBp(7)).toBe(1900); // 13 % ended, its successor 19 % is in force
    expect(tn.rateBp(999)).toBeNull();
    // No default in force for the country: no rate at all (never the own rate of another country).
    expect(new CountryPricing('US', rates, at).rateBp(3)).toBeNull();
  });
});

describe.each(testDialects)('pricing queries (%s)', (dialect) => {
  const database = useTestDatabase(dialect);
  beforeEach(async () => {
    await database.db.deleteFrom('products').execute();
    await database.db.deleteFrom('vat_rates').execute();
  });

  it('finds the active default rate in force at the given instant', async () => {
    const db = database.db;
    const at = new Date('2026-06-15T12:00:00.000Z');
    await insertVatRate(db, { country_code: 'FR', is_default: 0, rate_bp: 100 });
    await insertVatRate(db, { country_code: 'FR', is_default: 1, is_active: 0, rate_bp: 200 });
    await insertVatRate(db, {
      country_code: 'FR',
      is_default: 1,
      rate_bp: 300,
      effective_from: '2026-06-15T12:00:00.001Z', // starts a millisecond later
    });
    await insertVatRate(db, {
      country_code: 'FR',
      is_default: 1,
      rate_bp: 400,
      effective_from: '2020-01-01T00:00:00.000Z',
      effective_to: '2026-06-15T11:59:59.999Z', // ended a millisecond earlier
    });
    expect((await countryPricing(db, 'FR', at)).countryDefault).toBeNull();

    const current = await insertVatRate(db, {
      country_code: 'FR',
      is_default: 1,
      rate_bp: 2000,
      effective_from: '2026-06-15T12:00:00Z', // bounds are inclusive
      effective_to: '2026-06-15T12:00:00.000Z',
    });
    expect((await countryPricing(db, ' fr ', at)).countryDefault).toEqual(toRecord(current));
    expect((await countryPricing(db, ' fr ', at)).countryCode).toBe('FR');
    expect((await countryPricing(db, 'TN', at)).countryDefault).toBeNull();
  });

  it('hands a default that ended over to its successor', async () => {
    const db = database.db;
    const next = await insertVatRate(db, {
      rate_bp: 1900,
      effective_from: '2026-07-01T00:00:00.000Z',
    });
    await insertVatRate(db, {
      rate_bp: 1300,
      is_default: 1,
      effective_to: '2026-06-30T23:59:59.999Z',
      successor_id: next.id,
    });
    const before = await countryPricing(db, 'TN', new Date('2026-06-30T23:59:59.999Z'));
    expect(before.countryDefault?.rate_bp).toBe(1300);
    const after = await countryPricing(db, 'TN', new Date('2026-07-01T00:00:00.000Z'));
    expect(after.countryDefault?.id).toBe(next.id);
  });

  it('computes in SQL exactly the gross price the presenter computes', async () => {
    const db = database.db;
    const tn = await insertVatRate(db, { country_code: 'TN', rate_bp: 1900 });
    const fr = await insertVatRate(db, { country_code: 'FR', rate_bp: 550 });
    const old = await insertVatRate(db, {
      country_code: 'TN',
      rate_bp: 2500,
      effective_to: '2017-12-31T23:59:59.999Z',
    });
    await insertVatRate(db, { country_code: 'DE', rate_bp: 1999, is_default: 1 });
    const ids = [tn.id, fr.id, old.id];
    const amounts = [0, 1, 5, 50, 150, 12_150, 10_011, 99_995, 123_456_789, 999_999_999_999];
    for (const [i, base] of amounts.entries()) {
      for (const includes of [0, 1] as const) {
        await insertProduct(db, {
          slug: `p-${i}-${includes}`,
          base_price: base,
          price_includes_vat: includes,
          vat_rate_id: ids[i % 3],
        });
      }
    }
    for (const country of ['TN', 'FR', 'DE', 'US']) {
      const pricing = await countryPricing(db, country, new Date());
      const rows = await db
        .selectFrom('products as p')
        .innerJoin('vat_rates as r', 'r.id', 'p.vat_rate_id')
        .select(['p.base_price', 'p.price_includes_vat', 'p.vat_rate_id'])
        .select(
          grossPriceSql(pricing, {
            base: 'p.base_price',
            includesVat: 'p.price_includes_vat',
            ownRateId: 'p.vat_rate_id',
          }).as('gross'),
        )
        .execute();
      expect(rows).toHaveLength(amounts.length * 2);
      for (const row of rows) {
        const bp = pricing.rateBp(row.vat_rate_id);
        // No rate in force (the expired one in TN, any TN/FR rate in the US): no price.
        const expected =
          bp === null
            ? null
            : netAndGross(Number(row.base_price), row.price_includes_vat, bp).gross;
        expect([
          country,
          Number(row.base_price),
          row.gross === null ? null : Number(row.gross),
        ]).toEqual([country, Number(row.base_price), expected]);
      }
    }
  });
});
