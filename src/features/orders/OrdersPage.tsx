import { useLocation, useSearch } from 'wouter';
import { useListAdminOrders } from '@generated/hooks/orders/orders';
import { useFailureToast } from '@/components/ui/notify';
import { LIST_PARAMS } from '@/lib/list-params';
import { OrdersListView } from './OrdersListView';
import { paths } from '@/lib/paths';

/** Orders list (/admin/orders[?email=…]): loads the orders, toasts a load failure. */
export function OrdersPage() {
  const orders = useListAdminOrders(LIST_PARAMS);
  const email = new URLSearchParams(useSearch()).get('email');
  const [, navigate] = useLocation();
  const failed = Boolean(orders.error);

  useFailureToast(failed, 'Failed to load orders');

  return (
    <OrdersListView
      orders={orders.data}
      loading={orders.isLoading}
      failed={failed}
      onRetry={() => void orders.mutate()}
      email={email}
      onClearEmail={() => navigate(paths.orders.list)}
    />
  );
}
