// A bulk price shift moves every price a customer is charged (#26 point 1), on the real server
// and the built console: a shirt whose sizes sell at 59.900 and 65.900 shows that range in the
// list; Shift Price +10 % is previewed (3 prices, old → new, the shirt named as having variants
// with prices of their own), then applied; the server then holds every variant's new price and
// the list shows the new range.
import { expect, test } from './fixtures';
import { adminToken, api, baseURL } from './api';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './server';

interface Product {
  id: number;
  name: string;
  base_price: string;
}
interface Variant {
  sku: string;
  price: string;
}

test('Shift Price +10 % previews and then moves the base price and every variant’s price', async ({
  page,
}) => {
  const token = await adminToken();
  const category = await api<{ id: number }>(token, 'POST', '/categories/', {
    name: 'Bulk Tricots',
    slug: 'bulk-tricots',
  });
  const [rate] = await api<{ id: number }[]>(token, 'GET', '/admin/vat-rates/');
  const shirt = await api<Product>(token, 'POST', '/admin/products/', {
    name: 'Pull marin Bulk',
    slug: 'pull-marin-bulk',
    description: 'Pull en laine de Tabarka.',
    category_id: category.id,
    base_price: '59.900',
    vat_rate_id: rate!.id,
    price_includes_vat: true,
    has_variants: true,
  });
  await api(token, 'POST', `/admin/variants/bulk/create?product_id=${shirt.id}`, [
    { sku: 'PULL-BULK-M', variant_title: 'M', price: '59.900', cost_price: '20' },
    { sku: 'PULL-BULK-XL', variant_title: 'XL', price: '65.900', cost_price: '20' },
  ]);

  await page.goto(`${baseURL()}/auth`);
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`${baseURL()}/admin/products`);
  // The search is debounced: wait for its answer, or it would reset the selection later.
  const searched = page.waitForResponse(
    (r) => r.url().includes('/admin/products/') && r.url().includes('search=Pull'),
  );
  await page.getByPlaceholder('Search products...').fill('Pull marin Bulk');
  await searched;
  const row = page.getByRole('row', { name: /Pull marin Bulk/ });
  await expect(row.getByText('59.900 – 65.900 TND')).toBeVisible();

  await row.getByRole('checkbox', { name: 'Select Pull marin Bulk' }).check();
  await page
    .getByRole('region', { name: 'Bulk actions' })
    .getByRole('button', { name: 'Shift Price' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Shift Price' });
  await dialog.getByLabel(/Change \(%\)/).fill('10');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = dialog.getByTestId('bulk-preview');
  await expect(preview.getByText('2 prices change')).toBeVisible();
  await expect(preview.getByRole('listitem')).toHaveText([
    'Pull marin Bulk — M: 59.900 TND → 65.890 TND',
    'Pull marin Bulk — XL: 65.900 TND → 72.490 TND',
  ]);
  await expect(
    preview.getByText(
      'This product has variants with prices of their own; they change too: Pull marin Bulk.',
    ),
  ).toBeVisible();
  // The preview changed nothing.
  expect((await api<Product>(token, 'GET', `/admin/products/${shirt.id}`)).base_price).toBe(
    '59.900',
  );

  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('toast').getByText('1 product updated')).toBeVisible();
  const variants = await api<{ items: Variant[] }>(
    token,
    'GET',
    `/admin/variants/?product_id=${shirt.id}`,
  );
  expect(variants.items.map((v) => [v.sku, v.price])).toEqual([
    ['PULL-BULK-M', '65.890'],
    ['PULL-BULK-XL', '72.490'],
  ]);
  expect((await api<Product>(token, 'GET', `/admin/products/${shirt.id}`)).base_price).toBe(
    '65.890',
  );
  await expect(row.getByText('65.890 – 72.490 TND')).toBeVisible();
});
