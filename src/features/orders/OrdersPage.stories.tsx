import { Text } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { RouteComponentProps } from 'wouter';
import type { OrderSummary } from '@generated/model';
import { paths } from '@/lib/paths';
import {
  expectedDay as day,
  expectedMoney as money,
  expectedMoneyIn,
  expectedShopDay as shopDay,
} from '@/testing/expected';
import { adminScreen } from '@/testing/admin-screen';
import { expectLoading, listScreen, rowOf } from '@/testing/list-screen';
import { expectCard, expectInView, PHONE_GLOBALS } from '@/testing/phone-cards';
import {
  clickSort,
  columnHeader,
  expectSent,
  FIRST_PAGE,
  serverListStories,
} from '@/testing/server-list';
import { expectLocation, expectToast, expectScreenTitle } from '@/testing/story';
import { orders as orderFixtures } from '@mocks/fixtures';
import { customerOrders } from '@mocks/fixtures/customer-orders';
import { manyOrders } from '@mocks/fixtures/many-orders';
import { orders } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { OrdersPage } from './OrdersPage';
import { dayField, dayParts, typeDay } from '@/testing/day-field';

/** A stand-in for the order detail the list links to. */
function DetailStandIn({ params }: RouteComponentProps) {
  return <Text data-testid="detail-stand-in">Order detail {params.id}</Text>;
}

/** The orders list of /admin/orders (docs/product.md §2) in the admin layout, over the mock API. */
const meta = {
  title: 'Orders/OrdersPage',
  component: OrdersPage,
  ...adminScreen(paths.orders.list, {
    routes: [
      [paths.orders.list, OrdersPage],
      [paths.orders.detailPattern, DetailStandIn],
    ],
  }),
} satisfies Meta<typeof OrdersPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const LIST = '/api/v1/admin/orders/';
const HEADERS = [
  'Order Number',
  'Customer',
  'Status',
  'Payment',
  'Payment status',
  'Total',
  'Date',
  'Actions',
];
// The payment status column's words (payments/messages/en.json).
const PAYMENT_STATUS: Record<string, string> = {
  unpaid: 'Unpaid',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  overpaid: 'Overpaid',
  refunded: 'Refunded',
};
// The VAT number review of a reverse-charge order (none in the fixtures but the stories' own).
const REVIEW: Record<string, string> = {
  to_confirm: 'VAT number to confirm',
  confirmed: 'VAT number confirmed',
};
const EMPTY = 'No orders found';

/* Expected cells, computed here from the fixtures and docs/product.md, without the app's helpers. */
// docs/product.md §4: pending secondary; cancelled and refunded destructive; all others default.
const BADGE: Record<string, string> = {
  pending: 'secondary',
  confirmed: 'default',
  processing: 'default',
  shipped: 'default',
  delivered: 'default',
  cancelled: 'destructive',
  refunded: 'destructive',
};
const expectedCells = (order: OrderSummary) => [
  order.order_number,
  `${order.shipping_address.first_name} ${order.shipping_address.last_name}`,
  // The VAT number review, if any, under the status (the brief's columns, docs/product.md §2).
  order.vat_number_review ? `${order.status} ${REVIEW[order.vat_number_review]}` : order.status,
  order.payment_method.split('_').join(' ').toUpperCase(),
  PAYMENT_STATUS[order.payment_status],
  money(order.total_amount),
  day(order.created_at),
  'View',
];

const {
  rowNames: rowNumbers,
  waitForRows,
  search,
  expectVirtualised,
  tableCells,
} = listScreen({ searchPlaceholder: 'Search by order number...' });

