import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { CustomerOverview, OrderSummary } from '@generated/model';
import { paths } from '@/lib/paths';
import { expectedDay as day, expectedMoney, expectedMoneyIn } from '@/testing/expected';
import { adminScreen } from '@/testing/admin-screen';
import { OrdersPage } from '@/features/orders/OrdersPage';
import { cellTexts, expectLoading, listScreen, rowOf } from '@/testing/list-screen';
import { columnHeader, expectSent, serverListStories } from '@/testing/server-list';
import { expectCard, expectInView, PHONE_GLOBALS } from '@/testing/phone-cards';
import { expectLocation, expectToast } from '@/testing/story';
import { customerOrders } from '@mocks/fixtures/customer-orders';
import { customersOf, manyCustomers } from '@mocks/fixtures/customers';
import { customers, orders } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { CustomerDetailPage } from './CustomerDetailPage';
import { CustomersPage } from './CustomersPage';

/** The customers overview of /admin/customers (docs/product.md §2), computed by the server. */
const meta = {
  title: 'Customers/CustomersPage',
  component: CustomersPage,
  // As routed, with the real orders list that 'View Orders' opens.
  ...adminScreen(paths.customers.list, {
    routes: [
      [paths.customers.list, CustomersPage],
      [paths.customers.detailPattern, CustomerDetailPage],
      [paths.orders.list, OrdersPage],
    ],
    parameters: {
      msw: {
        handlers: [
          customers.list(customersOf(customerOrders)),
          customers.get(undefined, customerOrders),
          orders.list(customerOrders),
        ],
      },
    },
  }),
} satisfies Meta<typeof CustomersPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const LIST = '/api/v1/admin/customers/';
const ORDERS = '/api/v1/admin/orders/';
const NOTICE =
  'Customers are the people of your orders, grouped by e-mail and linked to their account when they have one. Open a customer to see their details and orders, keep notes and tags, or export or erase their personal data.';
const HEADERS = [
  'Email',
  'Type',
  'Country',
  'VAT Number',
  'Orders',
  'Total Spent',
  'Last Order',
  'Actions',
];

/*
 * The expected customers, computed here from the fixtures as docs/product.md §3 says, without the app's
 * helpers: grouped by shipping e-mail (case-insensitive; 'unknown' without one), the values of
 * the most recent order, order count, exact total (in millimes), last order date.
 */
