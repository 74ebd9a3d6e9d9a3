// The VAT rate resolution for a country, and the SQL gross price matching the JS one exactly.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, testDialects, type TestDatabase } from '../../test-support/databases';
import { insertProduct, insertVatRate } from '../../test-support/fixtures';
import {
  CountryPricing,
  countryPricing,
  findCountryDefaultRate,
  grossPriceSql,
  netAndGross,
} from './pricing';

describe('netAndGross', () => {
  it('derives net from gross and gross from net, half-up to the millime', () => {
    expect(netAndGross(12_150, false, 1900)).toEqual({ net: 12_150, gross: 14_459 }); // 14458.5
    expect(netAndGross(10_011, true, 2000)).toEqual({ net: 8_343, gross: 10_011 }); // 8342.5
    expect(netAndGross(10_000, 1, 0)).toEqual({ net: 10_000, gross: 10_000 });
    expect(netAndGross(0, 0, 1900)).toEqual({ net: 0, gross: 0 });
  });
});

describe('CountryPricing', () => {
  const fr = { id: 9, rate_bp: 2000, country_code: 'FR' };
  it("keeps an own rate of the country, else takes the country's default, else the own rate", () => {
    expect(new CountryPricing('FR', fr).rateBp({ rate_bp: 550, country_code: 'fr' })).toBe(550);
    expect(new CountryPricing('FR', fr).rateBp({ rate_bp: 1900, country_code: 'TN' })).toBe(2000);
    expect(new CountryPricing('US', undefined).rateBp({ rate_bp: 1900, country_code: 'TN' })).toBe(
      1900,
    );
  });
});

describe.each(testDialects)('pricing queries (%s)', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
  });
  afterAll(async () => {
    await database.dispose();
  });
  beforeEach(async () => {
    await database.db.deleteFrom('products').execute();
    await database.db.deleteFrom('vat_rates').execute();
  });

  it('finds the active default rate in effect at the given instant', async () => {
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
    expect(await findCountryDefaultRate(db, 'FR', at)).toBeUndefined();

    const current = await insertVatRate(db, {
      country_code: 'FR',
      is_default: 1,
      rate_bp: 2000,
      effective_from: '2026-06-15T12:00:00Z', // bounds are inclusive
      effective_to: '2026-06-15T12:00:00.000Z',
    });
    expect(await findCountryDefaultRate(db, 'fr', at)).toEqual({
      id: current.id,
      rate_bp: 2000,
      country_code: 'FR',
    });
    expect((await countryPricing(db, ' fr ', at)).countryCode).toBe('FR');
    expect(await findCountryDefaultRate(db, 'TN', at)).toBeUndefined();
  });

  it('computes in SQL exactly the gross price the presenter computes', async () => {
    const db = database.db;
    const tn = await insertVatRate(db, { country_code: 'TN', rate_bp: 1900 });
    const fr = await insertVatRate(db, { country_code: 'FR', rate_bp: 550 });
    await insertVatRate(db, { country_code: 'DE', rate_bp: 1999, is_default: 1 });
    const rates = new Map([
      [tn.id, tn],
      [fr.id, fr],
    ]);
    const amounts = [0, 1, 5, 50, 150, 12_150, 10_011, 99_995, 123_456_789, 999_999_999_999];
    for (const [i, base] of amounts.entries()) {
      for (const includes of [0, 1] as const) {
        await insertProduct(db, {
          slug: `p-${i}-${includes}`,
          base_price: base,
          price_includes_vat: includes,
          vat_rate_id: i % 2 === 0 ? tn.id : fr.id,
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
            ownRateBp: 'r.rate_bp',
            ownCountry: 'r.country_code',
          }).as('gross'),
        )
        .execute();
      expect(rows).toHaveLength(amounts.length * 2);
      for (const row of rows) {
        const own = rates.get(row.vat_rate_id);
        if (!own) throw new Error('unknown rate');
        const expected = netAndGross(
          Number(row.base_price),
          row.price_includes_vat,
          pricing.rateBp(own),
        ).gross;
        expect([country, Number(row.base_price), Number(row.gross)]).toEqual([
          country,
          Number(row.base_price),
          expected,
        ]);
      }
    }
  });
});
