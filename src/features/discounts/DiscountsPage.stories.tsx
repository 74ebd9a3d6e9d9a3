import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminUsers } from '@mocks/fixtures';
import { discounts as discountFixtures } from '@mocks/fixtures/discounts';
import { discounts } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { paths } from '@/lib/paths';
import { adminScreenMeta } from '@/testing/admin-screen';
import { expectRightToLeft } from '@/testing/languages';
import {
  dialogClosed,
  expectTable,
  listScreen,
  listStateStories,
  replace,
  expectNoEditing,
} from '@/testing/list-screen';
import { expectCard, PHONE_GLOBALS } from '@/testing/phone-cards';
import { chooseFilter, clickSort, columnHeader, FIRST_PAGE } from '@/testing/server-list';
import {
  bodyIssue,
  expectScreenTitle,
  expectToast,
  mockedBy,
  screen,
  type Scope,
} from '@/testing/story';
import { REQUIRED_MESSAGE } from '@/testing/form-messages';
import { DiscountsPage } from './DiscountsPage';

/** The discounts of /admin/discounts (docs/product.md, "Discounts") in the admin layout. */
const meta = {
  title: 'Discounts/DiscountsPage',
  ...adminScreenMeta(DiscountsPage, paths.discounts.list),
};
export default meta;
type Story = StoryObj<typeof meta>;

const LIST = '/api/v1/admin/discounts/';
const HEADERS = ['Name', 'Code', 'Discount', 'Applies to', 'Period', 'Used', 'Status', 'Actions'];

/* The fixtures as the table shows them, newest first (the contract's default order). */
const ROWS = {
  blackFriday: ['Black Friday', 'BLACKFRIDAY', '25 %', 'Whole order', 'Always', '0', 'Inactive'],
  opening: [
    'Grand opening',
    'OPENING50',
    '50.000 TND',
    'Whole orderFrom 300.000 TND',
    'Always',
    '20 / 20',
    'Used up',
  ],
  ramadan: [
    'Ramadan 2026',
    'RAMADAN26',
    '15 %',
    'Whole order',
    '18 Feb 2026 – 19 Mar 2026',
    '12',
    'Expired',
  ],
  harissa: ['Harissa week', 'Automatic', '12.5 %', '1 product', 'From 15 Jan 2026', '8', 'Active'],
  delivery: [
    'Free delivery over 150 TND',
    'LIVRAISON',
    'Free shipping',
    'Whole orderFrom 150.000 TND',
    'Always',
    '31',
    'Active',
  ],
  leather: ['Leather goods', 'CUIR5', '5.000 TND', '1 category', 'Always', '3 / 100', 'Active'],
  welcome: ['Welcome', 'WELCOME10', '10 %', 'Whole order', 'From 01 Jan 2026', '42', 'Active'],
};
const ALL_ROWS = Object.values(ROWS);

const { tableCells, rowNames, waitForRows, search, openCreate, openEdit, answerDelete } =
  listScreen({
    searchPlaceholder: 'Search by name or code...',
    dataCells: 7,
    dialogs: {
      add: 'Add Discount',
      create: 'Create Discount',
      edit: 'Edit Discount',
      delete: 'Delete Discount',
    },
  });

/** The queries the list was asked with, in order. */
const sentQueries = () => requests.to('GET', LIST).map((request) => request.query);

/** The body of the one POST of the story. */
async function createdBody(): Promise<unknown> {
  const [call] = await requests.waitFor('POST', LIST);
  return call?.body;
}

/** Types the name and code of a new discount (the code in lower case). */
async function nameAndCode(dialog: Scope, name: string, code: string): Promise<void> {
  await userEvent.type(dialog.getByLabelText(/^Name/), name);
  await userEvent.type(dialog.getByLabelText(/^Code/), code);
}

const create = (dialog: Scope) => userEvent.click(dialog.getByRole('button', { name: 'Create' }));

