import type { DashboardStats } from '@generated/model';
import { orders, products } from '../fixtures';
import { statsOf } from '../fixtures/customers';
import { endpoint, json } from './endpoint';

export const dashboard = {
  /** GET /admin/stats/: the figures (default: those of the product and order fixtures). */
  stats: endpoint(
    'get',
    '/admin/stats/',
    (stats: DashboardStats = statsOf(products, orders)) =>
      () =>
        json(stats),
  ),
};
