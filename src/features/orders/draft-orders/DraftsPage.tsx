import { useMemo } from 'react';
import { Link } from 'wouter';
import type { DraftOrder, ListDraftOrdersParams } from '@generated/model';
import {
  deleteDraftOrder,
  getListDraftOrdersKey,
} from '@generated/hooks/draft-orders/draft-orders';
import {
  ConfirmDialog,
  DataTable,
  figureColumn,
  ListScreen,
  searchParam,
  serverListOrUnavailable,
  textColumn,
  useDeleteConfirmation,
  useListSearch,
  useServerList,
  type Column,
  type ServerListState,
} from '@/components/list-screen';
import type { SearchInputProps } from '@/components/list-screen/states';
import { notify } from '@/components/ui/notify';
import { formatCount, formatDateTime, formatMoney } from '@/lib/format';
import { serverMessage } from '@/lib/http';
import { paths } from '@/lib/paths';
import { noun, t, useT } from './messages';

interface DraftRow {
  id: number;
  customer: string;
  lines: string;
  total: string;
  updated: string;
  href: string;
  draft: DraftOrder;
}

/** Who the draft is for: the guest's name, else the shipping name, else the e-mail. */
export function draftCustomer(d: DraftOrder): string {
  const shipping = `${d.shipping_address.first_name} ${d.shipping_address.last_name}`.trim();
  return d.guest?.name ?? (shipping || d.customer_email);
}

const toRows = (drafts: readonly DraftOrder[]): DraftRow[] =>
  drafts.map((d) => ({
    id: d.id,
    customer: draftCustomer(d),
    lines: formatCount(d.lines.length),
    total: formatMoney(d.total_amount),
    updated: formatDateTime(d.updated_at),
    href: paths.orders.draft(d.id),
    draft: d,
  }));

const columns = (onDelete: (draft: DraftOrder) => void): readonly Column<DraftRow>[] => [
  textColumn(t('columnCustomer'), (row) => row.customer, { tone: 'strong', card: 'title' }),
  figureColumn(t('columnLines'), (row) => row.lines, { width: '5rem', card: 'meta' }),
  figureColumn(t('columnTotal'), (row) => row.total, { width: '9rem', card: 'value' }),
  { header: t('columnUpdated'), width: '11rem', card: 'meta', cell: (row) => row.updated },
  {
    header: t('columnActions'),
    width: '10rem',
    align: 'end',
    card: 'actions',
    cell: (row) => (
      <>
        <Link
          href={row.href}
          className="row-action"
          aria-label={t('openDraft', { name: row.customer })}
        >
          {t('open')}
        </Link>{' '}
        <button
          type="button"
          className="row-action"
          aria-label={t('deleteDraft', { name: row.customer })}
          onClick={() => onDelete(row.draft)}
        >
          {t('delete')}
        </button>
      </>
    ),
  },
];

export interface DraftsViewProps {
  list: ServerListState<DraftOrder>;
  search: Pick<SearchInputProps, 'value' | 'onChange'>;
  /** Deletes the draft (after the confirmation); the container reports the outcome. */
  onDelete: (draft: DraftOrder) => Promise<unknown>;
}

/** The drafts an admin left (/admin/orders/drafts): open one to finish it, or delete it. */
export function DraftsView({ list, search, onDelete }: DraftsViewProps) {
  const t = useT();
  const remove = useDeleteConfirmation<DraftOrder>(onDelete);
  const { ask } = remove;
  const table = useMemo(() => columns(ask), [ask]);
  const states = serverListOrUnavailable(list, noun, t('draftsUnavailable'), 'drafts-unavailable');
  const rows = useMemo(() => toRows(list.rows ?? []), [list.rows]);
  const target = remove.target;
  return (
    <>
      <ListScreen
        title={t('draftsTitle')}
        description={t('draftsDescription')}
        search={{
          placeholder: t('draftsSearchPlaceholder'),
          label: t('draftsSearchLabel'),
          ...search,
        }}
        {...states}
        loadingText={t('loadingDrafts')}
      >
        <DataTable
          rowKey={(row) => row.id}
          columns={table}
          emptyText={t('draftsEmpty')}
          label={t('draftsTable')}
          testId="drafts-scroll"
          minW="40rem"
          rows={rows}
          {...list.table}
        />
      </ListScreen>
      <ConfirmDialog
        {...remove.dialog}
        title={t('deleteTitle')}
        confirmLabel={t('delete')}
        onConfirm={() => remove.confirm()}
      >
        {t('deleteQuestion', { name: target ? draftCustomer(target) : '' })}
      </ConfirmDialog>
    </>
  );
}

/** Container of the drafts list: the server searches and pages; a deletion is toasted. */
export function DraftsPage() {
  const { box, query, searching } = useListSearch('', { debounce: true });
  const list = useServerList<DraftOrder, ListDraftOrdersParams>({
    keyOf: getListDraftOrdersKey,
    params: { search: searchParam(query) },
    unfiltered: searching ? {} : null,
    failureToast: t('draftsLoadFailed'),
  });
  const { reload } = list;
  const onDelete = async (draft: DraftOrder) => {
    try {
      await deleteDraftOrder(draft.id);
      notify.success(t('success'), t('deleted'));
    } catch (error) {
      notify.error(t('error'), serverMessage(error, t('deleteFailed')));
    }
    await reload();
  };
  return <DraftsView list={list} search={box} onDelete={onDelete} />;
}
