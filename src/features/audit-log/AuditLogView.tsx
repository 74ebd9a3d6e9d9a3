import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { AdminUser, AuditEntry } from '@generated/model';
import {
  badgeColumn,
  DataTable,
  ListScreen,
  serverListOrLoadError,
  textColumn,
  type Column,
  type ServerListState,
} from '@/components/list-screen';
import { changeCount, toAuditRows, type AuditRow } from './audit-display';
import type { AuditFilters } from './audit-filters';
import { AuditChangesDialog } from './AuditChangesDialog';
import { AuditLogFilters } from './AuditLogFilters';
import { noun, t } from './messages';

export interface AuditLogViewProps {
  list: ServerListState<AuditEntry>;
  /** Why the log could not be loaded (403: this admin may not read it), else null. */
  loadError: string | null;
  filters: AuditFilters;
  onFiltersChange: (filters: AuditFilters) => void;
  /** The admins the log may be filtered by. */
  admins: readonly Pick<AdminUser, 'id' | 'username'>[];
}

/** The table's cells are plain elements: a link says it is one by its underline. */
const LINK_STYLE = { textDecoration: 'underline', textUnderlineOffset: '2px' };

function entityCell(row: AuditRow) {
  const text = `${row.kind} ${row.label}`.trim();
  return (
    <span className="cell-text" title={text}>
      <span className="cell-muted">{row.kind}</span>
      {row.label && ' '}
      {row.href ? (
        <Link href={row.href} style={LINK_STYLE}>
          {row.label}
        </Link>
      ) : (
        row.label
      )}
    </span>
  );
}

const rowId = (row: AuditRow) => row.id;

/** The columns; `show` opens an entry's changes. */
function auditColumns(show: (row: AuditRow) => void): Column<AuditRow>[] {
  return [
    textColumn(t('columnWhen'), (row) => row.when, { width: '11.5rem', card: 'meta' }),
    textColumn(t('columnAdmin'), (row) => row.admin, {
      width: '11rem',
      tone: 'strong',
      card: 'title',
    }),
    badgeColumn(t('columnAction'), (row) => row.action, {
      width: '6rem',
      testId: 'audit-action',
      card: 'badge',
    }),
    { header: t('columnEntity'), card: 'subtitle', cell: entityCell },
    {
      header: t('columnChanges'),
      width: '8rem',
      align: 'end',
      card: 'actions',
      cell: (row) => (
        <button type="button" className="row-action" onClick={() => show(row)}>
          {changeCount(row.entry.changes.length)}
        </button>
      ),
    },
  ];
}

/**
 * The audit log of /admin/audit-log: every admin write, newest first, filtered by entity, action,
 * admin and dates, loading further pages as the table scrolls; an entry opens its changes.
 */
export function AuditLogView({
  list,
  loadError,
  filters,
  onFiltersChange,
  admins,
}: AuditLogViewProps) {
  const rows = useMemo(() => toAuditRows(list.rows ?? []), [list.rows]);
  const [detail, setDetail] = useState<{ open: boolean; row: AuditRow | null }>({
    open: false,
    row: null,
  });
  const columns = useMemo(() => auditColumns((row) => setDetail({ open: true, row })), []);

  return (
    <ListScreen
      title={t('title')}
      description={t('description')}
      filters={<AuditLogFilters filters={filters} onChange={onFiltersChange} admins={admins} />}
      {...serverListOrLoadError(list, noun, t('loadFailed'), loadError)}
      loadingText={t('loading')}
      footer={
        <AuditChangesDialog
          {...detail}
          onClose={() => setDetail((shown) => ({ ...shown, open: false }))}
        />
      }
    >
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={rowId}
        label={t('tableLabel')}
        emptyText={t('emptyText')}
        minW="52rem"
        testId="audit-scroll"
        {...list.table}
      />
    </ListScreen>
  );
}
