// Stock-ledger helpers shared by the order/stock tests and the demo seed test: the invariant
// stock = Σ movements, and a small shop driven through the API (products with inventory, guest
// checkouts, guests' staff orders, status changes, cancellations, adjustments).
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database, OrderStatus } from '../src/db/schema';
import type { TestApp } from './app';
import type { Schemas } from './contract';
import { injectJson, type TestRequest } from './openapi-validator';
import { checkoutLines, shippingAddress, stockOf } from './shop';
import { statusesWhere } from '../../contract/order-status';
import { isStockCounted, productStock } from '../src/domain/inventory';

export interface LedgerMismatch {
  variant_id: number;
  stock_quantity: number;
  movements_sum: number;
}

/**
 * Each product's stock_quantity and stock_state as kept (by the triggers of migration 026), and
 * as the rule of domain/inventory.ts says from its variants as they are, by product id.
 */
export async function productStockColumns(db: Kysely<Database>) {
  const [products, variants] = await Promise.all([
    db
      .selectFrom('products')
      .select(['id', 'has_variants', 'stock_quantity', 'stock_state'])
      .orderBy('id')
      .execute(),
    db.selectFrom('variants').selectAll().execute(),
  ]);
  return products.map((p) => ({
    product_id: p.id,
    kept: {
      quantity: p.stock_quantity === null ? null : Number(p.stock_quantity),
      state: p.stock_state,
    },
    rule: productStock(variants.filter((v) => v.product_id === p.id && isStockCounted(p, v))),
  }));
}

/** The products whose kept stock columns are not what the rule says (none when all is well). */
const productStockMismatches = async (db: Kysely<Database>) =>
  (await productStockColumns(db)).filter(
    (m) => m.kept.quantity !== m.rule.quantity || m.kept.state !== m.rule.state,
  );

/**
 * Every variant whose stock is not the sum of its movements' deltas (none when all is well). It
 * checks the products' kept stock first (productStockMismatches), failing the test that asks
 * when one is off: every stock test that checks the ledger checks those columns too.
 */
export async function stockLedgerMismatches(db: Kysely<Database>): Promise<LedgerMismatch[]> {
  const products = await productStockMismatches(db);
  if (products.length > 0) {
    throw new Error(`products' stock columns differ from the rule: ${JSON.stringify(products)}`);
  }
  const rows = await db
    .selectFrom('variants as v')
    .leftJoin('stock_movements as m', 'm.variant_id', 'v.id')
    .select(['v.id', 'v.stock_quantity', (eb) => eb.fn.sum<number | string>('m.delta').as('sum')])
    .groupBy(['v.id', 'v.stock_quantity'])
    .orderBy('v.id')
    .execute();
  return rows
    .map((r) => ({
      variant_id: r.id,
      stock_quantity: Number(r.stock_quantity),
      movements_sum: Number(r.sum ?? 0),
    }))
    .filter((r) => r.stock_quantity !== r.movements_sum);
}

/** A variant's movements, oldest first. */
export const stockMovementsOf = (db: Kysely<Database>, variantId: number) =>
  db
    .selectFrom('stock_movements')
    .selectAll()
    .where('variant_id', '=', variantId)
    .orderBy('id')
    .execute();

/** Units of each variant held by orders (in a status that holds stock), by variant id. */
export async function unitsHeldByOrders(db: Kysely<Database>): Promise<Map<number, number>> {
  const items = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['i.variant_id', 'i.quantity'])
    .where('o.status', 'in', statusesWhere('holdsStock'))
    .execute();
  const held = new Map<number, number>();
  for (const { variant_id: id, quantity } of items) {
    // A deleted variant's lines keep no link to it.
    if (id !== null) held.set(id, (held.get(id) ?? 0) + Number(quantity));
  }
  return held;
}

let sessions = 0;

/** The API calls the stock tests make, as one admin. */
export function stockShop(t: TestApp, admin: { authorization: string }) {
  const call = (method: TestRequest['method'], url: string, payload?: unknown) =>
    injectJson(t.app, { method, url, headers: admin, payload });
  /** A new guest: a cart session of its own. */
  const guest = () => {
    sessions += 1;
    return { session: `sess_stock_${process.pid}_${sessions}` };
  };

  return {
    call,
    guest,

    /** A simple product with this initial stock (through the API, so it is a movement). */
    async product(
      name: string,
      inventory: { stock_quantity: number; allow_backorder?: boolean; sku?: string },
      refs: { vatRateId: number; categoryId: number },
    ): Promise<{ productId: number; variantId: number }> {
      const res = await call('POST', '/api/v1/admin/products/', {
        name,
        slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        description: name,
        category_id: refs.categoryId,
        base_price: '10.000',
        vat_rate_id: refs.vatRateId,
        inventory,
      });
      if (res.statusCode !== 201) throw new Error(`createProduct ${res.statusCode}: ${res.body}`);
      const productId = res.json<{ id: number }>().id;
      const variant = await t.database.db
        .selectFrom('variants')
        .select('id')
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow();
      return { productId, variantId: variant.id };
    },

    /**
     * A guest checkout of these lines: the failing response when a line cannot be added to the
     * cart or the checkout is refused, else the 201.
     */
    checkout(lines: { productId: number; quantity: number }[]): Promise<LightMyRequestResponse> {
      return checkoutLines(t.app, guest(), lines);
    },

    /**
     * A staff order for a guest (Guest buyer, cash on delivery, shipped to shippingAddress()
     * unless `body` says) of these lines: the draft of the 201.
     */
    async guestDraft(
      lines: { variant_id: number; quantity: number }[],
      body: object = {},
    ): Promise<Schemas['DraftOrder']> {
      const res = await call('POST', '/api/v1/admin/draft-orders/', {
        guest: { name: 'Guest buyer', phone: '+216 98 000 000' },
        shipping_address: shippingAddress(),
        payment_method: 'cash_on_delivery',
        lines,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Schemas['DraftOrder']>();
    },

    /** completeDraftOrder: the draft becomes an order (pending unless `payload` says). */
    complete: (draftId: number, payload?: { status: OrderStatus }) =>
      call('POST', `/api/v1/admin/draft-orders/${draftId}/complete`, payload),

    status: (orderId: number, status: OrderStatus, note?: string) =>
      call('PATCH', `/api/v1/admin/orders/${orderId}/status`, {
        status,
        ...(note === undefined ? {} : { note }),
      }),

    cancel: (orderId: number, reason?: string) =>
      call(
        'POST',
        `/api/v1/admin/orders/${orderId}/cancel`,
        reason === undefined ? undefined : { reason },
      ),

    adjust: (variantId: number, adjustment: number) =>
      call('POST', `/api/v1/admin/variants/${variantId}/inventory/adjust`, { adjustment }),

    stockOf: (variantId: number) => stockOf(t.database.db, variantId),
  };
}