export const Filled: Story = {
  tags: ['visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expectScreenTitle(canvasElement, 'Discounts');
    await expect(
      canvas.getByText(
        'Codes customers enter at checkout, and automatic promotions applied to every cart that meets their rules.',
      ),
    ).toBeVisible();
    // The last cell of each row holds its Edit and Delete buttons.
    await expectTable(
      canvasElement,
      HEADERS,
      ALL_ROWS.map((row) => [...row, '']),
    );
    await expect(canvas.getByTestId('discount-count')).toHaveTextContent('7 discounts');
    await expect(canvas.getByRole('button', { name: 'Add Discount' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Edit Welcome' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Delete Welcome' })).toBeVisible();
    // The status filter offers every derived status.
    await expect(
      within(canvas.getByRole('combobox', { name: 'Filter by status' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All statuses', 'Active', 'Scheduled', 'Expired', 'Used up', 'Inactive']);
    // One request: the first page, in the server's default order.
    await expect(sentQueries()).toEqual([FIRST_PAGE]);
  },
};

const states = listStateStories({
  list: discounts.list,
  empty: { text: 'No discounts found', addButton: 'Add Discount' },
  loadingText: 'Loading discounts...',
  loadError: { status: 500, message: 'Database unavailable', title: 'Failed to load discounts' },
});
export const Empty: Story = states.Empty;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;

/** The server searches the name and the code; the count says how many of all. */
export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await search(canvasElement, 'cuir');
    await waitFor(() => expect(sentQueries().at(-1)).toEqual({ ...FIRST_PAGE, search: 'cuir' }));
    await waitFor(() => expect(tableCells(canvasElement)).toEqual([ROWS.leather]));
    await expect(canvas.getByTestId('discount-count')).toHaveTextContent('1 of 7 discounts');
  },
};

/** 'Expired' asks the server for the discounts whose period ended. */
export const FilterByStatus: Story = {
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await chooseFilter(canvasElement, 'Filter by status', 'Expired');
    await waitFor(() => expect(sentQueries().at(-1)).toEqual({ ...FIRST_PAGE, status: 'expired' }));
    await waitFor(() => expect(tableCells(canvasElement)).toEqual([ROWS.ramadan]));
    await expect(within(canvasElement).getByTestId('discount-count')).toHaveTextContent(
      '1 of 7 discounts',
    );
  },
};

/** Nothing matches: the message offers Clear filters, which brings every discount back. */
export const FilteredEmpty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await chooseFilter(canvasElement, 'Filter by status', 'Scheduled');
    await expect(await canvas.findByText('No discounts found')).toBeVisible();
    await expect(canvas.getByTestId('discount-count')).toHaveTextContent('0 of 7 discounts');
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(tableCells(canvasElement)).toEqual(ALL_ROWS));
    await expect(canvas.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('');
  },
};

/** The Name and Used headers sort on the server, one way then the other. */
export const Sort: Story = {
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    const byName = [...discountFixtures].map((d) => d.name).sort((a, b) => a.localeCompare(b));
    await clickSort(canvasElement, 'Name');
    await waitFor(() => expect(sentQueries().at(-1)).toEqual({ ...FIRST_PAGE, sort: 'name' }));
    await waitFor(() => expect(rowNames(canvasElement)).toEqual(byName));
    await expect(columnHeader(canvasElement, 'Name')).toHaveAttribute('aria-sort', 'ascending');
    await clickSort(canvasElement, 'Name');
    await waitFor(() => expect(sentQueries().at(-1)).toEqual({ ...FIRST_PAGE, sort: '-name' }));
    await waitFor(() => expect(rowNames(canvasElement)).toEqual([...byName].reverse()));
    await clickSort(canvasElement, 'Used');
    await waitFor(() =>
      expect(sentQueries().at(-1)).toEqual({ ...FIRST_PAGE, sort: 'usage_count' }),
    );
    await waitFor(() =>
      expect(rowNames(canvasElement)).toEqual([
        'Black Friday',
        'Leather goods',
        'Harissa week',
        'Ramadan 2026',
        'Grand opening',
        'Free delivery over 150 TND',
        'Welcome',
      ]),
    );
  },
};

