// The VAT return end to end against the real server (docs/product.md §10.27): a shop invoices
// three guest orders this month and cancels one of them (its credit note), then the admin opens
// Reports → VAT return: the screen shows the figures the API computes for the shop's current
// month, and its PDF downloads under the server's name. SQLite only (the figures' rules are proved
// on both databases by the server suite and its property).
import { readFileSync } from 'node:fs';
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
  order_number: string;
}
interface VatReturn {
  month: string;
  invoices: number;
  credit_notes: number;
  rates: { vat_rate: number; net: { taxable_amount: string; vat_amount: string } }[];
  stamp_duty: { invoices: number; credit_notes: number; amount: string };
  totals: { taxable_amount: string; vat_amount: string; stamp_duty: string; amount_due: string };
}

const RUN = Date.now().toString(36);

// Its invoices would change what other specs count on the shared shop.
runOnOwnShop();

test("the month's VAT return shows the API's figures and downloads as PDF", async ({ page }) => {
  const token = await adminToken();
  const shop = await orderDeskShop(token, `E2E Books ${RUN}`, { invoicing: true });
  const product = stockedProducts(token, shop, RUN);
  const lamp = await product('Brass lamp', '45.500');
  const rug = await product('Kilim rug', '120.000');

  const order = async (n: number, items: { product_id: number; quantity: number }[]) => {
    const asGuest = guestCart(`sess_e2e_books_${RUN}_${n}`);
    for (const item of items) await asGuest('POST', '/cart/items', item);
    const placed = await asGuest<Order>('POST', '/orders/', {
      payment_method: 'cash_on_delivery',
      shipping_address: {
        first_name: 'Amel',
        last_name: `Buyer${n}`,
        street_address: '7 Rue de Rome',
        city: 'Tunis',
        postal_code: '1000',
        country: 'TN',
        phone: '+216 98 000 333',
        email: `books.${RUN}.${n}@example.tn`,
      },
    });
    // Confirming issues the invoice (the shop's legal details are set).
    await api(token, 'PATCH', `/admin/orders/${placed.id}/status`, { status: 'confirmed' });
    return placed;
  };
  await order(1, [{ product_id: lamp.id, quantity: 2 }]);
  await order(2, [
    { product_id: rug.id, quantity: 1 },
    { product_id: lamp.id, quantity: 1 },
  ]);
  const cancelled = await order(3, [{ product_id: rug.id, quantity: 1 }]);
  // Cancelling an invoiced order issues its credit note.
  await api(token, 'PATCH', `/admin/orders/${cancelled.id}/status`, { status: 'cancelled' });

  // The shop's current month (Africa/Tunis), as the screen asks for it.
  const month = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Tunis',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .slice(0, 7);
  const expected = await api<VatReturn>(token, 'GET', `/admin/reports/vat-return?month=${month}`);
  expect(expected).toMatchObject({ month, invoices: 3, credit_notes: 1 });

  await page.goto(`${baseURL()}/auth`);
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page
    .getByRole('navigation', { name: 'Reports' })
    .getByRole('link', { name: 'VAT return' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'VAT return' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Month' })).toHaveValue(month);
  await expect(page.getByTestId('vat-period')).toContainText('3 invoices and 1 credit note.');

  const lines = page.getByRole('table', { name: 'Lines of the return' });
  // A line by the start of its label ('Amount invoiced (VAT and stamp duties…)' names stamps too).
  const line = (label: string) =>
    lines.getByRole('row').filter({ hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) });
  await expect(line('Taxable base')).toContainText(money(expected.totals.taxable_amount));
  await expect(line('VAT collected')).toContainText(money(expected.totals.vat_amount));
  await expect(line('Stamp duties')).toContainText(
    `Stamp duties (${expected.stamp_duty.invoices} on invoices, ${expected.stamp_duty.credit_notes} reversed)`,
  );
  await expect(line('Stamp duties')).toContainText(money(expected.stamp_duty.amount));
  await expect(line('Amount invoiced')).toContainText(money(expected.totals.amount_due));
  const rates = page.getByRole('table', { name: 'VAT by rate' });
  for (const rate of expected.rates) {
    const row = rates.getByRole('row').filter({ hasText: `${rate.vat_rate.toFixed(2)}%` });
    await expect(row).toContainText(money(rate.net.taxable_amount));
    await expect(row).toContainText(money(rate.net.vat_amount));
  }

  // The PDF, in French by default, named by the server.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`vat-return-${month}.pdf`);
  const bytes = readFileSync(await file.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
