import { preload } from 'swr';
import { getDashboardStats, getGetDashboardStatsKey } from '@generated/hooks/dashboard/dashboard';

/** Starts the dashboard's request (the route table, while the screen's code loads). */
export const preloadDashboard = () =>
  void preload(getGetDashboardStatsKey(), () => getDashboardStats());
