import { useListAdminOrders } from '@generated/hooks/orders/orders';
import { useFailureToast } from '@/components/ui/notify';
import { LIST_PARAMS } from '@/lib/list-params';
import { CustomersView } from './CustomersView';

/** Customers overview (/admin/customers): derived from the orders (spec §3, §7). */
export function CustomersPage() {
  const orders = useListAdminOrders(LIST_PARAMS);
  const failed = Boolean(orders.error);

  useFailureToast(failed, 'Failed to load customer data');

  return (
    <CustomersView
      orders={orders.data}
      loading={orders.isLoading}
      failed={failed}
      onRetry={() => void orders.mutate()}
    />
  );
}
