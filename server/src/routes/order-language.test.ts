// The customer's language on the order (issue #28 part 6): the admin order and the list's row
// carry `language` (chosen at checkout or on the staff order, else null) and `email_language`
// (what the e-mails use: the chosen one, else the shipping country's), and the e-mails queued
// are written in exactly that language.
import { describe, expect, it } from 'vitest';
import { expectStatus } from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import { insertCategory } from '../../test-support/fixtures';
import { useOrderDesk } from '../../test-support/order-desk';
import { checkoutLines, shippingAddress, type Order } from '../../test-support/shop';
import type { Schemas } from '../api/types';

type Language = Schemas['EmailLanguage'];

describe.each(testDialects)("the customer's language on the order (%s)", (dialect) => {
  const { t, shop, admin, support, api, getOrder } = useOrderDesk(dialect);
  let buyers = 0;

  async function product() {
    const category = await insertCategory(t.database.db);
    return api().product(
      `Chechia ${Math.random().toString(36).slice(2, 8)}`,
      { stock_quantity: 50 },
      { vatRateId: shop.tn19.id, categoryId: category.id },
    );
  }

  /** A guest's checkout with these extras of the body: the order it answers. */
  async function place(body: object): Promise<Order> {
    const { productId } = await product();
    buyers += 1;
    const res = await checkoutLines(
      t.app,
      { session: `sess_language_${dialect}_${buyers}` },
      [{ productId, quantity: 1 }],
      body,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Order>();
  }

  /** The language of the order's queued e-mails (one per event). */
  const queuedLanguages = async (orderId: number) =>
    (
      await t.database.db
        .selectFrom('order_emails')
        .select('language')
        .where('order_id', '=', orderId)
        .execute()
    ).map((e) => e.language);

  /** The row of the admin orders list for this order (searched by its number). */
  async function listed(order: Order): Promise<Schemas['OrderSummary']> {
    const rows = expectStatus<Schemas['OrderSummary'][]>(
      await t.request('listAdminOrders', {
        method: 'GET',
        url: `/api/v1/admin/orders/?search=${order.order_number}`,
        headers: support.headers,
      }),
      200,
      'listAdminOrders',
    );
    expect(rows.map((o) => o.id)).toEqual([order.id]);
    return rows[0]!;
  }

  it('shows the language chosen, else the shipping country’s, as the e-mails use it', async () => {
    const cases: [string, object, Language | null, Language][] = [
      ['Arabic chosen, shipped to Tunisia', { language: 'ar' }, 'ar', 'ar'],
      ['English chosen, shipped to Tunisia', { language: 'en' }, 'en', 'en'],
      [
        'French chosen, shipped to Egypt',
        { language: 'fr', shipping_address: shippingAddress({ country: 'EG' }) },
        'fr',
        'fr',
      ],
      ['none chosen, shipped to Tunisia', { language: null }, null, 'fr'],
      [
        'none chosen, shipped to Egypt',
        { shipping_address: shippingAddress({ country: 'EG', email: 'e@example.eg' }) },
        null,
        'ar',
      ],
      [
        'none chosen, shipped to Germany',
        { shipping_address: shippingAddress({ country: 'DE', email: 'd@example.de' }) },
        null,
        'en',
      ],
    ];
    for (const [name, body, language, emailLanguage] of cases) {
      const placed = await place(body);
      expect([name, placed.language, placed.email_language]).toEqual([
        name,
        language,
        emailLanguage,
      ]);
      expect((await api().status(placed.id, 'confirmed')).statusCode).toBe(200);
      const order = await getOrder(placed.id);
      expect([name, order.language, order.email_language]).toEqual([name, language, emailLanguage]);
      const row = await listed(order);
      expect([name, row.language, row.email_language]).toEqual([name, language, emailLanguage]);
      // The one rule: the confirmation e-mail is written in the language the order shows.
      expect([name, ...(await queuedLanguages(order.id))]).toEqual([name, emailLanguage]);
    }
  });

  it('keeps the language chosen on a staff order, on the draft and on the order', async () => {
    const { variantId } = await product();
    const call = (operationId: string, method: 'POST' | 'PATCH', url: string, payload: object) =>
      t.request(operationId, { method, url, headers: admin.headers, payload });
    const created = expectStatus<Schemas['DraftOrder']>(
      await call('createDraftOrder', 'POST', '/api/v1/admin/draft-orders/', {
        guest: { name: 'Omar Haddad', phone: '+20 100 000 0000', email: 'omar@example.eg' },
        shipping_address: shippingAddress({ country: 'EG', email: 'omar@example.eg' }),
        payment_method: 'cash_on_delivery',
        lines: [{ variant_id: variantId, quantity: 1 }],
        language: 'fr',
      }),
      201,
      'createDraftOrder',
    );
    expect(created.language).toBe('fr');
    const order = expectStatus<Order>(
      await call(
        'completeDraftOrder',
        'POST',
        `/api/v1/admin/draft-orders/${created.id}/complete`,
        { status: 'pending' },
      ),
      201,
      'completeDraftOrder',
    );
    // Chosen French although Egypt would be Arabic.
    expect([order.language, order.email_language]).toEqual(['fr', 'fr']);
    const read = await getOrder(order.id);
    expect([read.language, read.email_language]).toEqual(['fr', 'fr']);
  });
});
