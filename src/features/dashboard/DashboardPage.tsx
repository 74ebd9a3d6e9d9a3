import { useGetDashboardStats } from '@generated/hooks/dashboard/dashboard';
import { useFailureToast } from '@/components/ui/notify';
import { DashboardView } from './DashboardView';

/** Dashboard (/admin): the figures the server computes over the whole shop (getDashboardStats). */
export function DashboardPage() {
  const stats = useGetDashboardStats();
  const failed = Boolean(stats.error);
  useFailureToast(failed, 'Failed to load dashboard stats');
  return <DashboardView stats={stats.data} loading={!stats.data && !failed} />;
}
