// Shopping through the API as a buyer (a guest cart by session, or a signed-in customer):
// cart lines, checkout and placed orders, shared by the cart, checkout, order, stock and VAT
// tests. Also the one reset of the shop's tables between tests.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { beforeEach, expect } from 'vitest';
import type { Database, NewProduct, NewVariant, OrderStatus } from '../src/db/schema';
import { OrderStatus as ContractOrderStatus } from '../../generated/model';
import type { Schemas } from './contract';
import type { TestApp } from './app';
import {
  deleteAll,
  insertCustomer,
  insertSimpleProduct,
  insertVatRate,
  type NewCustomer,
} from './fixtures';
import { expectResponseMatches } from './openapi-validator';

export type Order = Schemas['Order'];

/** The order moved `from` → `to` last, with `note`: its status and its history's last entry. */
export function expectMovedTo(
  order: Order,
  to: Order['status'],
  from: Order['status'],
  note: string | null,
) {
  expect(order.status).toBe(to);
  expect(order.status_history.at(-1)).toMatchObject({ from_status: from, to_status: to, note });
}

/** Every status an order can have, as the contract lists them. */
export const ORDER_STATUSES: readonly OrderStatus[] = Object.values(ContractOrderStatus);

/** Whose cart: a guest's session, or a customer's bearer header. */
export interface Buyer {
  session?: string;
  headers?: Record<string, string>;
}

/** A valid postal address (of an address book entry or a shipment). */
export const POSTAL_ADDRESS = {
  first_name: 'Jane',
  last_name: 'Doe',
  street_address: '12 Avenue Habib Bourguiba',
  city: 'Tunis',
  postal_code: '1000',
  country: 'TN',
  phone: '+216 71 000 000',
};

/** A valid shipping address; pass what the test is about. */
export const shippingAddress = (overrides: Record<string, unknown> = {}) => ({
  ...POSTAL_ADDRESS,
  email: 'jane@example.com',
  ...overrides,
});

/** The guest address of the order and stock tests. */
export const GUEST_ADDRESS = shippingAddress({
  street_address: '1 Rue de Marseille',
  email: 'guest@example.com',
});

/**
 * A French business with a valid VAT number, so its order is reverse-charged: the fields of the
 * checkout's (or the staff order's) body, and the country its address ships to.
 */
export const REVERSE_CHARGE_BUYER = {
  body: {
    customer_type: 'professional',
    vat_number: 'FR40303265045',
    customer_country_code: 'FR',
  },
  country: 'FR',
} as const;

const query = (buyer: Buyer) => (buyer.session ? `?session_id=${buyer.session}` : '');

export const addToCart = (app: FastifyInstance, buyer: Buyer, item: object) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/cart/items${query(buyer)}`,
    headers: buyer.headers ?? {},
    payload: item,
  });

/** createOrder for this buyer's cart: cash on delivery to GUEST_ADDRESS unless the body says. */
export const checkout = (app: FastifyInstance, buyer: Buyer, body: object = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/orders/${query(buyer)}`,
    headers: buyer.headers ?? {},
    payload: { payment_method: 'cash_on_delivery', shipping_address: GUEST_ADDRESS, ...body },
  });

/**
 * Puts these lines in the buyer's cart and checks out: the failing answer when a line cannot be
 * added, else the checkout's answer.
 */
export async function checkoutLines(
  app: FastifyInstance,
  buyer: Buyer,
  lines: { productId: number; quantity: number }[],
  body: object = {},
): Promise<LightMyRequestResponse> {
  for (const l of lines) {
    const res = await addToCart(app, buyer, { product_id: l.productId, quantity: l.quantity });
    if (res.statusCode !== 201) return res;
  }
  return checkout(app, buyer, body);
}

/** An order placed through the API (201, checked against the contract). */
export async function placeOrder(...args: Parameters<typeof checkoutLines>): Promise<Order> {
  const res = await checkoutLines(...args);
  expect(res.statusCode, res.body).toBe(201);
  return expectResponseMatches<Order>('createOrder', res);
}

/** Empties every table a shop test fills (children before parents). */
export const clearShop = (db: Kysely<Database>) =>
  deleteAll(db, [
    // Staff orders name customers, variants and admins.
    'draft_orders',
    'stock_movements',
    // Payments name their credit note and remittance: they go before both.
    'order_payments',
    'payment_remittances',
    // A return names its credit note: it goes before the documents.
    'order_returns',
    'invoices',
    'document_counters',
    'orders',
    'order_number_counters',
    'carts',
    // Discounts (#29): the orders that name them are gone; their links go with them.
    'discounts',
    'customers',
    'variants',
    'products',
    'categories',
    'vat_rates',
  ]);

