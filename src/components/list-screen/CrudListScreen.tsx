import { Button } from '@chakra-ui/react';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { PlusIcon } from '@/components/icons';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { DataTable, type Column } from './DataTable';
import { countText, ListScreen } from './ListScreen';
import { RowActions } from './RowActions';
import { LoadErrorState } from './states';
import { useCrudDialogs } from './use-crud-dialogs';

/** What the form dialog of a CrudListScreen is given: render it with these props. */
interface CrudFormProps<T, V> {
  /** A new one per opening: the form's key (fresh state each time). */
  session: number;
  open: boolean;
  /** The item edited, or null to create one. */
  item: T | null;
  onSubmit: (values: V) => Promise<void>;
  onClose: () => void;
}

/** What a CrudListScreen's container gives it: the list and what to do with it. */
export interface CrudListData<T, V> {
  /** The items; undefined until loaded. */
  items: readonly T[] | undefined;
  loading: boolean;
  /** Why the list could not be loaded (shown instead of the table), else null. */
  loadError?: string | null;
  onRetry?: () => void;
  /** Creates (item null) or updates; resolves true when saved (the dialog then closes). */
  onSave: (values: V, item: T | null) => Promise<boolean>;
  /** Deletes; the confirmation closes once it settles (the container reports the outcome). */
  onDelete: (item: T) => Promise<unknown>;
  /** Initial search text (stories). */
  initialSearch?: string;
}

interface CrudListScreenProps<T, V> extends CrudListData<T, V> {
  title: string;
  description: string;
  /** 'Add User'. */
  addLabel: string;
  search: { placeholder: string; label: string };
  /** The items matching the search text. */
  filter: (items: readonly T[], query: string) => readonly T[];
  /** [singular, plural] ('user', 'users') and the test id of the count. */
  noun: readonly [string, string];
  countTestId: string;
  /** 'Failed to load users'. */
  errorTitle: string;
  loadingText: string;
  /** The data columns; the row actions (edit, delete) are added at the end. */
  columns: readonly Column<T>[];
  rowKey: (item: T) => number;
  /** The name of an item in its buttons' labels and the delete question. */
  nameOf: (item: T) => string;
  /** The table's accessible name. */
  label: string;
  emptyText: string;
  minW: string;
  /** 'Delete User'. */
  deleteTitle: string;
  renderForm: (props: CrudFormProps<T, V>) => ReactNode;
}

/**
 * A management screen with search, table, create/edit dialog and delete confirmation (users,
 * VAT rates): everything but the columns, texts and form comes from here.
 */
export function CrudListScreen<T, V>({
  items,
  loading,
  loadError = null,
  onRetry,
  onSave,
  onDelete,
  initialSearch = '',
  title,
  description,
  addLabel,
  search: searchTexts,
  filter,
  noun,
  countTestId,
  errorTitle,
  loadingText,
  columns,
  rowKey,
  nameOf,
  label,
  emptyText,
  minW,
  deleteTitle,
  renderForm,
}: CrudListScreenProps<T, V>) {
  const [search, setSearch] = useState(initialSearch);
  const query = useDeferredValue(search);
  const shown = useMemo(() => filter(items ?? [], query), [filter, items, query]);
  const { form, openForm, remove, askDelete } = useCrudDialogs<T, V>({ onSave, onDelete });
  const allColumns = useMemo(
    (): Column<T>[] => [
      ...columns,
      {
        header: 'Actions',
        width: '5.5rem',
        align: 'end',
        cell: (item) => (
          <RowActions
            name={nameOf(item)}
            edit={() => openForm(item)}
            onDelete={() => askDelete(item)}
          />
        ),
      },
    ],
    [columns, nameOf, openForm, askDelete],
  );

  return (
    <ListScreen
      title={title}
      description={description}
      actions={
        <Button onClick={() => openForm(null)}>
          <PlusIcon />
          {addLabel}
        </Button>
      }
      search={{ ...searchTexts, value: search, onChange: setSearch }}
      count={
        items && {
          text: countText(shown.length, items.length, noun, query.trim() !== ''),
          testId: countTestId,
        }
      }
      error={
        loadError &&
        !items && <LoadErrorState title={errorTitle} message={loadError} onRetry={onRetry} />
      }
      loading={loading || !items}
      loadingText={loadingText}
      footer={
        <>
          {renderForm({
            session: form.session,
            open: form.open,
            item: form.item,
            onSubmit: form.submit,
            onClose: form.close,
          })}
          <ConfirmDialog {...remove.dialog} title={deleteTitle} onConfirm={() => remove.confirm()}>
            Are you sure you want to delete &quot;{remove.target ? nameOf(remove.target) : ''}
            &quot;? This action cannot be undone.
          </ConfirmDialog>
        </>
      }
    >
      <DataTable
        rows={shown}
        columns={allColumns}
        rowKey={rowKey}
        label={label}
        emptyText={emptyText}
        minW={minW}
      />
    </ListScreen>
  );
}
