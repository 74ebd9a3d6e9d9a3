import { useLocation, useSearch } from 'wouter';
import { paths } from '@/lib/paths';
import { OrdersListView } from './OrdersListView';
import { useOrdersList } from './use-orders-list';

/** Orders list (/admin/orders[?email=…]): loads the orders, toasts a load failure. */
export function OrdersPage() {
  const list = useOrdersList('Failed to load orders');
  const email = new URLSearchParams(useSearch()).get('email');
  const [, navigate] = useLocation();
  return (
    <OrdersListView {...list} email={email} onClearEmail={() => navigate(paths.orders.list)} />
  );
}
