import { describe, expect, it } from 'vitest';
import { discounts } from '@mocks/fixtures/discounts';
import {
  discountToValues,
  emptyDiscountValues,
  generateCode,
  toDiscountCreate,
  validateDiscount,
  type DiscountFormValues,
} from './discount-form';
import { periodText, scopeText, usageText, valueText } from './discount-display';

const valid: DiscountFormValues = {
  ...emptyDiscountValues,
  name: ' Summer sale ',
  code: 'summer10',
  percent: '10',
};

const errorsOf = (values: Partial<DiscountFormValues>) =>
  validateDiscount({ ...valid, ...values }).errors;

describe('validateDiscount', () => {
  it('accepts a percent code', () => {
    expect(validateDiscount(valid)).toEqual({ errors: {}, summary: null });
  });

  it('asks for a name and a code, unless the promotion is automatic', () => {
    expect(validateDiscount({ ...valid, name: ' ', code: '' })).toEqual({
      errors: {
        name: 'Name is required',
        code: 'Enter a code, or make it an automatic promotion',
      },
      summary: 'Please fill in all required fields',
    });
    expect(errorsOf({ code: '', automatic: true })).toEqual({});
  });

  it('refuses a code the customer could not type', () => {
    for (const code of ['AB', 'SUMMER 10', 'ÉTÉ10', 'X'.repeat(33)])
      expect(errorsOf({ code }).code).toBe('Use 3 to 32 letters, digits, hyphens or underscores');
    expect(errorsOf({ code: 'Black_Friday-26' })).toEqual({});
  });

  it('asks for the value of the kind, within its bounds', () => {
    expect(errorsOf({ percent: '' }).percent).toBe('Percentage is required');
    const range = 'Enter a percentage above 0 and up to 100, with at most 2 decimals';
    for (const percent of ['0', '100.01', '12.345', '-5', 'abc'])
      expect(errorsOf({ percent }).percent).toBe(range);
    expect(errorsOf({ percent: '12.5' })).toEqual({});
    expect(errorsOf({ percent: '100' })).toEqual({});
    expect(errorsOf({ kind: 'fixed_amount', amount: '' }).amount).toBe('Amount is required');
    const amount = 'Enter an amount above 0 with at most 3 decimals';
    for (const value of ['0', '0.000', '5.1234', '-1'])
      expect(errorsOf({ kind: 'fixed_amount', amount: value }).amount).toBe(amount);
    // The percent left in the field does not matter once the kind is another.
    expect(errorsOf({ kind: 'free_shipping', percent: 'abc' })).toEqual({});
  });

  it('asks for the products or categories of the scope', () => {
    expect(errorsOf({ scope: 'products' }).product_ids).toBe('Choose at least one product');
    expect(errorsOf({ scope: 'categories' }).category_ids).toBe('Choose at least one category');
    expect(errorsOf({ scope: 'products', product_ids: [5] })).toEqual({});
  });

  it('keeps the period in order and the limits whole numbers from 1', () => {
    expect(errorsOf({ starts_on: '2026-12-10', ends_on: '2026-12-09' }).ends_on).toBe(
      'The end must not be before the start',
    );
    expect(errorsOf({ starts_on: '2026-12-10', ends_on: '2026-12-10' })).toEqual({});
    const limit = 'Enter a whole number from 1 to 1,000,000,000';
    for (const value of ['0', '1.5', '1000000001', '-2'])
      expect(errorsOf({ usage_limit: value }).usage_limit).toBe(limit);
    expect(errorsOf({ usage_limit_per_customer: '0' }).usage_limit_per_customer).toBe(limit);
    expect(errorsOf({ usage_limit: '1000000000', minimum_subtotal: '150' })).toEqual({});
    expect(errorsOf({ minimum_subtotal: '1.2345' }).minimum_subtotal).toBe(
      'Enter an amount with at most 3 decimals',
    );
  });
});

describe('toDiscountCreate', () => {
  it('sends every field: the code in upper case, what the kind and scope do not use as null', () => {
    expect(
      toDiscountCreate({
        ...valid,
        amount: '7',
        product_ids: [5],
        minimum_subtotal: '150',
        usage_limit: '100',
      }),
    ).toEqual({
      name: 'Summer sale',
      code: 'SUMMER10',
      kind: 'percent',
      percent: 10,
      amount: null,
      scope: 'order',
      product_ids: [],
      category_ids: [],
      minimum_subtotal: '150.000',
      starts_on: null,
      ends_on: null,
      usage_limit: 100,
      usage_limit_per_customer: null,
      is_active: true,
    });
  });

  it('sends no code for an automatic promotion, and the amount to the millime', () => {
    expect(
      toDiscountCreate({
        ...valid,
        automatic: true,
        kind: 'fixed_amount',
        amount: '5.5',
        scope: 'categories',
        category_ids: [1, 3],
        starts_on: '2026-12-01',
        ends_on: '2026-12-31',
      }),
    ).toMatchObject({
      code: null,
      percent: null,
      amount: '5.500',
      category_ids: [1, 3],
      starts_on: '2026-12-01',
      ends_on: '2026-12-31',
    });
  });

  it('gives back what the server holds for every fixture (edit without change)', () => {
    for (const d of discounts) {
      expect(validateDiscount(discountToValues(d)).summary).toBeNull();
      const sent = toDiscountCreate(discountToValues(d));
      expect(sent).toEqual(
        Object.fromEntries(Object.keys(sent).map((key) => [key, d[key as keyof typeof d]])),
      );
    }
  });
});

it('generates readable upper-case codes the contract accepts', () => {
  const codes = Array.from({ length: 200 }, () => generateCode());
  for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
  expect(new Set(codes).size).toBeGreaterThan(195);
  expect(generateCode((n) => new Uint32Array(n))).toBe('AAAAAAAA');
});

it('shows each kind, scope, period and usage as the table does', () => {
  const byId = (id: number) => discounts.find((d) => d.id === id)!;
  expect([1, 2, 3, 4].map((id) => valueText(byId(id)))).toEqual([
    '10 %',
    '5.000 TND',
    'Free shipping',
    '12.5 %',
  ]);
  expect([1, 2, 4].map((id) => scopeText(byId(id)))).toEqual([
    'Whole order',
    '1 category',
    '1 product',
  ]);
  expect(periodText(byId(5))).toBe('18 Feb 2026 – 19 Mar 2026');
  expect(periodText(byId(1))).toBe('From 01 Jan 2026');
  expect(periodText(byId(3))).toBe('Always');
  expect(periodText({ starts_on: null, ends_on: '2026-12-31' })).toBe('Until 31 Dec 2026');
  expect(usageText(byId(2))).toBe('3 / 100');
  expect(usageText(byId(1))).toBe('42');
});
