// A shop past the demo's size, tried as a new admin would (issue #12): `seed:demo -- --products
// 5000 --orders 1500`, then the dashboard's figures, the oldest product and order found by
// search, the lists sorted by price and by date, the orders filtered by status and by date. The
// expected figures and rows are asked from the API of the same shop.
import { expect, test, type Page } from './fixtures';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startShop, type RunningShop } from './server';

const PRODUCTS = 5000;
const ORDERS = 1500;

interface Product {
  name: string;
}
interface Order {
  order_number: string;
  created_at: string;
}
interface Stats {
  product_count: number;
  order_count: number;
  customer_count: number;
}

const count = (n: number) => n.toLocaleString('en-US');

test.describe.serial(`a shop with ${count(PRODUCTS)} products and ${count(ORDERS)} orders`, () => {
  let shop: RunningShop;
  let page: Page;
  let token: string;

  /** GET on the shop's API as the admin: the body and X-Total-Count. */
  async function get<T>(path: string): Promise<{ body: T; total: number }> {
    const res = await fetch(`${shop.baseURL}/api/v1${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status, path).toBe(200);
    return { body: (await res.json()) as T, total: Number(res.headers.get('x-total-count')) };
  }

  /** Waits for the list request at `path` whose query has every `params` pair. */
  const listRequest = (path: string, params: Record<string, string>) =>
    page.waitForResponse((res) => {
      const url = new URL(res.url());
      return (
        url.pathname === path &&
        Object.entries(params).every(([k, v]) => url.searchParams.get(k) === v) &&
        res.request().method() === 'GET'
      );
    });

  const firstRow = () => page.getByRole('row').nth(1);

  test.beforeAll(async ({ browser, database }) => {
    shop = await startShop(
      {},
      { seed: ['--products', `${PRODUCTS}`, '--orders', `${ORDERS}`], database },
    );
    const login = await fetch(`${shop.baseURL}/api/v1/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
    });
    token = ((await login.json()) as { access_token: string }).access_token;
    page = await browser.newPage();
  });
  test.afterAll(async () => {
    await page?.close();
    await shop?.stop();
  });

  test('the dashboard shows every product, order and customer', async () => {
    const { body: stats } = await get<Stats>('/admin/stats/');
    expect(stats).toMatchObject({ product_count: PRODUCTS, order_count: ORDERS });

    await page.goto(`${shop.baseURL}/auth`);
    await page.getByLabel('Username').fill(ADMIN_USERNAME);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    const stat = (title: string) =>
      page.getByRole('region', { name: title }).getByTestId('stat-value');
    await expect(stat('Total Products')).toHaveText(count(PRODUCTS));
    await expect(stat('Total Orders')).toHaveText(count(ORDERS));
    await expect(stat('Total Customers')).toHaveText(count(stats.customer_count));
  });

  test('the products list counts them all, finds the oldest by search, sorts by price', async () => {
    const { body: oldest } = await get<Product[]>('/admin/products/?sort=created_at&limit=1');
    const { body: cheapest } = await get<Product[]>('/admin/products/?sort=base_price&limit=1');
    const oldestName = oldest[0]!.name;

    await page.getByRole('link', { name: 'Products', exact: true }).click();
    await expect(page.getByTestId('product-count')).toHaveText(`${count(PRODUCTS)} products`);

    const searched = listRequest('/api/v1/admin/products/', { search: oldestName });
    await page.getByLabel('Search products').fill(oldestName);
    await searched;
    await expect(page.getByTestId('product-count')).toHaveText(`1 of ${count(PRODUCTS)} products`);
    await expect(firstRow()).toContainText(oldestName);

    await page.getByLabel('Search products').fill('');
    await expect(page.getByTestId('product-count')).toHaveText(`${count(PRODUCTS)} products`);
    const sorted = listRequest('/api/v1/admin/products/', { sort: 'base_price' });
    await page.getByRole('button', { name: 'Price', exact: true }).click();
    await sorted;
    await expect(page.getByRole('columnheader', { name: 'Price' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(firstRow()).toContainText(cheapest[0]!.name);
  });

  test('the orders list finds the oldest order, sorts by date, filters by status and date', async () => {
    const { body: oldest } = await get<Order[]>('/admin/orders/?sort=created_at&limit=1');
    const first = oldest[0]!;
    const { total: cancelled } = await get<Order[]>('/admin/orders/?status=cancelled&limit=1');
    // The day the table shows, in Tunis (UTC+1), and the instants that bound it.
    const day = new Date(first.created_at).toLocaleDateString('en-CA', {
      timeZone: 'Africa/Tunis',
    });
    const dayFrom = new Date(`${day}T00:00:00+01:00`).toISOString();
    const dayTo = new Date(`${day}T23:59:59.999+01:00`).toISOString();
    const { total: thatDay } = await get<Order[]>(
      `/admin/orders/?date_from=${dayFrom}&date_to=${dayTo}&limit=1`,
    );
    expect(cancelled).toBeGreaterThan(0);
    expect(thatDay).toBeGreaterThan(0);

    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await expect(page.getByTestId('order-count')).toHaveText(`${count(ORDERS)} orders`);

    const searched = listRequest('/api/v1/admin/orders/', { search: first.order_number });
    await page.getByLabel('Search by order number').fill(first.order_number);
    await searched;
    await expect(page.getByTestId('order-count')).toHaveText(`1 of ${count(ORDERS)} orders`);
    await expect(firstRow()).toContainText(first.order_number);
    await page.getByLabel('Search by order number').fill('');
    await expect(page.getByTestId('order-count')).toHaveText(`${count(ORDERS)} orders`);

    const byDate = listRequest('/api/v1/admin/orders/', { sort: 'created_at' });
    await page.getByRole('button', { name: 'Date', exact: true }).click();
    await byDate;
    await expect(firstRow()).toContainText(first.order_number);

    const byStatus = listRequest('/api/v1/admin/orders/', { status: 'cancelled' });
    await page.getByLabel('Filter by status').selectOption('cancelled');
    await byStatus;
    await expect(page.getByTestId('order-count')).toHaveText(
      `${count(cancelled)} of ${count(ORDERS)} orders`,
    );
    await page.getByLabel('Filter by status').selectOption('');

    // The day fields take a day part by part (day, month, year in English), as typed.
    for (const label of ['From date', 'To date']) {
      const [year, month, date] = day.split('-') as [string, string, string];
      const parts = page.getByRole('group', { name: label }).getByRole('spinbutton');
      for (const [index, digits] of [date, month, year].entries()) {
        await parts.nth(index).click();
        await page.keyboard.type(digits);
      }
    }
    await expect(page.getByTestId('order-count')).toHaveText(
      `${count(thatDay)} of ${count(ORDERS)} orders`,
    );
    await expect(firstRow()).toContainText(first.order_number);
  });
});
