import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { AdminRole, CustomerDetail } from '@generated/model';
import { paths } from '@/lib/paths';
import { adminScreen } from '@/testing/admin-screen';
import { expectedMoney } from '@/testing/expected';
import { PHONE_GLOBALS, expectInView } from '@/testing/phone-cards';
import { expectLocation, expectToast, findOpenDialog, screen } from '@/testing/story';
import { adminUser } from '@mocks/fixtures';
import { accountCustomer, businessCustomer, guestCustomer } from '@mocks/fixtures/customers';
import { customers } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { CustomerDetailPage } from './CustomerDetailPage';
import { CustomersPage } from './CustomersPage';

/** A person's page of /admin/customers/{key} (docs/product.md "Customers as people"). */
const meta = {
  title: 'Customers/CustomerDetailPage',
  component: CustomerDetailPage,
  ...adminScreen(paths.customers.detail(accountCustomer.key), {
    routes: [
      [paths.customers.detailPattern, CustomerDetailPage],
      [paths.customers.list, CustomersPage],
    ],
    parameters: {
      msw: {
        handlers: [
          customers.get(accountCustomer),
          customers.update(accountCustomer),
          customers.export(accountCustomer),
          customers.erase(accountCustomer),
        ],
      },
    },
  }),
} satisfies Meta<typeof CustomerDetailPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const API = (key: string) => `/api/v1/admin/customers/${key}`;
const as = (role: AdminRole) => ({ userType: 'admin' as const, user: { ...adminUser, role } });
const KEPT =
  "Kept: the invoices and credit notes already issued stay as they are, with the buyer's name and tax identifier, because Tunisian law requires the shop to keep its accounting documents for 10 years (income and corporate tax code, art. 62; law 96-112 on company accounting, art. 25). The orders keep their amounts, so your figures do not change.";

/** The page of `customer`, asked by its key, whose operations answer for that person. */
const showing = (customer: CustomerDetail) => ({
  route: paths.customers.detail(customer.key),
  msw: {
    handlers: [
      customers.get(customer),
      customers.update(customer),
      customers.export(customer),
      customers.erase(customer),
    ],
  },
});

async function loaded(canvasElement: HTMLElement, customer: CustomerDetail) {
  const canvas = within(canvasElement);
  const name = [customer.first_name, customer.last_name].filter(Boolean).join(' ');
  await expect(await canvas.findByRole('heading', { level: 1, name })).toBeVisible();
  return canvas;
}

/** An account: identity, contact, address book, orders (links), totals, notes and tags. */
export const Account: Story = {
  tags: ['visual'],
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement, accountCustomer);
    await requests.waitFor('GET', API('a11'));
    await expect(canvas.getByTestId('customer-badges')).toHaveTextContent('Accountindividual');
    const contact = canvas.getByRole('region', { name: 'Contact' });
    await expect(within(contact).getByTestId('customer-email')).toHaveTextContent(
      'leila.bouazizi@gmail.com',
    );
    await expect(within(contact).getByTestId('customer-phone')).toHaveTextContent(
      '+216 98 123 456',
    );
    await expect(within(contact).getByTestId('customer-vat-number')).toHaveTextContent('-');
    const address = within(canvas.getByRole('region', { name: 'Addresses' })).getByTestId(
      'customer-address',
    );
    await expect(address).toHaveTextContent('Address bookDefault');
    await expect(address).toHaveTextContent('12 rue de Marseille, Apt 4');
    const orders = canvas.getByRole('region', { name: 'Orders' });
    await expect(
      within(orders)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['ORD-20250312-0004', '/admin/orders/5'],
      ['ORD-20250310-0001', '/admin/orders/1'],
    ]);
    await expect(canvas.getByTestId('customer-order-count')).toHaveTextContent('2');
    await expect(canvas.getByTestId('customer-total-spent')).toHaveTextContent(
      expectedMoney(213.92),
    );
    await expect(canvas.getByTestId('customer-notes-text')).toHaveTextContent(
      'Prefers delivery after 5 pm.',
    );
    await expect(canvas.getByTestId('customer-tags')).toHaveTextContent('viptunis');
    // A super admin may edit, export and erase.
    await expect(canvas.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Export data (JSON)' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Erase customer' })).toBeVisible();
  },
};

/** A guest, known by the e-mail of their orders: their orders' address, no notes yet. */
export const Guest: Story = {
  parameters: showing(guestCustomer),
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement, guestCustomer);
    await requests.waitFor('GET', API(guestCustomer.key));
    await expect(canvas.getByTestId('customer-badges')).toHaveTextContent('Guestindividual');
    await expect(canvas.getByTestId('customer-address')).toHaveTextContent('From an order');
    await expect(canvas.getByTestId('customer-notes-text')).toHaveTextContent('No notes.');
    await expect(canvas.getByTestId('customer-tags')).toHaveTextContent('No tags.');
  },
};

/** A professional buyer: company, VAT number, an order still open. */
export const Business: Story = {
  parameters: showing(businessCustomer),
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement, businessCustomer);
    await expect(canvas.getByTestId('customer-badges')).toHaveTextContent('Guestprofessional');
    await expect(canvas.getByTestId('customer-company')).toHaveTextContent('Maison Provence SARL');
    await expect(canvas.getByTestId('customer-vat-number')).toHaveTextContent('FR40303265045');
    await expect(canvas.getByTestId('customer-open-orders')).toHaveTextContent('1');
    await expect(canvas.getByText('No address yet.')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [customers.get.loading()] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading customer...');
  },
};

