import { useState } from 'react';
import type { BulkEditResult } from '@generated/model';
import { notify } from '@/components/ui/notify';
import { serverMessage } from '@/lib/http/error-message';
import { bulkSummary, type BulkAction, type BulkActionKind } from './actions';

interface BulkEditOptions<A extends BulkAction> {
  /** [singular, plural]: the toast's '12 products updated'. */
  noun: readonly [string, string];
  /** The selected rows. */
  ids: ReadonlySet<number>;
  /** Sends the action for the rows (bulkEditProducts, bulkEditVariants). */
  send: (body: { ids: number[]; action: A }) => Promise<BulkEditResult>;
  /** After a success (the dialog is closed, the selection cleared): reload the list. */
  onDone: () => Promise<unknown>;
  onSelectionChange: (ids: Set<number>) => void;
}

/**
 * The state of a list's bulk edit: which action's dialog is open, the request, the summary
 * toast on success, and the server's refusal (naming the refused rows) kept in the dialog.
 */
export function useBulkEdit<A extends BulkAction>({
  noun,
  ids,
  send,
  onDone,
  onSelectionChange,
}: BulkEditOptions<A>) {
  const [kind, setKind] = useState<BulkActionKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const open = (next: BulkActionKind) => {
    setError(null);
    setKind(next);
  };

  const onSubmit = async (action: BulkAction) => {
    setSubmitting(true);
    setError(null);
    try {
      // The dialog offers only the actions of the list's bar (A).
      const result = await send({ ids: [...ids], action: action as A });
      notify.success('Success', bulkSummary(result, noun));
      setKind(null);
      onSelectionChange(new Set());
      await onDone();
    } catch (failure) {
      setError(serverMessage(failure, `Failed to update the ${noun[1]}`));
    } finally {
      setSubmitting(false);
    }
  };

  return {
    open,
    dialog: {
      kind,
      target: `${ids.size} ${ids.size === 1 ? noun[0] : noun[1]}`,
      error,
      submitting,
      onSubmit,
      onClose: () => setKind(null),
    },
  };
}
