import { useGetDashboardStats } from '@generated/hooks/dashboard/dashboard';
import { useFailureToast } from '@/components/ui/notify';
import { DashboardView } from './DashboardView';
import { t } from './messages';

/** Dashboard (/admin): the figures the server computes over the whole shop (getDashboardStats). */
export function DashboardPage() {
  const stats = useGetDashboardStats();
  const failed = Boolean(stats.error);
  useFailureToast(failed, t('loadFailed'));
  return <DashboardView stats={stats.data} loading={!stats.data && !failed} />;
}
