import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SelectionBar } from '@/components/list-screen';
import type { DocumentLanguageParameter, OrderDocumentsRequestKind } from '@generated/model';
import { PdfLanguageMenu } from '../PdfLanguageMenu';
import { useT } from './messages';

export interface OrdersBulkBarProps {
  /** How many orders are selected (the bar shows only with one or more). */
  count: number;
  /** Opens "Change status"; without it (no orders:write) it is not offered. */
  onChangeStatus?: (() => void) | undefined;
  /** Downloads the selected orders as CSV. */
  onExport: () => void;
  /** A CSV export is under way: the button waits. */
  exporting: boolean;
  /** Downloads the selected orders' invoices or packing slips as one PDF in `lang`. */
  onPrint: (kind: OrderDocumentsRequestKind, lang: DocumentLanguageParameter) => void;
  /** The print under way, if any: both print buttons wait. */
  printing: OrderDocumentsRequestKind | null;
  onClear: () => void;
  /** More buttons (another feature's action on the selection). */
  children?: ReactNode;
}

/** The bar over the orders list while orders are selected: how many, then the bulk actions. */
export function OrdersBulkBar({
  count,
  onChangeStatus,
  onExport,
  exporting,
  onPrint,
  printing,
  onClear,
  children,
}: OrdersBulkBarProps) {
  const t = useT();
  if (count === 0) return null;
  return (
    <SelectionBar
      label={t('selected', { count })}
      regionLabel={t('bulkActions')}
      mb="4"
      data-testid="orders-bulk-bar"
    >
      {onChangeStatus && (
        <Button size="sm" variant="outline" onClick={onChangeStatus}>
          {t('changeStatus')}
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={onExport} disabled={exporting}>
        {t('exportSelection')}
      </Button>
      <PdfLanguageMenu
        size="sm"
        label={t('printInvoices')}
        busy={printing === 'invoice'}
        disabled={printing !== null}
        onSelect={(lang) => onPrint('invoice', lang)}
      />
      <PdfLanguageMenu
        size="sm"
        label={t('printPackingSlips')}
        busy={printing === 'packing_slip'}
        disabled={printing !== null}
        onSelect={(lang) => onPrint('packing_slip', lang)}
      />
      {children}
      <Button size="sm" variant="ghost" onClick={onClear}>
        {t('clearSelection')}
      </Button>
    </SelectionBar>
  );
}
