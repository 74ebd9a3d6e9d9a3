import { useListAdminOrders } from '@generated/hooks/orders/orders';
import { useListAdminProducts } from '@generated/hooks/products/products';
import { useFailureToast } from '@/components/ui/notify';
import { LIST_PARAMS } from '@/lib/list-params';
import { computeDashboardStats } from './dashboard-stats';
import { DashboardView } from './DashboardView';

/** Dashboard (/admin): fetches products and orders, then shows the figures. */
export function DashboardPage() {
  const products = useListAdminProducts(LIST_PARAMS);
  const orders = useListAdminOrders(LIST_PARAMS);
  const failed = Boolean(products.error || orders.error);

  useFailureToast(failed, 'Failed to load dashboard stats');

  const stats =
    products.data && orders.data ? computeDashboardStats(products.data, orders.data) : undefined;
  return <DashboardView stats={stats} loading={!stats && !failed} />;
}
