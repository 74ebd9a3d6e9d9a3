// Shipping zones and methods (#36) made through the admin API for the tests of what orders do
// with them (tracking links, the orders filter, the CSV, staff orders): each test starts without
// any (a shop at the flat rate), and adds what it is about.
import { beforeEach, expect } from 'vitest';
import type { Schemas } from '../src/api/types';
import { useAdminAccount, type TestApp } from './app';
import { expectStatus } from './contract';

type Zone = Schemas['ShippingZone'];
type Method = Schemas['ShippingMethod'];

/** La Poste's tracking page, as a method's tracking_url_template. */
export const POSTE_TEMPLATE = 'https://www.poste.tn/suivi?code={tracking_number}';

/** A method's names in the three languages, from its English name. */
export const methodNames = (en: string) => ({ en, fr: `${en} (fr)`, ar: `${en} (ar)` });

export function useShippingMethods(t: TestApp) {
  const admin = useAdminAccount(t, 'admin');
  beforeEach(async () => {
    // Orders and carts keep their method's id only until it goes (on delete set null).
    await t.database.db.deleteFrom('shipping_methods').execute();
    await t.database.db.deleteFrom('shipping_zones').execute();
  });
  return {
    /** A zone of these countries (and TN governorates), created through the API. */
    async zone(countries: string[] = ['TN'], governorates: string[] = []): Promise<Zone> {
      const res = await t.request('createShippingZone', {
        method: 'POST',
        url: '/api/v1/admin/shipping-zones/',
        headers: admin.headers,
        // Zone names are unique: the countries and a random suffix.
        payload: {
          name: `${countries.join('+')} ${Math.random().toString(36).slice(2, 8)}`,
          countries,
          governorates,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return expectStatus<Zone>(res, 201, 'createShippingZone');
    },

    /**
     * A method delivering to these zones, created through the API: a flat rate unless the body
     * says otherwise (ShippingMethodInput; the name from its English one).
     */
    async method(en: string, zoneIds: number[], body: Record<string, unknown> = {}) {
      const res = await t.request('createShippingMethod', {
        method: 'POST',
        url: '/api/v1/admin/shipping-methods/',
        headers: admin.headers,
        payload: {
          name: methodNames(en),
          zone_ids: zoneIds,
          rate_kind: 'flat',
          flat_price: '7.000',
          ...body,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return expectStatus<Method>(res, 201, 'createShippingMethod');
    },

    /** Changes a method through the API (updateShippingMethod). */
    async update(id: number, body: Record<string, unknown>): Promise<Method> {
      const res = await t.request('updateShippingMethod', {
        method: 'PATCH',
        url: `/api/v1/admin/shipping-methods/${id}`,
        headers: admin.headers,
        payload: body,
      });
      return expectStatus<Method>(res, 200, 'updateShippingMethod');
    },

    /** Deletes a method through the API (deleteShippingMethod). */
    async remove(id: number): Promise<void> {
      const res = await t.request('deleteShippingMethod', {
        method: 'DELETE',
        url: `/api/v1/admin/shipping-methods/${id}`,
        headers: admin.headers,
      });
      expect(res.statusCode, res.body).toBe(204);
    },
  };
}
