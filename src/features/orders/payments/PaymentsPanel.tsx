import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type {
  Invoice,
  Order,
  OrderPayment,
  OrderPaymentCreate,
  OrderPayments,
} from '@generated/model';
import { ConfirmDialog } from '@/components/list-screen';
import { formatDateTime, formatMoney, toDecimal } from '@/lib/format';
import { isolate } from '@/lib/i18n';
import { Detail, PanelPending, Section } from '../OrderSection';
import { formatShopDay } from '@/lib/format';
import { receivedMethodLabel } from './payment-display';
import type { PaymentKind } from './payment-form';
import { PaymentStatusBadge } from './PaymentStatusBadge';
import { RecordPaymentDialog } from './RecordPaymentDialog';
import { useT } from './messages';

export interface PaymentsPanelProps {
  /** The order (its buyer type, payment method and documents' owner). */
  order: Pick<Order, 'id' | 'customer_type' | 'payment_method'>;
  /** The payments and balance; undefined until loaded. */
  payments: OrderPayments | undefined;
  /** They could not be loaded (the container toasts it). */
  failed: boolean;
  onRetry: () => void;
  /** The order's documents: a refund names one of its credit notes. */
  documents: readonly Invoice[] | undefined;
  /**
   * Records a payment or a refund; rejects when the server refused it (the container toasts
   * it; the dialog shows a field's refusal under the field). Without it (no payments:write),
   * nothing is offered.
   */
  onRecord?: ((body: OrderPaymentCreate, kind: PaymentKind) => Promise<void>) | undefined;
  /** Removes a payment recorded by mistake (same permission). */
  onRemove?: ((payment: OrderPayment) => Promise<void>) | undefined;
  /** Today in the shop's time zone (the last day a payment may be received on). */
  today: string;
}

/**
 * The order's payments (docs/product.md §10.22): its payment status, what was paid and what is
 * still due, every payment and refund (removed ones struck through), and the actions.
 */
