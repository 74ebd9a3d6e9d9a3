import type { Product, ProductCreate, ProductUpdate } from '@generated/model';
import { products as fixtures } from '../fixtures';
import * as crud from './crud';
import { endpoint, json, newId, now, type ListSpec } from './endpoint';

/** A full product from a create/update body, on top of `base`. */
function toProduct(
  base: Product,
  { inventory: _inventory, ...fields }: Partial<ProductCreate & ProductUpdate>,
  id = base.id,
): Product {
  const merged = { ...base, ...fields, id, updated_at: now() } as Product;
  // Gross price when the price includes VAT (the common case in the fixtures).
  const price_incl_vat = merged.price_includes_vat ? merged.base_price : merged.price_incl_vat;
  return {
    ...merged,
    price_incl_vat,
    // A simple product is charged its own price; a product with variants keeps its range.
    price_range:
      merged.has_variants || price_incl_vat === null
        ? merged.price_range
        : { min: price_incl_vat, max: price_incl_vat },
  };
}

const byName = (product: Product) => product.name.toLowerCase();
const byPrice = (product: Product) => Number(product.base_price);

/** What listAdminProducts (and exportProducts) do with their search, filters and sort. */
export const productListSpec: ListSpec<Product> = {
  search: (p) => [p.name, p.slug, p.brand],
  filters: {
    category_id: (p, id) => String(p.category_id) === id,
    is_active: (p, active) => String(p.is_active) === active,
  },
  sortKeys: { created_at: (p) => p.created_at, name: byName, base_price: byPrice },
};

export const products = {
  /** GET /admin/products/ (search, category_id, is_active, sort, skip/limit, X-Total-Count) */
  list: crud.queriedListOf('/admin/products/', fixtures, productListSpec),
  /** GET /admin/products/{id}: a product, or the one with that id in a list (else 404). */
  get: crud.getById('/admin/products/:id', fixtures, 'Product'),
  /** POST /admin/products/ (201): `result`, or the body echoed as a new product. */
  create: endpoint(
    'post',
    '/admin/products/',
    (result?: Product) =>
      ({ body }) =>
        json(
          result ??
            toProduct(
              { ...fixtures[0]!, variant_count: 0, images: [] },
              body as ProductCreate,
              newId(),
            ),
          201,
        ),
  ),
  /** PATCH /admin/products/{id}: `result`, or the product with the body applied. */
  update: endpoint('patch', '/admin/products/:id', (result?: Product) => ({ params, body }) => {
    const base = result ?? fixtures.find((p) => String(p.id) === params.id) ?? fixtures[0]!;
    return json(result ?? toProduct(base, body as ProductUpdate, Number(params.id)));
  }),
  /** DELETE /admin/products/{id} (204) */
  delete: crud.remove('/admin/products/:id'),
};
