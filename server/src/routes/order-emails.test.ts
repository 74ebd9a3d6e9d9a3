// Customers told (issue #28 part 6): each event of an order queues exactly one e-mail, in the
// customer's language, in the transaction of the event (none when it rolls back, none twice for
// the same event, none when the event is switched off); the `order.email` job renders and sends
// it once, the credit note attached as its download's bytes; the timeline shows it; the
// preview in Settings renders the templates with a sample order.
import { describe, expect, it } from 'vitest';
import { expectStatus, issuesOf } from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import { insertCategory } from '../../test-support/fixtures';
import { useOrderDesk } from '../../test-support/order-desk';
import { sendQueuedOrderEmails } from '../../test-support/order-emails';
import { checkoutLines, shippingAddress, type Order } from '../../test-support/shop';
import type { Schemas } from '../api/types';
import { ORDER_EMAIL_JOB } from '../services/orders/order-emails';
import { changeStatusIn } from '../services/orders/orders';

type Preview = Schemas['OrderEmailPreview'];
type Settings = Schemas['ShopSettings'];
type EmailEvent = Schemas['EmailSentEvent'];

describe.each(testDialects)('order e-mails (%s)', (dialect) => {
  const { t, shop, support, admin, api, post, documents, timeline } = useOrderDesk(dialect);
  let buyers = 0;

  /** A checkout of 2 units of a new product (10.000 incl. VAT each), with this body's extras. */
  async function place(body: object = {}, status?: Order['status']): Promise<Order> {
    const category = await insertCategory(t.database.db);
    const product = await api().product(
      `Chechia ${Math.random().toString(36).slice(2, 8)}`,
      { stock_quantity: 20 },
      { vatRateId: shop.tn19.id, categoryId: category.id },
    );
    buyers += 1;
    const res = await checkoutLines(
      t.app,
      { session: `sess_emails_${dialect}_${buyers}` },
      [{ productId: product.productId, quantity: 2 }],
      body,
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    if (status) expect((await api().status(order.id, status)).statusCode).toBe(200);
    return order;
  }

  /** The order's queued e-mails, oldest first. */
  const queued = (orderId: number) =>
    t.database.db
      .selectFrom('order_emails')
      .select(['event', 'language', 'recipient', 'credit_note_id'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();

  /** Runs every due `order.email` job as an instance's worker would; the messages it sent. */
  const sendQueued = () => sendQueuedOrderEmails(t, dialect);

  const setStatus = (id: number, status: Order['status']) => api().status(id, status);
  const ship = (id: number, tracking: string) =>
    t.request('setOrderShipment', {
      method: 'PUT',
      url: `/api/v1/admin/orders/${id}/shipment`,
      headers: support.headers,
      payload: { carrier: 'Rapid-Poste', tracking_number: tracking },
    });
  const patchSettings = (payload: object) =>
    t.request('updateShopSettings', {
      method: 'PATCH',
      url: '/api/v1/admin/settings/shop',
      headers: admin.headers,
      payload,
    });

  it('queues one e-mail per event, in French for Tunisia, and sends each once', async () => {
    const order = await place();
    expect(await queued(order.id)).toEqual([]); // placed: pending, nothing told yet
    expect((await setStatus(order.id, 'confirmed')).statusCode).toBe(200);
    // The same status again changes nothing and tells nothing.
    expect((await setStatus(order.id, 'confirmed')).statusCode).toBe(200);
    expect((await ship(order.id, 'RR123456789TN')).statusCode).toBe(200);
    // A retried shipment request (same carrier and number) records and tells nothing new.
    expect((await ship(order.id, 'RR123456789TN')).statusCode).toBe(200);
    expect((await setStatus(order.id, 'delivered')).statusCode).toBe(200);
    const recipient = 'guest@example.com';
    expect(await queued(order.id)).toEqual(
      (['confirmed', 'shipped', 'delivered'] as const).map((event) => ({
        event,
        language: 'fr',
        recipient,
        credit_note_id: null,
      })),
    );

    const sent = await sendQueued();
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      [recipient, `Votre commande ${order.order_number} est confirmée`],
      [recipient, `Votre commande ${order.order_number} a été expédiée`],
      [recipient, `Votre commande ${order.order_number} a été livrée`],
    ]);
    const [confirmed, shipped] = sent;
    expect(confirmed!.text).toContain('Bonjour Jane Doe,');
    expect(confirmed!.text).toMatch(/- Chechia \w+ × 2: 20\.000 TND/);
    expect(confirmed!.text).toContain(`Total: ${order.total_amount} TND`);
    expect(confirmed!.text).toContain(`Dont TVA : ${order.vat_amount} TND`);
    expect(confirmed!.html).toContain('<html lang="fr" dir="ltr">');
    expect(confirmed!.attachments).toEqual([]);
    expect(shipped!.text).toContain('Transporteur : Rapid-Poste. Numéro de suivi : RR123456789TN.');
    expect(shipped!.html).toContain(
      '<a href="https://t.17track.net/en#nums=RR123456789TN">Suivre votre colis</a>',
    );
    // Sent once: nothing is due any more, and the timeline says when each went.
    expect(await sendQueued()).toEqual([]);
    const emails = (await timeline(order.id)).filter(
      (e): e is EmailEvent => e.type === 'email_sent',
    );
    expect(emails.map((e) => [e.event, e.delivery, e.recipient])).toEqual([
      ['confirmed', 'sent', recipient],
      ['shipped', 'sent', recipient],
      ['delivered', 'sent', recipient],
    ]);
    expect(emails.every((e) => e.sent_at !== null && e.sent_at >= e.created_at)).toBe(true);
  });

  it("writes in the customer's language: chosen at checkout, else the shipping country's", async () => {
    const cases: [object, Schemas['EmailLanguage']][] = [
      [{ language: 'ar' }, 'ar'],
      [{ language: 'en' }, 'en'],
      [{ language: null }, 'fr'],
      [{ shipping_address: shippingAddress({ country: 'LY', email: 'l@example.ly' }) }, 'ar'],
      [{ shipping_address: shippingAddress({ country: 'FR', email: 'f@example.fr' }) }, 'fr'],
      [{ shipping_address: shippingAddress({ country: 'DE', email: 'd@example.de' }) }, 'en'],
    ];
    for (const [body, language] of cases) {
      const order = await place(body, 'confirmed');
      expect(
        (await queued(order.id)).map((e) => e.language),
        JSON.stringify(body),
      ).toEqual([language]);
    }
    const [ar, en] = await sendQueued();
    expect(ar!.subject).toMatch(/^تم تأكيد طلبك ORD-/);
    expect(ar!.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar!.text).toContain('مرحبًا Jane Doe،');
    expect(en!.subject).toMatch(/^Your order ORD-\d{8}-\d{4} is confirmed$/);
  });

  it("tells a staff order's customer in the language chosen on the draft", async () => {
    const category = await insertCategory(t.database.db);
    const product = await api().product(
      'Harissa 200 g',
      { stock_quantity: 20 },
      { vatRateId: shop.tn19.id, categoryId: category.id },
    );
    const call = (operationId: string, url: string, payload: object) =>
      t.request(operationId, { method: 'POST', url, headers: admin.headers, payload });
    const draft = await call('createDraftOrder', '/api/v1/admin/draft-orders/', {
      guest: { name: 'Amira Ben Salah', phone: '+216 98 000 000', email: 'amira@example.tn' },
      shipping_address: shippingAddress({ email: 'amira@example.tn' }),
      payment_method: 'cash_on_delivery',
      lines: [{ variant_id: product.variantId, quantity: 1 }],
      language: 'ar',
    });
    const created = expectStatus<Schemas['DraftOrder']>(draft, 201, 'createDraftOrder');
    expect(created.language).toBe('ar');
    const completed = await call(
      'completeDraftOrder',
      `/api/v1/admin/draft-orders/${created.id}/complete`,
      { status: 'confirmed' },
    );
    const order = expectStatus<Order>(completed, 201, 'completeDraftOrder');
    expect(await queued(order.id)).toEqual([
      { event: 'confirmed', language: 'ar', recipient: 'amira@example.tn', credit_note_id: null },
    ]);
  });

  it('escapes every value put into the HTML', async () => {
    const order = await place({
      shipping_address: shippingAddress({ first_name: '<b>', last_name: '"Bold" & Co' }),
    });
    expect((await setStatus(order.id, 'confirmed')).statusCode).toBe(200);
    const [message] = await sendQueued();
    expect(message!.html).toContain('<p>Bonjour &lt;b&gt; &quot;Bold&quot; &amp; Co,</p>');
    expect(message!.html).not.toContain('<b>');
    // The plain text is not HTML: it says the name as it is.
    expect(message!.text).toContain('Bonjour <b> "Bold" & Co,');
  });

  it('attaches the credit note of a cancellation and of a return, as their downloads', async () => {
    const cancelled = await place({ language: 'en' }, 'confirmed');
    const cancel = await post('cancelOrder', '/cancel')(cancelled.id, { reason: 'Out of stock' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const returned = await place({}, 'confirmed');
    const back = await post('createOrderReturn', '/returns')(returned.id, {
      reason: 'Wrong size',
      lines: [{ order_item_id: returned.items[0]!.id, quantity: 1, restock: true }],
    });
    expect(back.statusCode, back.body).toBe(201);

    const [cancelNote] = (await documents(cancelled.id)).filter((d) => d.kind === 'credit_note');
    const [returnNote] = (await documents(returned.id)).filter((d) => d.kind === 'credit_note');
    expect((await queued(cancelled.id)).map((e) => [e.event, e.credit_note_id])).toEqual([
      ['confirmed', null],
      ['cancelled', cancelNote!.id],
    ]);
    expect((await queued(returned.id)).map((e) => [e.event, e.credit_note_id])).toEqual([
      ['confirmed', null],
      ['refunded', returnNote!.id],
    ]);

    const sent = await sendQueued();
    const download = async (id: number, lang: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/invoices/${id}/pdf?lang=${lang}`,
        headers: support.headers,
      });
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    };
    const cancelMail = sent.find((m) => m.subject.includes('cancelled'))!;
    expect(cancelMail.text).toContain(`Credit note ${cancelNote!.number} is attached`);
    expect(cancelMail.attachments).toHaveLength(1);
    const [cancelPdf] = cancelMail.attachments!;
    expect(cancelPdf!.filename).toBe(`${cancelNote!.number}.pdf`);
    expect(cancelPdf!.contentType).toBe('application/pdf');
    expect(cancelPdf!.content.equals(await download(cancelNote!.id, 'en'))).toBe(true);

    const refundMail = sent.find((m) => m.subject.startsWith('Avoir'))!;
    expect(refundMail.subject).toBe(`Avoir pour votre commande ${returned.order_number}`);
    expect(refundMail.text).toContain(`Nous avons établi l’avoir ${returnNote!.number}`);
    // French (documents exist in English and French) for a customer written to in French.
    const [refundPdf] = refundMail.attachments!;
    expect(refundPdf!.content.equals(await download(returnNote!.id, 'fr'))).toBe(true);
    const emails = (await timeline(returned.id)).filter(
      (e): e is EmailEvent => e.type === 'email_sent',
    );
    expect(emails.map((e) => [e.event, e.delivery, e.attachment])).toEqual([
      ['confirmed', 'sent', null],
      ['refunded', 'sent', `${returnNote!.number}.pdf`],
    ]);
  });

  it('queues nothing for a change that rolls back', async () => {
    const order = await place();
    const jobsNow = () =>
      t.database.db.selectFrom('jobs').select('id').where('kind', '=', ORDER_EMAIL_JOB).execute();
    const before = await jobsNow();
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await changeStatusIn(trx, t.ctx, order.id, 'confirmed', {
          admin: null,
          note: null,
          now: t.ctx.now().toISOString(),
        });
        const inside = await trx
          .selectFrom('order_emails')
          .select('event')
          .where('order_id', '=', order.id)
          .execute();
        expect(inside).toEqual([{ event: 'confirmed' }]);
        throw new Error('the change fails after the e-mail was queued');
      }),
    ).rejects.toThrow('the change fails');
    expect(await queued(order.id)).toEqual([]);
    expect(await jobsNow()).toEqual(before);
    expect(await sendQueued()).toEqual([]);
  });

  it('sends nothing for a switched-off event; the switches are saved, logged and shown', async () => {
    const saved = await patchSettings({ order_emails: { shipped: false, delivered: false } });
    expect(expectStatus<Settings>(saved, 200, 'updateShopSettings').order_emails).toEqual({
      confirmed: true,
      shipped: false,
      delivered: false,
      cancelled: true,
      refunded: true,
    });
    // The others keep their value when one switch is sent.
    const again = await patchSettings({ order_emails: { delivered: true } });
    expect(expectStatus<Settings>(again, 200, 'updateShopSettings').order_emails).toMatchObject({
      shipped: false,
      delivered: true,
    });
    const changes = await t.database.db
      .selectFrom('shop_settings_changes')
      .select('changes')
      .orderBy('id')
      .execute();
    expect(changes.slice(-2).map((c) => JSON.parse(c.changes) as unknown)).toEqual([
      [{ field: 'order_emails_off', before: null, after: 'shipped, delivered' }],
      [{ field: 'order_emails_off', before: 'shipped, delivered', after: 'shipped' }],
    ]);

    const order = await place({}, 'confirmed');
    expect((await ship(order.id, 'RR000000001TN')).statusCode).toBe(200);
    expect((await setStatus(order.id, 'delivered')).statusCode).toBe(200);
    expect((await queued(order.id)).map((e) => e.event)).toEqual(['confirmed', 'delivered']);
    const refused = issuesOf(
      await patchSettings({ order_emails: { shipped: 'no' } }),
      'updateShopSettings',
    );
    expect(refused.map((issue) => issue.loc)).toEqual([['body', 'order_emails', 'shipped']]);
  });

  it('previews each template with a sample order, for every admin role', async () => {
    const preview = async (query: string) =>
      t.request('getOrderEmailPreview', {
        method: 'GET',
        url: `/api/v1/admin/settings/email-preview?${query}`,
        headers: support.headers,
      });
    const shipped = expectStatus<Preview>(
      await preview('event=shipped&language=ar'),
      200,
      'getOrderEmailPreview',
    );
    expect(shipped.subject).toBe('تم شحن طلبك ORD-20261129-0042');
    expect(shipped.html).toContain('<html lang="ar" dir="rtl">');
    expect(shipped.html).toContain('https://t.17track.net/en#nums=RR123456789TN');
    expect(shipped.text).toContain('شكرًا لثقتكم، ');
    const refunded = expectStatus<Preview>(
      await preview('event=refunded&language=en'),
      200,
      'getOrderEmailPreview',
    );
    expect(refunded).toMatchObject({
      event: 'refunded',
      language: 'en',
      subject: 'Credit note for your order ORD-20261129-0042',
    });
    // The shop's legal name signs it.
    const { legal_name: shopName } = await t.database.db
      .selectFrom('shop_settings')
      .select('legal_name')
      .executeTakeFirstOrThrow();
    expect(refunded.text).toContain(`Thank you for shopping with ${shopName}.`);
    const refused = issuesOf(await preview('event=returned&language=en'), 'getOrderEmailPreview');
    expect(refused.map((issue) => issue.loc)).toEqual([['query', 'event']]);
    // Nothing is sent or queued by a preview.
    expect(await sendQueued()).toEqual([]);
  });
});