export function PaymentsPanel({
  order,
  payments,
  failed,
  onRetry,
  documents,
  onRecord,
  onRemove,
  today,
}: PaymentsPanelProps) {
  const t = useT();
  const [dialog, setDialog] = useState<PaymentKind | null>(null);
  const [removing, setRemoving] = useState<OrderPayment | null>(null);
  const [busy, setBusy] = useState(false);
  const creditNotes = (documents ?? []).filter((d) => d.kind === 'credit_note');
  const balance = toDecimal(payments?.balance_due);
  return (
    <Section title={t('panelTitle')} testId="order-payments">
      {payments === undefined ? (
        <PanelPending
          loadingText={t('loadingPayments')}
          failedText={t('paymentsUnavailable')}
          failed={failed}
          onRetry={onRetry}
        />
      ) : (
        <Stack gap="4">
          <Flex gap="4" wrap="wrap" justify="space-between">
            <Detail label={t('paymentStatus')}>
              <PaymentStatusBadge
                status={payments.payment_status}
                size="md"
                data-testid="payment-status"
              />
            </Detail>
            <Detail label={t('amountPaid')} testId="amount-paid">
              {formatMoney(payments.amount_paid)}
            </Detail>
            <Detail label={t('balanceDue')} testId="balance-due">
              {formatMoney(payments.balance_due)}
            </Detail>
          </Flex>
          {balance?.lt(0) && (
            <Text fontSize="sm" color="fg.error" data-testid="owed-back">
              {t('owedBack', { amount: formatMoney(balance.neg().toFixed(3)) })}
            </Text>
          )}
          {payments.payments.length === 0 ? (
            <Text color="fg.muted">{t('noPayments')}</Text>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none" aria-label={t('paymentsList')}>
              {payments.payments.map((payment) => (
                <PaymentRow
                  key={payment.id}
                  payment={payment}
                  creditNote={creditNotes.find((d) => d.id === payment.credit_note_id)}
                  onRemove={onRemove && (() => setRemoving(payment))}
                />
              ))}
            </Stack>
          )}
          {onRecord && (
            <HStack gap="2" wrap="wrap">
              <Button size="sm" onClick={() => setDialog('payment')}>
                {t('recordPayment')}
              </Button>
              {creditNotes.length > 0 && (
                <Button size="sm" variant="outline" onClick={() => setDialog('refund')}>
                  {t('recordRefund')}
                </Button>
              )}
            </HStack>
          )}
        </Stack>
      )}
      {onRecord && (
        <RecordPaymentDialog
          kind={dialog}
          professional={order.customer_type === 'professional'}
          defaultMethod={order.payment_method}
          balanceDue={payments?.balance_due ?? '0.000'}
          creditNotes={creditNotes}
          today={today}
          onSubmit={async (body, kind) => {
            await onRecord(body, kind);
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {onRemove && (
        <ConfirmDialog
          open={removing !== null}
          title={t('removeTitle')}
          confirmLabel={t('removeConfirm')}
          busyText={t('removing')}
          busy={busy}
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            if (!removing) return;
            setBusy(true);
            onRemove(removing)
              .then(() => setRemoving(null))
              // The container toasted the refusal; the dialog closes, the list tells the rest.
              .catch(() => setRemoving(null))
              .finally(() => setBusy(false));
          }}
        >
          {removing &&
            t('removeQuestion', {
              amount: formatMoney(removing.amount),
              date: formatShopDay(removing.received_on),
            })}
        </ConfirmDialog>
      )}
    </Section>
  );
}

function PaymentRow({
  payment,
  creditNote,
  onRemove,
}: {
  payment: OrderPayment;
  creditNote: Invoice | undefined;
  onRemove: (() => void) | undefined;
}) {
  const t = useT();
  const removed = payment.removed_at !== null;
  const withholding = toDecimal(payment.withholding_amount);
  const details = [
    t('receivedOnDay', { date: formatShopDay(payment.received_on) }),
    payment.reference && t('referenceIs', { reference: isolate(payment.reference) }),
    payment.remittance_id !== null && t('remittanceLine'),
    payment.credit_note_id !== null &&
      t('refundOf', { number: creditNote?.number ?? `#${payment.credit_note_id}` }),
    withholding?.gt(0) &&
      (payment.withholding_certificate
        ? t('withholdingIs', {
            amount: formatMoney(payment.withholding_amount),
            certificate: isolate(payment.withholding_certificate),
          })
        : t('withholdingNoCertificate', { amount: formatMoney(payment.withholding_amount) })),
    t('recordedBy', { name: payment.recorded_by ?? t('someone') }),
  ].filter((line): line is string => typeof line === 'string' && line !== '');
  return (
    <Flex as="li" justify="space-between" align="flex-start" gap="3" data-testid="payment">
      <Stack gap="0.5" minW="0" color={removed ? 'fg.muted' : undefined}>
        <HStack gap="2" wrap="wrap">
          <Text
            fontWeight="medium"
            textDecoration={removed ? 'line-through' : undefined}
            data-testid="payment-amount"
          >
            {formatMoney(payment.amount)}
          </Text>
          <Badge variant="subtle">{receivedMethodLabel(payment.method)}</Badge>
          {removed && (
            <Badge colorPalette="red" variant="outline">
              {t('removedBadge')}
            </Badge>
          )}
        </HStack>
        {details.map((line) => (
          <Text key={line} fontSize="sm" color="fg.muted" overflowWrap="anywhere">
            {line}
          </Text>
        ))}
        {removed && (
          <Text fontSize="sm" color="fg.muted">
            {t('removedBy', {
              name: payment.removed_by ?? t('someone'),
              date: formatDateTime(payment.removed_at),
            })}
          </Text>
        )}
      </Stack>
      {onRemove && !removed && (
        <Box flexShrink={0}>
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            onClick={onRemove}
            aria-label={t('removePaymentOf', {
              amount: formatMoney(payment.amount),
              date: formatShopDay(payment.received_on),
            })}
          >
            {t('removePayment')}
          </Button>
        </Box>
      )}
    </Flex>
  );
}
