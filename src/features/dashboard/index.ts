import { preload } from 'swr';
import { getDashboardStats, getGetDashboardStatsKey } from '@generated/hooks/dashboard/dashboard';
import { can } from '@/lib/auth/permissions';
import { authStore } from '@/lib/auth/store';

/** Starts the dashboard's request (the route table, while the screen's code loads). */
export function preloadDashboard(): void {
  // The figures need orders:read: a known admin without it is not shown them.
  if (authStore.user && !can('orders:read')) return;
  // The hook that takes the request sees its failure; this only keeps it from being unhandled.
  preload(getGetDashboardStatsKey(), () => getDashboardStats()).catch(() => undefined);
}
