import { withToasts } from '@/components/ui/notify';
import { serverMessage } from '@/lib/http';
import type { CrudListData, CrudTexts } from './CrudListScreen';

/** The part of an SWR list hook's result that a CrudListScreen needs. */
interface ListQuery<T> {
  data: readonly T[] | undefined;
  isLoading: boolean;
  error: unknown;
  mutate: () => Promise<unknown>;
}

interface CrudActionsOptions<T, V> {
  /** The list shown. */
  list: ListQuery<T>;
  /** The screen's texts: the load-error title and the toasts are taken from them. */
  texts: Pick<CrudTexts, 'errorTitle' | 'toasts'>;
  create: (values: V) => Promise<unknown>;
  update: (item: T, values: V) => Promise<unknown>;
  remove: (item: T) => Promise<unknown>;
  /** Reloads the list after a change; by default the list shown. */
  reload?: () => void;
}

/**
 * What a CrudListScreen's container gives it: the list, its load error ('Failed to load users' or
 * the server's reason), and the save and delete handlers, each of which toasts its outcome ('User
 * created successfully', 'Failed to delete user' or the server's reason) and reloads the list
 * after a change.
 */
export function useCrudList<T, V>({
  list,
  texts: { errorTitle, toasts },
  create,
  update,
  remove,
  reload = () => void list.mutate(),
}: CrudActionsOptions<T, V>): CrudListData<T, V> {
  async function onSave(values: V, item: T | null): Promise<boolean> {
    const saved = await withToasts(
      () => (item ? update(item, values) : create(values)),
      item
        ? { success: toasts.updated, failure: toasts.updateFailed }
        : { success: toasts.created, failure: toasts.createFailed },
    );
    if (saved) reload();
    return saved;
  }

  async function onDelete(item: T): Promise<void> {
    if (
      await withToasts(() => remove(item), {
        success: toasts.deleted,
        failure: toasts.deleteFailed,
      })
    )
      reload();
  }

  return {
    items: list.data,
    loading: list.isLoading,
    loadError: list.error ? serverMessage(list.error, errorTitle) : null,
    onRetry: () => void list.mutate(),
    onSave,
    onDelete,
  };
}
