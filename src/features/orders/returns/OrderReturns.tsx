import { useState } from 'react';
import type { Order, OrderReturn, OrderReturnCreate } from '@generated/model';
import { getInvoicePdf } from '@generated/hooks/invoices/invoices';
import { createOrderReturn, useListOrderReturns } from '@generated/hooks/orders/orders';
import { notify } from '@/components/ui/notify';
import { downloadFile } from '@/lib/download';
import { fieldIssues, serverMessage } from '@/lib/http';
import { statusRules } from '../../../../contract/order-status';
import { returnableOf, shippingLeft } from './return-form';
import { ReturnItemsDialog } from './ReturnItemsDialog';
import { ReturnsSection } from './ReturnsSection';
import { t } from './messages';

/**
 * A refusal in the server's words: a 422's messages alone (each names its item, 'At most 1 of
 * Linen shirt can be returned: …'), without the field path the generic message puts in front.
 */
function refusal(error: unknown, fallback: string): string {
  const issues = [...fieldIssues(error).values()];
  return issues.length > 0 ? issues.join('; ') : serverMessage(error, fallback);
}

interface OrderReturnsProps {
  order: Order;
  /** The admin may write orders: "Return items" is offered when the order may take a return. */
  canWrite: boolean;
  /**
   * A return was recorded: the order (returned quantities, maybe refunded), its documents (the
   * partial credit note) and its timeline are read again.
   */
  onRecorded: () => void;
}

/**
 * The returns of the order detail and its "Return items" dialog (docs/product.md §10.17): the
 * amounts shown before confirming are the server's own, from a dry_run of the same request.
 */
export function OrderReturns({ order, canWrite, onRecorded }: OrderReturnsProps) {
  const returns = useListOrderReturns(order.id);
  const [open, setOpen] = useState(false);
  const { mutate: reloadReturns } = returns;
  const returnable =
    !statusRules(order.status).credited && order.items.some((i) => returnableOf(i) > 0);

  const preview = async (body: OrderReturnCreate): Promise<OrderReturn | null> => {
    try {
      return await createOrderReturn(order.id, { ...body, dry_run: true });
    } catch (error) {
      notify.error(t('error'), refusal(error, t('previewFailed')));
      return null;
    }
  };

  const confirm = async (body: OrderReturnCreate): Promise<boolean> => {
    try {
      await createOrderReturn(order.id, body);
    } catch (error) {
      notify.error(t('error'), refusal(error, t('returnFailed')));
      return false;
    }
    notify.success(t('success'), t('returnRecorded'));
    void reloadReturns();
    onRecorded();
    return true;
  };

  return (
    <>
      <ReturnsSection
        returns={returns.data}
        failed={Boolean(returns.error)}
        onRetry={() => void reloadReturns()}
        onReturnItems={canWrite && returnable ? () => setOpen(true) : undefined}
        onDownload={(note) =>
          void downloadFile(
            (options) => getInvoicePdf(note.id, {}, options),
            `${note.number}.pdf`,
          ).catch((error: unknown) =>
            notify.error(t('error'), serverMessage(error, t('downloadFailed'))),
          )
        }
      />
      <ReturnItemsDialog
        open={open}
        order={order}
        maxShipping={shippingLeft(order, returns.data ?? [])}
        onPreview={preview}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
