import { useState } from 'react';
import type { Discount, DiscountSort, DiscountStatus, ListDiscountsParams } from '@generated/model';
import {
  createDiscount,
  deleteDiscount,
  getListDiscountsKey,
  updateDiscount,
} from '@generated/hooks/discounts/discounts';
import { searchParam, useListSearch, useListSort, useServerList } from '@/components/list-screen';
import { notify, withToasts } from '@/components/ui/notify';
import { usePermission } from '@/lib/auth/permissions';
import { ApiError, serverMessage } from '@/lib/http';
import { toDiscountCreate, toDiscountUpdate, type DiscountFormValues } from './discount-form';
import { DiscountsView } from './DiscountsView';
import { t } from './messages';

/**
 * Container of /admin/discounts: the server searches (debounced), filters by status, sorts and
 * pages; saves and deletions are toasted and reload the list. A deletion the server refuses
 * because orders used the discount (409) says so and offers to deactivate it instead.
 */
export function DiscountsPage() {
  const { box, query, searching } = useListSearch('', { debounce: true });
  const [status, setStatus] = useState<DiscountStatus | ''>('');
  const sorting = useListSort<string, DiscountSort>();
  const filtered = searching || status !== '';
  const list = useServerList<Discount, ListDiscountsParams>({
    keyOf: getListDiscountsKey,
    params: { search: searchParam(query), status: status || undefined, sort: sorting.param },
    unfiltered: filtered ? { sort: sorting.param } : null,
    sorting,
  });
  const { reload, error } = list;
  const canEdit = usePermission('discounts:write');

  async function onSave(values: DiscountFormValues, item: Discount | null): Promise<boolean> {
    const saved = await withToasts(
      () =>
        item
          ? updateDiscount(item.id, toDiscountUpdate(values))
          : createDiscount(toDiscountCreate(values)),
      item
        ? { success: t('updated'), failure: t('updateFailed') }
        : { success: t('created'), failure: t('createFailed') },
    );
    if (saved) void reload();
    return saved;
  }

  async function deactivate(discount: Discount): Promise<void> {
    if (
      await withToasts(() => updateDiscount(discount.id, { is_active: false }), {
        success: t('deactivated'),
        failure: t('updateFailed'),
      })
    )
      void reload();
  }

  async function onDelete(discount: Discount): Promise<void> {
    try {
      await deleteDiscount(discount.id);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409)
        notify.error(t('errorTitle'), t('deleteRefused', { name: discount.name }), {
          label: t('deactivate'),
          onClick: () => void deactivate(discount),
        });
      else notify.error(t('errorTitle'), serverMessage(failure, t('deleteFailed')));
      return;
    }
    notify.success(t('successTitle'), t('deleted'));
    void reload();
  }

  return (
    <DiscountsView
      list={list}
      loadError={error ? serverMessage(error, t('loadFailed')) : null}
      search={box}
      status={status}
      onStatusChange={setStatus}
      filtered={filtered}
      onClearFilters={() => {
        box.onChange('');
        setStatus('');
      }}
      canEdit={canEdit}
      onSave={onSave}
      onDelete={onDelete}
    />
  );
}
