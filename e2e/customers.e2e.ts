// Customers as people end to end (docs/product.md §10.25): a guest orders and is invoiced; the
// admin opens the customer's page from the customers list, then erases the customer. Afterwards
// the list and the order show the placeholder, and the invoice's PDF still names the buyer (the
// law keeps issued documents as they are). SQLite (the erase's rules are proved on both
// databases by the server suite).
import { PDFParse } from 'pdf-parse';
import { expect, test, runOnOwnShop } from './fixtures';
import { adminToken, api, baseURL, guestCart, orderDeskShop } from './api';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './server';

const RUN = Date.now().toString(36);
const BUYER = {
  first_name: 'Zoubeida',
  last_name: `Trabelsi${RUN}`,
  email: `zoubeida.${RUN}@example.tn`,
  phone: '+216 98 765 432',
};

// Its legal details and orders would change what the shared shop's specs count on.
runOnOwnShop();

test('a customer page from the list, then an erase that keeps the invoice', async ({ page }) => {
  const token = await adminToken();
  const { vatRateId, categoryId } = await orderDeskShop(token, `E2E Customers ${RUN}`, {
    invoicing: true,
  });
  const product = await api<{ id: number }>(token, 'POST', '/admin/products/', {
    name: `E2E Scarf ${RUN}`,
    slug: `e2e-scarf-${RUN}`,
    description: 'Scarf',
    category_id: categoryId,
    base_price: '25.000',
    vat_rate_id: vatRateId,
    inventory: { stock_quantity: 10 },
  });
  const asGuest = guestCart(`sess_e2e_customers_${RUN}`);
  await asGuest('POST', '/cart/items', { product_id: product.id, quantity: 1 });
  const order = await asGuest<{ id: number; order_number: string }>('POST', '/orders/', {
    payment_method: 'cash_on_delivery',
    shipping_address: {
      ...BUYER,
      street_address: '17 Rue Ibn Khaldoun',
      city: 'Sfax',
      postal_code: '3000',
      country: 'TN',
    },
  });
  // Confirmed: the invoice is issued; delivered: the order is no longer open.
  for (const status of ['confirmed', 'delivered'])
    await api(token, 'PATCH', `/admin/orders/${order.id}/status`, { status });
  const [invoice] = await api<{ id: number; number: string }[]>(
    token,
    'GET',
    `/admin/orders/${order.id}/invoices`,
  );

  await page.goto(`${baseURL()}/auth`);
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // The customer's page, from the list.
  await page.goto(`${baseURL()}/admin/customers`);
  await page.getByRole('link', { name: BUYER.email }).click();
  await expect(page).toHaveURL(/\/admin\/customers\/g[A-Za-z0-9_-]+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: `${BUYER.first_name} ${BUYER.last_name}` }),
  ).toBeVisible();
  await expect(page.getByTestId('customer-phone')).toHaveText(`Phone${BUYER.phone}`);
  await expect(
    page
      .getByRole('region', { name: 'Orders' })
      .getByRole('link', { name: `View order ${order.order_number}` }),
  ).toHaveAttribute('href', `/admin/orders/${order.id}`);

  // The erase, confirmed by the e-mail typed again.
  await page.getByRole('button', { name: 'Erase customer' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Erase this customer?' });
  await expect(dialog.getByTestId('erase-kept')).toContainText('10 years');
  await dialog.getByRole('textbox').fill(BUYER.email);
  await dialog.getByRole('button', { name: 'Erase' }).click();
  await expect(page.getByText('Customer erased')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/customers$/);

  // The list and the order show the placeholder.
  await expect(page.getByRole('link', { name: BUYER.email })).toHaveCount(0);
  await expect(
    page.getByRole('link', { name: /^erased-[0-9a-f]{8}@erased\.invalid$/ }),
  ).toHaveCount(1);
  await page.goto(`${baseURL()}/admin/orders/${order.id}`);
  await expect(page.getByText('Erased customer').first()).toBeVisible();
  await expect(page.getByText(BUYER.last_name)).toHaveCount(0);

  // The invoice is as issued: its PDF still names the buyer.
  const pdf = await fetch(`${baseURL()}/api/v1/admin/invoices/${invoice!.id}/pdf`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(pdf.status).toBe(200);
  const parser = new PDFParse({ data: new Uint8Array(await pdf.arrayBuffer()) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  expect(text).toContain(invoice!.number);
  expect(text).toContain(BUYER.last_name);
});
