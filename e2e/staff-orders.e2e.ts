// Staff orders end to end against the real server (docs/product.md §10.23): the admin creates an
// order for a phone customer with the line picker (a SKU typed as a scanner types it, then Enter),
// completes it as confirmed (the invoice is issued), then edits a quantity: the order detail shows
// the credit note reversing the first invoice and the new invoice. Each step is checked through the
// API too. SQLite only (the edit and completion logic is proved on both databases by the server
// suite).
import { expect, test, runOnOwnShop } from './fixtures';
import { adminToken, api, baseURL, orderDeskShop } from './api';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './server';

interface Order {
  id: number;
  status: string;
  customer_email: string;
  items: { quantity: number; product_sku: string | null }[];
}
interface Invoice {
  kind: 'invoice' | 'credit_note';
  number: string;
}

const RUN = Date.now().toString(36);
const SKU = `E2E-${RUN}-JEBBA`.toUpperCase();
const GUEST = {
  name: 'Amira Ben Salah',
  phone: '+216 98 123 456',
  email: `staff.${RUN}@example.tn`,
};

// Its shop's legal details and orders would change what orders.e2e.ts counts on.
runOnOwnShop();

test('an admin takes a phone order with the picker, completes it, then edits it after invoicing', async ({
  page,
}) => {
  const token = await adminToken();
  const { vatRateId, categoryId } = await orderDeskShop(token, `E2E Jebbas ${RUN}`, {
    invoicing: true,
  });
  const product = await api<{ id: number }>(token, 'POST', '/admin/products/', {
    category_id: categoryId,
    name: `E2E Jebba ${RUN}`,
    slug: `e2e-jebba-${RUN}`,
    description: 'A jebba sold by phone.',
    base_price: '120.000',
    vat_rate_id: vatRateId,
    has_variants: true,
    is_active: true,
  });
  await api(token, 'POST', `/admin/variants/${product.id}/variants`, {
    sku: SKU,
    variant_title: 'Large',
    price: '120.000',
    cost_price: '60.000',
    stock_quantity: 10,
    track_inventory: true,
  });

  await page.goto(`${baseURL()}/auth`);
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto(`${baseURL()}/admin/orders`);
  await page.getByRole('link', { name: 'Create order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create order' })).toBeVisible();
  const customer = page.getByTestId('draft-customer');
  await customer.getByRole('textbox', { name: /^Name/ }).fill(GUEST.name);
  await customer.getByRole('textbox', { name: /^Phone/ }).fill(GUEST.phone);
  await customer.getByRole('textbox', { name: /^Email/ }).fill(GUEST.email);
  const address = page.getByTestId('draft-address');
  await address.getByRole('textbox', { name: /^Street address/ }).fill('14 Rue de Marseille');
  await address.getByRole('textbox', { name: /^City/ }).fill('Tunis');
  await address.getByRole('textbox', { name: /^Postal code/ }).fill('1000');

  // A scanner types the code, then Enter: the line is added at once.
  const search = page.getByRole('combobox', { name: 'Add a product' });
  await search.pressSequentially(SKU, { delay: 5 });
  await search.press('Enter');
  await expect(page.getByTestId('picker-line')).toHaveCount(1);
  await expect(page.getByTestId('line-name')).toHaveText(`E2E Jebba ${RUN} · Large`);
  await expect(page.getByTestId('draft-save-state')).toHaveText('Draft saved');
  await expect(page.getByTestId('draft-total-line').last()).toContainText('Total');

  await page.getByRole('radio', { name: 'Confirmed (issues the invoice)' }).check({ force: true });
  await page.getByRole('button', { name: 'Complete order' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/\d+$/);
  const orderId = Number(new URL(page.url()).pathname.split('/').at(-1));
  const order = await api<Order>(token, 'GET', `/admin/orders/${orderId}`);
  expect(order).toMatchObject({ status: 'confirmed', customer_email: GUEST.email });
  expect(order.items).toMatchObject([{ quantity: 1, product_sku: SKU }]);
  const first = await api<Invoice[]>(token, 'GET', `/admin/orders/${orderId}/invoices`);
  expect(first.map((d) => d.kind)).toEqual(['invoice']);
  const documents = page.getByTestId('order-documents');
  await expect(documents).toContainText(first[0]!.number);

  // A second jebba after the invoice: a credit note reverses it and a new invoice is issued.
  await page.getByRole('button', { name: 'Edit order' }).click();
  const dialog = page.getByRole('dialog', { name: /^Edit order/ });
  const quantity = dialog.getByRole('spinbutton', { name: `Quantity of E2E Jebba ${RUN}` });
  await quantity.fill('2');
  await expect(dialog.getByTestId('edit-changes')).toContainText(`E2E Jebba ${RUN} · Large: 1 → 2`);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  const after = await api<Invoice[]>(token, 'GET', `/admin/orders/${orderId}/invoices`);
  expect(after.map((d) => d.kind)).toEqual(['invoice', 'credit_note', 'invoice']);
  for (const document of after) await expect(documents).toContainText(document.number);
  const edited = await api<Order>(token, 'GET', `/admin/orders/${orderId}`);
  expect(edited.items).toMatchObject([{ quantity: 2, product_sku: SKU }]);
});
