import { Flex } from '@chakra-ui/react';
import { SwitchField } from '@/components/form';

type Flag = 'track_inventory' | 'allow_backorder';

/** The Track Inventory and Allow Backorder switches of a variant's stock. */
export function StockFlags({
  values,
  onChange,
}: {
  values: Record<Flag, boolean>;
  onChange: (flag: Flag) => (checked: boolean) => void;
}) {
  return (
    <Flex gap="6" wrap="wrap">
      <SwitchField
        label="Track Inventory"
        name="track_inventory"
        checked={values.track_inventory}
        onChange={onChange('track_inventory')}
      />
      <SwitchField
        label="Allow Backorder"
        name="allow_backorder"
        checked={values.allow_backorder}
        onChange={onChange('allow_backorder')}
      />
    </Flex>
  );
}