export const Filled: Story = {
  tags: ['visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expectScreenTitle(canvasElement, 'Orders');
    await expect(canvas.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(HEADERS);
    await expect(tableCells(canvasElement)).toEqual(orderFixtures.map(expectedCells));
    // Badge styles per status, and the payment method as text.
    for (const order of orderFixtures) {
      const badge = within(rowOf(canvasElement, order.order_number)).getByText(order.status);
      await expect(badge).toHaveAttribute('data-variant', BADGE[order.status]);
    }
    await expect(canvas.getAllByText('CASH ON DELIVERY')).toHaveLength(
      orderFixtures.filter((o) => o.payment_method === 'cash_on_delivery').length,
    );
    await expect(canvas.getByTestId('order-count')).toHaveTextContent(
      `${orderFixtures.length} orders`,
    );
    // One request, for the first page of 100 orders (docs/product.md §7).
    const calls = await requests.waitFor('GET', LIST);
    await expect(calls).toHaveLength(1);
    await expect(calls[0]?.query).toEqual(FIRST_PAGE);
  },
};

/** The destructive and secondary badges look different from the default one. */
export const BadgeColours: Story = {
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    const colour = (status: string) => {
      const order = orderFixtures.find((o) => o.status === status)!;
      const badge = within(rowOf(canvasElement, order.order_number)).getByText(status);
      return getComputedStyle(badge).backgroundColor;
    };
    const [pending, shipped, cancelled] = [
      colour('pending'),
      colour('shipped'),
      colour('cancelled'),
    ];
    await expect(new Set([pending, shipped, cancelled]).size).toBe(3);
  },
};

export const SearchNarrows: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    for (const query of ['ORD-202503', 'ord-20250301', '  0004 ', 'Ord-20250225-0001']) {
      await search(canvasElement, query);
      const expected = orderFixtures
        .filter((o) => o.order_number.toLowerCase().includes(query.trim().toLowerCase()))
        .map((o) => o.order_number);
      await expect(expected.length).toBeGreaterThan(0);
      await waitFor(() => expect(rowNumbers(canvasElement)).toEqual(expected));
      await waitFor(() =>
        expect(canvas.getByTestId('order-count')).toHaveTextContent(
          `${expected.length} of ${orderFixtures.length} orders`,
        ),
      );
      await expectSent(LIST, 'search', query.trim());
    }
    // A customer's name or e-mail finds their orders too (the server searches them).
    for (const query of ['Bouazizi', 'LEILA.BOUAZIZI@gmail']) {
      await search(canvasElement, query);
      const expected = orderFixtures
        .filter((o) =>
          [
            `${o.shipping_address.first_name} ${o.shipping_address.last_name}`,
            o.shipping_address.email,
            o.customer_email,
          ].some((text) => text.toLowerCase().includes(query.toLowerCase())),
        )
        .map((o) => o.order_number);
      await expect(expected.length).toBeGreaterThan(0);
      await waitFor(() => expect(rowNumbers(canvasElement)).toEqual(expected));
      await expectSent(LIST, 'search', query);
    }
    await search(canvasElement, 'nobody');
    await expect(await canvas.findByText(EMPTY)).toBeVisible();
    await search(canvasElement, '');
    await waitFor(() => expect(rowNumbers(canvasElement)).toHaveLength(orderFixtures.length));
  },
};

const LEILA = 'Leila.Bouazizi@GMAIL.com';
const leilaOrders = customerOrders.filter(
  (o) => o.shipping_address.email?.trim().toLowerCase() === LEILA.toLowerCase(),
);

