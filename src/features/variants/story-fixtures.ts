import type { Variant } from '@generated/model';
import { variants } from '@mocks/fixtures';

/** Stories only: variant lists on top of the shared fixtures. */

/** The bag (product 1): Camel fine (compare-at price, image), Noir low, Cognac out and inactive. */
export const bagVariants: Variant[] = variants.filter((v) => v.product_id === 1);

/** The bag plus an untracked variant: every stock display of docs/product.md §4 on one page. */
export const bagWithUntracked: Variant[] = [
  ...bagVariants,
  {
    ...bagVariants[0]!,
    id: 11,
    option_values: { color: 'Écru' },
    sku: 'SAC-CABAS-ECRU',
    variant_title: 'Écru',
    compare_at_price: null,
    barcode: null,
    images: [],
    stock_quantity: 0,
    track_inventory: false,
    position: 3,
  },
];

/** Twelve variants of product 1: two pages of 10. */
export const twelveVariants: Variant[] = Array.from({ length: 12 }, (_, i) => ({
  ...bagVariants[0]!,
  id: 100 + i,
  option_values: { size: String(36 + i) },
  sku: `BAB-${36 + i}`,
  variant_title: `Babouche ${36 + i}`,
  compare_at_price: null,
  images: [],
  stock_quantity: 10 + i,
  position: i,
}));

/** Product 1 with only the Camel variant: deleting it leaves none. */
export const onlyVariant: Variant[] = [bagVariants[0]!];
