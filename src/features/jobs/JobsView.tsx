import { Badge } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { Job } from '@generated/model';
import { DataTable, ListScreen, serverListOrLoadError, textColumn } from '@/components/list-screen';
import type { Column, ServerListState } from '@/components/list-screen';
import { toJobRows, type JobRow } from './job-display';
import { JobsFilters, type JobsFiltersProps } from './JobsFilters';
import { noun, t } from './messages';

export interface JobsViewProps extends JobsFiltersProps {
  list: ServerListState<Job>;
  /** Why the jobs could not be loaded (403: this admin may not see them), else null. */
  loadError: string | null;
  /** Runs a dead job again; without it (an admin who may not, jobs:write) no Retry buttons. */
  onRetry?: ((id: number) => void) | undefined;
  /** The job whose retry is under way, else null. */
  retrying: number | null;
}

const rowId = (row: JobRow) => row.id;

/** The columns; `retry` runs a dead job again, whose button waits while `retrying` is it. */
function jobColumns(
  retry: ((id: number) => void) | undefined,
  retrying: number | null,
): Column<JobRow>[] {
  const columns: Column<JobRow>[] = [
    textColumn(t('columnJob'), (row) => row.kind, {
      width: '10.5rem',
      tone: 'strong',
      card: 'title',
    }),
    {
      header: t('columnStatus'),
      width: '6.5rem',
      card: 'badge',
      cell: (row) => (
        <Badge {...row.badge} data-testid="job-status">
          {row.status}
        </Badge>
      ),
    },
    textColumn(t('columnAttempts'), (row) => row.attempts, { width: '6rem', card: 'meta' }),
    {
      header: t('columnLastError'),
      card: 'subtitle',
      // A server's message reads left to right, whatever the screen's direction.
      cell: (row) => (
        <span className="cell-text cell-muted" dir="auto" title={row.lastError}>
          {row.lastError}
        </span>
      ),
    },
    textColumn(t('columnCreated'), (row) => row.created, { width: '10rem', card: 'meta' }),
    textColumn(t('columnFinished'), (row) => row.finished, { width: '10rem', card: 'meta' }),
  ];
  if (!retry) return columns;
  return [
    ...columns,
    {
      header: t('columnActions'),
      width: '8rem',
      align: 'end',
      card: 'actions',
      cell: (row) =>
        row.retryable && (
          <button
            type="button"
            className="row-action"
            aria-label={t('retryJob', { id: String(row.id) })}
            disabled={retrying === row.id}
            onClick={() => retry(row.id)}
          >
            {t('retry')}
          </button>
        ),
    },
  ];
}

/**
 * The background jobs of /admin/jobs: what the server ran or will run, newest first, filtered by
 * status and kind, loading further pages as the table scrolls; a dead job may be retried.
 */
export function JobsView({ list, loadError, onRetry, retrying, ...filters }: JobsViewProps) {
  const rows = useMemo(() => toJobRows(list.rows ?? []), [list.rows]);
  // The columns hold the Retry buttons, hence their own props with them.
  const table = useMemo(
    () => ({
      columns: jobColumns(onRetry, retrying),
      rowKey: rowId,
      label: t('tableLabel'),
      emptyText: t('emptyText'),
      minW: '60rem',
    }),
    [onRetry, retrying],
  );

  return (
    <ListScreen
      title={t('title')}
      description={t('description')}
      filters={<JobsFilters {...filters} />}
      {...serverListOrLoadError(list, noun, t('loadFailed'), loadError)}
      loadingText={t('loading')}
    >
      <DataTable rows={rows} {...table} {...list.table} />
    </ListScreen>
  );
}