interface Expected {
  email: string;
  type: string;
  country: string;
  vat: string;
  count: number;
  millimes: number;
  last: string;
}
function expectedCustomers(list: readonly OrderSummary[]): Expected[] {
  const groups = new Map<string, OrderSummary[]>();
  for (const order of list) {
    const key = order.shipping_address.email?.trim().toLowerCase() || 'unknown';
    groups.set(key, [...(groups.get(key) ?? []), order]);
  }
  return [...groups.entries()]
    .map(([key, own]) => {
      const latest = [...own].sort(
        (a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id,
      )[0]!;
      return {
        email: key === 'unknown' ? 'unknown' : latest.shipping_address.email.trim(),
        type: latest.customer_type,
        country: latest.customer_country_code,
        vat: latest.vat_number ?? '-',
        count: own.length,
        millimes: own.reduce((sum, o) => sum + Math.round(Number(o.total_amount) * 1000), 0),
        last: latest.created_at,
      };
    })
    .sort((a, b) => Date.parse(b.last) - Date.parse(a.last));
}
const money = (millimes: number) => expectedMoney(millimes / 1000);
const cellsOf = (c: Expected) => [
  c.email,
  c.type,
  c.country,
  c.vat,
  String(c.count),
  money(c.millimes),
  day(c.last),
  'View Orders',
];
const expected = expectedCustomers(customerOrders);
const find = (email: string) => expected.find((c) => c.email.toLowerCase() === email)!;

const {
  rowNames: rowEmails,
  waitForRows,
  search,
  tableCells,
} = listScreen({ searchPlaceholder: 'Search by email, type or country...' });

export const Filled: Story = {
  tags: ['visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    await expect(canvas.getByText(NOTICE)).toBeVisible();
    await expect(canvas.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(HEADERS);
    await expect(tableCells(canvasElement)).toEqual(expected.map(cellsOf));
    // Fewer customers than orders: repeat customers are grouped.
    await expect(expected.length).toBeLessThan(customerOrders.length);
    await expect(canvas.getByTestId('customer-count')).toHaveTextContent(
      `${expected.length} customers`,
    );
    // Type badges: professional default, others secondary.
    for (const customer of expected) {
      const badge = within(rowOf(canvasElement, customer.email)).getByTestId('customer-type');
      await expect(badge).toHaveAttribute(
        'data-variant',
        customer.type === 'professional' ? 'default' : 'secondary',
      );
    }
    const [call] = await requests.waitFor('GET', LIST);
    await expect(call?.query).toEqual({ skip: '0', limit: '100' });
    // The default order (most recent order first) is shown on its column.
    await expect(columnHeader(canvasElement, 'Last Order')).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  },
};

/** One customer whose orders differ in e-mail case and type: one row, values of the latest. */
export const RepeatCustomer: Story = {
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    const leila = find('leila.bouazizi@gmail.com');
    const own = customerOrders.filter(
      (o) => o.shipping_address.email?.trim().toLowerCase() === 'leila.bouazizi@gmail.com',
    );
    await expect(new Set(own.map((o) => o.shipping_address.email)).size).toBeGreaterThan(1);
    await expect(new Set(own.map((o) => o.customer_type)).size).toBe(2);
    await expect(leila.count).toBe(own.length);
    await expect(cellTexts(rowOf(canvasElement, leila.email))).toEqual(cellsOf(leila));
    await expect(
      rowEmails(canvasElement).filter((e) => e?.toLowerCase() === 'leila.bouazizi@gmail.com'),
    ).toHaveLength(1);
  },
};

export const SearchByTypeAndCountry: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    const cases: [string, (c: Expected) => boolean][] = [
      ['PROFESSIONAL', (c) => c.type === 'professional'],
      ['individual', (c) => c.type === 'individual'],
      [' fr ', (c) => c.country === 'FR' || c.email.toLowerCase().includes('fr')],
      ['Hotel-Medina', (c) => c.email.includes('hotel-medina')],
    ];
    for (const [query, matches] of cases) {
      await search(canvasElement, query);
      const wanted = expected.filter(matches).map((c) => c.email);
      await expect(wanted.length).toBeGreaterThan(0);
      await waitFor(() => expect(rowEmails(canvasElement)).toEqual(wanted));
      await expect(canvas.getByTestId('customer-count')).toHaveTextContent(
        `${wanted.length} of ${expected.length} customers`,
      );
      await expectSent(LIST, 'search', query.trim());
    }
    await search(canvasElement, 'nobody@nowhere');
    await expect(await canvas.findByText('No customers found')).toBeVisible();
  },
};

/** A customer's e-mail opens their page, asked by the row's key. */
export const OpensDetail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    const leila = customersOf(customerOrders).find(
      (c) => c.email.toLowerCase() === 'leila.bouazizi@gmail.com',
    )!;
    await userEvent.click(
      within(rowOf(canvasElement, leila.email)).getByRole('link', { name: leila.email }),
    );
    await expectLocation(canvasElement, `/admin/customers/${leila.key}`);
    await requests.waitFor('GET', `/api/v1/admin/customers/${leila.key}`);
    await expect(await canvas.findByRole('region', { name: 'Contact' })).toHaveTextContent(
      'leila.bouazizi@gmail.com',
    );
    await expect(canvas.getByTestId('customer-order-count')).toHaveTextContent(
      String(leila.order_count),
    );
  },
};

