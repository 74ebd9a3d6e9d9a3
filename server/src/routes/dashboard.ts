// Dashboard tag: the figures of the admin dashboard (orders:read, enforced before the handler).
import type { AppContext } from '../context';
import type { Handlers } from '../http/types';
import { dashboardStats } from '../services/dashboard';

export function dashboardHandlers(ctx: AppContext): Handlers {
  return {
    getDashboardStats: () => dashboardStats(ctx.db),
  };
}
