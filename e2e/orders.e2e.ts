// Orders and management, end to end against the real server: a product is set up through the
// admin API, two customers sign in by magic link (read from DATA_DIR/outbox) and check out — one
// B2B EU customer with the VAT reverse charge, one Tunisian individual — then the admin checks the
// dashboard, the orders list and details, the customers overview, changes a status, and creates a
// category, a VAT rate (then edits and deletes it) and a user through the console. Every step is
// checked through the API as well.
import { expect, test, type Locator, type Page, type Response } from './fixtures';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { adminToken, api, baseURL } from './api';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './server';

interface Category {
  id: number;
  name: string;
  slug: string;
  description?: string | null;
}
interface VatRate {
  id: number;
  name: string;
  rate: number;
  country_code: string;
  is_default: boolean;
  is_active: boolean;
  effective_from: string;
  effective_to: string | null;
  status: string;
}
interface Product {
  id: number;
}
interface Variant {
  id: number;
  stock_quantity: number;
}
interface Order {
  id: number;
  order_number: string;
  status: string;
  payment_method: string;
  customer_email: string;
  customer_type: string;
  vat_number: string | null;
  vat_reverse_charge: boolean;
  subtotal: string;
  vat_amount: string;
  shipping_amount: string;
  total_amount: string;
}
interface ShopSettings {
  legal_name: string | null;
  address: string | null;
  matricule_fiscal: string | null;
}
interface Invoice {
  id: number;
  kind: 'invoice' | 'credit_note';
  number: string;
  credits: { id: number; kind: string; number: string } | null;
}
interface AdminUser {
  id: number;
  username: string;
  email: string;
  full_name: string;
  role: string;
  is_active: boolean;
}

/* ---------- Test data ---------- */

const SELLER = {
  legal_name: 'Maison Carthage SARL',
  address: '12 Avenue Habib Bourguiba\n1000 Tunis',
  matricule_fiscal: '1234567A/A/M/000',
};

// Other e2e files share the server: every name of this run is unique.
const RUN = Date.now().toString(36);
const SETUP_CATEGORY = { name: `E2E Rugs ${RUN}`, slug: `e2e-rugs-${RUN}` };
const PRODUCT = {
  name: `E2E Kilim ${RUN}`,
  slug: `e2e-kilim-${RUN}`,
  description: 'A hand-woven kilim, sold end to end.',
  base_price: '50.000',
};
const VARIANT = { sku: `E2E-${RUN}-KIL`.toUpperCase(), title: 'Large', price: '50.000', stock: 20 };
const A = {
  email: `pro.${RUN}@example.fr`,
  vat: 'FR40303265045',
  company: `Atelier ${RUN} SARL`,
  quantity: 2,
  address: {
    first_name: 'Claire',
    last_name: 'Dubois',
    street_address: '12 Rue de Rivoli',
    city: 'Paris',
    postal_code: '75001',
    country: 'FR',
    phone: '+33 1 42 00 00 00',
  },
};
const B = {
  email: `indiv.${RUN}@example.tn`,
  quantity: 1,
  address: {
    first_name: 'Amira',
    last_name: 'Ben Salah',
    street_address: '5 Rue de Marseille',
    city: 'Tunis',
    postal_code: '1001',
    country: 'TN',
    phone: '+216 71 111 111',
  },
};
const PAYMENT = 'cash_on_delivery';
const PAYMENT_LABEL = 'CASH ON DELIVERY';
const REVERSE_CHARGE_NOTE = '* VAT Reverse Charge applies (B2B EU)';

const UI_CATEGORY = {
  name: `E2E Lamps ${RUN}`,
  slug: `e2e-lamps-${RUN}`,
  description: 'Brass lamps from the medina.',
};
const UI_VAT = {
  name: `TVA E2E ${RUN}`,
  rate: '7',
  typedCountry: 'de',
  country: 'DE',
  from: '2026-03-01',
  renamed: `TVA E2E ${RUN} reduced`,
};
const UI_USER = {
  username: `e2e.manager.${RUN}`,
  fullName: `E2E Manager ${RUN}`,
  email: `e2e.manager.${RUN}@example.tn`,
  password: `Secret-${RUN}-pw`,
};

/* ---------- Helpers ---------- */

