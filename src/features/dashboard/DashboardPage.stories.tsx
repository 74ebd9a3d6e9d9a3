import { expectedMoney, expectedMoneyIn } from '@/testing/expected';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { DashboardStats, OrderSummary } from '@generated/model';
import { adminUser, orders as orderFixtures, products as productFixtures } from '@mocks/fixtures';
import { statsOf } from '@mocks/fixtures/customers';
import { newShopSettings } from '@mocks/fixtures/settings';
import { dashboard, settings } from '@mocks/handlers';
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
const STATS = '/api/v1/admin/stats/';

/**
 * The expected revenue, computed here independently of the app's money helpers: integer millimes,
 * then en-US grouping, 3 decimals and TND (or `format`).
 */
function expectedRevenue(
  list: readonly Pick<OrderSummary, 'total_amount'>[],
  format: (amount: number) => string = expectedMoney,
): string {
  const millimes = list.reduce(
    (sum, order) => sum + Math.round(Number(order.total_amount) * 1000),
    0,
  );
  return format(millimes / 1000);
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

/** The secondary line of the Total Revenue card. */
async function expectRevenueNote(canvasElement: HTMLElement, text: string) {
  const card = await within(canvasElement).findByRole('region', { name: 'Total Revenue' });
  await waitFor(() => expect(within(card).getByTestId('stat-note')).toHaveTextContent(text));
}

/** Distinct customers: shipping e-mails, trimmed and case-insensitive (docs/product.md §3). */
const distinctCustomers = new Set(
  orderFixtures.map((o) => o.shipping_address.email.trim().toLowerCase()),
).size;
const kept = orderFixtures.filter((o) => !['cancelled', 'refunded'].includes(o.status));

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectStats(canvasElement, [
      String(productFixtures.length),
      String(orderFixtures.length),
      String(distinctCustomers),
      expectedRevenue(orderFixtures),
    ]);
    await expect(kept.length).toBeLessThan(orderFixtures.length);
    await expectRevenueNote(
      canvasElement,
      `Excluding cancelled and refunded: ${expectedRevenue(kept)}`,
    );
    await expectScreenTitle(canvasElement, 'Dashboard');
    // One request: the server computes the figures over the whole shop.
    const calls = await requests.waitFor('GET', STATS);
    await expect(calls).toHaveLength(1);
    await expect(requests.to('GET', /\/admin\/(products|orders)\//)).toHaveLength(0);
    await expect(canvas.queryAllByTestId('stat-placeholder')).toHaveLength(0);
  },
};

/** A story of the figures `stats`: the four values and the revenue's secondary line. */
function figures(stats: DashboardStats, values: string[], excluding: string): Story {
  return {
    parameters: { msw: { handlers: [dashboard.stats(stats)] } },
    play: async ({ canvasElement }) => {
      await expectStats(canvasElement, values);
      await expectRevenueNote(canvasElement, `Excluding cancelled and refunded: ${excluding}`);
    },
  };
}

/** Figures past a thousand: grouped digits, and money with 3 decimals and TND. */
export const LargeFigures = figures(
  {
    product_count: 5000,
    order_count: 1500,
    customer_count: 1234,
    revenue: '2284860.500',
    revenue_excluding_cancelled_refunded: '1999999.999',
  },
  ['5,000', '1,500', '1,234', '2,284,860.500 TND'],
  '1,999,999.999 TND',
);

/** Nothing sold yet: zeros and 0.000 TND. */
export const NoData = figures(statsOf([], []), ['0', '0', '0', '0.000 TND'], '0.000 TND');

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

/**
 * An inventory manager (no orders:read): no figures (they come from the orders) and no request
 * for them; the quick actions their role allows.
 */
export const ForInventoryManager: Story = {
  parameters: { auth: { userType: 'admin', user: { ...adminUser, role: 'inventory_manager' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const actions = within(
      await canvas.findByRole('region', { name: 'Quick Actions' }),
    ).getAllByRole('link');
    await expect(actions.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Add New Product', '/admin/products/new'],
      ['Manage Categories', '/admin/categories'],
    ]);
    await expect(canvas.queryByTestId('dashboard-stats')).toBeNull();
    await expect(canvas.queryByText('Total Orders')).toBeNull();
    await expect(requests.to('GET', STATS)).toHaveLength(0);
  },
};

/** A support agent (no products:write): the figures, no 'Add New Product'. */
export const ForSupport: Story = {
  parameters: { auth: { userType: 'admin', user: { ...adminUser, role: 'support' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByTestId('stat-value')).toHaveLength(4));
    const actions = within(canvas.getByRole('region', { name: 'Quick Actions' })).getAllByRole(
      'link',
    );
    await expect(actions.map((link) => link.textContent)).toEqual([
      'View Orders',
      'Manage Categories',
    ]);
  },
};

const SETTINGS = '/api/v1/admin/settings/shop';
const LEGAL_DETAILS = "Complete your shop's legal details to issue invoices";

/**
 * Before the shop's legal details are set, an admin who may set them is told that invoices wait
 * for them, with the way to Settings.
 */
export const LegalDetailsMissing: Story = {
  parameters: { msw: { handlers: [settings.get(newShopSettings)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = await canvas.findByTestId('invoice-settings-notice');
    await expect(notice).toHaveTextContent(LEGAL_DETAILS);
    const link = within(notice).getByRole('link', { name: 'Open Settings' });
    await expect(link).toHaveAttribute('href', '/admin/settings');
    await userEvent.click(link);
    await expectLocation(canvasElement, '/admin/settings');
  },
};

/** Once they are set (the fixtures' shop), no notice. */
export const LegalDetailsSet: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await requests.waitFor('GET', SETTINGS);
    await waitFor(() => expect(canvas.getAllByTestId('stat-value')).toHaveLength(4));
    await expect(canvas.queryByTestId('invoice-settings-notice')).toBeNull();
    await expect(canvas.queryByText(LEGAL_DETAILS)).toBeNull();
  },
};

/** A manager may not change the settings: not told, and the settings are not asked for. */
export const LegalDetailsMissingForManager: Story = {
  parameters: {
    auth: { userType: 'admin', user: { ...adminUser, role: 'manager' } },
    msw: { handlers: [settings.get(newShopSettings)] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByTestId('stat-value')).toHaveLength(4));
    await expect(canvas.queryByTestId('invoice-settings-notice')).toBeNull();
    await expect(requests.to('GET', SETTINGS)).toHaveLength(0);
  },
};

export const QuickActionNavigates: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('link', { name: 'Add New Product' }));
    await expectLocation(canvasElement, '/admin/products/new');
  },
};

