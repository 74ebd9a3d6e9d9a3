import { Button, Flex, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
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
    <Flex
      gap="3"
      px="4"
      py="2"
      mb="4"
      align="center"
      wrap="wrap"
      bg="bg.muted"
      rounded="l2"
      role="region"
      aria-label={t('bulkActions')}
      data-testid="orders-bulk-bar"
    >
      <Text fontWeight="medium" flex="1" minW="max-content">
        {t('selected', { count })}
      </Text>
      <HStack gap="2" wrap="wrap">
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
      </HStack>
    </Flex>
  );
}
