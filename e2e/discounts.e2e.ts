// A discount code end to end against the real server (#29, docs/product.md §10.3 "Discounts"): a
// guest applies a code to the cart, checks out, and the admin confirms the order (the invoice is
// issued). The amounts the cart showed are the order's on its detail in the console, on the
// invoice PDF and in the orders CSV. SQLite only (the arithmetic and the rules are proved on both
// databases by the server suite).
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

interface Cart {
  total_incl_vat: string;
  items: { line_discount: string; line_total_incl_vat: string }[];
  discount: { code: string; amount: string } | null;
}
interface Order {
  id: number;
  order_number: string;
  subtotal: string;
  vat_amount: string;
  shipping_amount: string;
  shipping_vat_amount: string;
  discount_amount: string;
  stamp_duty_amount: string;
  total_amount: string;
  discount: { code: string | null; name: string } | null;
  items: { total_price_incl_vat: string; discount_amount: string }[];
}
interface Invoice {
  id: number;
  kind: 'invoice' | 'credit_note';
  number: string;
  stamp_duty: string;
  amount_due: string;
  total_incl_vat: string;
  discount_amount: string;
}

const RUN = Date.now().toString(36);
const CODE = `E2E${RUN}`.toUpperCase().slice(0, 32);

// Its shop's legal details and orders would change what orders.e2e.ts counts on.
runOnOwnShop();

test('a code applied to the cart charges the same amounts on the order, its invoice and the CSV', async ({
  page,
}) => {
  const token = await adminToken();
  const shop = await orderDeskShop(token, `E2E Discounts ${RUN}`, { invoicing: true });
  const product = stockedProducts(token, shop, RUN);
  const shawl = await product('E2E Shawl', '45.000');
  const mug = await product('E2E Mug', '12.500');
  await api(token, 'POST', '/admin/discounts/', {
    name: `Ten off ${RUN}`,
    code: CODE,
    kind: 'percent',
    percent: 10,
    scope: 'order',
  });

  // The guest's cart (its session's), the code typed in lower case.
  const asGuest = guestCart(`sess_e2e_discounts_${RUN}`);
  await asGuest('POST', '/cart/items', { product_id: shawl.id, quantity: 2 });
  await asGuest('POST', '/cart/items', { product_id: mug.id, quantity: 1 });
  const cart = await asGuest<Cart>('POST', '/cart/discount', { code: CODE.toLowerCase() });
  // 10 % of 102.500: 10.250, spread over the lines to the millime.
  expect(cart.discount).toMatchObject({ code: CODE, amount: '10.250' });
  expect(cart.items.reduce((s, i) => s + millimes(i.line_discount), 0)).toBe(10_250);
  expect(cart.total_incl_vat).toBe('92.250');

  const placed = await asGuest<Order>('POST', '/orders/', {
    payment_method: 'cash_on_delivery',
    shipping_address: {
      first_name: 'Salma',
      last_name: 'Discounts',
      street_address: '5 Rue de Rome',
      city: 'Tunis',
      postal_code: '1000',
      country: 'TN',
      phone: '+216 71 000 000',
      email: `salma.${RUN}@example.com`,
    },
  });
  expect(placed.discount).toMatchObject({ code: CODE, name: `Ten off ${RUN}` });
  // The lines cost what the cart showed; the order adds the shipping and, shipped to Tunisia,
  // the stamp duty (1.000, #30).
  expect(placed.items.reduce((s, i) => s + millimes(i.total_price_incl_vat), 0)).toBe(92_250);
  expect(placed.stamp_duty_amount).toBe('1.000');
  expect(millimes(placed.total_amount)).toBe(
    92_250 + millimes(placed.shipping_amount) + millimes(placed.shipping_vat_amount) + 1_000,
  );
  await api(token, 'PATCH', `/admin/orders/${placed.id}/status`, { status: 'confirmed' });

  // The order detail in the console: the discount row and the total.
  await page.goto(`${baseURL()}/auth`);
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`${baseURL()}/admin/orders/${placed.id}`);
  const totals = page.getByTestId('order-totals');
  // The Discount row names the code, with the discount's name under it.
  await expect(totals.getByTestId('total-line').filter({ hasText: 'Discount' })).toHaveText(
    `Discount (${CODE})Ten off ${RUN}-${money(placed.discount_amount)}`,
  );
  await expect(totals.getByTestId('total-line').filter({ hasText: /^Total/ })).toHaveText(
    `Total${money(placed.total_amount)}`,
  );

  // The invoice: the same total, each line's discount on the PDF.
  const [invoice] = await api<Invoice[]>(token, 'GET', `/admin/orders/${placed.id}/invoices`);
  expect(invoice).toMatchObject({
    kind: 'invoice',
    stamp_duty: '1.000',
    amount_due: placed.total_amount,
    discount_amount: placed.discount_amount,
  });
  const pdf = await fetch(`${baseURL()}/api/v1/admin/invoices/${invoice!.id}/pdf`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(pdf.status).toBe(200);
  const parser = new PDFParse({ data: new Uint8Array(await pdf.arrayBuffer()) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  for (const item of placed.items) expect(text).toContain(`-${item.discount_amount}`);
  expect(text).toContain(placed.total_amount);

  // The orders CSV: the order's discount and total as the API gives them.
  const [cells] = await ordersCsv(token, `search=${placed.order_number}`);
  expect(cells).toMatchObject({
    order_number: placed.order_number,
    discount_amount: placed.discount_amount,
    total_amount: placed.total_amount,
  });
});
