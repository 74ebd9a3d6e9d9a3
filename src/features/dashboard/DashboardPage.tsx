import { useGetDashboardStats } from '@generated/hooks/dashboard/dashboard';
import { useGetShopSettings } from '@generated/hooks/settings/settings';
import { useFailureToast } from '@/components/ui/notify';
import { useCan } from '@/lib/auth/permissions';
import { DashboardView } from './DashboardView';
import { t } from './messages';

/**
 * Dashboard (/admin, every role): the figures the server computes over the whole shop
 * (getDashboardStats, orders:read: not shown to the others) and the quick actions the admin's role
 * allows; for admins who may change the settings, a notice while invoices wait for the shop's
 * legal details.
 */
export function DashboardPage() {
  const can = useCan();
  const showStats = can('orders:read');
  const stats = useGetDashboardStats({ swr: { enabled: showStats } });
  // Who may set the shop's legal details is told when invoices wait for them (docs/product.md).
  const canSetUp = can('settings:write');
  const settings = useGetShopSettings({ swr: { enabled: canSetUp } });
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
      invoicesBlocked={canSetUp && (settings.data?.missing_for_invoices.length ?? 0) > 0}
    />
  );
}
