import { Button, Flex, HStack, Menu, Portal, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { DocumentLanguageParameter, OrderDocumentsRequestKind } from '@generated/model';
import { useT } from './messages';

/** The languages a print is offered in (the single downloads' own). */
const LANGUAGES = [
  { value: 'en', label: 'pdfEnglish' },
  { value: 'fr', label: 'pdfFrench' },
] as const satisfies readonly { value: DocumentLanguageParameter; label: string }[];

/** A print button opening the choice of the PDF's language. */
function PrintMenu({
  label,
  busy,
  disabled,
  onSelect,
}: {
  label: string;
  busy: boolean;
  disabled: boolean;
  onSelect: (lang: DocumentLanguageParameter) => void;
}) {
  const t = useT();
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" disabled={disabled} loading={busy}>
          {label}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {LANGUAGES.map(({ value, label: key }) => (
              // The item's own click, as the documents panel's menu: the menu's onSelect only
              // reports an item the pointer or keyboard highlighted first.
              <Menu.Item key={value} value={value} onClick={() => onSelect(value)}>
                {t(key)}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

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
        <PrintMenu
          label={t('printInvoices')}
          busy={printing === 'invoice'}
          disabled={printing !== null}
          onSelect={(lang) => onPrint('invoice', lang)}
        />
        <PrintMenu
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
