import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shippingMethods, shippingZones } from '@mocks/fixtures/shipping';
import type { ShippingMethod } from '@generated/model';
import { fromMillimes } from '../../../server/src/domain/money';
import {
  bandsProblem,
  emptyMethodValues,
  emptyZoneValues,
  methodToValues,
  pricingOf,
  thousandths,
  toMethodInput,
  toZoneInput,
  validateMethod,
  validateZone,
  zoneToValues,
  type MethodFormValues,
} from './shipping-form';
import { exampleText, governoratesText, rateText } from './shipping-display';

const [courierGrandTunis, courier, rapidPoste, europeExpress] = shippingMethods as [
  ShippingMethod,
  ShippingMethod,
  ShippingMethod,
  ShippingMethod,
];

const flat: MethodFormValues = {
  ...emptyMethodValues,
  name_en: ' Courier ',
  name_fr: 'Coursier',
  name_ar: 'ساعي',
  zone_ids: [1],
  flat_price: '7',
};

const byWeight = (bands: MethodFormValues['bands']): MethodFormValues => ({
  ...flat,
  rate_kind: 'weight',
  bands,
});

describe('zones', () => {
  it('asks for a name and a country, and a whole position', () => {
    expect(validateZone({ ...emptyZoneValues, position: '1.5' })).toEqual({
      errors: {
        name: 'Name is required',
        countries: 'Choose at least one country',
        position: 'Enter a whole number from 0 to 100,000',
      },
      summary: 'Please fill in all required fields',
    });
    expect(validateZone({ ...emptyZoneValues, name: 'Europe', countries: ['FR'] })).toEqual({
      errors: {},
      summary: null,
    });
  });

  it('sends the governorates only with Tunisia among the countries', () => {
    const grandTunis = zoneToValues(shippingZones[0]!);
    expect(toZoneInput(grandTunis)).toEqual({
      name: 'Grand Tunis',
      countries: ['TN'],
      governorates: ['TN-11', 'TN-12', 'TN-13', 'TN-14'],
      position: 0,
    });
    expect(
      toZoneInput({ ...grandTunis, name: ' Maghreb ', countries: ['DZ', 'MA'], position: '' }),
    ).toEqual({
      name: 'Maghreb',
      countries: ['DZ', 'MA'],
      governorates: [],
    });
  });

  it('names the governorates in the active language, or all of Tunisia', () => {
    expect(governoratesText(shippingZones[0]!)).toBe('Tunis, Ariana, Ben Arous and Manouba');
    expect(governoratesText(shippingZones[1]!)).toBe('All');
    expect(governoratesText(shippingZones[2]!)).toBe('—');
  });
});

describe('methods: API ↔ form', () => {
  it('gives back every fixture as it came (kg and money with their 3 decimals)', () => {
    for (const method of shippingMethods) {
      const { name, zone_ids, rate_kind, flat_price, bands, free_above, cod_fee } = method;
      expect(toMethodInput(methodToValues(method))).toEqual({
        name,
        zone_ids,
        rate_kind,
        flat_price,
        bands,
        free_above,
        cod_fee,
        carrier: method.carrier,
        tracking_url_template: method.tracking_url_template,
        is_active: method.is_active,
        position: method.position,
      });
    }
  });

  it('writes typed decimals with 3 decimals and clears what the kind does not use', () => {
    const values = byWeight([
      { up_to: '2.5', price: '7' },
      { up_to: '', price: '12.25' },
    ]);
    expect(
      toMethodInput({ ...values, flat_price: '9', free_above: '300', cod_fee: ' ' }),
    ).toMatchObject({
      name: { en: 'Courier', fr: 'Coursier', ar: 'ساعي' },
      flat_price: null,
      bands: [
        { up_to: '2.500', price: '7.000' },
        { up_to: null, price: '12.250' },
      ],
      free_above: '300.000',
      cod_fee: null,
      carrier: null,
      tracking_url_template: null,
    });
    expect(toMethodInput(flat)).toMatchObject({
      rate_kind: 'flat',
      flat_price: '7.000',
      bands: [],
    });
  });

  it('reads kg as grams and TND as millimes, exactly, for any 3-decimal text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (thousandthsValue) => {
        const text = fromMillimes(thousandthsValue);
        expect(thousandths(text)).toBe(thousandthsValue);
        // The form's text with trailing zeros dropped reads the same.
        expect(thousandths(text.replace(/\.?0+$/, '') || '0')).toBe(thousandthsValue);
      }),
    );
    expect(thousandths('2.4')).toBe(2400);
    expect(thousandths('2.4001')).toBeNull();
    expect(thousandths('')).toBeNull();
  });

  it('prices the form as the API method would be priced (bands in grams, amounts in millimes)', () => {
    expect(pricingOf(methodToValues(courier))).toEqual({
      rateKind: 'weight',
      flatPrice: null,
      bands: [
        { upTo: 2000, price: 7000 },
        { upTo: 5000, price: 8000 },
        { upTo: 30000, price: 12000 },
      ],
      freeAbove: 300000,
      codFee: 2000,
    });
    expect(pricingOf({ ...flat, flat_price: '' })).toBeNull();
    expect(pricingOf({ ...flat, cod_fee: '1.2345' })).toBeNull();
  });
});

