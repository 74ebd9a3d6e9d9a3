import { useCallback, useState } from 'react';
import { unstable_serialize, useSWRConfig } from 'swr';
import { useParams } from 'wouter';
import type { OrderStatus, OrderSummary } from '@generated/model';
import { getGetDashboardStatsKey } from '@generated/hooks/dashboard/dashboard';
import {
  confirmOrderVatNumber,
  getListAdminOrdersKey,
  updateOrderStatus,
  useGetAdminOrder,
} from '@generated/hooks/orders/orders';
import { notify, useFailureToast } from '@/components/ui/notify';
import { usePermission } from '@/lib/auth/permissions';
import { ApiError, serverMessage } from '@/lib/http';
import { updateCachedRows } from '@/lib/swr/paged-list';
import { OrderDetailView } from './OrderDetailView';
import { EditOrder } from './edit';
import { invoiceInForce } from './order-paperwork';
import { statusRules } from '../../../contract/order-status';
import { OrderPaymentsPanel } from './payments';
import { OrderReturns } from './returns';
import { useOrderPaperwork } from './use-order-paperwork';
import { t } from './messages';

/** Order detail (/admin/orders/{id}): loads the order, changes its status at once. */
export function OrderDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  // An id that is not a positive integer cannot exist: no request, 'Order not found'.
  const orderId = /^\d+$/.test(id) ? Number(id) : 0;
  const order = useGetAdminOrder(orderId);
  const { cache, mutate: mutateCache } = useSWRConfig();
  const [pendingStatus, setPendingStatus] = useState<OrderStatus | null>(null);
  const [confirmingVat, setConfirmingVat] = useState(false);
  // updateOrderStatus, issueInvoice, addOrderNote, setOrderShipment: without it the order is read.
  const canWrite = usePermission('orders:write');

  const notFound = orderId === 0 || (order.error instanceof ApiError && order.error.status === 404);
  const failed = Boolean(order.error) && !notFound;

  useFailureToast(failed, t('loadOrderFailedToast'));

  const { mutate: reload } = order;
  const paperwork = useOrderPaperwork(orderId, order.data, (updated) => {
    void reload(updated, { revalidate: false });
  });
  const { refresh: refreshPaperwork } = paperwork;
  const changeStatus = useCallback(
    async (status: OrderStatus) => {
      setPendingStatus(status);
      let updated;
      try {
        updated = await updateOrderStatus(orderId, { status });
      } catch (error) {
        notify.error(t('error'), serverMessage(error, t('statusUpdateFailed')));
        setPendingStatus(null);
        return;
      }
      notify.success(t('success'), t('statusUpdated'));
      // The orders lists keep their cached rows: patch this one. The dashboard's revenue
      // excluding cancelled and refunded orders may have changed: asked again when shown.
      void updateCachedRows<OrderSummary>(cache, mutateCache, getListAdminOrdersKey()[0], (o) =>
        o.id === orderId ? { ...o, status: updated.status, updated_at: updated.updated_at } : o,
      );
      cache.delete(unstable_serialize(getGetDashboardStatsKey()));
      // docs/product.md §4: the order is reloaded after the change.
      // The server may have issued an invoice or a credit note with the change.
      refreshPaperwork();
      await reload().catch(() => undefined);
      setPendingStatus(null);
    },
    [orderId, reload, cache, mutateCache, refreshPaperwork],
  );

  const confirmVatNumber = useCallback(async () => {
    setConfirmingVat(true);
    try {
      const updated = await confirmOrderVatNumber(orderId);
      notify.success(t('success'), t('vatNumberConfirmedToast'));
      void updateCachedRows<OrderSummary>(cache, mutateCache, getListAdminOrdersKey()[0], (o) =>
        o.id === orderId
          ? {
              ...o,
              vat_number_review: updated.vat_number_review,
              updated_at: updated.updated_at,
            }
          : o,
      );
      await reload(updated, { revalidate: false });
      // The order may now be invoiced: the documents panel reads its state again.
      refreshPaperwork();
    } catch (error) {
      notify.error(t('error'), serverMessage(error, t('confirmVatNumberFailed')));
    } finally {
      setConfirmingVat(false);
    }
  }, [orderId, reload, cache, mutateCache, refreshPaperwork]);

  return (
    <OrderDetailView
      order={notFound ? undefined : order.data}
      loading={order.isLoading}
      notFound={notFound}
      failed={failed}
      onRetry={() => void reload()}
      onStatusChange={canWrite ? (status) => void changeStatus(status) : undefined}
      pendingStatus={pendingStatus}
      documents={{
        ...paperwork.documents,
        // The server refuses to invoice an order whose VAT number awaits confirmation.
        canIssue:
          canWrite &&
          paperwork.documents.canIssue &&
          order.data?.vat_number_review !== 'to_confirm',
        onSubmitTeif: canWrite ? paperwork.documents.onSubmitTeif : undefined,
      }}
      timeline={{
        ...paperwork.timeline,
        onAddNote: canWrite ? paperwork.timeline.onAddNote : undefined,
      }}
      returns={
        order.data && !notFound ? (
          <OrderReturns
            order={order.data}
            canWrite={canWrite}
            onRecorded={() => {
              refreshPaperwork();
              // A return of the last units refunds the order: the cached list rows follow.
              void reload()
                .then((updated) => {
                  if (!updated) return;
                  void updateCachedRows<OrderSummary>(
                    cache,
                    mutateCache,
                    getListAdminOrdersKey()[0],
                    (o) =>
                      o.id === orderId
                        ? { ...o, status: updated.status, updated_at: updated.updated_at }
                        : o,
                  );
                })
                .catch(() => undefined);
            }}
          />
        ) : undefined
      }
      payments={
        order.data && !notFound ? (
          <OrderPaymentsPanel
            order={order.data}
            documents={paperwork.documents.documents}
            onChanged={refreshPaperwork}
          />
        ) : undefined
      }
      actions={
        // editOrder: while the status table calls the order editable (docs/product.md §4).
        order.data && !notFound && canWrite && statusRules(order.data.status).editable ? (
          <EditOrder
            order={order.data}
            invoiced={invoiceInForce(paperwork.documents.documents ?? []) !== null}
            onEdited={(updated) => {
              void reload(updated, { revalidate: false });
              // A credit note and a new invoice may have been issued, and the timeline grew.
              refreshPaperwork();
            }}
          />
        ) : undefined
      }
      onShipmentSave={canWrite ? paperwork.saveShipment : undefined}
      onConfirmVatNumber={canWrite ? () => void confirmVatNumber() : undefined}
      confirmingVatNumber={confirmingVat}
    />
  );
}