/** A percent code on the whole order, with its limits and period: every field sent. */
export const CreatePercentCode: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    // A new discount: a percent code on the whole order, active.
    await expect(dialog.getByRole('radio', { name: 'Percentage' })).toBeChecked();
    await expect(dialog.getByLabelText('Applies to')).toHaveValue('order');
    await expect(dialog.getByLabelText('Active')).toBeChecked();
    await nameAndCode(dialog, ' Summer sale ', 'summer10');
    // Upper-cased as typed.
    await expect(dialog.getByLabelText(/^Code/)).toHaveValue('SUMMER10');
    await userEvent.type(dialog.getByLabelText(/^Percentage off/), '12.5');
    await userEvent.type(dialog.getByLabelText(/^Starts on/), '2026-06-01');
    await userEvent.type(dialog.getByLabelText(/^Ends on/), '2026-08-31');
    await userEvent.type(dialog.getByLabelText(/^Usage limit in total/), '100');
    await userEvent.type(dialog.getByLabelText(/^Usage limit per customer/), '1');
    await create(dialog);
    await expect(await createdBody()).toEqual({
      name: 'Summer sale',
      code: 'SUMMER10',
      kind: 'percent',
      percent: 12.5,
      amount: null,
      scope: 'order',
      product_ids: [],
      category_ids: [],
      minimum_subtotal: null,
      starts_on: '2026-06-01',
      ends_on: '2026-08-31',
      usage_limit: 100,
      usage_limit_per_customer: 1,
      is_active: true,
    });
    await expectToast('Success', 'Discount created successfully', 'success');
    await dialogClosed('dialog');
    await requests.waitFor('GET', LIST, { count: 2 });
  },
};

/** A fixed amount on a category: the amount to the millime, the category's id. */
export const CreateFixedAmountOnCategory: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await nameAndCode(dialog, 'Ceramics', 'nabeul');
    await userEvent.click(dialog.getByText('Fixed amount'));
    await expect(dialog.queryByLabelText(/^Percentage off/)).toBeNull();
    await userEvent.type(dialog.getByLabelText(/^Amount off/), '7.5');
    await userEvent.selectOptions(dialog.getByLabelText('Applies to'), 'Chosen categories');
    await userEvent.click(await dialog.findByText('Céramique'));
    await create(dialog);
    await expect(await createdBody()).toMatchObject({
      code: 'NABEUL',
      kind: 'fixed_amount',
      percent: null,
      amount: '7.500',
      scope: 'categories',
      product_ids: [],
      category_ids: [4],
    });
    await expectToast('Success', 'Discount created successfully', 'success');
  },
};

/** Free shipping above 150 TND as an automatic promotion: no code is asked or sent. */
export const CreateAutomaticFreeShipping: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Free delivery');
    await userEvent.click(dialog.getByText('Automatic promotion (no code)'));
    await expect(dialog.queryByLabelText(/^Code/)).toBeNull();
    await userEvent.click(dialog.getByText('Free shipping'));
    await userEvent.type(dialog.getByLabelText(/^Minimum subtotal/), '150');
    await create(dialog);
    await expect(await createdBody()).toMatchObject({
      name: 'Free delivery',
      code: null,
      kind: 'free_shipping',
      percent: null,
      amount: null,
      scope: 'order',
      minimum_subtotal: '150.000',
    });
    await expectToast('Success', 'Discount created successfully', 'success');
  },
};

