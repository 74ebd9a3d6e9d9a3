import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DraftOrder } from '@generated/model';
import { createDraftOrder, updateDraftOrder } from '@generated/hooks/draft-orders/draft-orders';
import { draftInput, missingFields, type DraftForm } from './draft-form';

/** The form rests this long before it is saved (docs/product.md §10.23). */
const SAVE_DEBOUNCE_MS = 600;

/**
 * Saves the form as a draft while the admin works: created with its first line, then replaced
 * (PUT) after each pause of SAVE_DEBOUNCE_MS, one request at a time. What the page shows of
 * prices and totals is the server's last answer (`draft`), never a sum made here: shown =
 * charged. `stale` is true while the form differs from what that answer priced.
 */
export function useDraftAutosave(form: DraftForm, saved: DraftOrder | null) {
  const [draft, setDraft] = useState<DraftOrder | null>(saved);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const missing = useMemo(() => missingFields(form), [form]);
  const body = useMemo(() => JSON.stringify(draftInput(form)), [form]);
  // The body of the last answer (or failure): nothing is sent again until the form changes.
  const [sent, setSent] = useState<string | null>(() => (saved ? body : null));
  const id = draft?.id ?? null;
  const savable = missing.length === 0 && (id !== null || form.lines.length > 0);

  const save = useCallback(
    async (json: string) => {
      setBusy(true);
      try {
        const input = JSON.parse(json) as Parameters<typeof createDraftOrder>[0];
        const answer =
          id === null ? await createDraftOrder(input) : await updateDraftOrder(id, input);
        setDraft(answer);
        setError(null);
      } catch (failure) {
        setError(failure);
      } finally {
        setSent(json);
        setBusy(false);
      }
    },
    [id],
  );

  useEffect(() => {
    if (!savable || busy || body === sent) return;
    const timer = setTimeout(() => void save(body), SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [savable, busy, body, sent, save]);

  return {
    draft,
    setDraft,
    error,
    missing,
    saving: busy,
    /** The figures shown are not yet those of the form (a save is due or under way). */
    stale: busy || (savable && body !== sent),
  };
}
