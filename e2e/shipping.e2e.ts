// Shipping priced by the shop end to end against the real server (#36, docs/product.md
// "Shipping"): two zones (Grand Tunis, the rest of Tunisia) and two methods (a courier at a flat
// price for Grand Tunis, Rapid-Poste by weight elsewhere, with a cash-on-delivery fee and a
// tracking page). A guest checks out a 2.4 kg cart to Sfax: the price the cart quoted is the
// order's shipping, its invoice's and the CSV's, and the console shows the method and links the
// tracking number. On its own shop: once a method exists, every checkout needs one.
import { PDFParse } from 'pdf-parse';
import { expect, test, runOnOwnShop } from './fixtures';
import {
  adminToken,
  api,
  baseURL,
  consoleMoney as money,
  guestCart,
  millimes,
  orderDeskShop,
  ordersCsv,
  stockedProducts,
} from './api';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './server';

interface Quote {
  id: number;
  name: { en: string };
  price: string;
  price_incl_vat: string;
  cod_fee: string;
}
interface Cart {
  total_incl_vat: string;
  shipping: { country: string; governorate: string | null; method: Quote } | null;
}
interface Order {
  id: number;
  order_number: string;
  shipping_amount: string;
  shipping_vat_amount: string;
  stamp_duty_amount: string;
  total_amount: string;
  shipping_method: { id: number | null; name: { en: string }; price: string; cod_fee: string };
  items: { total_price_incl_vat: string }[];
}
interface Invoice {
  id: number;
  total_incl_vat: string;
  shipping_amount: string;
  shipping_vat_amount: string;
  stamp_duty: string;
  amount_due: string;
}

const RUN = Date.now().toString(36);
const TRACKING = 'RR123456789TN';

runOnOwnShop();

