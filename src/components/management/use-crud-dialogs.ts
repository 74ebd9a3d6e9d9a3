import { useCallback, useState } from 'react';

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
  const [deleteTarget, setDeleteTarget] = useState<T | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleting, setDeleting] = useState<M | null>(null);

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

  const askDelete = useCallback((item: T) => {
    setDeleteTarget(item);
    setDeleteOpen(true);
  }, []);
  const cancelDelete = useCallback(() => setDeleteOpen(false), []);
  const confirmDelete = useCallback(
    (mode: M) => {
      if (!deleteTarget) return;
      setDeleting(() => mode);
      void Promise.resolve(onDelete(deleteTarget, mode))
        .catch(() => undefined) // the container reports failures
        .finally(() => {
          setDeleting(null);
          setDeleteOpen(false);
        });
    },
    [deleteTarget, onDelete],
  );

  return {
    form: { open: formOpen, item: editing, session, submit, close: closeForm },
    openForm,
    remove: {
      open: deleteOpen,
      target: deleteTarget,
      /** The mode of the deletion under way, or null. */
      pending: deleting,
      cancel: cancelDelete,
      confirm: confirmDelete,
    },
    askDelete,
  };
}