/** A key no person has (erased, or never): said so, with the way back. */
export const NotFound: Story = {
  parameters: {
    route: paths.customers.detail('a999'),
    msw: { handlers: [customers.get.error(404, 'Customer not found')] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Customer not found' }),
    ).toBeVisible();
    await expect(
      canvas.getByText('No account or order has this customer. They may have been erased.'),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to customers' })).toHaveAttribute(
      'href',
      '/admin/customers',
    );
  },
};

/** Edit: the changes only, tags as typed (the server normalises them), then the saved values. */
export const Editing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement, accountCustomer);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit' }));
    const notes = canvas.getByRole('textbox', { name: 'Notes' });
    await userEvent.clear(notes);
    await userEvent.type(notes, 'Call before delivery');
    const tags = canvas.getByRole('textbox', { name: 'Tags' });
    await userEvent.clear(tags);
    await userEvent.type(tags, 'VIP, Late   payer');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    const [call] = await requests.waitFor('PATCH', API('a11'));
    await expect(call?.body).toEqual({
      notes: 'Call before delivery',
      tags: ['VIP', 'Late   payer'],
    });
    await expectToast('Success', 'Customer updated');
    await waitFor(() =>
      expect(canvas.getByTestId('customer-tags')).toHaveTextContent('viplate payer'),
    );
    await expect(canvas.getByTestId('customer-notes-text')).toHaveTextContent(
      'Call before delivery',
    );
  },
};

/** JSON and CSV downloads ask the export in that format. */
export const ExportData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement, accountCustomer);
    await userEvent.click(canvas.getByRole('button', { name: 'Export data (JSON)' }));
    const [json] = await requests.waitFor('GET', `${API('a11')}/export`);
    await expect(json?.query).toEqual({ format: 'json' });
    // Both buttons wait while one export downloads: a click before it ends would do nothing.
    const csv = canvas.getByRole('button', { name: 'Export data (CSV)' });
    await waitFor(() => expect(csv).toBeEnabled(), { timeout: 5000 });
    await userEvent.click(csv);
    await waitFor(() =>
      expect(requests.to('GET', `${API('a11')}/export`).map((r) => r.query)).toEqual([
        { format: 'json' },
        { format: 'csv' },
      ]),
    );
  },
};

/**
 * The erase dialog says what goes and what is kept and why, refuses another e-mail, then sends
 * the typed e-mail and goes back to the list.
 */
export const EraseDialog: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement, accountCustomer);
    await userEvent.click(canvas.getByRole('button', { name: 'Erase customer' }));
    const dialog = await findOpenDialog('Erase this customer?', 'alertdialog');
    await expect(dialog).toHaveTextContent(
      `This deletes leila.bouazizi@gmail.com's account, addresses, carts, sign-in sessions, sign-in links, notes and tags, and replaces their name, e-mail, phone and address in their orders with "Erased customer". It cannot be undone.`,
    );
    await expect(within(dialog).getByTestId('erase-kept')).toHaveTextContent(KEPT);
    const input = within(dialog).getByRole('textbox', { name: /Type the customer's e-mail/ });
    await userEvent.type(input, 'someone@example.tn');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
    await expect(
      await within(dialog).findByText(/Type .*leila\.bouazizi@gmail\.com.* exactly to confirm\./),
    ).toBeVisible();
    await expect(requests.all().filter((r) => r.method === 'POST')).toEqual([]);
    await userEvent.clear(input);
    await userEvent.type(input, ' Leila.Bouazizi@gmail.com ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
    const [call] = await requests.waitFor('POST', `${API('a11')}/erase`);
    await expect(call?.body).toEqual({ confirm_email: 'Leila.Bouazizi@gmail.com' });
    await expectToast('Success', 'Customer erased');
    await expectLocation(canvasElement, '/admin/customers');
  },
};

/** An erase refused while an order is open: the server's reason, and the page stays. */
export const EraseRefused: Story = {
  parameters: showing(businessCustomer),
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement, businessCustomer);
    await userEvent.click(canvas.getByRole('button', { name: 'Erase customer' }));
    const dialog = await findOpenDialog('Erase this customer?', 'alertdialog');
    await userEvent.type(within(dialog).getByRole('textbox'), businessCustomer.email);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
    await requests.waitFor('POST', `${API(businessCustomer.key)}/erase`);
    await expectToast(
      'Error',
      'The customer cannot be erased while an order is open: ORD-20250301-0002 (processing). Deliver, cancel or refund it first.',
      'error',
    );
    await expect(screen.getByRole('alertdialog', { name: 'Erase this customer?' })).toBeVisible();
    await expectLocation(canvasElement, paths.customers.detail(businessCustomer.key));
  },
};

/** Support keeps notes and tags but may neither export nor erase a person's data. */
export const ReadOnlySupport: Story = {
  parameters: { auth: as('support') },
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement, accountCustomer);
    await expect(canvas.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'Personal data' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Erase customer' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Export data (JSON)' })).toBeNull();
  },
};

/** On a phone: one column, every section readable. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement, accountCustomer);
    for (const name of ['Contact', 'Orders', 'Totals', 'Notes and tags']) {
      await expectInView(within(canvas.getByRole('region', { name })).getByRole('heading'));
    }
    await expectInView(canvas.getByRole('button', { name: 'Erase customer' }));
  },
};

/** In Arabic, right to left, with the law's reason in Arabic. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement, accountCustomer);
    await expect(document.documentElement.dir).toBe('rtl');
    await expect(canvas.getByRole('region', { name: 'بيانات الاتصال' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'محو العميل' }));
    const dialog = await findOpenDialog('محو هذا العميل؟', 'alertdialog');
    await expect(within(dialog).getByTestId('erase-kept')).toHaveTextContent(
      'مجلة الضريبة على دخل الأشخاص الطبيعيين والضريبة على الشركات، الفصل 62',
    );
  },
};

export const Dark: Story = {
  ...Account,
  globals: { theme: 'dark' },
};
