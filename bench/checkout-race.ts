// The checkout race of `npm run bench` (stock issue): concurrent buyers of the last units of
// one product; every unit must be sold exactly once.
import type { Kysely } from 'kysely';
import type { Database } from '../server/src/db/schema';

/**
 * Checkout under contention: BUYERS concurrent buyers each put one unit in a fresh cart and check
 * out, until the STOCK units are gone. Every unit must be sold exactly once (oversold = 0).
 */
/** The address every benchmark buyer ships to (this race and bench:checkout). */
export const BENCH_SHIPPING_ADDRESS = {
  first_name: 'Bench',
  last_name: 'Buyer',
  street_address: '1 Rue de Rome',
  city: 'Tunis',
  postal_code: '1000',
  country: 'TN',
  phone: '+216 71 000 000',
  email: 'bench@example.com',
};

export async function checkoutRace(address: string, db: Kysely<Database>) {
  const BUYERS = 20;
  const STOCK = Number(process.env.BENCH_CHECKOUT_STOCK ?? 400);
  const now = new Date().toISOString();
  const rate = await db
    .selectFrom('vat_rates')
    .select('id')
    .where('is_default', '=', 1)
    .executeTakeFirstOrThrow();
  const product = await db
    .insertInto('products')
    .values({
      name: 'Race product',
      slug: 'race-product',
      description: 'Checkout benchmark',
      has_variants: 1,
      base_price: 12_345,
      vat_rate_id: rate.id,
      images: '[]',
      tags: '[]',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const variant = await db
    .insertInto('variants')
    .values({
      product_id: product.id,
      sku: 'RACE-1',
      variant_title: 'One',
      price: 12_345,
      images: '[]',
      stock_quantity: STOCK,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let orders = 0;
  let refused = 0;
  let n = 0;
  const started = performance.now();
  const buyer = async () => {
    for (;;) {
      const session = `bench-session-${n++}`;
      const add = await fetch(`${address}/api/v1/cart/items?session_id=${session}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ product_id: product.id, variant_id: variant.id, quantity: 1 }),
      });
      if (add.status === 409) return; // sold out: nothing left to put in a cart
      const res = await fetch(`${address}/api/v1/orders/?session_id=${session}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          payment_method: 'cash_on_delivery',
          shipping_address: BENCH_SHIPPING_ADDRESS,
        }),
      });
      if (res.status === 201) orders += 1;
      else if (res.status === 409) refused += 1;
      else throw new Error(`checkout answered ${res.status}: ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: BUYERS }, buyer));
  const seconds = (performance.now() - started) / 1000;
  const left = await db
    .selectFrom('variants')
    .select('stock_quantity')
    .where('id', '=', variant.id)
    .executeTakeFirstOrThrow();
  const sold = await db
    .selectFrom('order_items')
    .select((eb) => eb.fn.sum<number>('quantity').as('units'))
    .where('variant_id', '=', variant.id)
    .executeTakeFirstOrThrow();
  const oversold = Math.max(0, Number(sold.units) - STOCK) + Math.max(0, -left.stock_quantity);
  return { BUYERS, STOCK, orders, refused, seconds, oversold, left: left.stock_quantity };
}
