import { useLocation, useSearch } from 'wouter';
import {
  useGetDashboardStats,
  useGetDashboardSummary,
  useGetRecentActivity,
} from '@generated/hooks/dashboard/dashboard';
import { useGetShopSettings } from '@generated/hooks/settings/settings';
import { useFailureToast } from '@/components/ui/notify';
import { useCan } from '@/lib/auth/permissions';
import { paths } from '@/lib/paths';
import {
  queryOfSearch,
  searchOfQuery,
  summaryParams,
  type DashboardQuery,
} from './dashboard-query';
import { DashboardView } from './DashboardView';
import { t } from './messages';

/** How many lines Recent Activity shows. */
export const ACTIVITY_LIMIT = 10;

/**
 * Dashboard (/admin[?period=…], every role): the figures the server computes over the whole shop
 * (getDashboardStats) and over the period of the address (getDashboardSummary: the change against
 * the previous period, the sales chart, the To do), and Recent Activity (getRecentActivity: the
 * audit entries only for the roles that may read the log, the server decides) — all orders:read,
 * not shown to the others; the quick actions the admin's role allows; for admins who may change
 * the settings, a notice while invoices wait for the shop's legal details.
 */
export function DashboardPage() {
  const can = useCan();
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = queryOfSearch(search);
  const showStats = can('orders:read');
  const stats = useGetDashboardStats({ swr: { enabled: showStats } });
  const params = summaryParams(query);
  const summary = useGetDashboardSummary(params ?? undefined, {
    swr: { enabled: showStats && params !== null },
  });
  const activity = useGetRecentActivity({ limit: ACTIVITY_LIMIT }, { swr: { enabled: showStats } });
  // Who may set the shop's legal details is told when invoices wait for them (docs/product.md).
  const canSetUp = can('settings:write');
  const settings = useGetShopSettings({ swr: { enabled: canSetUp } });
  const failed = Boolean(stats.error);
  // One toast whichever of the dashboard's requests failed.
  useFailureToast(failed || Boolean(summary.error) || Boolean(activity.error), t('loadFailed'));
  // The period lives in the address: a reload or a shared link shows the same figures.
  const changeQuery = (next: DashboardQuery) =>
    navigate(`${paths.admin.dashboard}${searchOfQuery(next)}`, { replace: true });
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
      query={query}
      onQueryChange={changeQuery}
      // A custom period being typed has no figures until both of its days are in.
      summary={params === null ? undefined : summary.data}
      activity={showStats && !activity.data && !activity.error ? 'loading' : activity.data?.items}
      todoTargets={{
        orders: can('orders:read'),
        products: can('catalogue:read'),
        settings: canSetUp,
        webhooks: can('webhooks:manage'),
      }}
    />
  );
}
