import { Button } from '@chakra-ui/react';
import type { SimpleInventoryCardProps } from '@/features/variants';

// A story's button, not console text (the stories click it by this name).
const SET_STOCK = 'Set stock to 48';

/**
 * Stories only: stands in for the simple-product inventory card and reports settings that only the
 * product save will send (the card could not save them itself).
 */
export function UnsavedInventoryCard({ onUnsavedChange }: SimpleInventoryCardProps) {
  return (
    <Button
      variant="outline"
      onClick={() =>
        onUnsavedChange({
          sku: 'HARISSA-200',
          stock_quantity: 48,
          low_stock_threshold: 10,
          track_inventory: true,
          allow_backorder: false,
        })
      }
    >
      {SET_STOCK}
    </Button>
  );
}