test('a 2.4 kg cart to Sfax pays the Rapid-Poste band it quoted, on the order, the invoice and the CSV', async ({
  page,
}) => {
  const token = await adminToken();
  const shop = await orderDeskShop(token, `E2E Shipping ${RUN}`, { invoicing: true });
  const product = stockedProducts(token, shop, RUN);
  const shawl = await product('E2E Shawl', '45.000', 0.8);
  const mug = await product('E2E Mug', '12.500', 0.4);

  const grandTunis = await api<{ id: number }>(token, 'POST', '/admin/shipping-zones/', {
    name: 'Grand Tunis',
    countries: ['TN'],
    governorates: ['TN-11', 'TN-12', 'TN-13', 'TN-14'],
  });
  const restOfTunisia = await api<{ id: number }>(token, 'POST', '/admin/shipping-zones/', {
    name: 'Rest of Tunisia',
    countries: ['TN'],
  });
  const courier = await api<{ id: number }>(token, 'POST', '/admin/shipping-methods/', {
    name: { en: 'Courier', fr: 'Coursier', ar: 'ساعي' },
    zone_ids: [grandTunis.id],
    rate_kind: 'flat',
    flat_price: '7.000',
  });
  const poste = await api<{ id: number }>(token, 'POST', '/admin/shipping-methods/', {
    name: { en: 'Rapid-Poste', fr: 'Rapid-Poste', ar: 'البريد السريع' },
    zone_ids: [restOfTunisia.id],
    rate_kind: 'weight',
    bands: [
      { up_to: '1.000', price: '5.000' },
      { up_to: '5.000', price: '8.000' },
      { up_to: null, price: '15.000' },
    ],
    cod_fee: '2.000',
    carrier: 'Rapid-Poste',
    tracking_url_template: 'https://www.poste.tn/suivi?code={tracking_number}',
  });

  // The guest's 2 shawls and 2 mugs weigh 2 × 0.8 + 2 × 0.4 = 2.4 kg: the band up to 5 kg.
  const asGuest = guestCart(`sess_e2e_shipping_${RUN}`);
  await asGuest('POST', '/cart/items', { product_id: shawl.id, quantity: 2 });
  await asGuest('POST', '/cart/items', { product_id: mug.id, quantity: 2 });
  const toTunis = await asGuest<Quote[]>(
    'GET',
    '/cart/shipping-methods?country=TN&governorate=TN-11',
  );
  expect(toTunis.map((q) => [q.id, q.price])).toEqual([[courier.id, '7.000']]);
  const toSfax = await asGuest<Quote[]>(
    'GET',
    '/cart/shipping-methods?country=TN&governorate=TN-61',
  );
  expect(toSfax).toEqual([
    expect.objectContaining({
      id: poste.id,
      price: '8.000',
      price_incl_vat: '9.520',
      cod_fee: '2.000',
    }),
  ]);
  const cart = await asGuest<Cart>('PUT', '/cart/shipping-method', {
    shipping_method_id: poste.id,
    country: 'TN',
    governorate: 'TN-61',
  });
  expect(cart.shipping).toMatchObject({
    country: 'TN',
    governorate: 'TN-61',
    method: { id: poste.id, price: '8.000' },
  });
  expect(cart.total_incl_vat).toBe('115.000');

  // Paid on delivery: the band's 8.000 plus the 2.000 fee, and their VAT at 19 %.
  const placed = await asGuest<Order>('POST', '/orders/', {
    payment_method: 'cash_on_delivery',
    shipping_address: {
      first_name: 'Hedi',
      last_name: 'Shipping',
      street_address: '3 Rue de Marseille',
      city: 'Sfax',
      postal_code: '3000',
      country: 'TN',
      governorate: 'TN-61',
      phone: '+216 74 000 000',
      email: `hedi.${RUN}@example.com`,
    },
  });
  expect(placed.shipping_method).toMatchObject({
    id: poste.id,
    name: { en: 'Rapid-Poste' },
    price: '8.000',
    cod_fee: '2.000',
  });
  expect(placed).toMatchObject({ shipping_amount: '10.000', shipping_vat_amount: '1.900' });
  // Shipped to Tunisia: the stamp duty (1.000, #30) is in the total.
  expect(placed.stamp_duty_amount).toBe('1.000');
  expect(millimes(placed.total_amount)).toBe(115_000 + 10_000 + 1_900 + 1_000);
  await api(token, 'PATCH', `/admin/orders/${placed.id}/status`, { status: 'confirmed' });

  // The invoice charges the same shipping and total.
  const [invoice] = await api<Invoice[]>(token, 'GET', `/admin/orders/${placed.id}/invoices`);
  expect(invoice).toMatchObject({
    stamp_duty: '1.000',
    amount_due: placed.total_amount,
    shipping_amount: '10.000',
    shipping_vat_amount: '1.900',
  });
  const pdf = await fetch(`${baseURL()}/api/v1/admin/invoices/${invoice!.id}/pdf`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(pdf.status).toBe(200);
  const parser = new PDFParse({ data: new Uint8Array(await pdf.arrayBuffer()) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  expect(text).toContain('10.000');
  expect(text).toContain(placed.total_amount);

  // The orders CSV, filtered by the method: this order, its method, governorate and amounts.
  const rows = await ordersCsv(token, `shipping_method_id=${poste.id}`);
  expect(rows).toEqual([
    expect.objectContaining({
      order_number: placed.order_number,
      shipping_governorate: 'TN-61',
      shipping_method: 'Rapid-Poste',
      shipping_amount: '10.000',
      shipping_vat_amount: '1.900',
      total_amount: placed.total_amount,
    }),
  ]);

  // The console: the order detail names the method; the shipment form offers its carrier, and the
  // tracking number saved links to the carrier's page, on the shipment and in the timeline.
  await page.goto(`${baseURL()}/auth`);
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page
    .getByRole('navigation', { name: 'Management' })
    .getByRole('link', { name: 'Shipping' })
    .click();
  await expect(page.getByRole('row', { name: /Rapid-Poste/ })).toContainText(
    'By weight: up to 1 kg 5.000 TND, up to 5 kg 8.000 TND, above 5 kg 15.000 TND',
  );
  await expect(page.getByRole('row', { name: /Courier/ })).toContainText('Flat 7.000 TND');
  await page.goto(`${baseURL()}/admin/orders/${placed.id}`);
  const method = page.getByTestId('shipping-method');
  await expect(method).toContainText('Shipping methodRapid-Poste');
  await expect(method.getByTestId('shipping-method-price')).toContainText(money('8.000'));
  await expect(method.getByTestId('shipping-method-cod-fee')).toContainText(money('2.000'));
  const shipment = page.getByTestId('order-shipment');
  await expect(shipment.getByLabel('Carrier')).toHaveValue('Rapid-Poste');
  await shipment.getByLabel('Tracking number').fill(TRACKING);
  await expect(shipment.getByTestId('tracking-hint')).toHaveText(
    `Tracking link: https://www.poste.tn/suivi?code=${TRACKING}`,
  );
  await shipment.getByRole('button', { name: 'Save shipment' }).click();
  const link = `https://www.poste.tn/suivi?code=${TRACKING}`;
  await expect(shipment.getByTestId('tracking-link')).toHaveAttribute('href', link);
  await expect(page.getByTestId('order-timeline').getByTestId('tracking-link')).toHaveAttribute(
    'href',
    link,
  );
  const saved = await api<{ shipment: { tracking_url: string } }>(
    token,
    'GET',
    `/admin/orders/${placed.id}`,
  );
  expect(saved.shipment.tracking_url).toBe(link);
  const totals = page.getByTestId('order-totals');
  await expect(totals.getByTestId('total-line').filter({ hasText: /^Total/ })).toHaveText(
    `Total${money(placed.total_amount)}`,
  );
});
