import { useMemo, useState, type ReactNode } from 'react';
import type {
  DocumentLanguageParameter,
  OrderBulkStatusResult,
  OrderDocumentsOrder,
  OrderDocumentsProblem,
  OrderDocumentsRequestKind,
  OrderSort,
  OrderStatus,
} from '@generated/model';
import { exportOrders } from '@generated/clients/exports/exports';
import { bulkUpdateOrderStatus, printOrderDocuments } from '@generated/hooks/orders/orders';
import { useKeyedSelection, type CsvExport, type RowSelection } from '@/components/list-screen';
import { notify } from '@/components/ui/notify';
import { downloadFile } from '@/lib/download';
import { ApiError, serverMessage } from '@/lib/http';
import type { OrderRow } from '../order-display';
import { BulkStatusDialog } from './BulkStatusDialog';
import { OrdersBulkBar } from './OrdersBulkBar';
import { t } from './messages';

/** The file a print downloads under when the server names none. */
const PRINT_FILE: Record<OrderDocumentsRequestKind, string> = {
  invoice: 'invoices.pdf',
  packing_slip: 'packing-slips.pdf',
};

/** The orders an invoice print was refused for (409: no invoice in force); none otherwise. */
function ordersWithoutInvoice(error: unknown): readonly OrderDocumentsOrder[] {
  if (!(error instanceof ApiError) || error.status !== 409) return [];
  return (error.body as OrderDocumentsProblem | undefined)?.orders_without_invoice ?? [];
}

interface OrdersBulkOptions {
  /**
   * The list's search, filters and order as one key: the selection belongs to one of them and
   * starts over when it changes (as the products list's does).
   */
  selectionKey: string;
  /** The admin may write orders: "Change status" is offered. */
  canWrite: boolean;
  /** The list's order, kept by the exported file. */
  sort: OrderSort | undefined;
  /** The list's CSV export (one at a time, its progress under the title). */
  csv: Pick<CsvExport, 'start' | 'progress'>;
  /** Reloads the list after a change of status. */
  reload: () => Promise<unknown>;
  /**
   * Another feature's buttons in the bar (payments: Record remittance), given the selection and a
   * way to clear it.
   */
  actions?: (selection: { ids: ReadonlySet<number>; clear: () => void }) => ReactNode;
}

/**
 * The orders list's bulk actions (docs/product.md §10.17): the row selection, the bar over the
 * list (Change status, Export selection, Print invoices, Print packing slips, Clear selection)
 * and the Change status dialog.
 */
export function useOrdersBulk({
  selectionKey,
  canWrite,
  sort,
  csv,
  reload,
  actions,
}: OrdersBulkOptions) {
  const { selectedIds, setSelectedIds, deselect } = useKeyedSelection(selectionKey);
  const [open, setOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<OrderBulkStatusResult | null>(null);

  const selection = useMemo<RowSelection<OrderRow>>(
    () => ({
      selected: selectedIds,
      onChange: (ids) => setSelectedIds(new Set([...ids].map(Number))),
      rowLabel: (row) => t('selectRow', { number: row.orderNumber }),
      allLabel: t('selectAll'),
    }),
    [selectedIds, setSelectedIds],
  );

  const submit = async (status: OrderStatus, note: string) => {
    setSubmitting(true);
    try {
      const answer = await bulkUpdateOrderStatus({
        order_ids: [...selectedIds].sort((a, b) => a - b),
        status,
        ...(note.trim() === '' ? {} : { note: note.trim() }),
      });
      setResult(answer);
      // The refused orders stay selected, to be looked at or tried again.
      setSelectedIds(new Set(answer.refused.map((r) => r.id)));
      void reload();
    } catch (error) {
      notify.error(t('error'), serverMessage(error, t('bulkFailed')));
    } finally {
      setSubmitting(false);
    }
  };

  const { start } = csv;
  const exportSelection = () =>
    void start(t('exportLabel'), (options, separator) =>
      exportOrders(
        { ids: [...selectedIds].sort((a, b) => a - b).join(','), sort, separator },
        options,
      ),
    );

  const [printing, setPrinting] = useState<OrderDocumentsRequestKind | null>(null);
  /**
   * One PDF of the selected orders' documents in `lang`, in id order. The server prints all or nothing: an
   * invoice print with orders that have no invoice in force is refused naming them, and the
   * toast names them too, with a way to leave them out of the selection.
   */
  const print = async (kind: OrderDocumentsRequestKind, lang: DocumentLanguageParameter) => {
    setPrinting(kind);
    try {
      const ids = [...selectedIds].sort((a, b) => a - b);
      await downloadFile(
        (options) => printOrderDocuments({ order_ids: ids, kind }, { lang }, options),
        PRINT_FILE[kind],
      );
    } catch (error) {
      const without = ordersWithoutInvoice(error);
      if (without.length === 0) {
        notify.error(t('error'), serverMessage(error, t('printFailed')));
        return;
      }
      const left = new Set(without.map((o) => o.id));
      notify.error(
        t('printRefused'),
        t('noInvoiceInForce', {
          count: without.length,
          orders: without.map((o) => o.order_number).join(', '),
        }),
        {
          label: t('leaveOut'),
          // The selection as it is when the toast is clicked, not as it was when printing.
          onClick: () => deselect((id) => left.has(id)),
        },
      );
    } finally {
      setPrinting(null);
    }
  };

  const close = () => {
    setOpen(false);
    setResult(null);
  };

  const bar: ReactNode = (
    <OrdersBulkBar
      count={selectedIds.size}
      onChangeStatus={canWrite ? () => setOpen(true) : undefined}
      onExport={exportSelection}
      exporting={csv.progress !== null}
      onPrint={(kind, lang) => void print(kind, lang)}
      printing={printing}
      onClear={() => setSelectedIds(new Set())}
    >
      {actions?.({ ids: selectedIds, clear: () => setSelectedIds(new Set()) })}
    </OrdersBulkBar>
  );
  const dialog: ReactNode = (
    <BulkStatusDialog
      open={open}
      count={selectedIds.size}
      submitting={submitting}
      result={result}
      onSubmit={(status, note) => void submit(status, note)}
      onClose={close}
    />
  );
  return { selection, selectedIds, bar, dialog };
}
