import type { SimpleProductInventory } from '@generated/model';

export interface SimpleInventoryCardProps {
  productId: number;
  /**
   * Called with the settings while the product has no default variant yet: the product form
   * then sends them as `inventory` with the product update (spec §4).
   */
  onUnsavedChange: (inventory: SimpleProductInventory) => void;
}

/** Placeholder until the inventory card lands. */
export function SimpleInventoryCard(_props: SimpleInventoryCardProps) {
  return null;
}
