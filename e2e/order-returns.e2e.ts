// Returns end to end against the real server (docs/product.md §10.17): a guest orders two items,
// the admin confirms the order (the invoice is issued), then takes one of the two back to stock
// from the order detail. The dialog shows the server's amounts before the return is confirmed;
// once confirmed the detail lists the return and the partial credit note, and the product has its
// unit back. Each step is checked through the API too. SQLite only (the return's rules are proved
// on both databases by the server suite).
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

interface OrderItem {
  id: number;
  product_id: number | null;
  product_name: string;
  quantity: number;
  returned_quantity: number;
  vat_amount: string;
  total_price_incl_vat: string;
}
interface Order {
  id: number;
  order_number: string;
  status: string;
  items: OrderItem[];
}
interface Invoice {
  kind: 'invoice' | 'credit_note';
  number: string;
  amount_due: string;
}
interface Variant {
  id: number;
  stock_quantity: number;
}

const RUN = Date.now().toString(36);

// Its shop's legal details and orders would change what orders.e2e.ts counts on.
runOnOwnShop();

test('an admin takes back one of two items: the amounts first, then the partial credit note and the stock', async ({
  page,
}) => {
  const token = await adminToken();
  const shop = await orderDeskShop(token, `E2E Returns ${RUN}`, { invoicing: true });
  const product = stockedProducts(token, shop, RUN);
  const shawl = await product('E2E Shawl', '45.000');
  const mug = await product('E2E Mug', '12.500');

  // A guest orders one of each (no token: the guest's cart is its session's); the admin confirms
  // the order (the invoice is issued).
  const asGuest = guestCart(`sess_e2e_returns_${RUN}`);
  for (const p of [shawl, mug])
    await asGuest('POST', '/cart/items', { product_id: p.id, quantity: 1 });
  const placed = await asGuest<Order>('POST', '/orders/', {
    payment_method: 'cash_on_delivery',
    shipping_address: {
      first_name: 'Salma',
      last_name: 'Trabelsi',
      street_address: '3 Rue de Marseille',
      city: 'Tunis',
      postal_code: '1000',
      country: 'TN',
      phone: '+216 98 000 111',
      email: `returns.${RUN}@example.tn`,
    },
  });
  await api(token, 'PATCH', `/admin/orders/${placed.id}/status`, { status: 'confirmed' });
  const [invoice] = await api<Invoice[]>(token, 'GET', `/admin/orders/${placed.id}/invoices`);
  expect(invoice?.kind).toBe('invoice');
  const shawlLine = placed.items.find((i) => i.product_id === shawl.id)!;
  const shawlVariant = async () =>
    (await api<{ items: Variant[] }>(token, 'GET', `/admin/variants/?product_id=${shawl.id}`))
      .items[0]!;
  expect((await shawlVariant()).stock_quantity).toBe(9);

  await page.goto(`${baseURL()}/auth`);
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`${baseURL()}/admin/orders/${placed.id}`);

  const returns = page.getByRole('region', { name: 'Returns' });
  await expect(returns.getByText('Nothing has been returned.')).toBeVisible();
  await returns.getByRole('button', { name: 'Return items' }).click();
  const dialog = page.getByRole('dialog', { name: 'Return items' });
  await dialog.getByLabel(`Quantity to return of ${shawlLine.product_name}`).fill('1');
  await dialog.getByLabel(/^Reason/).fill('Colour not as pictured');
  await dialog.getByRole('button', { name: 'Review amounts' }).click();

  // The amounts before confirming: the whole line of the shawl, as the invoice charged it.
  const preview = dialog.getByTestId('return-preview');
  await expect(preview.getByTestId('preview-amount')).toHaveText([
    /Items \(excl\. VAT\)/,
    `VAT${money(shawlLine.vat_amount)}`,
    `Total credited${money(shawlLine.total_price_incl_vat)}`,
  ]);
  await expect(preview).toContainText(
    `A credit note of ${money(shawlLine.total_price_incl_vat)} will be issued against the invoice.`,
  );
  await dialog.getByRole('button', { name: 'Confirm return' }).click();
  await expect(page.getByText('Return recorded')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The return and its credit note on the detail.
  const documents = await api<Invoice[]>(token, 'GET', `/admin/orders/${placed.id}/invoices`);
  const creditNote = documents.at(-1)!;
  expect(documents.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
  expect(creditNote.amount_due).toBe(shawlLine.total_price_incl_vat);
  const entry = returns.getByTestId('order-return');
  await expect(entry).toContainText(`Credited ${money(shawlLine.total_price_incl_vat)}`);
  await expect(entry).toContainText('Back to stock');
  await expect(
    entry.getByRole('button', { name: `Credit note ${creditNote.number}` }),
  ).toBeVisible();
  const panel = page.getByRole('region', { name: 'Documents' });
  await expect(panel.getByTestId('document-number')).toHaveText([
    invoice!.number,
    creditNote.number,
  ]);

  // The shawl is back in stock; the order is still confirmed (the mug was kept).
  expect((await shawlVariant()).stock_quantity).toBe(10);
  const after = await api<Order>(token, 'GET', `/admin/orders/${placed.id}`);
  expect(after.status).toBe('confirmed');
  expect(after.items.find((i) => i.id === shawlLine.id)?.returned_quantity).toBe(1);
});
