import { withToasts } from '@/components/ui/notify';

interface CrudActionsOptions<T, V> {
  /** What an item is called in the toasts, in lower case ('user', 'VAT rate'). */
  name: string;
  create: (values: V) => Promise<unknown>;
  update: (item: T, values: V) => Promise<unknown>;
  remove: (item: T) => Promise<unknown>;
  /** Reloads the list after a change. */
  reload: () => void;
}

/**
 * The save and delete handlers of a CrudListScreen's container: each toasts its outcome ('User
 * created successfully', 'Failed to delete user' or the server's reason) and reloads the list
 * after a change.
 */
export function useCrudActions<T, V>({
  name,
  create,
  update,
  remove,
  reload,
}: CrudActionsOptions<T, V>) {
  const subject = name.charAt(0).toUpperCase() + name.slice(1);
  const outcome = (verb: string, done: string) => ({
    success: `${subject} ${done} successfully`,
    failure: `Failed to ${verb} ${name}`,
  });

  async function onSave(values: V, item: T | null): Promise<boolean> {
    const saved = await withToasts(
      () => (item ? update(item, values) : create(values)),
      item ? outcome('update', 'updated') : outcome('create', 'created'),
    );
    if (saved) reload();
    return saved;
  }

  async function onDelete(item: T): Promise<void> {
    if (await withToasts(() => remove(item), outcome('delete', 'deleted'))) reload();
  }

  return { onSave, onDelete };
}