/** The newest magic link sent to this address, read from the outbox (quoted-printable undone). */
async function magicLinkFor(email: string): Promise<URL> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (run through e2e/playwright.config.ts)');
  const outbox = join(dataDir, 'outbox');
  let link: URL | undefined;
  await expect
    .poll(
      () => {
        const files = existsSync(outbox)
          ? readdirSync(outbox)
              .filter((f) => f.endsWith('.eml'))
              .sort()
              .reverse()
          : [];
        for (const file of files) {
          const eml = readFileSync(join(outbox, file), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/gi, '=');
          const match = /https?:\/\/\S+?\/auth\/magic\?token=[^\s"<]+/.exec(eml);
          if (!match) continue;
          const url = new URL(match[0].replace(/&amp;/g, '&'));
          if (url.searchParams.get('email')?.toLowerCase() === email.toLowerCase()) {
            link = url;
            return true;
          }
        }
        return false;
      },
      { message: `a magic link for ${email} in the outbox` },
    )
    .toBe(true);
  return link!;
}

/** Signs a customer in by magic link and returns the customer's access token. */
async function customerToken(email: string): Promise<string> {
  const sent = await fetch(`${baseURL()}/api/v1/auth/send-magic-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(sent.status).toBeLessThan(300);
  const link = await magicLinkFor(email);
  expect(link.pathname).toBe('/auth/magic');
  const verified = await fetch(`${baseURL()}/api/v1/auth/verify-magic-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      token: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
    }),
  });
  expect(verified.status).toBe(200);
  return ((await verified.json()) as { access_token: string }).access_token;
}

/** Exact sum of 3-decimal amounts, formatted as the console does ("1,234.500 TND"). */
function money(...amounts: string[]): string {
  const millimes = amounts.reduce((sum, a) => sum + Math.round(Number(a) * 1000), 0);
  return `${(millimes / 1000).toLocaleString('en-US', {
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  })} TND`;
}

/** Waits for the toast with this text and type ('Success' / 'Error' title) and returns it. */
async function expectToast(page: Page, text: string, type: 'success' | 'error') {
  const toast = page.getByTestId('toast').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-type', type);
  await expect(toast).toContainText(type === 'success' ? 'Success' : 'Error');
  return toast;
}

/** Dismisses a toast (only with no dialog open: a click outside a dialog closes it). */
async function dismiss(toast: Locator) {
  await toast.getByRole('button').click();
  await expect(toast).toHaveCount(0);
}

const apiCall = (page: Page, method: string, path: RegExp) =>
  page.waitForResponse(
    (res: Response) => res.request().method() === method && path.test(new URL(res.url()).pathname),
  );

/** The open dialog (portalled) with this title, once visible. */
async function dialog(page: Page, name: string, role: 'dialog' | 'alertdialog' = 'dialog') {
  const found = page.getByRole(role, { name });
  await expect(found).toBeVisible();
  return found;
}

/**
 * Navigates through the sidebar and, when given, waits for the page's list request (not for the
 * orders list: SWR may serve it from the cache the dashboard just filled).
 */
async function openFromSidebar(page: Page, link: string, list?: RegExp) {
  const loaded = list && apiCall(page, 'GET', list);
  await page.getByRole('link', { name: link, exact: true }).click();
  if (loaded) expect((await loaded).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: link })).toBeVisible();
}

const rowWith = (page: Page, text: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });

/* ---------- The flow ---------- */

