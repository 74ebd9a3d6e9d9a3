// The set-up of the tests that change placed orders (order-edits.test.ts, order-returns.test.ts;
// issue #28): an app whose shipping is a flat 7.000, the shop of useShop, complete shop settings
// (so that documents are issued), the three admin roles these tests act as, and the admin
// reads of an order the tests check after each change, each validated against the contract.
import { beforeEach, expect } from 'vitest';
import type { DialectName } from '../src/db/database';
import type { Schemas } from '../src/api/types';
import { useAdminAccount, useTestApp } from './app';
import { expectStatus } from './contract';
import { completeShopSettings, resetShopSettings, type Invoice } from './invoices';
import { useShop, type Order } from './shop';
import { stockShop } from './stock';

export function useOrderDesk(dialect: DialectName) {
  const t = useTestApp(dialect, { config: { shippingFlatRateMillimes: 7_000 } });
  const shop = useShop(t);
  const support = useAdminAccount(t, 'support');
  const inventory = useAdminAccount(t, 'inventory_manager');
  const admin = useAdminAccount(t, 'admin');
  beforeEach(async () => {
    await resetShopSettings(t.database.db);
    await completeShopSettings(t.database.db);
  });

  const api = () => stockShop(t, admin.headers);

  /** A GET of one of the order's admin resources, as support staff: 200, per the contract. */
  const read =
    <T>(operationId: string, resource: string) =>
    async (id: number) =>
      expectStatus<T>(
        await t.request(operationId, {
          method: 'GET',
          url: `/api/v1/admin/orders/${id}${resource}`,
          headers: support.headers,
        }),
        200,
        operationId,
      );

  /** A POST to one of the order's admin resources, as support staff unless told. */
  const post =
    (operationId: string, resource: string) =>
    (id: number, payload: unknown, headers = support.headers) =>
      t.request(operationId, {
        method: 'POST',
        url: `/api/v1/admin/orders/${id}${resource}`,
        headers,
        payload,
      });

  return {
    t,
    shop,
    support,
    inventory,
    admin,
    /** The stock shop driven through the API as an admin (products, checkouts, statuses). */
    api,
    /** A guest's order of these lines (201), then moved to `status` unless that is pending. */
    place: async (
      lines: { productId: number; quantity: number }[],
      status?: Order['status'],
    ): Promise<Order> => {
      const res = await api().checkout(lines);
      expect(res.statusCode, res.body).toBe(201);
      const placed = res.json<Order>();
      if (status && status !== 'pending') {
        expect((await api().status(placed.id, status)).statusCode).toBe(200);
      }
      return placed;
    },
    post,
    getOrder: read<Order>('getAdminOrder', ''),
    documents: read<Invoice[]>('listOrderInvoices', '/invoices'),
    timeline: read<Schemas['OrderTimelineEvent'][]>('getOrderTimeline', '/timeline'),
    returnsOf: read<Schemas['OrderReturn'][]>('listOrderReturns', '/returns'),
  };
}
