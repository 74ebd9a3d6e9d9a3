import { Fragment, useMemo, type ReactNode } from 'react';
import type { ItemFormDialogProps } from '@/components/form';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { DataTable, type Column } from './DataTable';
import { AddButton, ListScreen, useListSearch } from './ListScreen';
import { rowActionsColumn } from './RowActions';
import { LoadErrorState } from './states';
import type { Translate } from '@/lib/i18n';
import type { Noun } from './count';
import { useCrudDialogs } from './use-crud-dialogs';
import { t } from './messages';

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
  /**
   * The admin may create, edit and delete (the screen's write permission); without it the list
   * is read-only: no Add button, no row actions.
   */
  canEdit?: boolean;
}

/**
 * The texts of a CrudListScreen and of its container's toasts, as docs/product.md §2 and §8
 * quote them (crudTexts reads them from a screen's messages).
 */
export interface CrudTexts {
  /** What the list counts ('3 of 12 users'). */
  noun: Noun;
  title: string;
  addLabel: string;
  searchPlaceholder: string;
  searchLabel: string;
  tableLabel: string;
  loadingText: string;
  errorTitle: string;
  emptyText: string;
  deleteTitle: string;
  toasts: {
    created: string;
    updated: string;
    deleted: string;
    createFailed: string;
    updateFailed: string;
    deleteFailed: string;
  };
}

/** The message keys a CRUD screen's folder names its texts by (users, VAT rates). */
type CrudTextKey =
  | 'title'
  | 'add'
  | 'searchPlaceholder'
  | 'searchLabel'
  | 'loading'
  | 'loadFailed'
  | 'empty'
  | 'deleteTitle'
  | 'created'
  | 'updated'
  | 'deleted'
  | 'createFailed'
  | 'updateFailed'
  | 'deleteFailed';

/**
 * A CRUD screen's texts from its folder's messages, in the language of the moment: the keys are
 * the same in every such folder; only the table's label differs.
 */
export function crudTexts<K extends string>(
  t: Translate<K | CrudTextKey>,
  noun: Noun,
  tableLabel: K | CrudTextKey,
): CrudTexts {
  return {
    noun,
    title: t('title'),
    addLabel: t('add'),
    searchPlaceholder: t('searchPlaceholder'),
    searchLabel: t('searchLabel'),
    tableLabel: t(tableLabel),
    loadingText: t('loading'),
    errorTitle: t('loadFailed'),
    emptyText: t('empty'),
    deleteTitle: t('deleteTitle'),
    toasts: {
      created: t('created'),
      updated: t('updated'),
      deleted: t('deleted'),
      createFailed: t('createFailed'),
      updateFailed: t('updateFailed'),
      deleteFailed: t('deleteFailed'),
    },
  };
}

interface CrudListScreenProps<T extends { id: number }, V> extends CrudListData<T, V> {
  texts: CrudTexts;
  description: string;
  /** The items matching the search text. */
  filter: (items: readonly T[], query: string) => readonly T[];
  /** The data columns; the row actions (edit, delete) are added at the end. */
  columns: readonly Column<T>[];
  /** The name of an item in its buttons' labels and the delete question. */
  nameOf: (item: T) => string;
  /** Below this width the table scrolls sideways. */
  minW?: string;
  renderForm: (props: ItemFormDialogProps<T, V>) => ReactNode;
}

const idOf = (item: { id: number }) => item.id;

/**
 * A management screen with search, table, create/edit dialog and delete confirmation (users,
 * VAT rates): everything but the columns, texts and form comes from here.
 */
export function CrudListScreen<T extends { id: number }, V>({
  items,
  loading,
  loadError = null,
  onRetry,
  onSave,
  onDelete,
  initialSearch = '',
  texts,
  description,
  filter,
  columns,
  nameOf,
  minW = '60rem',
  renderForm,
  canEdit = true,
}: CrudListScreenProps<T, V>) {
  const { box, query, searching } = useListSearch(initialSearch);
  const shown = useMemo(() => filter(items ?? [], query), [filter, items, query]);
  const { form, openForm, remove, askDelete } = useCrudDialogs<T, V>({ onSave, onDelete });
  const allColumns = useMemo(
    (): readonly Column<T>[] =>
      !canEdit
        ? columns
        : [
            ...columns,
            rowActionsColumn(t('actions'), (item: T) => ({
              name: nameOf(item),
              edit: () => openForm(item),
              onDelete: () => askDelete(item),
            })),
          ],
    [columns, nameOf, openForm, askDelete, canEdit],
  );

  return (
    <ListScreen
      title={texts.title}
      description={description}
      actions={canEdit && <AddButton label={texts.addLabel} onClick={() => openForm(null)} />}
      search={{ placeholder: texts.searchPlaceholder, label: texts.searchLabel, ...box }}
      count={
        items && { noun: texts.noun, shown: shown.length, all: items.length, filtered: searching }
      }
      error={
        loadError &&
        !items && <LoadErrorState title={texts.errorTitle} message={loadError} onRetry={onRetry} />
      }
      loading={loading || !items}
      loadingText={texts.loadingText}
      footer={
        <>
          <Fragment key={form.session}>
            {renderForm({
              open: form.open,
              item: form.item,
              onSubmit: form.submit,
              onClose: form.close,
            })}
          </Fragment>
          <ConfirmDialog
            {...remove.dialog}
            title={texts.deleteTitle}
            onConfirm={() => remove.confirm()}
          >
            {t('deleteConfirm', { name: remove.target ? nameOf(remove.target) : '' })}
          </ConfirmDialog>
        </>
      }
    >
      <DataTable
        rows={shown}
        columns={allColumns}
        rowKey={idOf}
        label={texts.tableLabel}
        emptyText={texts.emptyText}
        minW={minW}
      />
    </ListScreen>
  );
}
