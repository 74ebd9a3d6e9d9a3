import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { useLocation, useParams } from 'wouter';
import type { AdminCustomerUpdate } from '@generated/model';
import {
  eraseAdminCustomer,
  exportAdminCustomer,
  getListAdminCustomersKey,
  updateAdminCustomer,
  useGetAdminCustomer,
} from '@generated/hooks/customers/customers';
import { notify, useFailureToast } from '@/components/ui/notify';
import { usePermission } from '@/lib/auth/permissions';
import { downloadFile } from '@/lib/download';
import { ApiError, serverMessage } from '@/lib/http';
import { paths } from '@/lib/paths';
import { CustomerDetailView } from './CustomerDetailView';
import { t } from './messages';

/** A key of the contract's form (CustomerKey); another cannot exist: no request, not found. */
const KEY = /^(a[1-9][0-9]{0,15}|g[A-Za-z0-9_-]{2,399})$/;

/**
 * Customer detail (/admin/customers/{key}): loads the person (getAdminCustomer); saves name,
 * phone, notes and tags (customers:write); downloads and erases their data
 * (customers:personal_data).
 */
export function CustomerDetailPage() {
  const { key = '' } = useParams<{ key: string }>();
  const valid = KEY.test(key);
  const customer = useGetAdminCustomer(valid ? key : '');
  const { cache, mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  const [exporting, setExporting] = useState<'json' | 'csv' | null>(null);
  const canWrite = usePermission('customers:write');
  const canPersonalData = usePermission('customers:personal_data');

  const notFound = !valid || (customer.error instanceof ApiError && customer.error.status === 404);
  const failed = Boolean(customer.error) && !notFound;
  useFailureToast(failed, t('loadCustomerFailed'));

  /**
   * The customers list's cached pages (keys holding its URL as JSON text, pages and infinite
   * lists alike) name the erased person: each is forgotten (SWR's mutate without data also drops
   * its in-flight marker, so a list mounted right after is not served a deduped old request),
   * then deleted, so the list is asked again when shown.
   */
  const forgetList = async () => {
    const marker = JSON.stringify(getListAdminCustomersKey()[0]);
    for (const cached of [...cache.keys()]) {
      if (!cached.includes(marker)) continue;
      await mutate(cached);
      cache.delete(cached);
    }
  };

  const save = async (changes: AdminCustomerUpdate) => {
    try {
      const updated = await updateAdminCustomer(key, changes);
      await customer.mutate(updated, { revalidate: false });
    } catch (error) {
      notify.error(t('error'), serverMessage(error, t('saveFailed')));
      return false;
    }
    notify.success(t('success'), t('saved'));
    return true;
  };

  const exportData = async (format: 'json' | 'csv') => {
    setExporting(format);
    try {
      await downloadFile(
        // Asked as a blob, the answer is the file whichever format it is.
        (options) =>
          exportAdminCustomer(
            key,
            { format },
            { ...options, responseType: 'blob' },
          ) as Promise<Blob>,
        `customer-${key}.${format}`,
      );
    } catch (error) {
      notify.error(t('error'), serverMessage(error, t('exportFailed')));
    } finally {
      setExporting(null);
    }
  };

  const erase = async (confirmEmail: string) => {
    try {
      await eraseAdminCustomer(key, { confirm_email: confirmEmail });
    } catch (error) {
      notify.error(t('error'), serverMessage(error, t('eraseFailed')));
      return false;
    }
    notify.success(t('success'), t('erased'));
    await forgetList();
    navigate(paths.customers.list);
    return true;
  };

  return (
    <CustomerDetailView
      customer={customer.data}
      loading={customer.isLoading}
      notFound={notFound}
      failed={failed}
      onRetry={() => void customer.mutate()}
      onSave={canWrite ? save : undefined}
      onExport={canPersonalData ? (format) => void exportData(format) : undefined}
      exporting={exporting}
      onErase={canPersonalData ? erase : undefined}
    />
  );
}
