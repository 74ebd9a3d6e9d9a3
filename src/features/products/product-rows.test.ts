import { describe, expect, it } from 'vitest';
import type { Product } from '@generated/model';
import { categories, products } from '@mocks/fixtures';
import { displayPrice, displayPriceRange, toProductRows } from './product-rows';

const product = (overrides: Partial<Product>): Product => ({ ...products[0]!, ...overrides });

describe('displayPrice', () => {
  it('shows the price incl. VAT with 3 decimals and TND', () => {
    expect(displayPrice({ price_incl_vat: '28.355', base_price: '26.500' })).toBe('28.355 TND');
    expect(displayPrice({ price_incl_vat: '1234.5', base_price: '1' })).toBe('1,234.500 TND');
  });

  it('falls back to base_price when price_incl_vat is missing, empty or invalid', () => {
    for (const missing of [undefined, null, '', '  ', 'n/a'])
      expect(displayPrice({ price_incl_vat: missing as unknown as string, base_price: '59' })).toBe(
        '59.000 TND',
      );
  });

  it('shows 0.000 TND when neither price is readable', () => {
    expect(displayPrice({ price_incl_vat: '', base_price: '' })).toBe('0.000 TND');
  });
});

describe('displayPriceRange', () => {
  it('shows the range a customer pays when the variants’ prices differ', () => {
    expect(displayPriceRange(product({ price_range: { min: '59.900', max: '65.900' } }))).toBe(
      '59.900 – 65.900 TND',
    );
  });

  it('shows the one price when they are equal, or without a range', () => {
    const oil = { price_incl_vat: '28.355', base_price: '26.500' };
    expect(displayPriceRange({ ...oil, price_range: { min: '28.355', max: '28.355' } })).toBe(
      '28.355 TND',
    );
    expect(displayPriceRange({ ...oil, price_range: null })).toBe('28.355 TND');
  });
});

describe('toProductRows', () => {
  it('names the category, or Uncategorized without one or with an unknown one', () => {
    const rows = toProductRows(
      [
        product({ id: 1, category_id: 2 }),
        product({ id: 2, category_id: null }),
        product({ id: 3, category_id: 999 }),
      ],
      categories,
    );
    expect(rows.map((row) => row.category)).toEqual([
      'Épicerie fine',
      'Uncategorized',
      'Uncategorized',
    ]);
  });

  it('leaves the category empty (null) while the categories are unknown', () => {
    expect(toProductRows([product({ category_id: 2 })], undefined)[0]?.category).toBeNull();
  });

  it('maps the fixtures: price, variant count from variant_count, status', () => {
    const rows = toProductRows(products, categories);
    expect(
      rows.map(({ id, name, category, price, variants, active }) => ({
        id,
        name,
        category,
        price,
        variants,
        active,
      })),
    ).toEqual([
      {
        id: 1,
        name: 'Sac cabas en cuir',
        category: 'Sacs',
        price: '189.000 TND',
        variants: 3,
        active: true,
      },
      {
        id: 2,
        name: "Huile d'olive extra vierge 1 L",
        category: 'Épicerie fine',
        price: '28.355 TND',
        variants: 1,
        active: true,
      },
      {
        id: 3,
        name: 'T-shirt coton bio « Sidi Bou Saïd »',
        category: 'Vêtements',
        price: '45.000 – 49.000 TND',
        variants: 4,
        active: true,
      },
      {
        id: 4,
        name: 'Assiette de Nabeul Ø 28 cm',
        category: 'Céramique',
        price: '38.900 TND',
        variants: 1,
        active: true,
      },
      {
        id: 5,
        name: 'Harissa traditionnelle 200 g',
        category: 'Épicerie fine',
        price: '7.250 TND',
        variants: 1,
        active: false,
      },
      {
        id: 6,
        name: 'Portefeuille homme',
        category: 'Uncategorized',
        price: '59.000 TND',
        variants: 0,
        active: true,
      },
    ]);
  });
});