test.describe.serial('orders: B2B reverse charge and B2C checkout, then the admin console', () => {
  let token: string;
  let page: Page;
  let productId: number;
  let variantId: number;
  let orderA: Order;
  let orderB: Order;

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
  });
  test.afterAll(async () => {
    await page.close();
  });

  test('1. a category and a product with one variant exist (through the API)', async () => {
    token = await adminToken();
    const rates = await api<VatRate[]>(token, 'GET', '/admin/vat-rates/');
    const tn = rates.find((r) => r.country_code === 'TN' && r.is_default);
    expect(tn).toMatchObject({ rate: 19, is_active: true, status: 'in_force' });
    // Customer A is priced for France: the shop records FR's standard rate (never TN's abroad).
    await api<VatRate>(token, 'POST', '/admin/vat-rates/', {
      name: 'TVA France',
      rate: 20,
      country_code: 'FR',
      is_default: true,
      effective_from: '2018-01-01T00:00:00.000Z',
    });

    const category = await api<Category>(token, 'POST', '/categories/', SETUP_CATEGORY);
    const product = await api<Product>(token, 'POST', '/admin/products/', {
      ...PRODUCT,
      category_id: category.id,
      vat_rate_id: tn!.id,
      has_variants: true,
      is_active: true,
    });
    productId = product.id;
    const variant = await api<Variant>(token, 'POST', `/admin/variants/${productId}/variants`, {
      sku: VARIANT.sku,
      variant_title: VARIANT.title,
      price: VARIANT.price,
      cost_price: '20.000',
      stock_quantity: VARIANT.stock,
      track_inventory: true,
    });
    variantId = variant.id;
    expect(variant.stock_quantity).toBe(VARIANT.stock);
  });

  test('2a. customer A (professional, FR) checks out with the VAT reverse charge', async () => {
    const customer = await customerToken(A.email);
    await api(customer, 'PATCH', '/customers/me', {
      customer_type: 'professional',
      vat_number: A.vat,
      country_code: 'FR',
      company_name: A.company,
    });
    await api(customer, 'POST', '/cart/items', {
      product_id: productId,
      variant_id: variantId,
      quantity: A.quantity,
    });
    orderA = await api<Order>(customer, 'POST', '/orders/', {
      payment_method: PAYMENT,
      shipping_address: { ...A.address, email: A.email },
      customer_type: 'professional',
      vat_number: A.vat,
      customer_country_code: 'FR',
    });
    expect(orderA).toMatchObject({
      status: 'pending',
      payment_method: PAYMENT,
      customer_type: 'professional',
      vat_number: A.vat,
      vat_reverse_charge: true,
      vat_amount: '0.000',
    });
    expect(Number(orderA.total_amount)).toBeGreaterThan(0);
  });

  test('2b. customer B (individual, TN) checks out and is charged VAT', async () => {
    const customer = await customerToken(B.email);
    await api(customer, 'PATCH', '/customers/me', {
      customer_type: 'individual',
      country_code: 'TN',
    });
    await api(customer, 'POST', '/cart/items', {
      product_id: productId,
      variant_id: variantId,
      quantity: B.quantity,
    });
    orderB = await api<Order>(customer, 'POST', '/orders/', {
      payment_method: PAYMENT,
      shipping_address: { ...B.address, email: B.email },
    });
    expect(orderB).toMatchObject({
      status: 'pending',
      customer_type: 'individual',
      vat_reverse_charge: false,
    });
    expect(Number(orderB.vat_amount)).toBeGreaterThan(0);
    expect(orderB.order_number).not.toBe(orderA.order_number);

    const variant = await api<Variant>(token, 'GET', `/admin/variants/${variantId}`);
    expect(variant.stock_quantity).toBe(VARIANT.stock - A.quantity - B.quantity);
  });

  test('3a. the admin signs in; the dashboard counts both orders, their customers and revenue', async () => {
    await page.goto(`${baseURL()}/auth`);
    await page.getByLabel('Username').fill(ADMIN_USERNAME);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    const stats = apiCall(page, 'GET', /^\/api\/v1\/admin\/stats\/?$/);
    await page.getByRole('button', { name: 'Login' }).click();
    await dismiss(await expectToast(page, 'Logged in successfully', 'success'));
    await expect(page).toHaveURL(/\/admin$/);
    expect((await stats).status()).toBe(200);

    const stat = (title: string) =>
      page.getByRole('region', { name: title }).getByTestId('stat-value');
    await expect(stat('Total Orders')).toHaveText('2');
    await expect(stat('Total Customers')).toHaveText('2');
    await expect(stat('Total Revenue')).toHaveText(money(orderA.total_amount, orderB.total_amount));
    // Both orders are pending: none is left out of the revenue's secondary line.
    await expect(
      page.getByText(
        `Excluding cancelled and refunded: ${money(orderA.total_amount, orderB.total_amount)}`,
      ),
    ).toBeVisible();
    // No legal details yet: invoices wait for them, and the dashboard says so (#26).
    await expect(page.getByTestId('invoice-settings-notice')).toContainText(
      "Complete your shop's legal details to issue invoices",
    );
  });

  test('3b. the orders list shows both orders', async () => {
    await openFromSidebar(page, 'Orders');
    for (const [order, address] of [
      [orderA, A.address],
      [orderB, B.address],
    ] as const) {
      const row = rowWith(page, order.order_number);
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(PAYMENT_LABEL);
      await expect(row).toContainText(`${address.first_name} ${address.last_name}`);
      await expect(row).toContainText(money(order.total_amount));
      await expect(row.getByTestId('order-status')).toHaveText('pending');
    }
  });

  test("3c. A's detail shows the totals and the reverse-charge note", async () => {
    const loaded = apiCall(page, 'GET', new RegExp(`^/api/v1/admin/orders/${orderA.id}$`));
    await rowWith(page, orderA.order_number).getByRole('link', { name: 'View' }).click();
    expect((await loaded).status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderA.id}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: `Order ${orderA.order_number}` }),
    ).toBeVisible();

    const totals = page.getByTestId('order-totals');
    const line = (label: string) =>
      totals.getByTestId('total-line').filter({ hasText: new RegExp(`^${label}`) });
    await expect(line('Subtotal \\(excl\\. VAT\\)')).toContainText(money(orderA.subtotal));
    await expect(line('VAT Amount')).toContainText('0.000 TND');
    await expect(line('Shipping')).toContainText(money(orderA.shipping_amount));
    await expect(line('Total')).toContainText(money(orderA.total_amount));
    await expect(page.getByTestId('reverse-charge')).toHaveText(REVERSE_CHARGE_NOTE);

    const customer = page.getByTestId('customer-information');
    await expect(customer).toContainText('professional');
    await expect(customer).toContainText(A.vat);
    // No VIES_URL on the e2e server: the number was checked for its format only.
    await expect(customer.getByTestId('vat-number-check')).toHaveText(
      'VAT number: format checked only',
    );
    await expect(page.getByTestId('payment-method')).toContainText(PAYMENT_LABEL);
    await expect(page.getByTestId('order-item')).toHaveCount(1);
    await expect(page.getByTestId('order-item')).toContainText(`Quantity: ${A.quantity}`);
  });

  test("3d. B's detail charges VAT and has no reverse-charge note", async () => {
    const loaded = apiCall(page, 'GET', new RegExp(`^/api/v1/admin/orders/${orderB.id}$`));
    await page.goto(`${baseURL()}/admin/orders/${orderB.id}`);
    expect((await loaded).status()).toBe(200);
    await expect(
      page.getByRole('heading', { level: 1, name: `Order ${orderB.order_number}` }),
    ).toBeVisible();
    const totals = page.getByTestId('order-totals');
    await expect(totals.getByTestId('total-line').filter({ hasText: /^VAT Amount/ })).toContainText(
      money(orderB.vat_amount),
    );
    await expect(totals.getByTestId('total-line').filter({ hasText: /^Total/ })).toContainText(
      money(orderB.total_amount),
    );
    await expect(page.getByText(REVERSE_CHARGE_NOTE)).toHaveCount(0);
    await expect(page.getByTestId('reverse-charge')).toHaveCount(0);
  });

  test('3e. the customers overview lists both e-mails with their order counts', async () => {
    await openFromSidebar(page, 'Customers');
    for (const [email, order] of [
      [A.email, orderA],
      [B.email, orderB],
    ] as const) {
      const row = rowWith(page, email);
      await expect(row).toHaveCount(1);
      // Columns: Email, Type, Country, VAT Number, Orders, Total Spent, Last Order.
      await expect(row.getByRole('cell').nth(4)).toHaveText('1');
      await expect(row.getByRole('cell').nth(5)).toHaveText(money(order.total_amount));
    }
    await expect(rowWith(page, A.email).getByTestId('customer-type')).toHaveText(/professional/i);
    await expect(rowWith(page, A.email)).toContainText(A.vat);
  });

  test("3f. the admin ships A's order through the status selector", async () => {
    const loaded = apiCall(page, 'GET', new RegExp(`^/api/v1/admin/orders/${orderA.id}$`));
    await page.goto(`${baseURL()}/admin/orders/${orderA.id}`);
    expect((await loaded).status()).toBe(200);
    const card = page.getByTestId('order-status-card');
    await expect(card.getByTestId('current-status')).toHaveText(/pending/i);

    const patched = apiCall(
      page,
      'PATCH',
      new RegExp(`^/api/v1/admin/orders/${orderA.id}/status$`),
    );
    await card.getByLabel('Change status').selectOption('shipped');
    expect((await patched).status()).toBe(200);
    await dismiss(await expectToast(page, 'Order status updated', 'success'));
    await expect(card.getByTestId('current-status')).toHaveText(/shipped/i);
    await expect(card.getByLabel('Change status')).toHaveValue('shipped');
    await expect(card.getByLabel('Change status')).toBeEnabled();

    const stored = await api<Order>(token, 'GET', `/admin/orders/${orderA.id}`);
    expect(stored.status).toBe('shipped');
    expect((await api<Order>(token, 'GET', `/admin/orders/${orderB.id}`)).status).toBe('pending');
  });

  test('3g. the shop settings are filled in through the settings screen', async () => {
    await openFromSidebar(page, 'Settings');
    const form = page.getByRole('form', { name: 'Shop settings' });
    const missing = page.getByTestId('invoice-fields-missing');
    await expect(missing).toContainText('Still missing: Legal name, Address and Matricule fiscal.');
    await form.getByLabel('Legal name').fill(SELLER.legal_name);
    await form.getByLabel('Address').fill(SELLER.address);
    await form.getByLabel('Matricule fiscal').fill('1234567a a m 000');
    const saved = apiCall(page, 'PATCH', /^\/api\/v1\/admin\/settings\/shop$/);
    await form.getByRole('button', { name: 'Save settings' }).click();
    expect((await saved).status()).toBe(200);
    await dismiss(await expectToast(page, 'Settings saved successfully', 'success'));

    const stored = await api<ShopSettings>(token, 'GET', '/admin/settings/shop');
    expect(stored).toMatchObject({
      ...SELLER,
      matricule_fiscal: SELLER.matricule_fiscal,
      missing_for_invoices: [],
    });
    await expect(missing).toHaveCount(0);
    await openFromSidebar(page, 'Dashboard');
    await expect(page.getByRole('region', { name: 'Quick Actions' })).toBeVisible();
    await expect(page.getByTestId('invoice-settings-notice')).toHaveCount(0);
  });

  test("3h. A's invoice is issued from its detail and downloaded as PDF", async () => {
    const loaded = apiCall(page, 'GET', new RegExp(`^/api/v1/admin/orders/${orderA.id}/invoices$`));
    await page.goto(`${baseURL()}/admin/orders/${orderA.id}`);
    expect((await loaded).status()).toBe(200);
    const panel = page.getByTestId('order-documents');
    // A was shipped before the settings were complete: no invoice could be issued then.
    await expect(panel).toContainText('No invoice yet.');
    // Its reverse charge rests on a number VIES did not confirm (no VIES_URL here): the
    // console offers no invoice until an admin confirms the number.
    const review = page.getByTestId('vat-review');
    await expect(review).toContainText('VAT number to confirm');
    await expect(panel.getByRole('button', { name: 'Issue invoice' })).toHaveCount(0);
    const confirmed = apiCall(
      page,
      'POST',
      new RegExp(`^/api/v1/admin/orders/${orderA.id}/confirm-vat-number$`),
    );
    await review.getByRole('button', { name: 'Confirm VAT number' }).click();
    expect((await confirmed).status()).toBe(200);
    await dismiss(await expectToast(page, 'VAT number confirmed', 'success'));
    await expect(page.getByTestId('vat-review')).toHaveText(
      'VAT number confirmed by an administrator',
    );

    const issued = apiCall(
      page,
      'POST',
      new RegExp(`^/api/v1/admin/orders/${orderA.id}/invoices$`),
    );
    await panel.getByRole('button', { name: 'Issue invoice' }).click();
    expect((await issued).status()).toBe(201);
    const [invoice] = await api<Invoice[]>(token, 'GET', `/admin/orders/${orderA.id}/invoices`);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      number: expect.stringMatching(/^INV-\d{4}-\d{6}$/) as unknown,
      vat_reverse_charge: true,
      buyer: { vat_number: A.vat, company: A.company },
      seller: { legal_name: SELLER.legal_name, matricule_fiscal: SELLER.matricule_fiscal },
      total_incl_vat: orderA.total_amount,
    });
    await expect(panel.getByTestId('document-number')).toHaveText([invoice!.number]);
    await expect(panel.getByRole('button', { name: 'Issue invoice' })).toHaveCount(0);

    await panel.getByRole('button', { name: `Download PDF of ${invoice!.number}` }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'PDF (Français)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${invoice!.number}.pdf`);
    const bytes = readFileSync(await file.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  test('3i. confirming B issues its invoice, cancelling it issues the credit note', async () => {
    const loaded = apiCall(page, 'GET', new RegExp(`^/api/v1/admin/orders/${orderB.id}/invoices$`));
    await page.goto(`${baseURL()}/admin/orders/${orderB.id}`);
    expect((await loaded).status()).toBe(200);
    const card = page.getByTestId('order-status-card');
    const panel = page.getByTestId('order-documents');
    await expect(panel).toContainText('No invoice yet.');

    for (const status of ['confirmed', 'cancelled'] as const) {
      const patched = apiCall(
        page,
        'PATCH',
        new RegExp(`^/api/v1/admin/orders/${orderB.id}/status$`),
      );
      await card.getByLabel('Change status').selectOption(status);
      if (status === 'cancelled') {
        // Asked first (#26): what the cancel does to this order, then the confirmation.
        const [issued] = await api<Invoice[]>(token, 'GET', `/admin/orders/${orderB.id}/invoices`);
        const dialog = page.getByRole('alertdialog', {
          name: `Cancel order ${orderB.order_number}?`,
        });
        await expect(dialog.getByTestId('status-change-effects')).toHaveText(
          'Its items go back into stock.' +
            `A credit note is issued for invoice ${issued!.number}; the invoice itself stays as issued.`,
        );
        await dialog.getByRole('button', { name: 'Cancel order' }).click();
      }
      expect((await patched).status()).toBe(200);
      await dismiss(await expectToast(page, 'Order status updated', 'success'));
    }
    const documents = await api<Invoice[]>(token, 'GET', `/admin/orders/${orderB.id}/invoices`);
    expect(documents.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    const [invoice, creditNote] = documents as [Invoice, Invoice];
    expect(creditNote.credits).toEqual({ id: invoice.id, kind: 'invoice', number: invoice.number });
    // A Tunisian buyer: the order charged the stamp duty (#30); the invoice copies it, its amount
    // due the order's total.
    expect(invoice).toMatchObject({ stamp_duty: '1.000', amount_due: orderB.total_amount });
    await expect(panel.getByTestId('document-number')).toHaveText([
      invoice.number,
      creditNote.number,
    ]);
    await expect(page.getByTestId('order-timeline')).toContainText(creditNote.number);
  });

  test('4a. a category is created through its dialog', async () => {
    await openFromSidebar(page, 'Categories', /^\/api\/v1\/admin\/categories\/?$/);
    await page.getByRole('button', { name: 'Add Category' }).click();
    const form = await dialog(page, 'Add Category');
    await form.getByLabel(/Category Name/).fill(UI_CATEGORY.name);
    await expect(form.getByLabel(/^Slug/)).toHaveValue(UI_CATEGORY.slug);
    await form.getByLabel('Description').fill(UI_CATEGORY.description);
    const created = apiCall(page, 'POST', /^\/api\/v1\/categories\/?$/);
    await form.getByRole('button', { name: 'Create' }).click();
    expect((await created).status()).toBe(201);
    const toast = await expectToast(page, 'Category created successfully', 'success');
    await expect(form).toHaveCount(0);
    await dismiss(toast);
    await expect(rowWith(page, UI_CATEGORY.name)).toHaveCount(1);

    const categories = await api<Category[]>(token, 'GET', '/categories/');
    expect(categories.find((c) => c.slug === UI_CATEGORY.slug)).toMatchObject({
      name: UI_CATEGORY.name,
      description: UI_CATEGORY.description,
    });
  });

  test('4b. a VAT rate is created (country upper-cased), edited and deleted', async () => {
    const list = /^\/api\/v1\/admin\/vat-rates\/?$/;
    await openFromSidebar(page, 'VAT Rates', list);
    await page.getByRole('button', { name: 'Add VAT Rate' }).click();
    let form = await dialog(page, 'Create VAT Rate');
    await form.getByLabel(/^Name/).fill(UI_VAT.name);
    await form.getByLabel(/^Rate/).fill(UI_VAT.rate);
    const country = form.getByLabel(/^Country Code/);
    await country.fill('');
    await country.pressSequentially(UI_VAT.typedCountry);
    await expect(country).toHaveValue(UI_VAT.country);
    await form.getByLabel(/^Effective From/).fill(UI_VAT.from);
    const created = apiCall(page, 'POST', list);
    await form.getByRole('button', { name: 'Create' }).click();
    const createdRes = await created;
    expect(createdRes.status()).toBe(201);
    const { id } = (await createdRes.json()) as VatRate;
    let toast = await expectToast(page, 'VAT rate created successfully', 'success');
    await expect(form).toHaveCount(0);
    await dismiss(toast);
    await expect(page.getByRole('button', { name: `Edit ${UI_VAT.name}` })).toBeVisible();

    const stored = await api<VatRate>(token, 'GET', `/admin/vat-rates/${id}`);
    expect(stored).toMatchObject({
      name: UI_VAT.name,
      rate: Number(UI_VAT.rate),
      country_code: UI_VAT.country,
      is_default: false,
      is_active: true,
      effective_from: `${UI_VAT.from}T00:00:00.000Z`,
      effective_to: null,
    });

    // Edit: renamed, the other fields kept.
    await page.getByRole('button', { name: `Edit ${UI_VAT.name}` }).click();
    form = await dialog(page, 'Edit VAT Rate');
    await expect(form.getByLabel(/^Country Code/)).toHaveValue(UI_VAT.country);
    await expect(form.getByLabel(/^Effective From/)).toHaveValue(UI_VAT.from);
    await form.getByLabel(/^Name/).fill(UI_VAT.renamed);
    const updated = apiCall(page, 'PATCH', new RegExp(`^/api/v1/admin/vat-rates/${id}$`));
    await form.getByRole('button', { name: 'Update' }).click();
    expect((await updated).status()).toBe(200);
    toast = await expectToast(page, 'VAT rate updated successfully', 'success');
    await expect(form).toHaveCount(0);
    await dismiss(toast);
    expect(await api<VatRate>(token, 'GET', `/admin/vat-rates/${id}`)).toMatchObject({
      name: UI_VAT.renamed,
      rate: Number(UI_VAT.rate),
      country_code: UI_VAT.country,
      effective_from: `${UI_VAT.from}T00:00:00.000Z`,
    });

    // Delete, confirmed.
    await page.getByRole('button', { name: `Delete ${UI_VAT.renamed}` }).click();
    const confirm = await dialog(page, 'Delete VAT Rate', 'alertdialog');
    await expect(confirm).toContainText(
      `Are you sure you want to delete "${UI_VAT.renamed}"? This action cannot be undone.`,
    );
    const deleted = apiCall(page, 'DELETE', new RegExp(`^/api/v1/admin/vat-rates/${id}$`));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    expect((await deleted).status()).toBeLessThan(300);
    toast = await expectToast(page, 'VAT rate deleted successfully', 'success');
    await expect(confirm).toHaveCount(0);
    await dismiss(toast);
    await expect(page.getByRole('button', { name: `Edit ${UI_VAT.renamed}` })).toHaveCount(0);
    const after = await api<VatRate[]>(token, 'GET', '/admin/vat-rates/');
    expect(after.find((r) => r.id === id)).toBeUndefined();
  });

  test('4c. a manager is created and can log in with the password', async () => {
    const list = /^\/api\/v1\/admin\/users\/?$/;
    await openFromSidebar(page, 'Users', list);
    await page.getByRole('button', { name: 'Add User' }).click();
    const form = await dialog(page, 'Create User');
    await form.getByLabel(/^Username/).fill(UI_USER.username);
    await form.getByLabel(/^Full Name/).fill(UI_USER.fullName);
    await form.getByLabel(/^Email/).fill(UI_USER.email);
    await form.getByLabel(/^Role/).selectOption('manager');
    await form.getByLabel(/^Password/).fill(UI_USER.password);
    const created = apiCall(page, 'POST', list);
    await form.getByRole('button', { name: 'Create' }).click();
    const createdRes = await created;
    expect(createdRes.status()).toBe(201);
    const { id } = (await createdRes.json()) as AdminUser;
    const toast = await expectToast(page, 'User created successfully', 'success');
    await expect(form).toHaveCount(0);
    await dismiss(toast);
    await expect(rowWith(page, UI_USER.username)).toHaveCount(1);

    expect(await api<AdminUser>(token, 'GET', `/admin/users/${id}`)).toMatchObject({
      username: UI_USER.username,
      full_name: UI_USER.fullName,
      email: UI_USER.email,
      role: 'manager',
      is_active: true,
    });
    const login = await fetch(`${baseURL()}/api/v1/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: UI_USER.username, password: UI_USER.password }),
    });
    expect(login.status).toBe(200);
    const managerToken = ((await login.json()) as { access_token: string }).access_token;
    const me = await api<AdminUser>(managerToken, 'GET', '/admin/auth/me');
    expect(me).toMatchObject({ username: UI_USER.username, role: 'manager' });
  });

  test('5. the admin signs out', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });
});