/** Chosen products: found by the products search, added, removed, and their ids sent. */
export const CreateOnProducts: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await nameAndCode(dialog, 'Spicy', 'harissa');
    await userEvent.type(dialog.getByLabelText(/^Percentage off/), '10');
    await userEvent.selectOptions(dialog.getByLabelText('Applies to'), 'Chosen products');
    const searchBox = dialog.getByLabelText('Search products to add');
    await userEvent.type(searchBox, 'harissa');
    await userEvent.click(
      await dialog.findByRole('button', { name: 'Add Harissa traditionnelle 200 g' }),
    );
    await waitFor(() =>
      expect(requests.to('GET', '/api/v1/admin/products/').map((r) => r.query.search)).toContain(
        'harissa',
      ),
    );
    await userEvent.type(searchBox, 'huile');
    await userEvent.click(
      await dialog.findByRole('button', { name: "Add Huile d'olive extra vierge 1 L" }),
    );
    await waitFor(() =>
      expect(dialog.getAllByTestId('chosen-product').map((chip) => chip.textContent)).toEqual([
        'Harissa traditionnelle 200 g',
        "Huile d'olive extra vierge 1 L",
      ]),
    );
    await userEvent.click(
      dialog.getByRole('button', { name: "Remove Huile d'olive extra vierge 1 L" }),
    );
    await userEvent.type(searchBox, 'zzz');
    await expect(await dialog.findByText('No product matches "zzz"')).toBeVisible();
    await create(dialog);
    await expect(await createdBody()).toMatchObject({
      code: 'HARISSA',
      scope: 'products',
      product_ids: [5],
      category_ids: [],
    });
    await expectToast('Success', 'Discount created successfully', 'success');
  },
};

/** Generate fills in a random readable code in upper case, and that code is sent. */
export const GenerateCode: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Newsletter');
    await userEvent.type(dialog.getByLabelText(/^Percentage off/), '5');
    await userEvent.click(dialog.getByRole('button', { name: 'Generate a random code' }));
    const code = dialog.getByLabelText(/^Code/);
    await waitFor(() => expect((code as HTMLInputElement).value).toMatch(/^[A-HJKMNP-Z2-9]{8}$/));
    const generated = (code as HTMLInputElement).value;
    await userEvent.click(dialog.getByRole('button', { name: 'Generate a random code' }));
    await waitFor(() => expect(code).not.toHaveValue(generated));
    const second = (code as HTMLInputElement).value;
    await create(dialog);
    await expect(await createdBody()).toMatchObject({ code: second });
    await expectToast('Success', 'Discount created successfully', 'success');
  },
};

/** Missing and wrong values: each field's message, the toast, and nothing sent. */
export const InvalidForm: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await create(dialog);
    await expectToast('Validation Error', REQUIRED_MESSAGE, 'error');
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Enter a code, or make it an automatic promotion')).toBeVisible();
    await expect(dialog.getByText('Percentage is required')).toBeVisible();

    await nameAndCode(dialog, 'Bad', 'no spaces!');
    await userEvent.type(dialog.getByLabelText(/^Percentage off/), '150');
    await userEvent.selectOptions(dialog.getByLabelText('Applies to'), 'Chosen products');
    await userEvent.type(dialog.getByLabelText(/^Starts on/), '2026-12-10');
    await userEvent.type(dialog.getByLabelText(/^Ends on/), '2026-12-01');
    await userEvent.type(dialog.getByLabelText(/^Usage limit in total/), '0');
    await create(dialog);
    await expectToast('Validation Error', 'Use 3 to 32 letters, digits, hyphens or underscores');
    await expect(
      dialog.getByText('Use 3 to 32 letters, digits, hyphens or underscores'),
    ).toBeVisible();
    await expect(
      dialog.getByText('Enter a percentage above 0 and up to 100, with at most 2 decimals'),
    ).toBeVisible();
    await expect(dialog.getByText('Choose at least one product')).toBeVisible();
    await expect(dialog.getByText('The end must not be before the start')).toBeVisible();
    await expect(dialog.getByText('Enter a whole number from 1 to 1,000,000,000')).toBeVisible();

    await userEvent.click(dialog.getByText('Fixed amount'));
    await userEvent.type(dialog.getByLabelText(/^Amount off/), '0');
    await create(dialog);
    await expect(
      await dialog.findByText('Enter an amount above 0 with at most 3 decimals'),
    ).toBeVisible();
    await expect(requests.to('POST', LIST)).toHaveLength(0);
    await expect(screen.getByRole('dialog', { name: 'Create Discount' })).toBeVisible();
  },
};

