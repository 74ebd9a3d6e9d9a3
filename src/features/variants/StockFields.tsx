import { Flex } from '@chakra-ui/react';
import type { ComponentProps } from 'react';
import { NUMBER_INPUT, SwitchField, TextField } from '@/components/form';
import { useT } from './messages';

/** The stock fields a variant and a simple product's inventory card share. */
type Count = 'stock_quantity' | 'low_stock_threshold';
type Flag = 'track_inventory' | 'allow_backorder';

/** The Stock Quantity and Low Stock Threshold inputs, bound by `field`. */
export function StockCounts({
  field,
}: {
  field: (name: Count) => Omit<ComponentProps<typeof TextField>, 'label'>;
}) {
  const t = useT();
  return (
    <>
      <TextField label={t('stockQuantity')} {...NUMBER_INPUT.count} {...field('stock_quantity')} />
      <TextField
        label={t('lowStockThreshold')}
        {...NUMBER_INPUT.count}
        {...field('low_stock_threshold')}
      />
    </>
  );
}

/** The Track Inventory and Allow Backorder switches of a variant's stock. */
export function StockFlags({
  values,
  onChange,
}: {
  values: Record<Flag, boolean>;
  onChange: (flag: Flag) => (checked: boolean) => void;
}) {
  const t = useT();
  return (
    <Flex gap="6" wrap="wrap">
      <SwitchField
        label={t('trackInventory')}
        name="track_inventory"
        checked={values.track_inventory}
        onChange={onChange('track_inventory')}
      />
      <SwitchField
        label={t('allowBackorder')}
        name="allow_backorder"
        checked={values.allow_backorder}
        onChange={onChange('allow_backorder')}
      />
    </Flex>
  );
}
