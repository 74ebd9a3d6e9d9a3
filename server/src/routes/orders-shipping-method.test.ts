// What an order does with the shipping method frozen on it (#36), on both databases: the
// tracking link of its shipment (the order, its timeline and the shipped e-mail in the three
// languages), built from the method's template as it was when the order was placed; the orders
// list and its CSV export filtered by method; the CSV's governorate and method columns.
import { describe, expect, it } from 'vitest';
import { expectStatus } from '../../test-support/contract';
import { csvObjects } from '../../test-support/csv';
import { testDialects } from '../../test-support/databases';
import { sendQueuedOrderEmails } from '../../test-support/order-emails';
import { useOrderDesk } from '../../test-support/order-desk';
import { POSTE_TEMPLATE, useShippingMethods } from '../../test-support/shipping-methods';
import { GUEST_ADDRESS, placeOrder, type Order } from '../../test-support/shop';
import type { Schemas } from '../api/types';

type OrderSummary = Schemas['OrderSummary'];
type ShipmentEvent = Schemas['ShipmentEvent'];

const BOM = '\uFEFF';

describe.each(testDialects)('orders and their shipping method (%s)', (dialect) => {
  const { t, shop, support, timeline, getOrder } = useOrderDesk(dialect);
  const shipping = useShippingMethods(t);
  let buyers = 0;

  /** A guest's checkout of one unit of a new product (10.000 incl. VAT), with the body's extras. */
  async function place(body: object = {}): Promise<Order> {
    buyers += 1;
    const p = await shop.simple({ name: `Chechia ${buyers}` }, { sku: `CH-${buyers}` });
    const buyer = { session: `sess_shipping_orders_${dialect}_${buyers}` };
    return placeOrder(t.app, buyer, [{ productId: p.productId, quantity: 1 }], body);
  }

  const ship = async (id: number, trackingNumber: string): Promise<Order> =>
    expectStatus<Order>(
      await t.request('setOrderShipment', {
        method: 'PUT',
        url: `/api/v1/admin/orders/${id}/shipment`,
        headers: support.headers,
        payload: { carrier: 'Rapid-Poste', tracking_number: trackingNumber },
      }),
      200,
      'setOrderShipment',
    );

  /** The order's shipment events (tracking number and link), oldest first. */
  const shipmentEvents = async (id: number) =>
    (await timeline(id))
      .filter((e): e is ShipmentEvent => e.type === 'shipment')
      .map((e) => ({ tracking_number: e.tracking_number, tracking_url: e.tracking_url }));

  it('links the shipment to the tracking page of the method frozen on the order', async () => {
    const zone = await shipping.zone(['TN']);
    const poste = await shipping.method('Rapid-Poste', [zone.id], {
      carrier: 'Rapid-Poste',
      tracking_url_template: POSTE_TEMPLATE,
    });
    const order = await place({ shipping_method_id: poste.id });
    expect(order.shipping_method?.tracking_url_template).toBe(POSTE_TEMPLATE);

    // The number is URL-encoded into the template (a space and a slash here).
    const shipped = await ship(order.id, 'RR 123/45');
    const first = 'https://www.poste.tn/suivi?code=RR%20123%2F45';
    expect(shipped.shipment).toMatchObject({ tracking_number: 'RR 123/45', tracking_url: first });

    // The template changed after the order was placed: the order keeps the one it was placed
    // with, for the shipment already set and for a new one alike.
    await shipping.update(poste.id, {
      tracking_url_template: 'https://track.example.tn/{tracking_number}',
    });
    expect((await ship(order.id, 'RR999TN')).shipment?.tracking_url).toBe(
      'https://www.poste.tn/suivi?code=RR999TN',
    );
    // So it does once the method is deleted.
    await shipping.remove(poste.id);
    expect((await getOrder(order.id)).shipment).toMatchObject({
      carrier: 'Rapid-Poste',
      tracking_number: 'RR999TN',
      tracking_url: 'https://www.poste.tn/suivi?code=RR999TN',
    });
    expect(await shipmentEvents(order.id)).toEqual([
      { tracking_number: 'RR 123/45', tracking_url: first },
      { tracking_number: 'RR999TN', tracking_url: 'https://www.poste.tn/suivi?code=RR999TN' },
    ]);
  });

  it('has no tracking link without a template, nor for a flat-rate order', async () => {
    const flat = await place();
    expect(flat.shipping_method).toBeNull();
    expect((await ship(flat.id, 'FLAT1')).shipment).toMatchObject({
      tracking_number: 'FLAT1',
      tracking_url: null,
    });
    const zone = await shipping.zone(['TN']);
    const courier = await shipping.method('Courier', [zone.id], { carrier: 'Aramex' });
    const order = await place({ shipping_method_id: courier.id });
    expect((await ship(order.id, 'AX1')).shipment?.tracking_url).toBeNull();
    expect(await shipmentEvents(order.id)).toEqual([
      { tracking_number: 'AX1', tracking_url: null },
    ]);
    expect(await shipmentEvents(flat.id)).toEqual([
      { tracking_number: 'FLAT1', tracking_url: null },
    ]);
  });

  it('sends the carrier’s tracking link in the shipped e-mail, in each language', async () => {
    const zone = await shipping.zone(['TN']);
    const poste = await shipping.method('Rapid-Poste', [zone.id], {
      tracking_url_template: POSTE_TEMPLATE,
    });
    const courier = await shipping.method('Courier', [zone.id]);
    const expected = {
      en: 'Track your parcel',
      fr: 'Suivre votre colis',
      ar: 'تتبّع طردك',
    } as const;
    for (const language of ['en', 'fr', 'ar'] as const) {
      const order = await place({ shipping_method_id: poste.id, language });
      await ship(order.id, `RR${language}1 TN`);
      const url = `https://www.poste.tn/suivi?code=RR${language}1%20TN`;
      const [mail] = await sendQueuedOrderEmails(t, dialect);
      expect(mail?.text).toContain(`\n${expected[language]}: ${url}\n`);
      expect(mail?.html).toContain(`<p><a href="${url}">${expected[language]}</a></p>`);
    }
    // Without a template the e-mail keeps the link that finds any carrier from the number.
    const order = await place({ shipping_method_id: courier.id, language: 'en' });
    await ship(order.id, 'CR 1');
    const [mail] = await sendQueuedOrderEmails(t, dialect);
    expect(mail?.text).toContain('\nTrack your parcel: https://t.17track.net/en#nums=CR%201\n');
    expect(mail?.html).toContain(
      '<p><a href="https://t.17track.net/en#nums=CR%201">Track your parcel</a></p>',
    );
  });

  describe('the orders list and its CSV export by method', () => {
    const list = async (query: string) => {
      const res = await t.request('listAdminOrders', {
        method: 'GET',
        url: `/api/v1/admin/orders/?${query}`,
        headers: support.headers,
      });
      const items = expectStatus<OrderSummary[]>(res, 200, 'listAdminOrders');
      return { numbers: items.map((o) => o.order_number), total: res.headers['x-total-count'] };
    };
    const csv = async (query: string) => {
      const res = await t.request('exportOrders', {
        method: 'GET',
        url: `/api/v1/admin/exports/orders?${query}`,
        headers: support.headers,
      });
      expectStatus(res, 200, 'exportOrders');
      return csvObjects(res.body.slice(BOM.length));
    };

    /** A flat-rate order, then (methods configured) two by courier and one by post, to Sfax. */
    async function fourOrders() {
      const flat = await place();
      const zone = await shipping.zone(['TN']);
      const courier = await shipping.method('Courier', [zone.id], { flat_price: '5.500' });
      const poste = await shipping.method('Rapid-Poste', [zone.id], { flat_price: '8.000' });
      const sfax = { shipping_address: { ...GUEST_ADDRESS, governorate: 'TN-61' } };
      const byCourier = [
        await place({ shipping_method_id: courier.id }),
        await place({ shipping_method_id: courier.id, ...sfax }),
      ];
      const byPost = await place({ shipping_method_id: poste.id, ...sfax });
      return { flat, courier, poste, byCourier, byPost };
    }

    it('keeps the orders given a method, newest first, counted', async () => {
      const { courier, poste, byCourier, byPost } = await fourOrders();
      expect(await list(`shipping_method_id=${courier.id}`)).toEqual({
        numbers: byCourier.map((o) => o.order_number).reverse(),
        total: '2',
      });
      expect(await list(`shipping_method_id=${poste.id}&status=pending`)).toEqual({
        numbers: [byPost.order_number],
        total: '1',
      });
      expect(await list(`shipping_method_id=${poste.id + courier.id + 1}`)).toEqual({
        numbers: [],
        total: '0',
      });
      // A method deleted: its orders keep its name and price, and no longer match its id.
      await shipping.remove(poste.id);
      expect(await list(`shipping_method_id=${poste.id}`)).toEqual({ numbers: [], total: '0' });
      const refused = await t.request('listAdminOrders', {
        method: 'GET',
        url: '/api/v1/admin/orders/?shipping_method_id=courier',
        headers: support.headers,
      });
      expect(refused.statusCode).toBe(422);
    });

    it('exports the governorate and the method’s English name, filtered as the list', async () => {
      const { flat, courier, byCourier, byPost } = await fourOrders();
      const columns = (rows: Record<string, string>[]) =>
        rows.map((r) => ({
          order_number: r.order_number,
          shipping_country: r.shipping_country,
          shipping_governorate: r.shipping_governorate,
          shipping_method: r.shipping_method,
          shipping_amount: r.shipping_amount,
        }));
      const row = (o: Order, governorate: string, method: string, amount: string) => ({
        order_number: o.order_number,
        shipping_country: 'TN',
        shipping_governorate: governorate,
        shipping_method: method,
        shipping_amount: amount,
      });
      // Newest first; the flat rate is the desk's 7.000.
      expect(columns(await csv('sort=-created_at'))).toEqual([
        row(byPost, 'TN-61', 'Rapid-Poste', '8.000'),
        row(byCourier[1] as Order, 'TN-61', 'Courier', '5.500'),
        row(byCourier[0] as Order, '', 'Courier', '5.500'),
        row(flat, '', '', '7.000'),
      ]);
      expect(columns(await csv(`shipping_method_id=${courier.id}&rows=orders`))).toEqual([
        row(byCourier[1] as Order, 'TN-61', 'Courier', '5.500'),
        row(byCourier[0] as Order, '', 'Courier', '5.500'),
      ]);
      expect(
        (await csv(`shipping_method_id=${courier.id}&rows=lines`)).map((r) => r.order_number),
      ).toEqual([byCourier[1]?.order_number, byCourier[0]?.order_number]);
    });
  });
});
