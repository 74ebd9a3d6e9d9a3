import { describe, expect, it } from 'vitest';
import {
  EU_COUNTRIES,
  formatVatNumberChecker,
  isEuCountry,
  isReverseChargeEligible,
  normaliseVatNumber,
  validateVatNumber,
} from './vat-number';

describe('EU_COUNTRIES', () => {
  it('holds the 27 member states, not Tunisia nor former members', () => {
    expect(EU_COUNTRIES.size).toBe(27);
    for (const c of ['FR', 'DE', 'IT', 'ES', 'NL', 'BE', 'GR', 'IE', 'SE', 'HR']) {
      expect(EU_COUNTRIES.has(c)).toBe(true);
    }
    for (const c of ['TN', 'GB', 'CH', 'NO', 'EL', 'US']) expect(EU_COUNTRIES.has(c)).toBe(false);
    expect(isEuCountry('el')).toBe(true);
    expect(isEuCountry('fr')).toBe(true);
    expect(isEuCountry('tn')).toBe(false);
  });
});

describe('normaliseVatNumber', () => {
  it('upper-cases and drops spaces, dots and hyphens only', () => {
    expect(normaliseVatNumber(' fr 40.303-265 045 ')).toBe('FR40303265045');
    expect(normaliseVatNumber('1234567a/a/m/000')).toBe('1234567A/A/M/000');
  });
});

describe('validateVatNumber', () => {
  // [country, input, normalised]
  const valid: [string, string, string][] = [
    ['FR', 'FR 40 303 265 045', 'FR40303265045'],
    ['FR', '40303265045', 'FR40303265045'],
    ['FR', 'fr k7 399859412', 'FRK7399859412'],
    ['DE', 'DE136695976', 'DE136695976'],
    ['DE', '136 695 976', 'DE136695976'],
    ['IT', 'IT00743110157', 'IT00743110157'],
    ['ES', 'ESA28015865', 'ESA28015865'],
    ['ES', 'es-x1234567-l', 'ESX1234567L'],
    ['ES', '12345678Z', 'ES12345678Z'],
    ['NL', 'NL 8060.14.906 B01', 'NL806014906B01'],
    ['BE', 'BE0403170701', 'BE0403170701'],
    ['BE', '1234567890', 'BE1234567890'],
    ['AT', 'ATU 13585627', 'ATU13585627'],
    ['AT', 'U13585627', 'ATU13585627'],
    ['GR', 'EL094014298', 'EL094014298'],
    ['GR', 'GR094014298', 'EL094014298'],
    ['GR', '094014298', 'EL094014298'],
    ['IE', 'IE6388047V', 'IE6388047V'],
    ['IE', 'IE3628739UA', 'IE3628739UA'],
    ['IE', 'IE8Z49289F', 'IE8Z49289F'],
    ['SE', 'SE556703748501', 'SE556703748501'],
    ['PL', 'PL5260250274', 'PL5260250274'],
    ['PT', 'PT501964843', 'PT501964843'],
    ['RO', 'RO18547290', 'RO18547290'],
    ['CY', 'CY10259033P', 'CY10259033P'],
    ['LT', 'LT119511515', 'LT119511515'],
    ['LT', 'LT100001919017', 'LT100001919017'],
    ['DK', 'DK13585628', 'DK13585628'],
    ['LU', 'LU26375245', 'LU26375245'],
  ];
  it.each(valid)('accepts %s %j as %s', (country, input, normalised) => {
    expect(validateVatNumber(input, country)).toEqual({
      valid: true,
      normalised,
      country_code: country,
      is_eu: true,
      check: 'format',
      message: `Valid VAT number format for ${country} (offline check only).`,
    });
  });

  const invalid: [string, string][] = [
    ['FR', 'FR4030326504'], // 8-digit SIREN
    ['FR', 'FRIO303265045'], // I and O are not key characters
    ['DE', 'DE13669597'], // 8 digits
    ['DE', 'DE1366959761'], // 10 digits
    ['IT', 'IT0074311015'], // 10 digits
    ['ES', 'ES123456789'], // first and last both digits
    ['ES', 'ESAB1234567'],
    ['NL', 'NL806014906'], // missing B01
    ['NL', 'NL806014906X01'],
    ['BE', 'BE2403170701'], // must start with 0 or 1
    ['BE', 'BE403170701'], // 9 digits
    ['AT', 'AT13585627'], // missing U
    ['GR', 'EL09401429'],
    ['SE', 'SE556703748502'], // must end in 01
    ['IE', 'IE6388047'],
    ['DE', 'FR40303265045'], // another country's number
    ['PL', 'PL 526/025/02/74'],
  ];
  it.each(invalid)('refuses %s %j', (country, input) => {
    const r = validateVatNumber(input, country);
    expect(r.valid).toBe(false);
    expect(r.is_eu).toBe(true);
    expect(r.check).toBe('format');
    expect(r.message).toMatch(new RegExp(`^Invalid VAT number format for ${country}: expected `));
  });

  it('names the expected shape and keeps the prefixed form of an invalid number', () => {
    expect(validateVatNumber('de 1234', 'de')).toEqual({
      valid: false,
      normalised: 'DE1234',
      country_code: 'DE',
      is_eu: true,
      check: 'format',
      message: 'Invalid VAT number format for DE: expected DE followed by 9 digits.',
    });
    expect(validateVatNumber('1234', 'NL').normalised).toBe('NL1234');
  });

  it('reads EL as Greece', () => {
    const greek = validateVatNumber('094014298', 'EL');
    expect(greek).toMatchObject({ valid: true, normalised: 'EL094014298', country_code: 'GR' });
    expect(greek.is_eu).toBe(true);
  });

  describe('Tunisian matricule fiscal', () => {
    it.each([
      ['1234567A', '1234567A'],
      ['1234567/a', '1234567A'],
      ['0012345 M', '0012345M'],
      ['1234567A/A/M/000', '1234567A/A/M/000'],
      ['1234567/A/A/M/000', '1234567A/A/M/000'],
      ['1234567 A A M 000', '1234567A/A/M/000'],
      ['1234567-B/P/E/001', '1234567B/P/E/001'],
      ['1234567ZNC002', '1234567Z/N/C/002'],
    ])('accepts %j as %s', (input, normalised) => {
      expect(validateVatNumber(input, 'TN')).toEqual({
        valid: true,
        normalised,
        country_code: 'TN',
        is_eu: false,
        check: 'format',
        message: 'Valid VAT number format for TN (offline check only).',
      });
    });

    it.each([
      '123456A', // 6 digits
      '12345678A', // 8 digits
      '1234567', // no check letter
      '1234567I', // I, O and U are not check letters
      '1234567O',
      '1234567U',
      '1234567A/X/M/000', // unknown VAT code
      '1234567A/A/Z/000', // unknown category
      '1234567A/A/M/00', // 2-digit establishment
      '1234567A/A/M',
      'TN1234567A',
    ])('refuses %j', (input) => {
      const r = validateVatNumber(input, 'tn');
      expect(r).toMatchObject({ valid: false, is_eu: false, country_code: 'TN' });
      expect(r.message).toBe(
        'Invalid VAT number format for TN: expected 7 digits and a check letter, optionally followed by /A/M/000.',
      );
    });
  });

  it('checks other countries for 4 to 20 letters and digits', () => {
    expect(validateVatNumber('che-123.456.789', 'CH')).toMatchObject({
      valid: true,
      normalised: 'CHE123456789',
      is_eu: false,
    });
    expect(validateVatNumber('GB 123 4567 89', 'GB').valid).toBe(true);
    expect(validateVatNumber('AB1', 'US')).toMatchObject({
      valid: false,
      message: 'Invalid VAT number format for US: expected 4 to 20 letters and digits.',
    });
    expect(validateVatNumber('A'.repeat(21), 'US').valid).toBe(false);
    expect(validateVatNumber('12/34/56', 'MA').valid).toBe(false);
  });

  it('is the offline checker behind the VatNumberChecker interface', async () => {
    expect(await formatVatNumberChecker.check('FR40303265045', 'FR')).toEqual(
      validateVatNumber('FR40303265045', 'FR'),
    );
  });
});

