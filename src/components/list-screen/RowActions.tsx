import { Link } from 'wouter';
import { PencilSvg, TrashSvg } from '@/components/icons';
import type { Column } from './DataTable';
import { useT } from './messages';

export interface RowActionsProps {
  /** What the row is called, for the buttons' accessible names ('Edit Sacs', 'Delete Sacs'). */
  name: string;
  /** Edit: a link to the row's page, or a function (an edit dialog). */
  edit: string | (() => void);
  onDelete: () => void;
}

/**
 * The edit and delete icon buttons at the end of a row of a DataTable, as plain elements styled
 * by the table (`.action`): each row mounts its own, and Chakra components cost too much there.
 */
export function RowActions({ name, edit, onDelete }: RowActionsProps) {
  const t = useT();
  const editProps = {
    className: 'action',
    'aria-label': t('editItem', { name }),
    title: t('edit'),
  };
  return (
    <div className="actions">
      {typeof edit === 'string' ? (
        <Link href={edit} {...editProps}>
          <PencilSvg />
        </Link>
      ) : (
        <button type="button" onClick={edit} {...editProps}>
          <PencilSvg />
        </button>
      )}
      <button
        type="button"
        className="action"
        data-danger=""
        aria-label={t('deleteItem', { name })}
        title={t('delete')}
        onClick={onDelete}
      >
        <TrashSvg />
      </button>
    </div>
  );
}

/** The last column of a table: each row's Edit and Delete (`actions` gives their props). */
export function rowActionsColumn<R>(
  header: string,
  actions: (row: R) => RowActionsProps,
): Column<R> {
  return {
    header,
    width: '5.5rem',
    align: 'end',
    card: 'actions',
    cell: (row) => <RowActions {...actions(row)} />,
  };
}

/** 'Active' / 'Inactive' (docs/product.md §4: is_active), styled by the table (`.status`). */
export function StatusBadge({ active }: { active: boolean }) {
  const t = useT();
  return (
    <span className="status" data-active={active || undefined}>
      {active ? t('active') : t('inactive')}
    </span>
  );
}