/** An empty shop with a default rate for TN (19 %, returned) and for FR (20 %). */
export async function resetShop(db: Kysely<Database>) {
  await clearShop(db);
  const tn19 = await insertVatRate(db, { rate_bp: 1900, country_code: 'TN', is_default: 1 });
  await insertVatRate(db, { rate_bp: 2000, country_code: 'FR', is_default: 1 });
  return tn19;
}

/**
 * A line of two units of a product at 20.000 incl. 19 % VAT (its price's basis), as the checkout
 * and the staff order both price it: the net unit price rounded from the gross, no discount.
 */
export const TWO_UNITS_AT_20_INCL_19 = {
  quantity: 2,
  unit_price: '16.807',
  unit_price_incl_vat: '20.000',
  vat_rate: 19,
  vat_amount: '6.387',
  total_price: '33.613',
  total_price_incl_vat: '40.000',
  discount_amount: '0.000',
} as const;

/** A customer account and its bearer header. */
export async function signedInCustomer(t: TestApp, values: Partial<NewCustomer> = {}) {
  const row = await insertCustomer(t.database.db, values);
  return { id: row.id, email: row.email, headers: await t.customerAuth(row.id) };
}

/**
 * Every test of the block starts on resetShop; `tn19` is that test's TN rate (its row: id, name…),
 * `simple` a simple product on it (stock 10 unless told), `customer` a signed-in customer.
 */
export function useShop(t: TestApp) {
  let tn19: Awaited<ReturnType<typeof resetShop>> | undefined;
  beforeEach(async () => {
    tn19 = await resetShop(t.database.db);
  });
  const rate = () => {
    if (!tn19) throw new Error('The shop is reset only while tests run');
    return tn19;
  };
  return {
    get tn19() {
      return rate();
    },
    simple: (product: Partial<NewProduct> = {}, variant: Partial<NewVariant> = {}) =>
      insertSimpleProduct(t.database.db, { vat_rate_id: rate().id, ...product }, variant),
    customer: (values: Partial<NewCustomer> = {}) => signedInCustomer(t, values),
  };
}

/** A variant's stock as stored. */
export async function stockOf(db: Kysely<Database>, variantId: number): Promise<number> {
  const row = await db
    .selectFrom('variants')
    .select('stock_quantity')
    .where('id', '=', variantId)
    .executeTakeFirstOrThrow();
  return Number(row.stock_quantity);
}

/** The answer to cancelling an order that has gone too far. */
export const NOT_CANCELLABLE = 'Only pending, confirmed or processing orders can be cancelled';

/**
 * A list read page by page (`pageSize` rows each, 200 checked against the operation), with the
 * X-Total-Count every page gave: a stable order gives every row exactly once.
 */
export async function readPages<T>(
  app: FastifyInstance,
  operationId: string,
  request: { url: string; headers?: Record<string, string> },
  pageSize: number,
): Promise<{ rows: T[]; totals: string[] }> {
  const rows: T[] = [];
  const totals: string[] = [];
  const separator = request.url.includes('?') ? '&' : '?';
  for (let skip = 0; ; skip += pageSize) {
    const res = await app.inject({
      method: 'GET',
      url: `${request.url}${separator}skip=${skip}&limit=${pageSize}`,
      headers: request.headers ?? {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = expectResponseMatches<T[]>(operationId, res);
    totals.push(String(res.headers['x-total-count']));
    rows.push(...page);
    if (page.length < pageSize) return { rows, totals };
  }
}

/** Each query of the operation's URL is refused with 422, its first issue on that parameter. */
export async function expectQueryRefused(
  app: FastifyInstance,
  operationId: string,
  request: { url: string; headers: Record<string, string> },
  cases: readonly (readonly [query: string, parameter: string])[],
): Promise<void> {
  for (const [query, parameter] of cases) {
    const res = await app.inject({
      method: 'GET',
      url: `${request.url}?${query}`,
      headers: request.headers,
    });
    expect(res.statusCode, query).toBe(422);
    expect(
      expectResponseMatches<Schemas['ValidationErrorBody']>(operationId, res).detail[0]?.loc,
    ).toEqual(['query', parameter]);
  }
}