/** `?email=` (from the customers screen) filters to that shipping e-mail; the chip removes it. */
export const EmailFilterFromQuery: Story = {
  parameters: {
    route: `/admin/orders?email=${encodeURIComponent(LEILA)}`,
    msw: { handlers: [orders.list(customerOrders)] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expect(leilaOrders.length).toBeGreaterThan(1);
    await expect(rowNumbers(canvasElement)).toEqual(leilaOrders.map((o) => o.order_number));
    const chip = canvas.getByTestId('email-filter');
    await expect(chip).toHaveTextContent(LEILA);
    // "of N" is the unfiltered list's total: its own request, which may answer after the rows.
    await waitFor(() =>
      expect(canvas.getByTestId('order-count')).toHaveTextContent(
        `${leilaOrders.length} of ${customerOrders.length} orders`,
      ),
    );
    // The server filters by the shipping e-mail (the customers overview's key).
    await expect(requests.to('GET', LIST).map((r) => r.query)).toContainEqual({
      skip: '0',
      limit: '100',
      shipping_email: LEILA,
    });

    // Search narrows within the customer's orders.
    const target = leilaOrders[1]!.order_number;
    await search(canvasElement, target.slice(-8));
    await waitFor(() => expect(rowNumbers(canvasElement)).toEqual([target]));
    await search(canvasElement, '');

    await userEvent.click(within(chip).getByRole('button', { name: 'Remove customer filter' }));
    await expectLocation(canvasElement, '/admin/orders');
    await waitFor(() => expect(rowNumbers(canvasElement)).toHaveLength(customerOrders.length));
    await expect(canvas.queryByTestId('email-filter')).toBeNull();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [orders.list([])] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(EMPTY)).toBeVisible();
    await expect(canvas.getByTestId('order-count')).toHaveTextContent('0 orders');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [orders.list.loading()] } },
  play: ({ canvasElement }) => expectLoading(canvasElement, 'Loading orders...'),
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [orders.list.error(500, 'Database unavailable')] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectToast('Error', 'Failed to load orders', 'error');
    await expect(await canvas.findByTestId('orders-unavailable')).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const ViewNavigates: Story = {
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    const order = orderFixtures[2]!;
    const row = rowOf(canvasElement, order.order_number);
    const view = within(row).getByRole('link', { name: 'View' });
    await expect(view).toHaveAttribute('href', `/admin/orders/${order.id}`);
    await userEvent.click(view);
    await expectLocation(canvasElement, `/admin/orders/${order.id}`);
    await expect(within(canvasElement).getByTestId('detail-stand-in')).toHaveTextContent(
      `Order detail ${order.id}`,
    );
  },
};

const large = manyOrders(1000);

/** 1,000 orders: only the rows in view are rendered, and search still narrows the list. */
export const ThousandOrders: Story = {
  parameters: { msw: { handlers: [orders.list(large)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectVirtualised(canvasElement, {
      total: 1000,
      first: large[0]!.order_number,
      last: large[999]!.order_number,
      scroller: 'orders-scroll',
    });
    await expect(canvas.getByTestId('order-count')).toHaveTextContent('1,000 orders');

    // One day's orders.
    const dayPrefix = large[0]!.order_number.slice(0, 12).toLowerCase();
    const sameDay = large.filter((o) => o.order_number.toLowerCase().includes(dayPrefix));
    await expect(sameDay.length).toBeGreaterThan(1);
    await search(canvasElement, dayPrefix);
    await waitFor(() =>
      expect(rowNumbers(canvasElement)).toEqual(sameDay.map((o) => o.order_number)),
    );
    await expect(canvas.getByTestId('order-count')).toHaveTextContent(
      `${sameDay.length} of 1,000 orders`,
    );

    // One order.
    await search(canvasElement, '-0777');
    await expectSent(LIST, 'search', '-0777');
    await waitFor(() => expect(rowNumbers(canvasElement)).toEqual([large[776]!.order_number]));
    await expect(canvas.getByTestId('order-count')).toHaveTextContent('1 of 1,000 orders');
  },
};

/**
 * On a 375 px phone each order is a card (docs/product.md §2): number, customer, status, total and
 * date in view, not cut (the payment method is left out, an empty VAT review takes no line); its
 * View opens the order. The sort buttons stay above the cards.
 */
export const Mobile: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expect(canvas.getByPlaceholderText('Search by order number...')).toBeVisible();
    const order = orderFixtures[2]!;
    const [number, customer, status, , paymentStatus, total, date, view] = expectedCells(order);
    const card = await expectCard(canvasElement, {
      table: 'Orders',
      name: order.order_number,
      fields: [number!, customer!, status!, paymentStatus!, total!, date!, view!],
    });
    for (const header of ['Total', 'Date'])
      await expectInView(canvas.getByRole('button', { name: header }));
    // The bar of sort buttons says what it is.
    const bar = canvas.getByRole('button', { name: 'Total' }).closest('tr')!;
    await expect(getComputedStyle(bar, '::before').content).toBe('"Sort by"');
    const link = within(card).getByRole('link', { name: 'View' });
    await expectInView(link);
    await userEvent.click(link);
    await expectLocation(canvasElement, `/admin/orders/${order.id}`);
    await expect(within(canvasElement).getByTestId('detail-stand-in')).toHaveTextContent(
      `Order detail ${order.id}`,
    );
  },
};

