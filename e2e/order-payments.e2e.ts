// Cash on delivery end to end against the real server (docs/product.md §10.22): two guests order
// and pay on delivery, the admin marks both delivered, then records the carrier's remittance from
// its CSV file (net of the carrier's fee) on the remittances screen. Both orders then show paid on
// the orders list and on their detail, and the API agrees. SQLite only (the payments' rules are
// proved on both databases by the server suite).
import { expect, test, runOnOwnShop } from './fixtures';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminToken, api, baseURL, consoleMoney as money, guestCart, orderDeskShop } from './api';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './server';

interface Order {
  id: number;
  order_number: string;
  total_amount: string;
}
interface OrderPayments {
  payment_status: string;
  amount_paid: string;
  balance_due: string;
  payments: { amount: string; method: string; remittance_id: number | null }[];
}
interface Remittance {
  carrier: string;
  reference: string | null;
  total_amount: string;
  fee_amount: string;
  net_amount: string;
  order_count: number;
}

const RUN = Date.now().toString(36);

// Its shop's legal details and orders would change what orders.e2e.ts counts on.
runOnOwnShop();

test("a carrier's CSV remittance pays two delivered cash-on-delivery orders", async ({ page }) => {
  const token = await adminToken();
  const { vatRateId, categoryId } = await orderDeskShop(token, `E2E Payments ${RUN}`, {
    invoicing: false,
  });
  const product = await api<{ id: number }>(token, 'POST', '/admin/products/', {
    name: `E2E Basket ${RUN}`,
    slug: `e2e-basket-${RUN}`,
    description: 'Basket',
    category_id: categoryId,
    base_price: '30.000',
    vat_rate_id: vatRateId,
    inventory: { stock_quantity: 10 },
  });

  // Two guests order on delivery; the carrier delivers both.
  const guestOrder = async (n: number) => {
    const asGuest = guestCart(`sess_e2e_payments_${RUN}_${n}`);
    await asGuest('POST', '/cart/items', { product_id: product.id, quantity: n });
    const placed = await asGuest<Order>('POST', '/orders/', {
      payment_method: 'cash_on_delivery',
      shipping_address: {
        first_name: 'Hedi',
        last_name: `Guest${n}`,
        street_address: '3 Rue de Marseille',
        city: 'Sfax',
        postal_code: '3000',
        country: 'TN',
        phone: '+216 98 000 222',
        email: `payments.${RUN}.${n}@example.tn`,
      },
    });
    for (const status of ['confirmed', 'delivered'])
      await api(token, 'PATCH', `/admin/orders/${placed.id}/status`, { status });
    return placed;
  };
  const orders = [await guestOrder(1), await guestOrder(2)];
  const gross = orders.reduce((sum, o) => sum + Number(o.total_amount), 0);

  // The carrier's file: semicolons, decimal commas, a column of its own.
  const file = join(tmpdir(), `remittance-${RUN}.csv`);
  writeFileSync(
    file,
    'order_number;amount;cod_fee\n' +
      orders.map((o) => `${o.order_number};${o.total_amount.replace('.', ',')};4`).join('\n') +
      '\n',
  );

  await page.goto(`${baseURL()}/auth`);
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`${baseURL()}/admin/orders`);
  await page.getByRole('link', { name: 'Remittances' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Remittances' })).toBeVisible();

  await page.getByRole('button', { name: 'New remittance' }).click();
  const dialog = page.getByRole('dialog', { name: 'New remittance' });
  await dialog.getByRole('textbox', { name: /^Carrier/ }).fill('Aramex');
  await dialog.getByRole('textbox', { name: 'Reference' }).fill(`ARX-${RUN}`);
  await dialog.getByRole('spinbutton', { name: "Carrier's fee" }).fill('8');
  await dialog.getByTestId('remittance-file-input').setInputFiles(file);
  await expect(dialog.getByTestId('remittance-file')).toHaveText(`File: remittance-${RUN}.csv`);
  await dialog.getByRole('button', { name: 'Record remittance' }).click();
  await expect(page.getByText('2 orders paid')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The list shows it, net of the fee.
  const row = page.getByRole('row').filter({ hasText: `ARX-${RUN}` });
  await expect(row).toContainText(money(gross));
  await expect(row).toContainText(money(gross - 8));

  // Both orders paid on the list (newest first: on its first page) and on their detail.
  await page.goto(`${baseURL()}/admin/orders`);
  for (const o of orders)
    await expect(
      page.getByRole('row').filter({ hasText: o.order_number }).getByTestId('payment-status'),
    ).toHaveText('Paid');
  for (const o of orders) {
    await page.goto(`${baseURL()}/admin/orders/${o.id}`);
    const panel = page.getByRole('region', { name: 'Payments' });
    await expect(panel.getByTestId('payment-status')).toHaveText('Paid');
    await expect(panel.getByTestId('balance-due')).toContainText(money(0));
    await expect(panel.getByTestId('payment')).toContainText('Carrier remittance');
  }

  // The API agrees.
  for (const o of orders) {
    const p = await api<OrderPayments>(token, 'GET', `/admin/orders/${o.id}/payments`);
    expect(p).toMatchObject({ payment_status: 'paid', amount_paid: o.total_amount });
    expect(p.balance_due).toBe('0.000');
    expect(p.payments).toMatchObject([
      { amount: o.total_amount, method: 'cash_on_delivery', remittance_id: expect.any(Number) },
    ]);
  }
  const [latest] = await api<Remittance[]>(
    token,
    'GET',
    '/admin/payments/remittances?carrier=aramex',
  );
  expect(latest).toMatchObject({
    carrier: 'Aramex',
    reference: `ARX-${RUN}`,
    total_amount: gross.toFixed(3),
    fee_amount: '8.000',
    net_amount: (gross - 8).toFixed(3),
    order_count: 2,
  });
});
