import { Card, Flex, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { SimpleProductInventory, Variant } from '@generated/model';
import {
  updateVariant,
  updateVariantInventory,
  useListVariants,
} from '@generated/hooks/variants/variants';
import { notify } from '@/components/ui/notify';
import { serverMessage } from '@/lib/http';
import { AUTOSAVE_DELAY_MS } from './constants';
import { NUMBER_INPUT, TextField } from '@/components/form';
import { LoadErrorState, LoadingState } from '@/components/list-screen';
import { StockCounts, StockFlags } from './StockFields';
import { t, useT } from './messages';
import {
  awaitsValue,
  emptyInventoryValues,
  fillEmptyIntegers,
  inventoryChanges,
  inventoryValuesOf,
  toSimpleInventory,
  type InventoryValues,
} from './inventory-settings';

export interface SimpleInventoryCardProps {
  productId: number;
  /**
   * Called with the settings while the product has no default variant yet: the product form
   * then sends them as `inventory` with the product update (docs/product.md §4).
   */
  onUnsavedChange: (inventory: SimpleProductInventory) => void;
}

/** The default-variant lookup of a simple product: its only variant (docs/product.md §3). */
const defaultVariantParams = (productId: number) => ({
  product_id: productId,
  page_size: 1,
});

/**
 * Inventory card of a simple product (docs/product.md §2, §4). With a default variant, every change is saved
 * 1 s after the last one; without one, the settings go to `onUnsavedChange` for the product form.
 * A cleared stock or threshold is not saved: it becomes 0 when the admin leaves the field (§5).
 */
export function SimpleInventoryCard({ productId, onUnsavedChange }: SimpleInventoryCardProps) {
  const t = useT();
  const lookup = useListVariants(defaultVariantParams(productId));
  if (!lookup.data)
    return (
      <InventoryCardFrame>
        {lookup.error ? (
          <LoadErrorState
            title={t('inventoryLoadFailed')}
            message={serverMessage(lookup.error, t('inventoryNotLoaded'))}
            onRetry={() => void lookup.mutate()}
          />
        ) : (
          <LoadingState text={t('loadingInventory')} />
        )}
      </InventoryCardFrame>
    );
  const variant = lookup.data.items[0];
  return variant ? (
    <AutosavingInventory key={variant.id} variant={variant} />
  ) : (
    <UnsavedInventory onUnsavedChange={onUnsavedChange} />
  );
}

/** Without a default variant: every change goes to the product form. */
function UnsavedInventory({
  onUnsavedChange,
}: {
  onUnsavedChange: SimpleInventoryCardProps['onUnsavedChange'];
}) {
  const t = useT();
  const [values, setValues] = useState(emptyInventoryValues);
  const change = (next: InventoryValues) => {
    setValues(next);
    onUnsavedChange(toSimpleInventory(next));
  };
  return (
    <SimpleInventoryCardView
      values={values}
      onChange={change}
      status={t('savedWithProduct')}
      skuHelper={t('skuDefaultHelper')}
    />
  );
}

/** Saves the default variant's changed settings (both calls at once), or throws. */
async function saveInventory(variantId: number, saved: InventoryValues, current: InventoryValues) {
  const { inventory, details } = inventoryChanges(saved, current);
  if (!inventory && !details) return false;
  await Promise.all([
    inventory ? updateVariantInventory(variantId, inventory) : null,
    details ? updateVariant(variantId, details) : null,
  ]);
  return true;
}

/** With a default variant: changes are saved 1 s after the last one (docs/product.md §4, §9). */
function AutosavingInventory({ variant }: { variant: Variant }) {
  const [values, setValues] = useState(() => inventoryValuesOf(variant));
  const [saving, setSaving] = useState(false);
  // What the server has (the baseline of the next save), the settings waiting for the timer, the
  // timer, and the save in flight (saves run one after the other).
  const saved = useRef(inventoryValuesOf(variant));
  const pending = useRef<InventoryValues | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const chain = useRef<Promise<void>>(Promise.resolve());

  const flush = (mounted: boolean) => {
    clearTimeout(timer.current);
    // Leaving the form with an empty stock or threshold leaves the field too: it counts as 0.
    const next = pending.current && fillEmptyIntegers(pending.current);
    pending.current = null;
    if (!next) return;
    chain.current = chain.current.then(async () => {
      if (mounted) setSaving(true);
      try {
        if (await saveInventory(variant.id, saved.current, next)) {
          saved.current = next;
          notify.success(t('success'), t('inventorySaved'));
        }
      } catch (error) {
        notify.error(t('error'), serverMessage(error, t('inventorySaveFailed')));
      } finally {
        if (mounted) setSaving(false);
      }
    });
  };
  const flushRef = useRef(flush);
  useEffect(() => {
    flushRef.current = flush;
  });
  // Leaving the form within the second still saves the last change.
  useEffect(() => () => flushRef.current(false), []);

  const change = (next: InventoryValues) => {
    setValues(next);
    pending.current = next;
    clearTimeout(timer.current);
    // A cleared stock or threshold is not a 0 yet: wait for a value, or for the blur that makes it 0.
    if (awaitsValue(next)) return;
    timer.current = setTimeout(() => flushRef.current(true), AUTOSAVE_DELAY_MS);
  };

  return (
    <SimpleInventoryCardView
      values={values}
      onChange={change}
      saving={saving}
      status={t('savedAutomatically')}
    />
  );
}

interface SimpleInventoryCardViewProps {
  values: InventoryValues;
  onChange: (values: InventoryValues) => void;
  /** Shows 'Saving...'. */
  saving?: boolean;
  /** How the settings are saved, under the title. */
  status?: string;
  /** A hint under the SKU field. */
  skuHelper?: string;
}

function InventoryCardFrame({
  children,
  saving = false,
  status,
}: {
  children: ReactNode;
  saving?: boolean;
  status?: string | undefined;
}) {
  const t = useT();
  return (
    <Card.Root data-testid="simple-inventory-card">
      <Card.Header>
        <Flex gap="3" align="flex-start" justify="space-between">
          <Stack gap="1">
            <Card.Title>{t('inventory')}</Card.Title>
            {status && <Card.Description>{status}</Card.Description>}
          </Stack>
          {saving && (
            <HStack gap="2" color="fg.muted" role="status" aria-live="polite" flexShrink="0">
              <Spinner size="xs" />
              <Text fontSize="sm">{t('saving')}</Text>
            </HStack>
          )}
        </Flex>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** The card's fields (docs/product.md §3 simple-product inventory). */
function SimpleInventoryCardView({
  values,
  onChange,
  saving = false,
  status,
  skuHelper,
}: SimpleInventoryCardViewProps) {
  const t = useT();
  const text = (name: 'sku' | 'barcode' | 'stock_quantity' | 'low_stock_threshold' | 'weight') => ({
    name,
    value: values[name],
    onChange: (value: string) => onChange({ ...values, [name]: value }),
  });
  /** An integer field: left empty, it becomes 0 (docs/product.md §5). */
  const integer = (name: 'stock_quantity' | 'low_stock_threshold') => ({
    ...text(name),
    onBlur: () => {
      if (values[name].trim() === '') onChange({ ...values, [name]: '0' });
    },
  });
  return (
    <InventoryCardFrame saving={saving} status={status}>
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField label={t('sku')} autoComplete="off" helperText={skuHelper} {...text('sku')} />
          <TextField label={t('barcode')} autoComplete="off" {...text('barcode')} />
          <StockCounts field={integer} />
          <TextField label={t('weightKg')} {...NUMBER_INPUT.measure} {...text('weight')} />
        </SimpleGrid>
        <StockFlags
          values={values}
          onChange={(flag) => (checked) => onChange({ ...values, [flag]: checked })}
        />
      </Stack>
    </InventoryCardFrame>
  );
}
