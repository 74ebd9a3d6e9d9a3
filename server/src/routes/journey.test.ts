// The whole customer journey over HTTP, with the real file outbox: magic link read from
// DATA_DIR/outbox → anonymous cart merged on sign-in → checkout → my-orders → the admin finds the
// order, changes its status and cancels it, which restocks.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { insertProduct, insertVariant, insertVatRate } from '../../test-support/fixtures';
import { expectResponseMatches } from '../../test-support/openapi-validator';
import { shippingAddress, stockOf } from '../../test-support/shop';
import { createMailer } from '../mail/transport';

/** The sign-in link of the newest outbox message (quoted-printable soft breaks undone). */
async function linkFromOutbox(dataDir: string): Promise<URL> {
  const outbox = join(dataDir, 'outbox');
  // The message is written by the job worker: wait for it to be there.
  return vi.waitFor(
    () => {
      const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
      const eml = files.length
        ? readFileSync(join(outbox, files.sort().at(-1)!), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '=')
        : '';
      const match = /https?:\/\/\S+\/auth\/magic\?token=[^\s"<]+/.exec(eml);
      if (!match) throw new Error('no magic link in the outbox');
      return new URL(match[0].replace(/&amp;/g, '&'));
    },
    { timeout: 10_000, interval: 20 },
  );
}

describe.each(testDialects)('customer journey on %s', (dialect) => {
  let t: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'journey-'));
    const config = testConfig({ dataDir });
    t = await createTestApp(dialect, {
      config: { dataDir },
      mailer: createMailer(config, { info: () => {} }),
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs in by magic link, buys, and the admin confirms then cancels with a restock', async () => {
    const db = t.database.db;
    const rate = await insertVatRate(db, { rate_bp: 1900, is_default: 1 });
    const product = await insertProduct(db, {
      name: 'Fouta',
      has_variants: 1,
      vat_rate_id: rate.id,
      price_includes_vat: 0,
    });
    const variant = await insertVariant(db, product.id, {
      sku: 'FOUTA-SAND',
      variant_title: 'Sand',
      price: 10_000,
      stock_quantity: 5,
    });

    // A visitor fills a cart before signing in.
    const session = 'journey-session-0001';
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/v1/cart/items?session_id=${session}`,
      payload: { product_id: product.id, variant_id: variant.id, quantity: 2 },
    });
    expect(expectResponseMatches('addCartItem', added)).toMatchObject({ item_count: 2 });

    // Magic link: the e-mail lands in DATA_DIR/outbox as an .eml file.
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/send-magic-link',
      payload: { email: 'Buyer@Example.com' },
    });
    expect(sent.statusCode).toBe(202);
    const link = await linkFromOutbox(dataDir);
    expect(link.pathname).toBe('/auth/magic');
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-magic-link',
      payload: { token: link.searchParams.get('token'), email: link.searchParams.get('email') },
    });
    const tokens = expectResponseMatches<{ access_token: string; user_type: string }>(
      'verifyMagicLink',
      verified,
    );
    expect(tokens.user_type).toBe('customer');
    const customer = { authorization: `Bearer ${tokens.access_token}` };

    // The anonymous cart joins the customer's on the first cart call with both.
    const cart = await t.app.inject({
      method: 'GET',
      url: `/api/v1/cart/?session_id=${session}`,
      headers: customer,
    });
    expect(expectResponseMatches('getCart', cart)).toMatchObject({
      item_count: 2,
      total_incl_vat: '23.800',
    });

    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/?session_id=${session}`,
      headers: customer,
      payload: {
        payment_method: 'cash_on_delivery',
        // Any valid address in Tunisia: the journey follows the buyer's e-mail (the admin's search).
        shipping_address: shippingAddress({ email: 'buyer@example.com' }),
      },
    });
    const order = expectResponseMatches<{
      id: number;
      order_number: string;
      total_amount: string;
      status: string;
    }>('createOrder', placed);
    expect(placed.statusCode).toBe(201);
    // 23.800 of goods, and the stamp duty of an order shipped to Tunisia (#30).
    expect(order).toMatchObject({ status: 'pending', total_amount: '24.800' });
    expect(await stockOf(db, variant.id)).toBe(3);

    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders/my-orders',
      headers: customer,
    });
    expect(
      expectResponseMatches<{ order_number: string }[]>('listMyOrders', mine).map(
        (o) => o.order_number,
      ),
    ).toEqual([order.order_number]);

    // The admin finds it by number, confirms it, then cancels it.
    const admin = await t.authAs('manager');
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/?search=${order.order_number.toLowerCase()}`,
      headers: admin,
    });
    expect(
      expectResponseMatches<{ id: number; customer_email: string }[]>('listAdminOrders', found),
    ).toEqual([expect.objectContaining({ id: order.id, customer_email: 'buyer@example.com' })]);
    const confirmed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/orders/${order.id}/status`,
      headers: admin,
      payload: { status: 'confirmed' },
    });
    expect(expectResponseMatches('updateOrderStatus', confirmed)).toMatchObject({
      status: 'confirmed',
    });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.id}/cancel`,
      headers: admin,
      payload: { reason: 'Customer called' },
    });
    const final = expectResponseMatches<{
      status: string;
      status_history: { from_status: string | null; to_status: string }[];
    }>('cancelOrder', cancelled);
    expect(final.status).toBe('cancelled');
    expect(final.status_history.map((h) => [h.from_status, h.to_status])).toEqual([
      [null, 'pending'],
      ['pending', 'confirmed'],
      ['confirmed', 'cancelled'],
    ]);
    expect(await stockOf(db, variant.id)).toBe(5);
  });
});