const {
  SortByHeader: SortByTotal,
  LoadsMoreOnScroll,
  FilteredEmpty,
} = serverListStories<OrderSummary>({
  list: orders.list,
  path: LIST,
  firstCell: (o) => o.order_number,
  searchPlaceholder: 'Search by order number...',
  countTestId: 'order-count',
  scroller: 'orders-scroll',
  sort: {
    header: 'Total',
    param: 'total_amount',
    ascending: (a, b) => Number(a.total_amount) - Number(b.total_amount) || a.id - b.id,
    items: manyOrders(40),
  },
  many: { items: manyOrders(2345), count: '2,345 orders' },
  empty: { search: 'ORD-1999', text: EMPTY, count: `0 of ${orderFixtures.length} orders` },
});
/** Total sorts by total_amount, ascending then descending. */
export { SortByTotal, LoadsMoreOnScroll, FilteredEmpty };

/** Date is the default order (newest first); a click sorts oldest first. */
export const SortByDate: Story = {
  parameters: { msw: { handlers: [orders.list(manyOrders(40))] } },
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await expect(columnHeader(canvasElement, 'Date')).toHaveAttribute('aria-sort', 'descending');
    await expect(columnHeader(canvasElement, 'Total')).toHaveAttribute('aria-sort', 'none');
    await clickSort(canvasElement, 'Date');
    await expectSent(LIST, 'sort', 'created_at');
    await expect(columnHeader(canvasElement, 'Date')).toHaveAttribute('aria-sort', 'ascending');
    const oldest = [...manyOrders(40)].reverse().map((o) => o.order_number);
    await waitFor(() =>
      expect(rowNumbers(canvasElement)).toEqual(oldest.slice(0, rowNumbers(canvasElement).length)),
    );
  },
};

const filterOrders = manyOrders(60);
/** Each filter of the toolbar is sent to the server, and the rows are those it answers. */
export const Filters: Story = {
  parameters: { msw: { handlers: [orders.list(filterOrders)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    const expectRows = (wanted: readonly OrderSummary[]) =>
      waitFor(() =>
        expect(rowNumbers(canvasElement)).toEqual(
          wanted.slice(0, rowNumbers(canvasElement).length).map((o) => o.order_number),
        ),
      );

    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Filter by status' }),
      'shipped',
    );
    await expectSent(LIST, 'status', 'shipped');
    const shipped = filterOrders.filter((o) => o.status === 'shipped');
    await expectRows(shipped);
    await expect(canvas.getByTestId('order-count')).toHaveTextContent(
      `${shipped.length} of ${filterOrders.length} orders`,
    );

    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Filter by payment method' }),
      'card',
    );
    await expectSent(LIST, 'payment_method', 'card');
    await expectRows(shipped.filter((o) => o.payment_method === 'card'));

    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Filter by status' }), '');
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Filter by payment method' }),
      '',
    );
    // The days shown in the Date column: whole days in the shop's time zone (UTC+1).
    const from = shopDay(filterOrders[30]!.created_at);
    const to = shopDay(filterOrders[10]!.created_at);
    // Day, month, year, as the English screens write dates (not the browser's mm/dd/yyyy).
    await expect(dayParts(dayField(canvasElement, 'From date'))).toEqual(['dd', 'mm', 'yyyy']);
    await expect(canvas.getByText('From date')).toBeVisible();
    await typeDay(canvasElement, 'From date', from);
    await expectSent(LIST, 'date_from', new Date(`${from}T00:00:00+01:00`).toISOString());
    await typeDay(canvasElement, 'To date', to);
    await expect(dayParts(dayField(canvasElement, 'To date'))).toEqual(to.split('-').reverse());
    await expectSent(LIST, 'date_to', new Date(`${to}T23:59:59.999+01:00`).toISOString());
    const inRange = filterOrders.filter((o) => {
      const day = shopDay(o.created_at);
      return day >= from && day <= to;
    });
    await expectRows(inRange);
    await expect(canvas.getByTestId('order-count')).toHaveTextContent(
      `${inRange.length} of ${filterOrders.length} orders`,
    );
  },
};

