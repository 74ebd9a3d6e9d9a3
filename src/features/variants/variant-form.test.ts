import { describe, expect, it } from 'vitest';
import { variants } from '@mocks/fixtures';
import { expectedCamelUpdate } from '@/testing/expected';
import {
  addOptionEntry,
  emptyVariantValues,
  optionEntriesToMap,
  parseDecimal,
  parseInteger,
  toCreatePayload,
  toUpdatePayload,
  variantSchema,
  variantToValues,
  type VariantFormValues,
} from './variant-form';

const filled = (over: Partial<VariantFormValues> = {}): VariantFormValues => ({
  ...emptyVariantValues(),
  option_values: [{ key: ' color ', value: ' Red ' }],
  sku: '  TS-RED-M ',
  variant_title: ' M / Red ',
  price: '45.5',
  cost_price: '18.25',
  ...over,
});

describe('parseInteger (stock, threshold, position)', () => {
  it('parses integers and turns anything non-numeric into 0', () => {
    expect(parseInteger('12')).toBe(12);
    expect(parseInteger(' 7 ')).toBe(7);
    expect(parseInteger('-3')).toBe(-3);
    expect(parseInteger('4.9')).toBe(4);
    expect(parseInteger('abc')).toBe(0);
    expect(parseInteger('')).toBe(0);
    expect(parseInteger(null)).toBe(0);
    expect(parseInteger(undefined)).toBe(0);
    expect(parseInteger(9)).toBe(9);
  });
});

describe('parseDecimal (weight, dimensions)', () => {
  it('is a number, or null when empty or invalid', () => {
    expect(parseDecimal('0.25')).toBe(0.25);
    expect(parseDecimal(' 40 ')).toBe(40);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('x')).toBeNull();
  });
});

describe('option entries', () => {
  it('needs both name and value, trims them and replaces an existing name', () => {
    expect(addOptionEntry([], { key: 'color', value: ' ' })).toEqual([]);
    expect(addOptionEntry([], { key: ' ', value: 'Red' })).toEqual([]);
    const one = addOptionEntry([], { key: ' color ', value: ' Red ' });
    expect(one).toEqual([{ key: 'color', value: 'Red' }]);
    expect(addOptionEntry(one, { key: 'color', value: 'Blue' })).toEqual([
      { key: 'color', value: 'Blue' },
    ]);
    expect(optionEntriesToMap([...one, { key: 'size', value: 'M' }])).toEqual({
      color: 'Red',
      size: 'M',
    });
  });
});

describe('toCreatePayload', () => {
  it('trims text, formats money with 3 decimals, parses integers and leaves empty optionals out', () => {
    expect(
      toCreatePayload(filled({ stock_quantity: '12', low_stock_threshold: 'abc', position: '' })),
    ).toEqual({
      option_values: { color: 'Red' },
      sku: 'TS-RED-M',
      variant_title: 'M / Red',
      price: '45.500',
      cost_price: '18.250',
      images: [],
      stock_quantity: 12,
      low_stock_threshold: 0,
      track_inventory: true,
      allow_backorder: false,
      is_active: true,
      position: 0,
    });
  });

  it('sends dimensions with their unit, weight, barcode, VAT rate and images when given', () => {
    const payload = toCreatePayload(
      filled({
        compare_at_price: '55',
        vat_rate_id: '3',
        barcode: ' 619 ',
        weight: '0.35',
        length: '30',
        width: '',
        height: '2.5',
        unit: 'mm',
        images: [' /a.jpg ', ''],
      }),
    );
    expect(payload).toMatchObject({
      compare_at_price: '55.000',
      vat_rate_id: 3,
      barcode: '619',
      weight: 0.35,
      dimensions: { length: 30, width: null, height: 2.5, unit: 'mm' },
      images: ['/a.jpg'],
    });
  });

  it('defaults a new variant to stock 0, threshold 5, unit cm, tracked and active', () => {
    const values = emptyVariantValues();
    expect(values).toMatchObject({
      stock_quantity: '0',
      low_stock_threshold: '5',
      unit: 'cm',
      track_inventory: true,
      allow_backorder: false,
      is_active: true,
    });
  });
});

describe('toUpdatePayload', () => {
  it('sends every field, empty optional ones as null', () => {
    const values = variantToValues(variants[0]!);
    const payload = toUpdatePayload({
      ...values,
      compare_at_price: '',
      barcode: '  ',
      weight: '',
      length: '',
      width: '',
      height: '',
    });
    expect(payload).toEqual(expectedCamelUpdate);
  });

  it('round-trips an existing variant unchanged', () => {
    const v = variants[0]!;
    expect(toUpdatePayload(variantToValues(v))).toMatchObject({
      compare_at_price: v.compare_at_price,
      barcode: v.barcode,
      weight: v.weight,
      dimensions: v.dimensions,
    });
  });
});

describe('variantSchema (docs/product.md §5 messages)', () => {
  const errorsOf = async (values: Partial<VariantFormValues>) => {
    try {
      await variantSchema.validate({ ...emptyVariantValues(), ...values }, { abortEarly: false });
      return [];
    } catch (error) {
      return [...(error as { errors: string[] }).errors].sort();
    }
  };

  it('requires SKU, title, price and cost price, whitespace counting as empty', async () => {
    expect(await errorsOf({ sku: '  ', variant_title: ' ' })).toEqual(
      [
        'SKU is required',
        'Variant title is required',
        'Price is required',
        'Cost price is required',
      ].sort(),
    );
  });

  it('accepts a complete variant', async () => {
    expect(await errorsOf(filled())).toEqual([]);
  });

  it('refuses a SKU with inner spaces and a negative stock', async () => {
    expect(await errorsOf(filled({ sku: 'A B', stock_quantity: '-1' }))).toEqual([
      'SKU cannot contain spaces',
      'Stock cannot be negative',
    ]);
  });
});
