// The sales report end to end against the real server (docs/product.md §10.30): a shop takes
// three guest orders and cancels one, then the admin opens Reports → Sales: the screen shows, for
// its default period (the last 30 shop days), the totals the API computes for the same period.
// SQLite only (the figures' rules are proved on both databases by the server suite).
import { expect, test, runOnOwnShop } from './fixtures';
import {
  adminToken,
  api,
  baseURL,
  consoleMoney as money,
  guestCart,
  orderDeskShop,
  stockedProducts,
} from './api';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './server';

interface Order {
  id: number;
}
interface SalesFigures {
  order_count: number;
  gross: string;
  net: string;
  vat: string;
  refunds: string;
}

const RUN = Date.now().toString(36);

// Its orders would change what other specs count on the shared shop.
runOnOwnShop();

/** A shop day (YYYY-MM-DD) in Africa/Tunis, `delta` days from now. */
const tunisDay = (delta: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Tunis',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + delta * 86_400_000));

test('the sales screen shows the totals of the API for the last 30 days', async ({ page }) => {
  const token = await adminToken();
  const shop = await orderDeskShop(token, `E2E Sales ${RUN}`, { invoicing: false });
  const product = stockedProducts(token, shop, RUN);
  const lamp = await product('Brass lamp', '45.500');
  const rug = await product('Kilim rug', '120.000');

  const order = async (n: number, items: { product_id: number; quantity: number }[]) => {
    const asGuest = guestCart(`sess_e2e_sales_${RUN}_${n}`);
    for (const item of items) await asGuest('POST', '/cart/items', item);
    return asGuest<Order>('POST', '/orders/', {
      payment_method: 'cash_on_delivery',
      shipping_address: {
        first_name: 'Amel',
        last_name: `Buyer${n}`,
        street_address: '7 Rue de Rome',
        city: 'Tunis',
        postal_code: '1000',
        country: 'TN',
        phone: '+216 98 000 333',
        email: `sales.${RUN}.${n}@example.tn`,
      },
    });
  };
  await order(1, [{ product_id: lamp.id, quantity: 2 }]);
  await order(2, [
    { product_id: rug.id, quantity: 1 },
    { product_id: lamp.id, quantity: 1 },
  ]);
  const cancelled = await order(3, [{ product_id: rug.id, quantity: 1 }]);
  // A cancelled order is no sale: it leaves the day it was placed.
  await api(token, 'PATCH', `/admin/orders/${cancelled.id}/status`, { status: 'cancelled' });

  const period = { from: tunisDay(-29), to: tunisDay(0) };
  // The API's own figures for the screen's default period (the day of a run near midnight in
  // Tunis is the server's: the screen and this request ask at the same moment).
  const { totals } = await api<{ totals: SalesFigures }>(
    token,
    'GET',
    `/admin/reports/sales?from=${period.from}&to=${period.to}`,
  );
  expect(totals.order_count).toBe(2);

  await page.goto(`${baseURL()}/auth`);
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page
    .getByRole('navigation', { name: 'Reports' })
    .getByRole('link', { name: 'Sales', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('30_days');

  const total = page
    .getByRole('table', { name: 'Sales by period' })
    .getByRole('row')
    .filter({ hasText: /^Total/ });
  await expect(total.getByRole('cell').nth(1)).toHaveText(String(totals.order_count));
  for (const amount of [totals.gross, totals.net, totals.vat, totals.refunds])
    await expect(total).toContainText(money(amount));
  const methods = page.getByRole('table', { name: 'Sales by payment method' });
  await expect(methods.getByRole('row').filter({ hasText: 'Cash on delivery' })).toContainText(
    money(totals.gross),
  );
});
