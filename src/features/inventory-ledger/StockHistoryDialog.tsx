import type { ListStockMovementsParams, StockMovementEntry } from '@generated/model';
import { getListStockMovementsKey } from '@generated/hooks/variants/variants';
import { useServerList } from '@/components/list-screen';
import { DialogFrame } from '@/components/ui/DialogFrame';
import { useT } from './messages';
import { StockHistoryView } from './StockHistoryView';

export interface StockHistoryDialogProps {
  open: boolean;
  /** The variant whose movements are shown (kept while the dialog closes). */
  variant: { id: number; sku: string } | null;
  onClose: () => void;
}

/** The variants manager's 'Stock History': a variant's movements, loaded while the dialog is open. */
export function StockHistoryDialog({ open, variant, onClose }: StockHistoryDialogProps) {
  const t = useT();
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      size="xl"
      title={variant ? t('historyTitleOf', { sku: variant.sku }) : t('historyTitle')}
    >
      {variant && <VariantHistory variantId={variant.id} />}
    </DialogFrame>
  );
}

function VariantHistory({ variantId }: { variantId: number }) {
  const t = useT();
  const list = useServerList<StockMovementEntry, ListStockMovementsParams>({
    keyOf: getListStockMovementsKey,
    params: { variant_id: variantId },
    unfiltered: null,
    failureToast: t('historyLoadFailed'),
  });
  return <StockHistoryView list={list} />;
}
