import { expectedMoney, expectedMoneyIn } from '@/testing/expected';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type {
  DashboardStats,
  DashboardSummary,
  DashboardTodo,
  OrderSummary,
} from '@generated/model';
import { adminUser, orders as orderFixtures, products as productFixtures } from '@mocks/fixtures';
import { statsOf } from '@mocks/fixtures/customers';
import { newShopSettings } from '@mocks/fixtures/settings';
import { dashboard, settings } from '@mocks/handlers';
import { activityOf, dashboardFixtures, summaryOf } from '@mocks/handlers/dashboard';
import { auditEntries } from '@mocks/fixtures';
import { requests } from '@mocks/recorder';
import { apiPath, expectLocation, expectToast, expectScreenTitle } from '@/testing/story';
import { DashboardPage } from './DashboardPage';
import { adminScreen } from '@/testing/admin-screen';
import { dayField, dayParts } from '@/testing/day-field';

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
 * How long a figure may take to show: the screen renders its chart with the figures, which on a
 * loaded machine holds the page for more than waitFor's default second.
 */
const SHOWN = { timeout: 5000 };
const STATS = '/api/v1/admin/stats/';
const SUMMARY = apiPath(dashboard.summary);
const ACTIVITY = apiPath(dashboard.activity);

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
  const card = await within(canvasElement).findByRole('region', { name: title }, SHOWN);
  return within(card).getByTestId('stat-value').textContent ?? '';
}

async function expectStats(canvasElement: HTMLElement, values: string[]) {
  for (const [index, title] of TITLES.entries())
    await waitFor(
      async () => expect(await statValue(canvasElement, title)).toBe(values[index]),
      SHOWN,
    );
}

/** The secondary line of the Total Revenue card. */
async function expectRevenueNote(canvasElement: HTMLElement, text: string) {
  const card = await within(canvasElement).findByRole('region', { name: 'Total Revenue' });
  await waitFor(() => expect(within(card).getByTestId('stat-note')).toHaveTextContent(text), SHOWN);
}

/** Distinct customers: shipping e-mails, trimmed and case-insensitive (docs/product.md §3). */
const distinctCustomers = new Set(
  orderFixtures.map((o) => o.shipping_address.email.trim().toLowerCase()),
).size;
const kept = orderFixtures.filter((o) => !['cancelled', 'refunded'].includes(o.status));

/** The mock's summary of a period of the fixtures (its today: the latest fixture order's day). */
const summaryFor = (query: Parameters<typeof summaryOf>[1]) => summaryOf(dashboardFixtures, query);

/** A change against the previous period, written here independently of the screen's formatter. */
function expectedChange(current: number, previous: number): string {
  if (previous === 0) {
    return current === 0 ? 'no change vs previous period' : 'new (none in the previous period)';
  }
  const percent = Math.round(((current - previous) / previous) * 100);
  return `${percent > 0 ? '+' : ''}${percent}% vs previous period`;
}

/** The period lines of the cards: orders and revenue with their change, products and customers added. */
function expectedPeriodLines(s: DashboardSummary): Record<string, string[]> {
  const revenue = [Number(s.revenue.period), Number(s.revenue.previous_period)] as const;
  return {
    'Total Products': [`+${s.products.period} in period`],
    'Total Orders': [
      `${s.orders.period} in period`,
      expectedChange(s.orders.period, s.orders.previous_period),
    ],
    'Total Customers': [`+${s.customers.period} in period`],
    'Total Revenue': [`${expectedMoney(revenue[0])} in period`, expectedChange(...revenue)],
  };
}

async function expectPeriodLines(canvasElement: HTMLElement, s: DashboardSummary) {
  for (const [title, lines] of Object.entries(expectedPeriodLines(s))) {
    const card = await within(canvasElement).findByRole('region', { name: title }, SHOWN);
    await waitFor(
      () =>
        expect(
          [...within(card).getByTestId('stat-period').children].map((line) => line.textContent),
        ).toEqual(lines),
      SHOWN,
    );
  }
}