/** In Arabic, right to left: the translated heading, statuses, an amount in Arabic. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'الطلبات' })).toBeVisible();
    await expect(document.documentElement.dir).toBe('rtl');
    const first = orderFixtures.find((o) => o.status === 'pending')!;
    const row = rowOf(canvasElement, first.order_number);
    await expect(row).toHaveTextContent(expectedMoneyIn('ar-TN', first.total_amount));
    await expect(within(row).getByTestId('order-status')).toHaveTextContent('قيد الانتظار');
    await expect(canvas.getByRole('columnheader', { name: 'رقم الطلب' })).toBeVisible();
    // The date filters: labelled in view, with Arabic placeholders (day, month, year).
    await expect(canvas.getByText('من تاريخ')).toBeVisible();
    await expect(dayParts(dayField(canvasElement, 'من تاريخ'))).toEqual(['يوم', 'شهر', 'سنة']);
  },
};

/** In French: the translated heading, columns and statuses. */
export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Commandes' })).toBeVisible();
    const first = orderFixtures[0]!;
    const row = rowOf(canvasElement, first.order_number);
    await expect(row).toHaveTextContent(expectedMoneyIn('fr-TN', first.total_amount));
    await expect(canvas.getByRole('combobox', { name: 'Filtrer par statut' })).toBeVisible();
    // The date filters: labelled in view, written as in French (jj/mm/aaaa), not mm/dd/yyyy.
    await expect(canvas.getByText('Date de début')).toBeVisible();
    await expect(canvas.getByText('Date de fin')).toBeVisible();
    await expect(dayParts(dayField(canvasElement, 'Date de début'))).toEqual(['jj', 'mm', 'aaaa']);
    await typeDay(canvasElement, 'Date de début', '2025-03-01');
    await expectSent(LIST, 'date_from', new Date('2025-03-01T00:00:00+01:00').toISOString());
    await expect(dayParts(dayField(canvasElement, 'Date de début'))).toEqual(['01', '03', '2025']);
    // 'En attente': the badge capitalises its first letter only, not every word.
    const pending = within(
      rowOf(canvasElement, orderFixtures.find((o) => o.status === 'pending')!.order_number),
    ).getByTestId('order-status');
    await expect(pending).toHaveTextContent('en attente');
    await expect(getComputedStyle(pending).textTransform).toBe('none');
    await expect(getComputedStyle(pending, '::first-letter').textTransform).toBe('uppercase');
  },
};

/**
 * In French at 1366 px, « PAIEMENT À LA LIVRAISON » is read whole: it wraps onto a second line of
 * its cell instead of being cut, and the row keeps its height.
 */
export const FrenchPaymentMethod: Story = {
  globals: { locale: 'fr', viewport: { value: 'desktop1366' } },
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    const order = orderFixtures.find((o) => o.payment_method === 'cash_on_delivery')!;
    const cell = within(rowOf(canvasElement, order.order_number)).getByTestId('order-payment');
    await expect(cell).toHaveTextContent('PAIEMENT À LA LIVRAISON');
    await expect(cell.scrollHeight).toBeLessThanOrEqual(cell.clientHeight);
    await expect(cell.scrollWidth).toBeLessThanOrEqual(cell.clientWidth);
    await expect(cell.getBoundingClientRect().height).toBeGreaterThan(30); // two lines
    await expect(cell.closest('tr')!.getBoundingClientRect().height).toBeLessThanOrEqual(53);
  },
};

/** In dark mode: the filled list. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await expect(document.documentElement).toHaveClass('dark');
    await expectScreenTitle(canvasElement, 'Orders');
    await expect(tableCells(canvasElement)).toEqual(orderFixtures.map(expectedCells));
  },
};
