import { useGetDashboardStats } from '@generated/hooks/dashboard/dashboard';
import { useFailureToast } from '@/components/ui/notify';
import { useCan } from '@/lib/auth/permissions';
import { DashboardView } from './DashboardView';
import { t } from './messages';

/**
 * Dashboard (/admin, every role): the figures the server computes over the whole shop
 * (getDashboardStats, orders:read: not shown to the others) and the quick actions the admin's role
 * allows.
 */
export function DashboardPage() {
  const can = useCan();
  const showStats = can('orders:read');
  const stats = useGetDashboardStats({ swr: { enabled: showStats } });
  const failed = Boolean(stats.error);
  useFailureToast(failed, t('loadFailed'));
  return (
    <DashboardView
      stats={stats.data}
      loading={!stats.data && !failed}
      showStats={showStats}
      actions={{
        addProduct: can('products:write'),
        viewOrders: can('orders:read'),
        manageCategories: can('catalogue:read'),
      }}
    />
  );
}
