import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ListStockMovementsParams, StockMovementEntry } from '@generated/model';
import { getListStockMovementsKey } from '@generated/hooks/variants/variants';
import { useServerList } from '@/components/list-screen';
import { StockHistoryView } from './StockHistoryView';

export interface StockHistoryDialogProps {
  open: boolean;
  /** The variant whose movements are shown (kept while the dialog closes). */
  variant: { id: number; sku: string } | null;
  onClose: () => void;
}

/** The variants manager's 'Stock History': a variant's movements, loaded while the dialog is open. */
export function StockHistoryDialog({ open, variant, onClose }: StockHistoryDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size="xl"
      scrollBehavior="inside"
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '3', sm: '4' }}>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Stock History{variant ? ` — ${variant.sku}` : ''}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="5">{variant && <VariantHistory variantId={variant.id} />}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function VariantHistory({ variantId }: { variantId: number }) {
  const list = useServerList<StockMovementEntry, ListStockMovementsParams>({
    keyOf: getListStockMovementsKey,
    params: { variant_id: variantId },
    unfiltered: null,
    failureToast: 'Failed to load the stock history',
  });
  return <StockHistoryView list={list} />;
}
