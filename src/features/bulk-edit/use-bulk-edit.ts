import { useState } from 'react';
import type { BulkEditResult, BulkPricePreview } from '@generated/model';
import { notify } from '@/components/ui/notify';
import { serverMessage } from '@/lib/http/error-message';
import type { Noun } from '@/components/list-screen';
import { bulkSummary, type BulkAction, type BulkActionKind } from './actions';
import { t } from './messages';
import { useVatRateOptions } from './options';

/** What a list edits in bulk: its rows' noun, its request and its VAT rate choices. */
export interface BulkEditTarget<A extends BulkAction> {
  /** The rows: the toast's '12 products updated'. */
  noun: Noun;
  /** Sends the action for the rows (bulkEditProducts, bulkEditVariants). */
  send: (body: { ids: number[]; action: A }) => Promise<BulkEditResult>;
  /** Set VAT Rate also offers the product's rate (variants). */
  inheritVatRate: boolean;
  /**
   * The same request as a dry run answering a preview of the prices (products): a price action
   * is then previewed in the dialog before it is applied.
   */
  preview?: (body: { ids: number[]; action: A }) => Promise<BulkEditResult>;
}

/** A price action's preview and the action it describes. */
interface Previewed {
  action: BulkAction;
  preview: BulkPricePreview;
}

const isPriceAction = (kind: BulkActionKind | null) =>
  kind === 'set_price' || kind === 'shift_price';

/**
 * The state of a list's bulk edit of the rows `ids`: which action's dialog is open, the request,
 * the summary toast on success (then the selection is cleared and `reload` called), and the
 * server's refusal (naming the refused rows) kept in the dialog.
 */
export function useBulkEdit<A extends BulkAction>(
  { noun, send, inheritVatRate, preview }: BulkEditTarget<A>,
  ids: ReadonlySet<number>,
  onSelectionChange: (ids: Set<number>) => void,
  reload: () => Promise<unknown>,
) {
  const [kind, setKind] = useState<BulkActionKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const previews = preview !== undefined && isPriceAction(kind);

  const open = (next: BulkActionKind) => {
    setError(null);
    setPreviewed(null);
    setKind(next);
  };

  const onSubmit = async (action: BulkAction) => {
    setSubmitting(true);
    setError(null);
    try {
      // Only an action whose preview was shown is applied: an edited value is previewed again.
      if (previews && JSON.stringify(previewed?.action) !== JSON.stringify(action)) {
        const result = await preview({ ids: [...ids], action: action as A });
        setPreviewed(result.preview ? { action, preview: result.preview } : null);
        if (result.preview) return;
      }
      // The dialog offers only the actions of the list's bar (A).
      const result = await send({ ids: [...ids], action: action as A });
      notify.success(t('success'), bulkSummary(result, noun));
      setKind(null);
      onSelectionChange(new Set());
      await reload();
    } catch (failure) {
      setError(serverMessage(failure, t('updateFailed', { noun: noun.plural() })));
    } finally {
      setSubmitting(false);
    }
  };

  const vatRates = useVatRateOptions(kind === 'set_vat_rate', inheritVatRate);

  return {
    open,
    dialog: {
      // A selection emptied meanwhile (the search changed under the dialog) closes it: an action
      // on no rows would only be refused.
      kind: ids.size === 0 ? null : kind,
      vatRates,
      target: noun.count(ids.size),
      error,
      submitting,
      onSubmit,
      onClose: () => setKind(null),
      /** Preview first (a price action of a list that previews), then Apply. */
      previewFirst: previews && previewed === null,
      preview: previewed?.preview ?? null,
      /** A value changed: the preview no longer describes the action. */
      onEdit: () => setPreviewed(null),
    },
  };
}
