import { expectedShopTime } from '@/testing/expected';
import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { AuditEntry } from '@generated/model';
import { adminUsers, auditEntries } from '@mocks/fixtures';
import { audit } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { paths } from '@/lib/paths';
import { adminScreenMeta } from '@/testing/admin-screen';
import {
  cellTexts,
  dialog,
  dialogClosed,
  expectLoadErrorAlert,
  expectTable,
  listScreen,
  listStateStories,
} from '@/testing/list-screen';
import { expectScreenTitle, mockedBy, type Scope } from '@/testing/story';
import { expectCard, expectInView, PHONE_GLOBALS } from '@/testing/phone-cards';
import { AuditLogPage } from './AuditLogPage';
import { typeDay } from '@/testing/day-field';
import { chooseFilter, FIRST_PAGE } from '@/testing/server-list';

/** The audit log of /admin/audit-log in the admin layout, over the mock API. */
const meta = { title: 'AuditLog/AuditLogPage', ...adminScreenMeta(AuditLogPage, paths.auditLog) };
export default meta;
type Story = StoryObj<typeof meta>;

const LIST = '/api/v1/admin/audit-log/';
const HEADERS = ['When', 'Admin', 'Action', 'Entity', 'Changes'];

/* The fixtures' rows as the screen shows them (times in the shop's, Tunis), newest first. */
const ROWS = [
  ['14 Mar 2025, 10:30', 'admin', 'update', "Product Huile d'olive extra vierge 1 L", '2 changes'],
  ['13 Mar 2025, 18:05', 'karim.trabelsi', 'update', 'Order ORD-20250308-0003', '1 change'],
  ['12 Mar 2025, 09:40', 'karim.trabelsi', 'update', 'Variant TS-SBS-M', '1 change'],
  ['10 Mar 2025, 12:15', 'admin', 'create', 'User youssef.support', '3 changes'],
  ['07 Mar 2025, 16:20', 'admin', 'update', 'Shop settings', '2 changes'],
  [
    '03 Mar 2025, 11:00',
    'karim.trabelsi',
    'update',
    'Product Harissa traditionnelle 200 g',
    '1 change',
  ],
  ['20 Feb 2025, 14:45', 'leila.old (deleted)', 'delete', 'Product Chéchia rouge', '2 changes'],
  ['18 Feb 2025, 10:10', 'leila.old (deleted)', 'update', 'Product Sac cabas en cuir', '1 change'],
  ['01 Feb 2025, 08:00', 'System', 'update', 'VAT rate TVA réduite', '1 change'],
];

const { dataRows, tableCells, waitForRows } = listScreen();

/** The queries the list was asked with, in order. */
const sentQueries = () => requests.to('GET', LIST).map((request) => request.query);

/** The row whose Entity cell reads `entity`. */
function rowOfEntity(canvasElement: HTMLElement, entity: string): HTMLElement {
  const row = dataRows(canvasElement).find((r) => cellTexts(r)[3] === entity);
  if (!row) throw new Error(`No row for ${entity}`);
  return row;
}

/** Opens the changes of the row of `entity`; returns the dialog. */
async function openChanges(canvasElement: HTMLElement, entity: string): Promise<Scope> {
  await waitForRows(canvasElement);
  const row = rowOfEntity(canvasElement, entity);
  await userEvent.click(within(row).getByRole('button', { name: /changes?$/ }));
  return dialog('Changes');
}

/** The Field / Before / After cells of the dialog's table. */
const changeCells = (changes: Scope) =>
  changes
    .getAllByRole('row')
    .slice(1)
    .map((row) => cellTexts(row));

