import { Fragment, useMemo } from 'react';
import { DiscountStatus, type Discount } from '@generated/model';
import {
  AddButton,
  ConfirmDialog,
  DataTable,
  FilterSelect,
  filterChoices,
  ListScreen,
  paletteBadgeColumn,
  rowActionsColumn,
  serverListOrLoadError,
  useCrudDialogs,
  type Column,
  type ServerListState,
} from '@/components/list-screen';
import type { SearchInputProps } from '@/components/list-screen/states';
import { noun, t, useT } from './messages';
import {
  minimumText,
  periodText,
  scopeText,
  STATUS_PALETTES,
  statusLabel,
  usageText,
  valueText,
} from './discount-display';
import type { DiscountFormValues } from './discount-form';
import { DiscountFormDialog } from './DiscountFormDialog';

export interface DiscountsViewProps {
  list: ServerListState<Discount>;
  /** Why the list could not be loaded (the server's reason), else null. */
  loadError: string | null;
  search: Pick<SearchInputProps, 'value' | 'onChange'>;
  status: DiscountStatus | '';
  onStatusChange: (status: DiscountStatus | '') => void;
  /** Some search or filter narrows the list (an empty one offers Clear filters). */
  filtered: boolean;
  onClearFilters: () => void;
  /** discounts:write: Add, Edit and Delete; without it the list is read-only. */
  canEdit: boolean;
  /** Creates (item null) or updates; resolves true when saved (the dialog then closes). */
  onSave: (values: DiscountFormValues, item: Discount | null) => Promise<boolean>;
  /** Deletes (after the confirmation); the container reports the outcome. */
  onDelete: (discount: Discount) => Promise<unknown>;
}

const STATUS_WIDTH = { base: 'full', sm: '12rem' };
const rowId = (d: Discount) => d.id;

/** The columns; with `actions`, Edit and Delete at the end of each row. */
function discountColumns(
  actions: { edit: (d: Discount) => void; remove: (d: Discount) => void } | null,
): Column<Discount>[] {
  const columns: Column<Discount>[] = [
    {
      header: t('columnName'),
      card: 'title',
      sortKey: 'name',
      cell: (d) => (
        <span className="cell-text cell-strong" title={d.name}>
          {d.name}
        </span>
      ),
    },
    {
      header: t('columnCode'),
      width: '10rem',
      card: 'subtitle',
      sortKey: 'code',
      // A code reads left to right in every language.
      cell: (d) =>
        d.code === null ? (
          <span className="cell-text cell-muted">{t('automatic')}</span>
        ) : (
          <span className="cell-text" dir="ltr" data-testid="discount-code">
            {d.code}
          </span>
        ),
    },
    {
      header: t('columnValue'),
      width: '9rem',
      align: 'end',
      card: 'value',
      cell: (d) => <span className="cell-numeric cell-nowrap">{valueText(d)}</span>,
    },
    {
      header: t('columnScope'),
      width: '10rem',
      card: 'meta',
      cell: (d) => {
        const minimum = minimumText(d);
        return (
          <>
            <span className="cell-text">{scopeText(d)}</span>
            {minimum && <span className="cell-text cell-muted cell-small">{minimum}</span>}
          </>
        );
      },
    },
    {
      header: t('columnPeriod'),
      width: '14rem',
      card: 'meta',
      cell: (d) => <span className="cell-text">{periodText(d)}</span>,
    },
    {
      header: t('columnUsage'),
      width: '6.5rem',
      align: 'end',
      card: 'meta',
      sortKey: 'usage_count',
      cell: (d) => <span className="cell-numeric cell-nowrap">{usageText(d)}</span>,
    },
    paletteBadgeColumn(t('columnStatus'), (d) => d.status, {
      width: '7.5rem',
      palettes: STATUS_PALETTES,
      label: statusLabel,
      testId: 'discount-status',
    }),
  ];
  if (!actions) return columns;
  return [
    ...columns,
    rowActionsColumn(t('columnActions'), (d) => ({
      name: d.name,
      edit: () => actions.edit(d),
      onDelete: () => actions.remove(d),
    })),
  ];
}

/**
 * The discounts of /admin/discounts (docs/product.md, "Discounts"): the server searches, filters
 * by status, sorts and pages them; an admin with discounts:write adds, edits and deletes them.
 */
export function DiscountsView({
  list,
  loadError,
  search,
  status,
  onStatusChange,
  filtered,
  onClearFilters,
  canEdit,
  onSave,
  onDelete,
}: DiscountsViewProps) {
  const t = useT();
  const { form, openForm, remove, askDelete } = useCrudDialogs<Discount, DiscountFormValues>({
    onSave,
    onDelete,
  });
  const columns = useMemo(
    () => discountColumns(canEdit ? { edit: openForm, remove: askDelete } : null),
    [canEdit, openForm, askDelete],
  );

  return (
    <ListScreen
      title={t('title')}
      description={t('description')}
      actions={canEdit && <AddButton label={t('add')} onClick={() => openForm(null)} />}
      search={{ placeholder: t('searchPlaceholder'), label: t('searchLabel'), ...search }}
      filters={
        <FilterSelect
          label={t('filterByStatus')}
          options={filterChoices(t('allStatuses'), Object.values(DiscountStatus), statusLabel)}
          value={status}
          onChange={onStatusChange}
          width={STATUS_WIDTH}
        />
      }
      {...serverListOrLoadError(list, noun, t('loadFailed'), loadError)}
      loadingText={t('loading')}
      footer={
        canEdit && (
          <>
            <Fragment key={form.session}>
              <DiscountFormDialog
                open={form.open}
                item={form.item}
                onSubmit={form.submit}
                onClose={form.close}
              />
            </Fragment>
            <ConfirmDialog
              {...remove.dialog}
              title={t('deleteTitle')}
              confirmLabel={t('delete')}
              onConfirm={() => remove.confirm()}
            >
              {t('deleteConfirm', { name: remove.target?.name ?? '' })}
            </ConfirmDialog>
          </>
        )
      }
    >
      <DataTable
        rows={list.rows ?? []}
        columns={columns}
        rowKey={rowId}
        label={t('tableLabel')}
        emptyText={t('empty')}
        onClearFilters={filtered ? onClearFilters : undefined}
        minW="62rem"
        testId="discounts-scroll"
        {...list.table}
      />
    </ListScreen>
  );
}