/** A code another discount has (in any case): the server's 409 as it says, the dialog open. */
export const CodeTaken: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await nameAndCode(dialog, 'Welcome again', 'welcome10');
    await userEvent.type(dialog.getByLabelText(/^Percentage off/), '10');
    await create(dialog);
    await expect(await createdBody()).toMatchObject({ code: 'WELCOME10' });
    await expectToast(
      'Error',
      'The code "WELCOME10" is already used by the discount "Welcome"',
      'error',
    );
    await expect(screen.getByRole('dialog', { name: 'Create Discount' })).toBeVisible();
  },
};

/** A rule the server names (422): the field and its message in the toast. */
export const ServerRefusesField: Story = {
  parameters: mockedBy(
    discounts.create.error(422, [bodyIssue('ends_on', 'The end must not be before the start')]),
  ),
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await nameAndCode(dialog, 'Late', 'late');
    await userEvent.type(dialog.getByLabelText(/^Percentage off/), '10');
    await create(dialog);
    await expectToast('Error', 'ends_on: The end must not be before the start', 'error');
    await expect(screen.getByRole('dialog', { name: 'Create Discount' })).toBeVisible();
  },
};

/** Editing: the discount's values in the form; the whole discount goes back with the change. */
export const EditDiscount: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'Leather goods');
    await expect(dialog.getByLabelText(/^Name/)).toHaveValue('Leather goods');
    await expect(dialog.getByLabelText(/^Code/)).toHaveValue('CUIR5');
    await expect(dialog.getByRole('radio', { name: 'Fixed amount' })).toBeChecked();
    await expect(dialog.getByLabelText(/^Amount off/)).toHaveValue(5);
    await expect(dialog.getByLabelText('Applies to')).toHaveValue('categories');
    await waitFor(() =>
      expect(dialog.getByRole('checkbox', { name: 'Maroquinerie' })).toBeChecked(),
    );
    await expect(dialog.getByLabelText(/^Usage limit in total/)).toHaveValue(100);
    await replace(dialog, /^Amount off/, '6');
    await userEvent.click(dialog.getByText('Sacs'));
    await userEvent.click(dialog.getByRole('button', { name: 'Update' }));
    const [call] = await requests.waitFor('PATCH', `${LIST}2`);
    await expect(call?.body).toEqual({
      name: 'Leather goods',
      code: 'CUIR5',
      kind: 'fixed_amount',
      percent: null,
      amount: '6.000',
      scope: 'categories',
      product_ids: [],
      category_ids: [1, 5],
      minimum_subtotal: null,
      starts_on: null,
      ends_on: null,
      usage_limit: 100,
      usage_limit_per_customer: null,
      is_active: true,
    });
    await expectToast('Success', 'Discount updated successfully', 'success');
    await dialogClosed('dialog');
  },
};

/** A discount no order used is deleted once confirmed, and the list reloads. */
export const DeleteDiscount: Story = {
  play: async ({ canvasElement }) => {
    const confirmation = await answerDelete(canvasElement, 'Black Friday', 'Cancel');
    await expect(
      confirmation.getByText('Delete "Black Friday"? Customers will no longer be able to use it.'),
    ).toBeVisible();
    await dialogClosed('alertdialog');
    await expect(requests.to('DELETE', `${LIST}7`)).toHaveLength(0);
    await answerDelete(canvasElement, 'Black Friday');
    await requests.waitFor('DELETE', `${LIST}7`);
    await expectToast('Success', 'Discount deleted successfully', 'success');
    await dialogClosed('alertdialog');
    await requests.waitFor('GET', LIST, { count: 2 });
  },
};

/**
 * A discount orders used cannot be deleted (409): the toast says so and offers to deactivate
 * it instead, which sends is_active false.
 */