export const Filled: Story = {
  tags: ['visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expectScreenTitle(canvasElement, 'Audit Log');
    await expectTable(canvasElement, HEADERS, ROWS);
    await expect(canvas.getByTestId('entry-count')).toHaveTextContent('9 entries');
    // What still exists links to its screen; a deleted product does not.
    const link = (entity: string, name: string) =>
      within(rowOfEntity(canvasElement, entity)).queryByRole('link', { name });
    await expect(
      link("Product Huile d'olive extra vierge 1 L", "Huile d'olive extra vierge 1 L"),
    ).toHaveAttribute('href', '/admin/products/2');
    await expect(link('Order ORD-20250308-0003', 'ORD-20250308-0003')).toHaveAttribute(
      'href',
      '/admin/orders/2',
    );
    await expect(link('User youssef.support', 'youssef.support')).toHaveAttribute(
      'href',
      '/admin/users',
    );
    await expect(link('Product Chéchia rouge', 'Chéchia rouge')).toBeNull();
    await expect(link('Variant TS-SBS-M', 'TS-SBS-M')).toBeNull();
    await expect(
      within(rowOfEntity(canvasElement, 'Product Chéchia rouge')).getByText('delete'),
    ).toHaveAttribute('data-variant', 'destructive');
    // One request, for the first page, unfiltered; the admins for the filter.
    await expect(sentQueries()).toEqual([FIRST_PAGE]);
    await expect(requests.to('GET', '/api/v1/admin/users/')).toHaveLength(1);
  },
};

/** An entry opens its changes, field by field; a password reads '[redacted]'. */
/**
 * On a 375 px phone each entry is a card (docs/product.md §2): admin, action, entity, time and the
 * changes button in view, not cut; the button opens the changes.
 */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    const card = await expectCard(canvasElement, {
      table: 'Audit log',
      name: 'User youssef.support',
      fields: ROWS[3]!,
    });
    const button = within(card).getByRole('button', { name: '3 changes' });
    await expectInView(button);
    await userEvent.click(button);
    const changes = await dialog('Changes');
    await expect(changes.getByTestId('change-summary')).toHaveTextContent(
      'User youssef.support: create by admin, 10 Mar 2025, 12:15',
    );
  },
};

export const EntryExpanded: Story = {
  play: async ({ canvasElement }) => {
    const changes = await openChanges(canvasElement, 'User youssef.support');
    await expect(changes.getByTestId('change-summary')).toHaveTextContent(
      'User youssef.support: create by admin, 10 Mar 2025, 12:15',
    );
    await expect(changes.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Field',
      'Before',
      'After',
    ]);
    await expect(changeCells(changes)).toEqual([
      ['username', '-', 'youssef.support'],
      ['role', '-', 'support'],
      ['password', '-', '[redacted]'],
    ]);
    await userEvent.click(changes.getByRole('button', { name: 'Close' }));
    await dialogClosed('dialog');

    // Money as the API writes it, booleans as JSON.
    const price = await openChanges(canvasElement, "Product Huile d'olive extra vierge 1 L");
    await expect(changeCells(price)).toEqual([
      ['price', '24.500', '26.900'],
      ['is_active', 'false', 'true'],
    ]);
  },
};

export const Filtered: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    const expectEntities = (...entities: string[]) =>
      waitFor(() => expect(tableCells(canvasElement).map((cells) => cells[3])).toEqual(entities));
    const choose = (filter: string, option: string) => chooseFilter(canvasElement, filter, option);

    await choose('Filter by entity', 'Product');
    await expectEntities(
      "Product Huile d'olive extra vierge 1 L",
      'Product Harissa traditionnelle 200 g',
      'Product Chéchia rouge',
      'Product Sac cabas en cuir',
    );
    await expect(canvas.getByTestId('entry-count')).toHaveTextContent('4 of 9 entries');

    await choose('Filter by action', 'Update');
    await expectEntities(
      "Product Huile d'olive extra vierge 1 L",
      'Product Harissa traditionnelle 200 g',
      'Product Sac cabas en cuir',
    );

    // The admins come from the users list, in its order (by username, as the server lists them).
    await waitFor(() =>
      expect(
        within(canvas.getByRole('combobox', { name: 'Filter by admin' }))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([
        'All admins',
        'admin',
        'karim.trabelsi',
        'salma.gharbi',
        'stock.sfax',
        'youssef.support',
      ]),
    );
    await choose('Filter by admin', 'karim.trabelsi');
    await expectEntities('Product Harissa traditionnelle 200 g');

    await typeDay(canvasElement, 'From date', '2025-03-01');
    await typeDay(canvasElement, 'To date', '2025-03-05');
    await waitFor(() =>
      expect(sentQueries().at(-1)).toEqual({
        ...FIRST_PAGE,
        entity: 'product',
        action: 'update',
        admin_user_id: '2',
        date_from: '2025-02-28T23:00:00.000Z',
        date_to: '2025-03-05T22:59:59.999Z',
      }),
    );
    await expectEntities('Product Harissa traditionnelle 200 g');
    await expect(canvas.getByTestId('entry-count')).toHaveTextContent('1 of 9 entries');
    // The 'of 9' is the unfiltered log's own request.
    await expect(sentQueries()).toContainEqual(FIRST_PAGE);
  },
};

