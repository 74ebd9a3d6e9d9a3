import type { Category, Product, ProductStockState } from '@generated/model';
import { formatAmount, formatCount, formatMoney, toDecimal } from '@/lib/format';
import { t } from './messages';

/** What the products table shows for one product (docs/product.md §2 "Products list"). */
export interface ProductRow {
  id: number;
  name: string;
  /** The category's name, or 'Uncategorized'; null while the categories are unknown. */
  category: string | null;
  /**
   * What a customer pays: "59.900 – 65.900 TND" when its variants' prices differ, else
   * price_incl_vat (falling back to base_price) as "1,234.500 TND".
   */
  price: string;
  variants: number;
  active: boolean;
  /** The product's first image (its primary one), or null for the placeholder. */
  thumbnail: string | null;
  /**
   * A simple product's SKU; null when there is none (no inventory yet, the DEFAULT placeholder)
   * and for a product with variants, each of which has its own (`perVariant`).
   */
  sku: string | null;
  perVariant: boolean;
  /** The stock summed over the counted variants ('1,234'), null when not tracked, and its state. */
  stock: { figure: string | null; state: ProductStockState };
  product: Product;
}

/** The message of each stock state's name (the stock filter's choices, the stock column). */
export const STOCK_TEXT = {
  in_stock: 'inStock',
  low_stock: 'lowStock',
  out_of_stock: 'outOfStock',
  not_tracked: 'notTracked',
} as const satisfies Record<ProductStockState, string>;

/** The gross price when there is one, else the price as entered (spec: price_incl_vat → base_price). */
export function displayPrice(product: Pick<Product, 'price_incl_vat' | 'base_price'>): string {
  const gross = product.price_incl_vat as string | null | undefined;
  return formatMoney(toDecimal(gross) ? gross : product.base_price);
}

/**
 * The range of gross prices charged (the server's price_range, over the active variants), or the
 * single price when they are all the same (#26: the list showed base_price while the sizes sold
 * at other prices).
 */
export function displayPriceRange(
  product: Pick<Product, 'price_incl_vat' | 'base_price' | 'price_range'>,
): string {
  const min = toDecimal(product.price_range?.min);
  const max = toDecimal(product.price_range?.max);
  if (!min || !max || min.equals(max)) return displayPrice(product);
  return t('priceRange', { min: formatAmount(min.toString()), max: formatMoney(max.toString()) });
}

/**
 * The rows of the products table. `categories` undefined means they could not be loaded: the
 * category column then says nothing rather than a wrong 'Uncategorized'.
 *
 * Variants: docs/product.md counts "per product from the variant list". The admin product carries that
 * count as `variant_count` (the server counts the product's variants, active or not, 1 for a
 * simple product's default variant), so the list needs no variant requests at all — fetching
 * /admin/variants per product would cost one request per row (1,000 on a full page) for the
 * same number.
 */
export function toProductRows(
  products: readonly Product[],
  categories: readonly Pick<Category, 'id' | 'name'>[] | undefined,
): ProductRow[] {
  const names = new Map(categories?.map((category) => [category.id, category.name]));
  return products.map((product) => ({
    id: product.id,
    name: product.name,
    category: categories
      ? (product.category_id != null && names.get(product.category_id)) || t('uncategorized')
      : null,
    price: displayPriceRange(product),
    variants: product.variant_count ?? 0,
    active: product.is_active,
    thumbnail: product.images[0] ?? null,
    sku: product.has_variants ? null : product.sku,
    perVariant: product.has_variants,
    stock: {
      figure:
        product.stock_state === 'not_tracked' || product.stock_quantity === null
          ? null
          : formatCount(product.stock_quantity),
      state: product.stock_state,
    },
    product,
  }));
}
