import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { ListRemittancesParams, Remittance } from '@generated/model';
import { getListAdminOrdersKey } from '@generated/hooks/orders/orders';
import { getListRemittancesKey } from '@generated/hooks/payments/payments';
import { useServerList } from '@/components/list-screen';
import { usePermission } from '@/lib/auth/permissions';
import { shopToday } from './payment-form';
import { useRecordRemittance } from './use-record-remittance';
import { RemittancesView } from './RemittancesView';
import { t } from './messages';

const NO_PARAMS: ListRemittancesParams = {};

/**
 * The remittances screen: the server's list, and New remittance from the carrier's file
 * (importRemittance) or from orders typed in (createRemittance). Refused lines stay in the dialog
 * (nothing was recorded); once recorded, the list and the orders' payment status are read again.
 */
export function RemittancesPage() {
  const list = useServerList<Remittance, ListRemittancesParams>({
    keyOf: getListRemittancesKey,
    params: NO_PARAMS,
    unfiltered: null,
    failureToast: t('loadRemittancesFailed'),
  });
  const canWrite = usePermission('payments:write');
  const [open, setOpen] = useState(false);
  const { cache } = useSWRConfig();
  const { reload } = list;

  const submit = useRecordRemittance(
    useCallback(() => {
      setOpen(false);
      void reload();
      // The orders lists are not shown here: drop their cached pages (their payment status
      // changed) so that the list screen loads them again. SWR's keys hold the URL as JSON.
      const marker = JSON.stringify(getListAdminOrdersKey()[0]);
      for (const key of [...cache.keys()]) if (key.includes(marker)) cache.delete(key);
    }, [reload, cache]),
  );

  return (
    <RemittancesView
      list={list}
      onNew={canWrite ? () => setOpen(true) : undefined}
      dialog={{ open, today: shopToday(), onSubmit: submit, onClose: () => setOpen(false) }}
    />
  );
}