export const FilteredEmpty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Filter by entity' }),
      'Invoice',
    );
    await expect(await canvas.findByText('No entries found')).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    await waitFor(() =>
      expect(canvas.getByTestId('entry-count')).toHaveTextContent('0 of 9 entries'),
    );
    await expect(sentQueries()).toContainEqual({ ...FIRST_PAGE, entity: 'invoice' });
  },
};

/** 150 entries: the first page of 100, the next one as the table scrolls to its end. */
const manyEntries: AuditEntry[] = Array.from({ length: 150 }, (_, index) => ({
  ...auditEntries[index % auditEntries.length]!,
  id: 150 - index,
}));

export const LoadsMoreOnScroll: Story = {
  parameters: mockedBy(audit.list(manyEntries)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expect(canvas.getByTestId('entry-count')).toHaveTextContent('150 entries');
    await expect(canvas.getByRole('table')).toHaveAttribute('aria-rowcount', '151');
    const region = canvas.getByTestId('audit-scroll');
    region.scrollTop = region.scrollHeight;
    await requests.waitFor('GET', LIST, { count: 2 });
    // The second page's rows come in view as the table scrolls on to its end.
    await waitFor(
      async () => {
        region.scrollTop = region.scrollHeight;
        await expect(dataRows(canvasElement).at(-1)).toHaveAttribute('aria-rowindex', '151');
      },
      { timeout: 5000, interval: 100 },
    );
    // One request per page: nothing asked twice.
    await expect(sentQueries()).toEqual([FIRST_PAGE, { skip: '100', limit: '100' }]);
  },
};

const states = listStateStories({
  list: audit.list,
  empty: { text: 'No entries found' },
  loadingText: 'Loading the audit log...',
  loadError: {
    status: 500,
    message: 'Database unavailable',
    title: 'Failed to load the audit log',
  },
});
export const Empty: Story = states.Empty;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;

const manager = adminUsers.find((user) => user.role === 'manager')!;

/** A manager has no audit:read: no link in the sidebar, and the server's refusal on the screen. */
export const AccessDeniedForManager: Story = {
  parameters: {
    auth: { userType: 'admin', user: manager },
    ...mockedBy(audit.list(undefined, manager.role)),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectLoadErrorAlert(
      canvasElement,
      'Failed to load the audit log',
      'Your role (manager) does not allow this action',
    );
    await expect(canvas.queryByRole('table')).toBeNull();
    // The menu follows the manager's permissions: neither the log nor the users.
    const nav = canvas.getByRole('navigation', { name: 'Management' });
    await expect(within(nav).queryByRole('link', { name: 'Audit Log' })).toBeNull();
    await expect(within(nav).queryByRole('link', { name: 'Users' })).toBeNull();
    await expect(within(nav).getByRole('link', { name: 'Settings' })).toBeVisible();
  },
};

/** In Arabic, right to left: the translated heading, actions, and a time in Tunis time. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'سجل التدقيق' })).toBeVisible();
    await expect(document.documentElement.dir).toBe('rtl');
    const when = expectedShopTime('2025-03-14T09:30:00Z', 'ar-TN');
    await expect(tableCells(canvasElement)[0]?.[0]).toBe(when);
    await expect(tableCells(canvasElement)[0]?.[2]).toBe('تعديل');
  },
};

/** In French: the translated heading and the changes dialog. */
export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Journal d’audit' })).toBeVisible();
    const row = rowOfEntity(canvasElement, 'Utilisateur youssef.support');
    await userEvent.click(within(row).getByRole('button', { name: '3 modifications' }));
    const changes = await dialog('Modifications');
    await expect(changes.getByTestId('change-summary')).toHaveTextContent(
      'Utilisateur youssef.support : création par admin, 10 mars 2025, 12:15',
    );
  },
};

/** In dark mode: the filled log. */
export const Dark: Story = {
  ...Filled,
  globals: { theme: 'dark' },
};