/** View Orders opens the orders list filtered to the customer's e-mail. */
export const ViewOrders: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    const leila = find('leila.bouazizi@gmail.com');
    const link = within(rowOf(canvasElement, leila.email)).getByRole('link', {
      name: 'View Orders',
    });
    await userEvent.click(link);
    await expectLocation(
      canvasElement,
      `/admin/orders?email=${encodeURIComponent(leila.email).replaceAll('%40', '@')}`,
    );
    // The orders list shows that customer's orders only: the server filters by shipping e-mail.
    await expect(await canvas.findByTestId('email-filter')).toHaveTextContent(leila.email);
    await expectSent(ORDERS, 'shipping_email', leila.email);
    await waitFor(() =>
      expect(
        within(canvas.getByRole('table'))
          .getAllByRole('row')
          .filter((row) => Number(row.getAttribute('aria-rowindex')) > 1),
      ).toHaveLength(leila.count),
    );
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [customers.list([])] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No customers found')).toBeVisible();
    await expect(canvas.getByText(NOTICE)).toBeVisible();
    await expect(canvas.getByTestId('customer-count')).toHaveTextContent('0 customers');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [customers.list.loading()] } },
  play: ({ canvasElement }) => expectLoading(canvasElement, 'Loading customers...'),
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [customers.list.error(500)] } },
  play: async ({ canvasElement }) => {
    await expectToast('Error', 'Failed to load customer data', 'error');
    await expect(await within(canvasElement).findByTestId('customers-unavailable')).toBeVisible();
  },
};

/**
 * On a 375 px phone each customer is a card (docs/product.md §2): e-mail, type, orders, total
 * spent and last order in view, not cut (country and VAT number are left out); View Orders works.
 */
export const Mobile: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expect(canvas.getByText(NOTICE)).toBeVisible();
    const leila = find('leila.bouazizi@gmail.com');
    const [email, type, , , count, total, last, view] = cellsOf(leila);
    const card = await expectCard(canvasElement, {
      table: 'Customers',
      name: leila.email,
      fields: [email!, type!, count!, total!, last!, view!],
    });
    const link = within(card).getByRole('link', { name: 'View Orders' });
    await expectInView(link);
    await userEvent.click(link);
    await expectLocation(
      canvasElement,
      `/admin/orders?email=${encodeURIComponent(leila.email).replaceAll('%40', '@')}`,
    );
  },
};

const {
  SortByHeader: SortByTotalSpent,
  LoadsMoreOnScroll,
  FilteredEmpty,
} = serverListStories<CustomerOverview>({
  list: customers.list,
  path: LIST,
  firstCell: (c) => c.email,
  searchPlaceholder: 'Search by email, type or country...',
  countTestId: 'customer-count',
  scroller: 'customers-scroll',
  sort: {
    header: 'Total Spent',
    param: 'total_spent',
    ascending: (a, b) =>
      Number(a.total_spent) - Number(b.total_spent) || a.email.localeCompare(b.email),
    items: manyCustomers(40),
  },
  many: { items: manyCustomers(2345), count: '2,345 customers' },
  empty: {
    search: 'nobody@nowhere',
    text: 'No customers found',
    count: `0 of ${expected.length} customers`,
  },
});
/** Total Spent sorts by the amount, ascending then descending. */
export { SortByTotalSpent, LoadsMoreOnScroll, FilteredEmpty };

/** In Arabic, right to left: the translated heading, types and an amount in Arabic. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'العملاء' })).toBeVisible();
    await expect(document.documentElement.dir).toBe('rtl');
    const first = expected[0]!;
    const row = rowOf(canvasElement, first.email);
    await expect(row).toHaveTextContent(expectedMoneyIn('ar-TN', first.millimes / 1000));
    await expect(within(row).getByTestId('customer-type')).toHaveTextContent(
      first.type === 'professional' ? 'مهني' : 'فرد',
    );
  },
};

/** In French: the translated heading and columns. */
export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
    await expect(canvas.getByRole('columnheader', { name: /Total dépensé/ })).toBeVisible();
  },
};

/** In dark mode: the filled list. */
export const Dark: Story = {
  ...Filled,
  globals: { theme: 'dark' },
};
