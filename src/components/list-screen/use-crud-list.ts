import { withToasts } from '@/components/ui/notify';
import { serverMessage } from '@/lib/http';
import { crudTexts, type CrudListData } from './CrudListScreen';

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
  /** [singular, plural] in running text, as the screen's `noun` ('user', 'users'). */
  noun: readonly [string, string];
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
  noun,
  create,
  update,
  remove,
  reload = () => void list.mutate(),
}: CrudActionsOptions<T, V>): CrudListData<T, V> {
  const [name] = noun;
  const { subject, errorTitle } = crudTexts(noun);
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

  return {
    items: list.data,
    loading: list.isLoading,
    loadError: list.error ? serverMessage(list.error, errorTitle) : null,
    onRetry: () => void list.mutate(),
    onSave,
    onDelete,
  };
}
