import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import type { Invoice, Order, OrderPayments, OrderSummary } from '@generated/model';
import { getListAdminOrdersKey } from '@generated/hooks/orders/orders';
import {
  createOrderPayment,
  removeOrderPayment,
  useListOrderPayments,
} from '@generated/hooks/payments/payments';
import { notify, useFailureToast } from '@/components/ui/notify';
import { usePermission } from '@/lib/auth/permissions';
import { serverMessage } from '@/lib/http';
import { updateCachedRows } from '@/lib/swr/paged-list';
import { shopToday } from './payment-form';
import { PaymentsPanel } from './PaymentsPanel';
import { t } from './messages';

export interface OrderPaymentsPanelProps {
  order: Order;
  /** The order's documents (a refund names a credit note). */
  documents: readonly Invoice[] | undefined;
  /** After a payment was recorded or removed (the timeline shows it). */
  onChanged: () => void;
}

/**
 * The payments panel of the order detail: loads the order's payments, records and removes them
 * (payments:write), and keeps the orders list's cached row in step with the new balance.
 */
export function OrderPaymentsPanel({ order, documents, onChanged }: OrderPaymentsPanelProps) {
  const payments = useListOrderPayments(order.id);
  const { cache, mutate: mutateCache } = useSWRConfig();
  const canWrite = usePermission('payments:write');
  const { mutate: reload } = payments;
  useFailureToast(Boolean(payments.error), t('loadPaymentsFailed'));

  // A status change (cancelled, refunded) or an edit changes what the order owes: read again.
  const seen = useRef(`${order.status}|${order.updated_at}`);
  useEffect(() => {
    const now = `${order.status}|${order.updated_at}`;
    if (seen.current === now) return;
    seen.current = now;
    void reload();
  }, [order.status, order.updated_at, reload]);

  const saved = async (answer: OrderPayments, success: string) => {
    notify.success(t('success'), success);
    await reload(answer, { revalidate: false });
    void updateCachedRows<OrderSummary>(cache, mutateCache, getListAdminOrdersKey()[0], (o) =>
      o.id === order.id
        ? {
            ...o,
            payment_status: answer.payment_status,
            amount_paid: answer.amount_paid,
            balance_due: answer.balance_due,
          }
        : o,
    );
    onChanged();
  };

  return (
    <PaymentsPanel
      order={order}
      payments={payments.data}
      failed={Boolean(payments.error)}
      onRetry={() => void reload()}
      documents={documents}
      today={shopToday()}
      onRecord={
        canWrite
          ? async (body, kind) => {
              try {
                const answer = await createOrderPayment(order.id, body);
                await saved(answer, kind === 'refund' ? t('refundRecorded') : t('paymentRecorded'));
              } catch (error) {
                notify.error(t('error'), serverMessage(error, t('recordFailed')));
                throw error;
              }
            }
          : undefined
      }
      onRemove={
        canWrite
          ? async (payment) => {
              try {
                const answer = await removeOrderPayment(order.id, payment.id);
                await saved(answer, t('paymentRemoved'));
              } catch (error) {
                notify.error(t('error'), serverMessage(error, t('removeFailed')));
                // Already removed by someone else: the list shows it so.
                void reload();
                throw error;
              }
            }
          : undefined
      }
    />
  );
}