describe('methods: validation', () => {
  it('accepts a flat rate and the fixtures', () => {
    expect(validateMethod(flat)).toEqual({ errors: {}, summary: null });
    for (const method of shippingMethods)
      expect(validateMethod(methodToValues(method))).toEqual({ errors: {}, summary: null });
  });

  it('asks for the names, a zone and the flat price', () => {
    expect(validateMethod(emptyMethodValues)).toEqual({
      errors: {
        name_en: 'Name is required',
        name_fr: 'Name is required',
        name_ar: 'Name is required',
        zone_ids: 'Choose at least one zone',
        flat_price: 'Price is required',
      },
      summary: 'Please fill in all required fields',
    });
  });

  it('says which band is wrong, and how', () => {
    const weight = (bands: MethodFormValues['bands']) => bandsProblem('weight', bands);
    expect(weight([])).toBe('Add at least one band');
    expect(weight([{ up_to: '2.5kg', price: '7' }])).toBe(
      'Band 1: enter a weight in kg with at most 3 decimals',
    );
    expect(bandsProblem('subtotal', [{ up_to: '-1', price: '7' }])).toBe(
      'Band 1: enter an amount with at most 3 decimals',
    );
    expect(weight([{ up_to: '2', price: '' }])).toBe(
      'Band 1: enter a price with at most 3 decimals',
    );
    // The domain's rules (rateProblem), said of the band breaking them.
    expect(
      weight([
        { up_to: '2', price: '7' },
        { up_to: '2.000', price: '8' },
      ]),
    ).toBe('Band 2: its limit must be above the band before it');
    expect(
      weight([
        { up_to: '', price: '7' },
        { up_to: '5', price: '8' },
      ]),
    ).toBe('Band 1: only the last band may be without a limit');
    expect(
      weight([
        { up_to: '2', price: '7' },
        { up_to: '', price: '9' },
      ]),
    ).toBeNull();
    expect(bandsProblem('flat', [])).toBeNull();
  });

  it('puts the band message on the bands, and checks money, carrier and tracking', () => {
    const result = validateMethod({
      ...byWeight([
        { up_to: '5', price: '8' },
        { up_to: '2', price: '7' },
      ]),
      free_above: '300.0001',
      carrier: 'x'.repeat(101),
      tracking_url_template: 'http://track.example/{tracking_number}',
    });
    expect(result).toEqual({
      errors: {
        bands: 'Band 2: its limit must be above the band before it',
        free_above: 'Enter an amount with at most 3 decimals',
        carrier: 'Carrier must be at most 100 characters',
        tracking_url_template: 'Enter an https address containing {tracking_number}',
      },
      summary: 'Band 2: its limit must be above the band before it',
    });
  });
});

describe('display', () => {
  it('sums up each kind of rate', () => {
    expect(rateText(courierGrandTunis)).toBe('Flat 7.000 TND');
    expect(rateText(courier)).toBe(
      'By weight: up to 2 kg 7.000 TND, up to 5 kg 8.000 TND, up to 30 kg 12.000 TND',
    );
    expect(rateText(rapidPoste)).toBe(
      'By weight: up to 1 kg 6.500 TND, up to 5 kg 9.000 TND, above 5 kg 15.000 TND',
    );
    expect(rateText(europeExpress)).toBe(
      'By order amount: up to 500.000 TND 45.000 TND, above 500.000 TND 60.000 TND',
    );
    expect(
      rateText({ rate_kind: 'weight', flat_price: null, bands: [{ up_to: null, price: '5' }] }),
    ).toBe('By weight: any 5.000 TND');
  });

  it('prices the live example as checkout would', () => {
    const example = (
      values: MethodFormValues,
      weight: string,
      amount: string,
      destination: string,
    ) =>
      exampleText(pricingOf(values), values.zone_ids, shippingZones, {
        weight,
        amount,
        destination,
      });
    const courierValues = methodToValues(courier);
    expect(example(courierValues, '2.4', '100', 'TN-61')).toEqual([
      'A 2.4 kg order to Sfax costs 8.000 TND excl. VAT',
      'Paid cash on delivery: 10.000 TND excl. VAT',
    ]);
    // At the threshold it is free; the cash-on-delivery fee stays.
    expect(example(courierValues, '2.4', '300', 'TN-61')).toEqual([
      'An order of 300.000 TND to Sfax ships free (free from 300.000 TND)',
      'Paid cash on delivery: 2.000 TND excl. VAT',
    ]);
    expect(example(courierValues, '31', '100', 'TN-61')).toEqual([
      'This order is beyond the last band: the method is not offered for it',
    ]);
    // Tunis belongs to Grand Tunis first, where this method does not deliver.
    expect(example(courierValues, '1', '100', 'TN-11')).toEqual([
      'This method does not deliver to Tunis',
    ]);
    expect(example(methodToValues(europeExpress), '1', '650', 'FR')).toEqual([
      'A 650.000 TND order to France costs 60.000 TND excl. VAT',
    ]);
    expect(example(methodToValues(courierGrandTunis), '1', '100', 'TN-12')).toEqual([
      'An order to Ariana costs 7.000 TND excl. VAT',
      'Paid cash on delivery: 9.000 TND excl. VAT',
    ]);
    expect(example({ ...flat, flat_price: '' }, '1', '100', 'TN-11')).toEqual([
      'Complete the rate to see what an order costs',
    ]);
    expect(example(flat, '1,5', '100', 'TN-11')).toEqual([
      'Enter a weight and an order total with at most 3 decimals',
    ]);
  });
});
