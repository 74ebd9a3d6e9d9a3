import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import type {
  Invoice,
  Order,
  OrderShipmentUpdate,
  ShopSettingsMissingForInvoicesItem,
} from '@generated/model';
import { getShopSettings } from '@generated/hooks/settings/settings';
import {
  getInvoicePdf,
  getInvoiceTeif,
  getPackingSlipPdf,
  issueInvoice,
  submitInvoiceTeif,
  useListOrderInvoices,
} from '@generated/hooks/invoices/invoices';
import {
  addOrderNote,
  setOrderShipment,
  useGetOrderTimeline,
} from '@generated/hooks/orders/orders';
import { notify } from '@/components/ui/notify';
import { downloadFile, type FileRequest } from '@/lib/download';
import { ApiError, serverMessage } from '@/lib/http';
import { paths } from '@/lib/paths';
import { missingFieldsInWords } from '@/features/settings';
import type { DocumentsPanelProps } from './DocumentsPanel';
import { canIssueInvoice } from './order-paperwork';
import type { OrderTimelineProps } from './OrderTimeline';
import { t } from './messages';

/** Downloads a document; a refusal is toasted with the server's message. */
async function download(
  request: FileRequest,
  fallbackName: string,
  failed = t('downloadFailed'),
): Promise<void> {
  try {
    await downloadFile(request, fallbackName);
  } catch (error) {
    notify.error(t('error'), serverMessage(error, failed));
  }
}

/**
 * The settings an invoice still needs, when the server refused to issue one (409): the refusal
 * names them in English, the settings say which they are (missing_for_invoices), to be named in
 * the screen's language. Empty for any other refusal, or when the settings cannot be read.
 */
async function missingSettings(
  error: unknown,
): Promise<readonly ShopSettingsMissingForInvoicesItem[]> {
  if (!(error instanceof ApiError) || error.status !== 409) return [];
  try {
    return (await getShopSettings()).missing_for_invoices;
  } catch {
    return [];
  }
}

/**
 * The order detail's paperwork: its documents, its timeline and their actions, as the props of
 * their panels. `refresh` reloads both (after a status change the server may have issued an
 * invoice or a credit note); `onOrderSaved` hands back the order a shipment change returned.
 */
export function useOrderPaperwork(
  orderId: number,
  order: Order | undefined,
  onOrderSaved: (order: Order) => void,
) {
  const documents = useListOrderInvoices(orderId);
  const timeline = useGetOrderTimeline(orderId);
  const [issuing, setIssuing] = useState(false);
  const [submittingTeifId, setSubmittingTeifId] = useState<number | null>(null);
  const [, navigate] = useLocation();
  const { mutate: reloadDocuments } = documents;
  const { mutate: reloadTimeline } = timeline;

  const refresh = useCallback(() => {
    void reloadDocuments();
    void reloadTimeline();
  }, [reloadDocuments, reloadTimeline]);

  const issue = async () => {
    setIssuing(true);
    try {
      await issueInvoice(orderId);
      notify.success(t('success'), t('invoiceIssued'));
    } catch (error) {
      const missing = await missingSettings(error);
      if (missing.length > 0)
        notify.error(
          t('error'),
          t('settingsIncomplete', { fields: missingFieldsInWords(missing) }),
          { label: t('openSettings'), onClick: () => navigate(paths.settings) },
        );
      else notify.error(t('error'), serverMessage(error, t('issueFailed')));
    }
    await Promise.all([reloadDocuments(), reloadTimeline()]).catch(() => undefined);
    setIssuing(false);
  };

  // The e-invoice to TTN (#30): queued by the server, or its 409 (e-invoicing off, no
  // certificate, already accepted or on its way) as a toast.
  const submitTeif = async (document: Invoice) => {
    setSubmittingTeifId(document.id);
    try {
      await submitInvoiceTeif(document.id);
      notify.success(t('success'), t('teif.submitted', { number: document.number }));
    } catch (error) {
      notify.error(t('error'), serverMessage(error, t('teif.submitFailed')));
    }
    await reloadDocuments().catch(() => undefined);
    setSubmittingTeifId(null);
  };

  const documentsPanel: DocumentsPanelProps = {
    documents: documents.data,
    failed: Boolean(documents.error),
    onRetry: () => void reloadDocuments(),
    canIssue: order !== undefined && canIssueInvoice(order.status, documents.data ?? []),
    issuing,
    onIssue: () => void issue(),
    onDownload: (document, lang) =>
      void download(
        (options) => getInvoicePdf(document.id, { lang }, options),
        `${document.number}.pdf`,
      ),
    onPackingSlip: (lang) =>
      void download(
        (options) => getPackingSlipPdf(orderId, { lang }, options),
        `packing-slip-${order?.order_number ?? orderId}.pdf`,
      ),
    onDownloadTeif: (document) =>
      void download(
        (options) => getInvoiceTeif(document.id, options),
        `${document.number}.xml`,
        t('teif.downloadFailed'),
      ),
    onSubmitTeif: (document) => void submitTeif(document),
    submittingTeifId,
  };

  const timelinePanel: OrderTimelineProps = {
    events: timeline.data,
    failed: Boolean(timeline.error),
    onRetry: () => void reloadTimeline(),
    onAddNote: async (note) => {
      try {
        await addOrderNote(orderId, { note });
      } catch (error) {
        notify.error(t('error'), serverMessage(error, t('noteFailed')));
        return false;
      }
      notify.success(t('success'), t('noteAdded'));
      void reloadTimeline();
      return true;
    },
  };

  const saveShipment = async (shipment: OrderShipmentUpdate) => {
    let updated: Order;
    try {
      updated = await setOrderShipment(orderId, shipment);
    } catch (error) {
      notify.error(t('error'), serverMessage(error, t('shipmentFailed')));
      return;
    }
    notify.success(t('success'), t('shipmentSaved'));
    onOrderSaved(updated);
    void reloadTimeline();
  };

  return { documents: documentsPanel, timeline: timelinePanel, saveShipment, refresh };
}
