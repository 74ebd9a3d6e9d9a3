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

  it('shows the first image, the SKU of a simple product and the summed stock with its state', () => {
    const rows = toProductRows(products, categories);
    expect(
      rows.map(({ id, thumbnail, sku, perVariant, stock }) => ({
        id,
        thumbnail,
        sku,
        perVariant,
        stock,
      })),
    ).toEqual([
      {
        id: 1,
        thumbnail: '/api/v1/media/sac-cabas-camel.jpg',
        sku: null,
        perVariant: true,
        stock: { figure: '15', state: 'low_stock' },
      },
      {
        id: 2,
        thumbnail: '/api/v1/media/huile-olive-1l.jpg',
        sku: 'HUILE-1L',
        perVariant: false,
        stock: { figure: '140', state: 'in_stock' },
      },
      {
        id: 3,
        thumbnail: '/api/v1/media/tshirt-sidi-bou-said.jpg',
        sku: null,
        perVariant: true,
        stock: { figure: '69', state: 'low_stock' },
      },
      {
        id: 4,
        thumbnail: null,
        sku: null,
        perVariant: false,
        stock: { figure: null, state: 'not_tracked' },
      },
      {
        id: 5,
        thumbnail: null,
        sku: 'HARISSA-200',
        perVariant: false,
        stock: { figure: '2', state: 'low_stock' },
      },
      {
        id: 6,
        thumbnail: null,
        sku: null,
        perVariant: false,
        stock: { figure: null, state: 'not_tracked' },
      },
    ]);
  });

  it('writes large and negative stock as figures of the language', () => {
    const [big, owed] = toProductRows(
      [
        product({ stock_quantity: 12345, stock_state: 'in_stock' }),
        product({ stock_quantity: -3, stock_state: 'out_of_stock' }),
      ],
      categories,
    );
    expect(big?.stock).toEqual({ figure: '12,345', state: 'in_stock' });
    expect(owed?.stock).toEqual({ figure: '-3', state: 'out_of_stock' });
  });
});
