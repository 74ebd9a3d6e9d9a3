import { preload } from 'swr';
import { getDashboardStats, getGetDashboardStatsKey } from '@generated/hooks/dashboard/dashboard';

/** Starts the dashboard's request (the route table, while the screen's code loads). */
export function preloadDashboard(): void {
  // The hook that takes the request sees its failure; this only keeps it from being unhandled.
  preload(getGetDashboardStatsKey(), () => getDashboardStats()).catch(() => undefined);
}
