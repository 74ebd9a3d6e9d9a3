import { useCallback, useState } from 'react';
import { t } from './messages';

/**
 * The state of a delete confirmation: which row, open or not, and the deletion under way (its
 * mode, e.g. soft or force). The dialog closes once `onDelete` settles; the container reports
 * the outcome.
 */
export function useDeleteConfirmation<T, M = void>(
  onDelete: (item: T, mode: M) => Promise<unknown>,
) {
  const [target, setTarget] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<M | null>(null);

  const ask = useCallback((item: T) => {
    setTarget(item);
    setOpen(true);
  }, []);
  const cancel = useCallback(() => setOpen(false), []);
  const confirm = useCallback(
    (mode: M) => {
      if (!target) return;
      setPending(() => mode);
      void Promise.resolve(onDelete(target, mode))
        .catch(() => undefined) // the container reports failures
        .finally(() => {
          setPending(null);
          setOpen(false);
        });
    },
    [target, onDelete],
  );

  /** The ConfirmDialog's props every delete confirmation shares (spread them). */
  const dialog = {
    open,
    busy: pending !== null,
    busyText: t('deleting'),
    closeButton: true,
    onCancel: cancel,
  };
  /** `pending`: the mode of the deletion under way, or null. */
  return { open, target, pending, ask, cancel, confirm, dialog };
}

interface CrudDialogsOptions<T, V, M> {
  /** Creates (item null) or updates; resolves true when saved (the form dialog then closes). */
  onSave: (values: V, item: T | null) => Promise<boolean>;
  /** Deletes in the chosen mode; the confirmation closes once it settles. */
  onDelete: (item: T, mode: M) => Promise<unknown>;
}

/**
 * The state of a management screen's two dialogs: the create/edit form and the delete
 * confirmation. Each opening of the form gets a new `session` (use it as the form's key: fresh
 * form state each time, while the closing animation keeps the last one).
 */
export function useCrudDialogs<T, V, M = void>({ onSave, onDelete }: CrudDialogsOptions<T, V, M>) {
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  const [session, setSession] = useState(0);
  const remove = useDeleteConfirmation<T, M>(onDelete);

  const openForm = useCallback((item: T | null) => {
    setEditing(item);
    setSession((n) => n + 1);
    setFormOpen(true);
  }, []);
  const closeForm = useCallback(() => setFormOpen(false), []);
  const submit = useCallback(
    async (values: V) => {
      if (await onSave(values, editing)) setFormOpen(false);
    },
    [onSave, editing],
  );

  return {
    form: { open: formOpen, item: editing, session, submit, close: closeForm },
    openForm,
    remove,
    askDelete: remove.ask,
  };
}