export const DeleteRefused: Story = {
  play: async ({ canvasElement }) => {
    await answerDelete(canvasElement, 'Welcome');
    await requests.waitFor('DELETE', `${LIST}1`);
    const toast = await expectToast(
      'Error',
      'Orders have used "Welcome": it cannot be deleted, but you can deactivate it.',
      'error',
    );
    await userEvent.click(within(toast).getByRole('button', { name: 'Deactivate' }));
    const [call] = await requests.waitFor('PATCH', `${LIST}1`);
    await expect(call?.body).toEqual({ is_active: false });
    await expectToast('Success', 'Discount deactivated', 'success');
  },
};

/** Any other failure of a deletion: the server's words. */
export const DeleteFailed: Story = {
  parameters: mockedBy(discounts.delete.networkError()),
  play: async ({ canvasElement }) => {
    await answerDelete(canvasElement, 'Black Friday');
    await expectToast('Error', 'Failed to delete discount', 'error');
  },
};

/**
 * A support agent reads the discounts (orders:read) to answer customers, but may not change
 * them (discounts:write): no Add button, no row actions; the menu has the screen.
 */
export const ReadOnlyForSupport: Story = {
  parameters: {
    auth: { userType: 'admin', user: adminUsers.find((user) => user.role === 'support') },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expectTable(canvasElement, HEADERS.slice(0, -1), ALL_ROWS);
    await expectNoEditing(canvasElement, ['Add Discount']);
    const nav = canvas.getByRole('navigation', { name: 'Management' });
    await expect(within(nav).getByRole('link', { name: 'Discounts' })).toBeVisible();
  },
};

/** On a 375 px phone each discount is a card: every field in view, the page not scrolling. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await expectCard(canvasElement, {
      table: 'Discounts',
      name: 'Leather goods',
      fields: [
        'Leather goods',
        'CUIR5',
        '5.000 TND',
        '1 category',
        'Always',
        '3 / 100',
        'Active',
        '',
      ],
    });
  },
};

/* Languages and colour modes */

/** Arabic, right to left: the heading, the statuses and the kinds translated. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = (await canvas.findByText('Leather goods')).closest('tr')!;
    await expect(canvas.getByRole('heading', { level: 1, name: 'الخصومات' })).toBeVisible();
    await expectRightToLeft();
    await expect(within(row).getByText('نشط')).toBeVisible();
    await expect(within(row).getByText('فئة واحدة')).toBeVisible();
    const harissa = canvas.getByText('Harissa week').closest('tr')!;
    await expect(within(harissa).getByText('تلقائي')).toBeVisible();
    await expect(canvas.getByTestId('discount-count')).toHaveTextContent('7 خصومات');
  },
};

/** The form in Arabic: its title and its messages. */
export const ArabicInvalidForm: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Leather goods');
    await userEvent.click(canvas.getByRole('button', { name: 'إضافة خصم' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'إنشاء خصم' }));
    await userEvent.click(dialog.getByRole('button', { name: 'إنشاء' }));
    // The messages render with the dialog still fading in under load: wait until they show.
    await waitFor(() => expect(dialog.getByText('الاسم مطلوب')).toBeVisible());
    await expect(dialog.getByText('أدخل رمزًا، أو اجعله عرضًا تلقائيًا')).toBeVisible();
    await expect(dialog.getByText('النسبة مطلوبة')).toBeVisible();
    await expect(requests.to('POST', LIST)).toHaveLength(0);
  },
};

/** French: the heading, a column and a status. */
export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = (await canvas.findByText('Ramadan 2026')).closest('tr')!;
    await expect(canvas.getByRole('heading', { level: 1, name: 'Remises' })).toBeVisible();
    await expect(canvas.getByRole('columnheader', { name: "S'applique à" })).toBeVisible();
    await expect(within(row).getByText('Expirée')).toBeVisible();
    await expect(within(row).getByText('Du 18 févr. 2026 au 19 mars 2026')).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: Filled.play,
};
