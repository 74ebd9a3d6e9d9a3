import type {
  Product,
  ProductCreate,
  ProductUpdate,
  SimpleProductInventory,
  Variant,
} from '@generated/model';
import {
  categories,
  products as fixtures,
  variants as variantFixtures,
  vatRates,
  vatRatesLifecycle,
} from '../fixtures';
import { productStock } from '../fixtures/product-stock';
import * as crud from './crud';
import { endpoint, json, newId, notFound, now, type ListSpec } from './endpoint';
import { conflict, productSlugTaken, SKU_TAKEN, SLUG_TAKEN, skuTaken } from './conflicts';

type VariantStock = Parameters<typeof productStock>[1][number];

/**
 * The variants a product's stock is counted over after a create or update: the fixtures' own,
 * with a simple product's `inventory` applied to its default variant (created, with the
 * contract's defaults, when it has none).
 */
function variantsAfter(
  id: number,
  hasVariants: boolean,
  inventory: SimpleProductInventory | null | undefined,
): VariantStock[] {
  const own: VariantStock[] = variantFixtures.filter((v: Variant) => v.product_id === id);
  if (hasVariants || !inventory) return own;
  const [current] = own;
  const { sku, ...stock } = inventory;
  return [
    {
      sku: 'DEFAULT',
      is_active: true,
      stock_quantity: 0,
      low_stock_threshold: 5,
      track_inventory: true,
      ...current,
      ...stock,
      ...(sku ? { sku } : {}),
    },
  ];
}

/** A full product from a create/update body, on top of `base`. */
function toProduct(
  base: Product,
  { inventory, ...fields }: Partial<ProductCreate & ProductUpdate>,
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
    ...productStock(merged, variantsAfter(id, merged.has_variants, inventory)),
  };
}

/**
 * The server's 422 for a category or VAT rate the fixtures do not have (checked before its 409s),
 * or null.
 */
function referenceRefusal(body: Partial<ProductCreate & ProductUpdate>): Response | null {
  const issues = [];
  const { category_id: category, vat_rate_id: rate } = body;
  if (category !== undefined && category !== null && !categories.some((c) => c.id === category))
    issues.push({ loc: ['body', 'category_id'], msg: 'Category not found', type: 'value_error' });
  if (rate !== undefined && ![...vatRates, ...vatRatesLifecycle].some((r) => r.id === rate))
    issues.push({ loc: ['body', 'vat_rate_id'], msg: 'VAT rate not found', type: 'value_error' });
  return issues.length > 0 ? json({ detail: issues }, 422) : null;
}

const byName = (product: Product) => product.name.toLowerCase();
const byPrice = (product: Product) => Number(product.base_price);

/** What listAdminProducts (and exportProducts) do with their search, filters and sort. */
export const productListSpec: ListSpec<Product> = {
  search: (p) => [p.name, p.slug, p.brand],
  filters: {
    category_id: (p, id) => String(p.category_id) === id,
    is_active: (p, active) => String(p.is_active) === active,
    stock_state: (p, state) => p.stock_state === state,
  },
  sortKeys: {
    created_at: (p) => p.created_at,
    name: byName,
    base_price: byPrice,
    // Products without a counted variant (null) last in either direction (the contract).
    stock: (p) => p.stock_quantity,
  },
  defaultSort: '-created_at',
  capsSearchCount: true,
};

export const products = {
  /** GET /admin/products/ (search, category_id, is_active, sort, skip/limit, X-Total-Count) */
  list: crud.queriedListOf('/admin/products/', fixtures, productListSpec),
  /** GET /admin/products/{id}: a product, or the one with that id in a list (else 404). */
  get: crud.getById('/admin/products/:id', fixtures, 'Product'),
  /** POST /admin/products/ (201): `result`, or the body echoed as a new product. */
  create: endpoint('post', '/admin/products/', (result?: Product) => ({ body }) => {
    const input = body as ProductCreate;
    // The server's 422 and 409s over the fixtures (a story's own result skips them): an unknown
    // category or rate, then the slug and the inventory SKU already used.
    const refused = result === undefined ? referenceRefusal(input) : null;
    if (refused) return refused;
    if (result === undefined && productSlugTaken(input.slug)) return conflict(SLUG_TAKEN);
    if (result === undefined && skuTaken(input.inventory?.sku ?? undefined))
      return conflict(SKU_TAKEN);
    return json(
      result ??
        toProduct(
          // A simple product unless the body says otherwise (the contract's default).
          { ...fixtures[0]!, has_variants: false, variant_count: 0, images: [] },
          input,
          newId(),
        ),
      201,
    );
  }),
  /**
   * PATCH /admin/products/{id}: `result`, or the product with the body applied; 404 for a
   * product the fixtures do not have.
   */
  update: endpoint('patch', '/admin/products/:id', (result?: Product) => ({ params, body }) => {
    if (result !== undefined) return json(result);
    const base = crud.findById(fixtures, params.id);
    if (!base) return notFound('Product not found');
    const changes = body as ProductUpdate;
    // The server's 422 and 409s over the fixtures: an unknown category or rate, the slug, the
    // inventory SKU (of another variant), then a product with several variants made simple.
    const refused = referenceRefusal(changes);
    if (refused) return refused;
    const own = variantFixtures.filter((v) => v.product_id === base.id);
    if (productSlugTaken(changes.slug, base.id)) return conflict(SLUG_TAKEN);
    const sku = changes.inventory?.sku ?? undefined;
    if (sku !== undefined && skuTaken(sku, base.has_variants ? undefined : own[0]?.id))
      return conflict(SKU_TAKEN);
    if (changes.has_variants === false && own.length > 1)
      return conflict(
        `Cannot mark the product as simple: it has ${own.length} variants (at most 1 allowed)`,
      );
    return json(toProduct(base, changes, Number(params.id)));
  }),
  /** DELETE /admin/products/{id} (204) of one of `items` (default: the fixtures), else 404. */
  delete: crud.remove('/admin/products/:id', fixtures, 'Product'),
};