describe('isReverseChargeEligible', () => {
  const pro = {
    customer_type: 'professional' as const,
    vat_number_valid: true,
    country_code: 'FR',
    shipping_country: 'FR',
  };

  it('applies to an EU professional with a valid number, shipped to its own country', () => {
    expect(isReverseChargeEligible(pro, 'TN')).toBe(true);
    expect(
      isReverseChargeEligible({ ...pro, country_code: 'de', shipping_country: 'DE' }, 'TN'),
    ).toBe(true);
  });

  it.each([
    ['an individual', { ...pro, customer_type: 'individual' as const }],
    ['a number found invalid', { ...pro, vat_number_valid: false }],
    ['goods shipped to Tunis', { ...pro, shipping_country: 'TN' }],
    ['goods shipped to another EU state', { ...pro, shipping_country: 'DE' }],
    ['a non-EU country', { ...pro, country_code: 'TN', shipping_country: 'TN' }],
    ['a non-EU country shipped to itself', { ...pro, country_code: 'CH', shipping_country: 'CH' }],
  ])('does not apply to %s', (_name, customer) => {
    expect(isReverseChargeEligible(customer, 'TN')).toBe(false);
  });

  it('does not apply inside the shop country', () => {
    expect(isReverseChargeEligible(pro, 'FR')).toBe(false);
    expect(isReverseChargeEligible(pro, 'fr')).toBe(false);
  });
});
