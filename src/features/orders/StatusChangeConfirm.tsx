import { Box, Stack } from '@chakra-ui/react';
import type { Invoice, Order, OrderStatus } from '@generated/model';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { isolate } from '@/lib/i18n';
import { statusWords } from './order-display';
import { endingEffects } from './order-paperwork';
import { useT } from './messages';

export interface StatusChangeConfirmProps {
  order: Order;
  /** The status asked for (cancelled or refunded); null: the dialog is closed. */
  to: OrderStatus | null;
  /** The order's documents, undefined until loaded (the credit note is then told as possible). */
  documents: readonly Invoice[] | undefined;
  onConfirm: (status: OrderStatus) => void;
  onCancel: () => void;
}

/**
 * The question before cancelling or refunding an order (issue #26): these changes give the stock
 * back and issue a credit note, a legal document that is never withdrawn, so a misclick in the
 * selector must not do them. Says what will happen for this order.
 */
export function StatusChangeConfirm({
  order,
  to,
  documents,
  onConfirm,
  onCancel,
}: StatusChangeConfirmProps) {
  const t = useT();
  // The last asked status stays shown while the dialog plays its closing animation.
  const status = to ?? 'cancelled';
  const effects = endingEffects(order.status, documents);
  const lines: string[] = [];
  if (effects.restock) lines.push(t('confirmStatus.restock'));
  if (effects.creditedInvoice)
    lines.push(t('confirmStatus.creditNote', { invoice: isolate(effects.creditedInvoice) }));
  else if (effects.creditedInvoice === undefined)
    lines.push(t('confirmStatus.creditNoteIfInvoiced'));
  if (lines.length === 0) lines.push(t('confirmStatus.nothingElse'));
  const number = isolate(order.order_number);
  return (
    <ConfirmDialog
      open={to !== null}
      title={
        status === 'refunded'
          ? t('confirmStatus.refundTitle', { number })
          : t('confirmStatus.cancelTitle', { number })
      }
      confirmLabel={
        status === 'refunded' ? t('confirmStatus.refund') : t('confirmStatus.cancelOrder')
      }
      cancelLabel={t('confirmStatus.keep')}
      focusCancel
      details={
        <Stack as="ul" gap="1.5" ps="5" listStyleType="disc" data-testid="status-change-effects">
          {lines.map((line) => (
            <Box as="li" key={line}>
              {line}
            </Box>
          ))}
        </Stack>
      }
      onConfirm={() => onConfirm(status)}
      onCancel={onCancel}
    >
      {t('confirmStatus.question', {
        from: statusWords(order.status),
        to: statusWords(status),
      })}
    </ConfirmDialog>
  );
}
