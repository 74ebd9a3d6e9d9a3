// The products of the mock API carry the stock the contract describes (openapi/schemas/products.yaml:
// sku, stock_quantity, stock_state) and the list filters and sorts by it as the server does, so
// that the products list's stories behave like the server.
import { describe, expect, it } from 'vitest';
import {
  createProduct,
  listAdminProducts,
  updateProduct,
} from '@generated/clients/products/products';
import type { Product, Variant } from '@generated/model';
import { products, variants } from '@mocks/fixtures';
import { productStock } from '@mocks/fixtures/product-stock';
import { contractViolations } from '@mocks/contract';
import { withMockApi } from './mock-api';

const variant = (overrides: Partial<Variant>): Variant => ({ ...variants[0]!, ...overrides });
const stockOf = (name: string) => {
  const product = products.find((p) => p.name.startsWith(name))!;
  return [product.sku, product.stock_quantity, product.stock_state];
};

describe('productStock', () => {
  it('sums the active variants that track stock, and names the state they are in', () => {
    const withVariants = { has_variants: true };
    const fine = variant({ stock_quantity: 12, low_stock_threshold: 5 });
    const low = variant({ stock_quantity: 3, low_stock_threshold: 5 });
    const out = variant({ stock_quantity: 0 });
    const owed = variant({ stock_quantity: -2 });
    const inactive = variant({ stock_quantity: 0, is_active: false });
    const untracked = variant({ stock_quantity: 0, track_inventory: false });
    expect(productStock(withVariants, [fine, inactive, untracked])).toEqual({
      sku: null,
      stock_quantity: 12,
      stock_state: 'in_stock',
    });
    expect(productStock(withVariants, [fine, low])).toMatchObject({
      stock_quantity: 15,
      stock_state: 'low_stock',
    });
    // One variant out of stock is enough to need restocking; all of them, out of stock.
    expect(productStock(withVariants, [fine, out])).toMatchObject({ stock_state: 'low_stock' });
    expect(productStock(withVariants, [out, owed])).toEqual({
      sku: null,
      stock_quantity: -2,
      stock_state: 'out_of_stock',
    });
    expect(productStock(withVariants, [inactive, untracked])).toEqual({
      sku: null,
      stock_quantity: null,
      stock_state: 'not_tracked',
    });
    expect(productStock(withVariants, [])).toMatchObject({ stock_state: 'not_tracked' });
  });

  it('gives a simple product its default variant’s SKU, none for the DEFAULT placeholder', () => {
    const simple = { has_variants: false };
    expect(productStock(simple, [variant({ sku: 'HUILE-1L', stock_quantity: 140 })])).toEqual({
      sku: 'HUILE-1L',
      stock_quantity: 140,
      stock_state: 'in_stock',
    });
    expect(productStock(simple, [variant({ sku: 'DEFAULT' })]).sku).toBeNull();
    expect(productStock(simple, [])).toEqual({
      sku: null,
      stock_quantity: null,
      stock_state: 'not_tracked',
    });
  });

  it('gives the fixtures the stock of their variants', () => {
    expect(stockOf('Sac cabas')).toEqual([null, 15, 'low_stock']);
    expect(stockOf('Huile')).toEqual(['HUILE-1L', 140, 'in_stock']);
    expect(stockOf('T-shirt')).toEqual([null, 69, 'low_stock']);
    expect(stockOf('Assiette')).toEqual([null, null, 'not_tracked']);
    expect(stockOf('Harissa')).toEqual(['HARISSA-200', 2, 'low_stock']);
    expect(stockOf('Portefeuille')).toEqual([null, null, 'not_tracked']);
    // Invariant: a product's stock is the sum over its counted variants.
    for (const product of products.filter((p) => p.stock_quantity !== null)) {
      const own = variants.filter(
        (v) => v.product_id === product.id && v.is_active && v.track_inventory,
      );
      expect(product.stock_quantity).toBe(own.reduce((sum, v) => sum + v.stock_quantity, 0));
    }
  });
});

describe('the products list of the mock API', () => {
  withMockApi();
  const ids = (list: readonly Product[]) => list.map((p) => p.id);

  it('filters by stock state, with the other filters', async () => {
    expect(ids(await listAdminProducts({ stock_state: 'low_stock' }))).toEqual([1, 3, 5]);
    expect(ids(await listAdminProducts({ stock_state: 'not_tracked' }))).toEqual([4, 6]);
    expect(ids(await listAdminProducts({ stock_state: 'out_of_stock' }))).toEqual([]);
    expect(
      ids(await listAdminProducts({ stock_state: 'low_stock', is_active: true, category_id: 2 })),
    ).toEqual([]);
    expect(ids(await listAdminProducts({ stock_state: 'low_stock', category_id: 2 }))).toEqual([5]);
  });

  it('sorts by stock, the products without a counted variant last either way', async () => {
    expect(ids(await listAdminProducts({ sort: 'stock' }))).toEqual([5, 1, 3, 2, 4, 6]);
    expect(ids(await listAdminProducts({ sort: '-stock' }))).toEqual([2, 3, 1, 5, 6, 4]);
  });

  it('derives the stock of a created or updated product from its inventory', async () => {
    const created = await createProduct({
      name: 'Chéchia',
      slug: 'chechia',
      description: 'Laine',
      category_id: 3,
      base_price: '25.000',
      vat_rate_id: 1,
      inventory: { sku: 'CHECHIA', stock_quantity: 4, low_stock_threshold: 5 },
    });
    expect(created).toMatchObject({ sku: 'CHECHIA', stock_quantity: 4, stock_state: 'low_stock' });
    const bare = await createProduct({
      name: 'Fouta',
      slug: 'fouta',
      description: 'Coton',
      category_id: 3,
      base_price: '25.000',
      vat_rate_id: 1,
    });
    expect(bare).toMatchObject({ sku: null, stock_quantity: null, stock_state: 'not_tracked' });
    // The oil's default variant gets 0 units: out of stock, its SKU kept.
    expect(await updateProduct(2, { inventory: { stock_quantity: 0 } })).toMatchObject({
      sku: 'HUILE-1L',
      stock_quantity: 0,
      stock_state: 'out_of_stock',
    });
    expect(contractViolations.all()).toEqual([]);
  });
});
