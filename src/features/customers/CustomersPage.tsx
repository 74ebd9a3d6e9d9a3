import { useEffect } from 'react';
import { useListAdminOrders } from '@generated/hooks/orders/orders';
import { notify } from '@/components/ui/notify';
import { LIST_PARAMS } from '@/lib/list-params';
import { CustomersView } from './CustomersView';

/** Customers overview (/admin/customers): derived from the orders (spec §3, §7). */
export function CustomersPage() {
  const orders = useListAdminOrders(LIST_PARAMS);
  const failed = Boolean(orders.error);

  // Once per failure, not on each automatic retry: the flag only turns true again after a success.
  useEffect(() => {
    if (failed) notify.error('Error', 'Failed to load customer data');
  }, [failed]);

  return (
    <CustomersView
      orders={orders.data}
      loading={orders.isLoading}
      failed={failed}
      onRetry={() => void orders.mutate()}
    />
  );
}