/** While the figures load: four placeholder cards, no figures. */
export const Loading: Story = {
  parameters: { msw: { handlers: [dashboard.stats.loading()] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByTestId('stat-placeholder')).toHaveLength(4);
    await expect(canvas.getByTestId('dashboard-stats')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryAllByTestId('stat-value')).toHaveLength(0);
    // The rest of the screen is there already.
    await expect(canvas.getByText('No recent activity to display')).toBeVisible();
  },
};

/** Placeholders until the figures arrive, then the figures (no partial state). */
export const Delayed: Story = {
  parameters: { msw: { handlers: [dashboard.stats.delayed(600)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByTestId('stat-placeholder')).toHaveLength(4);
    await expect(canvas.queryAllByTestId('stat-value')).toHaveLength(0);
    await requests.waitFor('GET', STATS);
    await waitFor(() => expect(canvas.getAllByTestId('stat-value')).toHaveLength(4));
    await expect(canvas.queryAllByTestId('stat-placeholder')).toHaveLength(0);
  },
};

export const StatsFail: Story = {
  parameters: { msw: { handlers: [dashboard.stats.error(500, 'Database unavailable')] } },
  play: async ({ canvasElement }) => {
    await expectToast('Error', 'Failed to load dashboard stats', 'error');
    const canvas = within(canvasElement);
    await expect(canvas.queryAllByTestId('stat-placeholder')).toHaveLength(0);
    // No made-up zeros: the figures are unknown.
    for (const title of TITLES) await expect(await statValue(canvasElement, title)).toBe('—');
  },
};

export const StatsNetworkError: Story = {
  parameters: { msw: { handlers: [dashboard.stats.networkError()] } },
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
      String(distinctCustomers),
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

/** In Arabic, right to left: the translated heading and cards, the revenue in Arabic. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'لوحة التحكم' }),
    ).toBeVisible();
    await expect(document.documentElement.dir).toBe('rtl');
    await waitFor(async () =>
      expect((await statValue(canvasElement, 'إجمالي الإيرادات')).replace(/\s/g, ' ')).toBe(
        expectedRevenue(orderFixtures, (amount) => expectedMoneyIn('ar-TN', amount)),
      ),
    );
    await expect(canvas.getByRole('link', { name: 'عرض الطلبات' })).toBeVisible();
  },
};

/** In French: the translated heading, cards and revenue. */
export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Tableau de bord' }),
    ).toBeVisible();
    await expect(await canvas.findByRole('region', { name: 'Total des commandes' })).toBeVisible();
  },
};

/** In dark mode: the filled dashboard. */
export const Dark: Story = {
  ...Filled,
  globals: { theme: 'dark' },
};