/** '12 Mar 2025', as the English screen writes a shop day. */
const shopDayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The lines of Recent Activity as shown. */
async function activityTexts(canvasElement: HTMLElement): Promise<string[]> {
  const list = await within(canvasElement).findByTestId('activity-list', {}, SHOWN);
  return within(list)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

export const Filled: Story = {
  tags: ['visual'],
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
    // Today, against yesterday.
    await expect((await requests.waitFor('GET', SUMMARY))[0]?.query).toEqual({ period: 'today' });
    const today = summaryFor({ period: 'today' });
    await expectPeriodLines(canvasElement, today);
    await expect(canvas.getByTestId('period-days')).toHaveTextContent(
      `${shopDayText(today.period.from)} – ${shopDayText(today.period.to)}`,
    );
    // The chart's figures as a table, day by day.
    const table = canvas.getByRole('table', { name: 'Sales by day' });
    await expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual(
      today.sales.map((d) => [shopDayText(d.day), String(d.order_count), expectedMoney(d.revenue)]),
    );
    // To do: each item that waits, as a link to its filtered list (no invoice item: set).
    const plural = (n: number, one: string, other: string) => `${n} ${n === 1 ? one : other}`;
    // Read by name: lint refuses `.todo` (a test's narrowing) on any object.
    const waiting: DashboardTodo = Reflect.get(today, 'todo');
    await expect(
      within(canvas.getByTestId('todo-list'))
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual(
      [
        [
          waiting.to_confirm,
          plural(waiting.to_confirm, 'order', 'orders') + ' to confirm',
          '/admin/orders?status=pending',
        ],
        [
          waiting.to_ship,
          plural(waiting.to_ship, 'order', 'orders') + ' to ship',
          '/admin/orders?status=confirmed',
        ],
        [
          waiting.low_stock,
          plural(waiting.low_stock, 'variant', 'variants') + ' low on stock',
          '/admin/products?stock_state=low_stock',
        ],
        [
          waiting.out_of_stock,
          plural(waiting.out_of_stock, 'variant', 'variants') + ' out of stock',
          '/admin/products?stock_state=out_of_stock',
        ],
      ]
        .filter(([n]) => Number(n) > 0)
        .map(([, text, href]) => [text, href]),
    );
    // Recent Activity in words: audit entries and orders, the latest first.
    await expect((await requests.waitFor('GET', ACTIVITY))[0]?.query).toEqual({ limit: '10' });
    const expected = activityOf(orderFixtures, auditEntries, 'super_admin', 10).items;
    const texts = await activityTexts(canvasElement);
    await expect(texts).toHaveLength(expected.length);
    const firstOrder = expected.findIndex((item) => item.order);
    const order = expected[firstOrder]?.order;
    await expect(texts[firstOrder]).toBe(
      `Order ${order?.order_number} placed by ${order?.shipping_address.first_name} ${order?.shipping_address.last_name} — ${expectedMoney(order?.total_amount ?? 0)}`,
    );
    const entry = expected.find((item) => item.audit?.entity === 'product')?.audit;
    await expect(texts).toContain(`${entry?.admin_username} changed Product ${entry?.label}`);
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

/** Nothing happened yet: Recent Activity's empty state; the quick actions. */
export const RecentActivityAndQuickActions: Story = {
  parameters: { msw: { handlers: [dashboard.activity({ items: [] })] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const activity = canvas.getByRole('region', { name: 'Recent Activity' });
    await expect(await within(activity).findByText('No recent activity to display')).toBeVisible();
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

/**
 * A support agent (no products:write, no audit:read): the figures, no 'Add New Product', and
 * Recent Activity without the audit log's entries (the server leaves them out).
 */
export const ForSupport: Story = {
  parameters: {
    auth: { userType: 'admin', user: { ...adminUser, role: 'support' } },
    msw: { handlers: [dashboard.activity(undefined, 'support')] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByTestId('stat-value')).toHaveLength(4), SHOWN);
    const texts = await activityTexts(canvasElement);
    await expect(texts).toHaveLength(
      activityOf(orderFixtures, auditEntries, 'support', 10).items.length,
    );
    for (const text of texts) await expect(text).toMatch(/^Order ORD-/);
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
    await waitFor(() => expect(canvas.getAllByTestId('stat-value')).toHaveLength(4), SHOWN);
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
    await waitFor(() => expect(canvas.getAllByTestId('stat-value')).toHaveLength(4), SHOWN);
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
  parameters: {
    msw: {
      handlers: [
        dashboard.stats.loading(),
        dashboard.summary.loading(),
        dashboard.activity.loading(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByTestId('stat-placeholder')).toHaveLength(4);
    await expect(canvas.getByTestId('dashboard-stats')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryAllByTestId('stat-value')).toHaveLength(0);
    await expect(canvas.getByTestId('sales-placeholder')).toBeInTheDocument();
    await expect(canvas.getByTestId('activity-placeholder')).toBeInTheDocument();
    await expect(canvas.queryByText('No recent activity to display')).toBeNull();
    // The rest of the screen is there already.
    await expect(canvas.getByRole('link', { name: 'View Orders' })).toBeVisible();
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
    await waitFor(() => expect(canvas.getAllByTestId('stat-value')).toHaveLength(4), SHOWN);
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

/**
 * The period changed to the last 7 days: the request says so, the address keeps it, and the
 * cards show the week against the week before.
 */
export const ChangePeriod: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await requests.waitFor('GET', SUMMARY);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Period' }), 'Last 7 days');
    const calls = await requests.waitFor('GET', SUMMARY, { count: 2 });
    await expect(calls.at(-1)?.query).toEqual({ period: '7_days' });
    await expectLocation(canvasElement, '/admin?period=7_days');
    const week = summaryFor({ period: '7_days' });
    await expectPeriodLines(canvasElement, week);
    await expect(canvas.getByTestId('period-days')).toHaveTextContent(
      `${shopDayText(week.period.from)} – ${shopDayText(week.period.to)}`,
    );
  },
};

/** A shared link with a custom period: its two days shown and asked for, its figures. */
export const CustomPeriod: Story = {
  parameters: { route: '/admin?period=custom&from=2025-03-01&to=2025-03-10' },
  play: async ({ canvasElement }) => {
    const calls = await requests.waitFor('GET', SUMMARY);
    await expect(calls[0]?.query).toEqual({
      period: 'custom',
      from: '2025-03-01',
      to: '2025-03-10',
    });
    await expect(dayParts(dayField(canvasElement, 'From'))).toEqual(['01', '03', '2025']);
    await expect(dayParts(dayField(canvasElement, 'To'))).toEqual(['10', '03', '2025']);
    await expectPeriodLines(
      canvasElement,
      summaryFor({ period: 'custom', from: '2025-03-01', to: '2025-03-10' }),
    );
  },
};

const DISABLED_WEBHOOK =
  'Webhook https://stock.example.net/webhooks was disabled after a day of failed deliveries';

/** Today's summary with one webhook endpoint the server disabled (#31). */
function summaryWithDisabledWebhook(): DashboardSummary {
  const today = summaryFor({ period: 'today' });
  // Read by name: lint refuses `.todo` (a test's narrowing) on any object.
  const waiting: DashboardTodo = Reflect.get(today, 'todo');
  return {
    ...today,
    todo: {
      ...waiting,
      disabled_webhooks: [
        {
          id: 1,
          url: 'https://stock.example.net/webhooks',
          disabled_at: '2026-11-27T14:05:00.000Z',
        },
      ],
    },
  };
}

/**
 * A webhook endpoint the server disabled after a day of failed deliveries: the To do says so and
 * leads to the endpoint, where it is enabled again.
 */
export const DisabledWebhook: Story = {
  parameters: { msw: { handlers: [dashboard.summary(summaryWithDisabledWebhook())] } },
  play: async ({ canvasElement }) => {
    const list = within(await within(canvasElement).findByTestId('todo-list', {}, SHOWN));
    const link = await list.findByRole('link', { name: DISABLED_WEBHOOK });
    await expect(link).toHaveAttribute('href', '/admin/webhooks/1');
    // After the counted items, as the last thing waiting.
    await expect(list.getAllByRole('link').at(-1)).toBe(link);
    await userEvent.click(link);
    await expectLocation(canvasElement, '/admin/webhooks/1');
  },
};

/** A manager may not open the webhooks: not told, even if an endpoint were listed. */
export const DisabledWebhookForManager: Story = {
  parameters: {
    auth: { userType: 'admin', user: { ...adminUser, role: 'manager' } },
    msw: { handlers: [dashboard.summary(summaryWithDisabledWebhook())] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = within(await canvas.findByTestId('todo-list', {}, SHOWN));
    await expect(list.getAllByRole('link').length).toBeGreaterThan(0);
    await expect(canvas.queryByText(DISABLED_WEBHOOK)).toBeNull();
  },
};
