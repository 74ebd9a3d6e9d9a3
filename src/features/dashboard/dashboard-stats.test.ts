import { describe, expect, it } from 'vitest';
import { orders, products } from '@mocks/fixtures';
import { computeDashboardStats } from './dashboard-stats';

const order = (id: number, total_amount: string | number | null) =>
  ({ id, total_amount }) as { id: number; total_amount: string };

describe('computeDashboardStats', () => {
  it('is all zero without data', () => {
    expect(computeDashboardStats([], [])).toEqual({
      totalProducts: 0,
      totalOrders: 0,
      totalCustomers: 0,
      totalRevenue: '0.000',
    });
  });

  it('counts the fixtures and adds every order total (cancelled ones too)', () => {
    expect(computeDashboardStats(products, orders)).toEqual({
      totalProducts: 6,
      totalOrders: 5,
      totalCustomers: 5,
      // 124.670 + 281.920 + 231.550 + 66.500 + 56.980
      totalRevenue: '761.620',
    });
  });

  it('adds amounts exactly (no floating-point drift)', () => {
    const stats = computeDashboardStats(
      [],
      [order(1, '0.1'), order(2, '0.2'), order(3, '1000.005')],
    );
    expect(stats.totalRevenue).toBe('1000.305');
  });

  it('accepts numeric totals and counts unreadable ones as 0', () => {
    const stats = computeDashboardStats([], [order(1, 12.5), order(2, 'n/a'), order(3, null)]);
    expect(stats.totalRevenue).toBe('12.500');
    expect(stats.totalOrders).toBe(3);
  });

  it('counts customers as distinct order ids', () => {
    const stats = computeDashboardStats([], [order(1, '1'), order(2, '1'), order(2, '1')]);
    expect(stats.totalOrders).toBe(3);
    expect(stats.totalCustomers).toBe(2);
  });
});
