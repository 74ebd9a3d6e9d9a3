import { Button } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { OrderSummary } from '@generated/model';
import { usePermission } from '@/lib/auth/permissions';
import { NewRemittanceDialog } from './NewRemittanceDialog';
import { shopToday } from './payment-form';
import { selectionLines, type SelectionLines } from './remittance-selection';
import { useRecordRemittance } from './use-record-remittance';
import { useT } from './messages';

export interface RecordRemittanceActionProps {
  /** The orders ticked on the list. */
  selectedIds: ReadonlySet<number>;
  /** The list's rows loaded so far (the selected orders' numbers and balances come from them). */
  rows: readonly OrderSummary[] | undefined;
  /** Once recorded: the list reads the orders' payment status again and the selection clears. */
  onRecorded: () => void;
}

/**
 * 'Record remittance' in the orders list's bulk bar (docs/product.md §10.22): the New remittance
 * dialog with the selected orders as its lines, each at its balance due; offered with
 * payments:write only (the server's rule for createRemittance).
 */
export function RecordRemittanceAction({
  selectedIds,
  rows,
  onRecorded,
}: RecordRemittanceActionProps) {
  const t = useT();
  const canPay = usePermission('payments:write');
  const [selection, setSelection] = useState<SelectionLines | null>(null);
  // Every order row seen while this bar is up: a selected order may be on a page the list has
  // since scrolled away from or reloaded without (a filter change clears the selection anyway).
  // The bar only shows once a row is ticked, and a row is ticked only while shown, so every
  // selected order has been seen here.
  const seen = useRef(new Map<number, OrderSummary>());
  useEffect(() => {
    for (const row of rows ?? []) seen.current.set(row.id, row);
  }, [rows]);

  const close = useCallback(() => setSelection(null), []);
  const submit = useRecordRemittance(
    useCallback(() => {
      setSelection(null);
      onRecorded();
    }, [onRecorded]),
  );
  if (!canPay) return null;

  const open = () => {
    const orders = [...selectedIds]
      .map((id) => seen.current.get(id))
      .filter((order): order is OrderSummary => order !== undefined);
    setSelection(selectionLines(orders));
  };
  return (
    <>
      <Button size="sm" variant="outline" onClick={open}>
        {t('recordRemittance')}
      </Button>
      <NewRemittanceDialog
        open={selection !== null}
        today={shopToday()}
        selection={selection ?? undefined}
        onSubmit={submit}
        onClose={close}
      />
    </>
  );
}
