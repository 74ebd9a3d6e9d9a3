// 'Create and continue editing' (#26 point 6), end to end against the real server: a product with
// variants is created from the console's form, the admin lands on its edit page (no unsaved-changes
// question), adds a variant there, and the products list then shows its stock. Each step is
// checked through the API too.
import { expect, test, type Page } from './fixtures';
import { adminToken, api, baseURL } from './api';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './server';

interface Category {
  id: number;
}
interface Product {
  id: number;
  name: string;
  has_variants: boolean;
  stock_quantity: number | null;
}
interface VariantPage {
  items: { sku: string; stock_quantity: number }[];
}

// Other e2e files share the server: every name of this run is unique.
const RUN = Date.now().toString(36);
const CATEGORY = { name: `E2E Caps ${RUN}`, slug: `e2e-caps-${RUN}` };
const NAME = `E2E Chechia ${RUN}`;
const SKU = `E2E-${RUN}-RED`.toUpperCase();

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

test('a product created with "Create and continue editing" opens on its edit page', async ({
  page,
}) => {
  const token = await adminToken();
  const category = await api<Category>(token, 'POST', '/categories/', CATEGORY);

  await page.goto(`${baseURL()}/auth`);
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto(`${baseURL()}/admin/products/new`);
  const main = page.getByRole('main');
  await main.getByLabel(/^Product Name/).fill(NAME);
  await main.getByLabel(/^Full Description/).fill('A red felt cap, checked end to end.');
  await main.getByLabel(/^Category/).selectOption(String(category.id));
  await main.getByLabel(/^Base Price/).fill('35.500');
  // The default VAT rate is preselected once the rates are there.
  await expect(main.getByLabel(/^VAT Rate/)).not.toHaveValue('');
  // The switch's input is visually hidden: click its label, as a user does.
  await main.getByText('This product has variants', { exact: true }).click();

  const created = page.waitForResponse(
    (res) =>
      res.request().method() === 'POST' &&
      new URL(res.url()).pathname === '/api/v1/admin/products/',
  );
  await page.getByRole('button', { name: 'Create and continue editing' }).click();
  const res = await created;
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as Product;
  await expect(toast(page, 'Product created successfully')).toBeVisible();

  // The edit page of the new product, without a question about unsaved changes.
  await expect(page).toHaveURL(new RegExp(`/admin/products/${id}$`));
  await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
  await expect(main.getByLabel(/^Product Name/)).toHaveValue(NAME);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create and continue editing' })).toHaveCount(0);

  // Its variants can be added at once.
  await page.getByRole('button', { name: 'Add Variant' }).click();
  const form = page.getByRole('dialog', { name: 'Add Variant' });
  await expect(form).toBeVisible();
  await form.getByLabel('Option name').fill('color');
  await form.getByLabel('Option value').fill('Red');
  await form.getByRole('button', { name: 'Add Option' }).click();
  await form.getByLabel(/^SKU/).fill(SKU);
  await form.getByLabel(/^Variant Title/).fill('Red');
  await form.getByLabel(/^Price/).fill('35.500');
  await form.getByLabel(/^Cost Price/).fill('14.000');
  await form.getByLabel('Stock Quantity').fill('7');
  await form.getByRole('button', { name: 'Create Variant' }).click();
  await expect(toast(page, 'Variant created successfully')).toBeVisible();
  await expect(form).toHaveCount(0);

  // What the server stored: one product (created once), its variant and its stock.
  const found = await api<Product[]>(token, 'GET', `/admin/products/?search=${RUN}`);
  expect(found.map((p) => p.id)).toEqual([id]);
  expect(found[0]).toMatchObject({ name: NAME, has_variants: true, stock_quantity: 7 });
  const variants = await api<VariantPage>(token, 'GET', `/admin/variants/?product_id=${id}`);
  expect(variants.items).toEqual([expect.objectContaining({ sku: SKU, stock_quantity: 7 })]);

  // The list shows it with its stock.
  await page.goto(`${baseURL()}/admin/products`);
  await page.getByRole('searchbox').fill(NAME);
  const row = page.getByRole('row').filter({ hasText: NAME });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(5)).toHaveText('7');
});
