import { expectedMoney } from '@/testing/expected';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { OrderSummary } from '@generated/model';
import { orders as orderFixtures, products as productFixtures } from '@mocks/fixtures';
import { orders, products } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { expectLocation, expectToast, expectScreenTitle } from '@/testing/story';
import { DashboardPage } from './DashboardPage';
import { adminScreen } from '@/testing/admin-screen';

/** The dashboard of /admin (docs/product.md §2) in the admin layout, over the mock API. */
const meta = {
  title: 'Dashboard/DashboardPage',
  component: DashboardPage,
  ...adminScreen('/admin'),
} satisfies Meta<typeof DashboardPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const TITLES = ['Total Products', 'Total Orders', 'Total Customers', 'Total Revenue'];

/**
 * The expected revenue, computed here independently of the app's money helpers: integer millimes,
 * then en-US grouping, 3 decimals and TND.
 */
function expectedRevenue(list: readonly Pick<OrderSummary, 'total_amount'>[]): string {
  const millimes = list.reduce(
    (sum, order) => sum + Math.round(Number(order.total_amount) * 1000),
    0,
  );
  return expectedMoney(millimes / 1000);
}

/** The value shown in the stat card titled `title`. */
async function statValue(canvasElement: HTMLElement, title: string): Promise<string> {
  const card = await within(canvasElement).findByRole('region', { name: title });
  return within(card).getByTestId('stat-value').textContent ?? '';
}

async function expectStats(canvasElement: HTMLElement, values: string[]) {
  for (const [index, title] of TITLES.entries())
    await waitFor(async () => expect(await statValue(canvasElement, title)).toBe(values[index]));
}

/** Many orders, so the revenue passes a thousand (digit grouping). */
const manyOrders: OrderSummary[] = [0, 1, 2].flatMap((copy) =>
  orderFixtures.map((order) => ({ ...order, id: order.id + copy * 100 })),
);

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const distinctIds = new Set(orderFixtures.map((order) => order.id)).size;
    await expectStats(canvasElement, [
      String(productFixtures.length),
      String(orderFixtures.length),
      String(distinctIds),
      expectedRevenue(orderFixtures),
    ]);
    await expectScreenTitle(canvasElement, 'Dashboard');
    // Both lists were asked for with limit 1000 (docs/product.md §9).
    const [productsCall] = await requests.waitFor('GET', '/api/v1/admin/products/');
    await expect(productsCall?.query).toEqual({ skip: '0', limit: '1000' });
    const [ordersCall] = await requests.waitFor('GET', '/api/v1/admin/orders/');
    await expect(ordersCall?.query).toEqual({ skip: '0', limit: '1000' });
    await expect(canvas.queryAllByTestId('stat-placeholder')).toHaveLength(0);
  },
};

/** A revenue over a thousand: grouped digits, 3 decimals, TND (e.g. "2,284.860 TND"). */
export const LargeRevenue: Story = {
  parameters: { msw: { handlers: [orders.list(manyOrders)] } },
  play: async ({ canvasElement }) => {
    const revenue = expectedRevenue(manyOrders);
    await expect(revenue).toMatch(/^\d{1,3}(,\d{3})+\.\d{3} TND$/);
    await expectStats(canvasElement, [
      String(productFixtures.length),
      String(manyOrders.length),
      String(manyOrders.length),
      revenue,
    ]);
  },
};

/** Nothing sold yet: zeros and 0.000 TND. */
export const NoData: Story = {
  parameters: { msw: { handlers: [products.list([]), orders.list([])] } },
  play: async ({ canvasElement }) => {
    await expectStats(canvasElement, ['0', '0', '0', '0.000 TND']);
  },
};

export const RecentActivityAndQuickActions: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const activity = canvas.getByRole('region', { name: 'Recent Activity' });
    await expect(within(activity).getByText('No recent activity to display')).toBeVisible();
    const actions = within(canvas.getByRole('region', { name: 'Quick Actions' })).getAllByRole(
      'link',
    );
    await expect(actions.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Add New Product', '/admin/products/new'],
      ['View Orders', '/admin/orders'],
      ['Manage Categories', '/admin/categories'],
    ]);
  },
};

export const QuickActionNavigates: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('link', { name: 'Add New Product' }));
    await expectLocation(canvasElement, '/admin/products/new');
  },
};

/** While the lists load: four placeholder cards, no figures. */
export const Loading: Story = {
  parameters: { msw: { handlers: [products.list.loading(), orders.list.loading()] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByTestId('stat-placeholder')).toHaveLength(4);
    await expect(canvas.getByTestId('dashboard-stats')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryAllByTestId('stat-value')).toHaveLength(0);
    // The rest of the screen is there already.
    await expect(canvas.getByText('No recent activity to display')).toBeVisible();
  },
};

/** One list loaded, the other still loading: still placeholders (no partial figures). */
export const PartlyLoaded: Story = {
  parameters: { msw: { handlers: [orders.list.loading()] } },
  play: async ({ canvasElement }) => {
    await requests.waitFor('GET', '/api/v1/admin/products/');
    const canvas = within(canvasElement);
    await expect(canvas.getAllByTestId('stat-placeholder')).toHaveLength(4);
  },
};

export const OrdersFail: Story = {
  parameters: { msw: { handlers: [orders.list.error(500, 'Database unavailable')] } },
  play: async ({ canvasElement }) => {
    await expectToast('Error', 'Failed to load dashboard stats', 'error');
    const canvas = within(canvasElement);
    await expect(canvas.queryAllByTestId('stat-placeholder')).toHaveLength(0);
    // No made-up zeros: the figures are unknown.
    for (const title of TITLES) await expect(await statValue(canvasElement, title)).toBe('—');
  },
};

export const ProductsNetworkError: Story = {
  parameters: { msw: { handlers: [products.list.networkError()] } },
  play: async () => {
    await expectToast('Error', 'Failed to load dashboard stats', 'error');
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile375' } },
  play: async ({ canvasElement }) => {
    await expectStats(canvasElement, [
      String(productFixtures.length),
      String(orderFixtures.length),
      String(orderFixtures.length),
      expectedRevenue(orderFixtures),
    ]);
    const canvas = within(canvasElement);
    // One column: the cards are stacked at the same left edge, and nothing overflows the page.
    const lefts = TITLES.map((title) =>
      Math.round(canvas.getByRole('region', { name: title }).getBoundingClientRect().left),
    );
    await expect(new Set(lefts).size).toBe(1);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
