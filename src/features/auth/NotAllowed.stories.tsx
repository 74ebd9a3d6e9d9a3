import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { AdminRole } from '@generated/model';
import { AppRoutes } from '@/app/routes';
import { adminUser } from '@mocks/fixtures';
import { auth } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { expectHeading, expectRightToLeft } from '@/testing/languages';
import { expectLocation, expectScreenTitle } from '@/testing/story';

/**
 * A screen the signed-in admin's role does not allow, typed by hand (the menu and the buttons do
 * not offer it): the "not allowed" page in the admin layout, and none of the screen's requests.
 */
const meta = {
  title: 'Auth/Not allowed',
  component: AppRoutes,
  parameters: { route: '/admin/users' },
} satisfies Meta<typeof AppRoutes>;
export default meta;
type Story = StoryObj<typeof meta>;

const as = (role: AdminRole) => ({ userType: 'admin' as const, user: { ...adminUser, role } });
const TEXT = 'Your role does not give access to this page. Ask an administrator if you need it.';

async function expectNotAllowed(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  // The first story of a file pays the console's cold start (the session, /me, the lazy screen):
  // over a second on a loaded 2-core machine, where findBy's default wait is one second.
  await expect(
    await canvas.findByTestId('not-allowed', undefined, { timeout: 5000 }),
  ).toBeVisible();
  // The document's title follows once the page's effects have run.
  await waitFor(() => expectScreenTitle(canvasElement, 'Not allowed'));
  await expect(canvas.getByText(TEXT)).toBeVisible();
  await expect(canvas.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute(
    'href',
    '/admin',
  );
  // Inside the layout: the menu is there, without the screen refused.
  await expect(canvas.getByRole('navigation', { name: 'Management' })).toBeVisible();
}

/** A support agent types /admin/users: no users are asked for, the way back is offered. */
export const UsersForSupport: Story = {
  parameters: { auth: as('support') },
  play: async ({ canvasElement }) => {
    await expectNotAllowed(canvasElement);
    const nav = within(canvasElement).getByRole('navigation', { name: 'Management' });
    await expect(within(nav).queryByRole('link', { name: 'Users' })).toBeNull();
    await expect(requests.to('GET', /\/api\/v1\/admin\/users/)).toHaveLength(0);
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Go to the dashboard' }));
    await expectLocation(canvasElement, '/admin');
    await expectHeading(canvasElement, 'Dashboard');
  },
};

/** An inventory manager follows an old link to an order (orders:read): not allowed. */
export const OrderForInventoryManager: Story = {
  parameters: { route: '/admin/orders/3', auth: as('inventory_manager') },
  play: async ({ canvasElement }) => {
    await expectNotAllowed(canvasElement);
    await expect(requests.to('GET', /\/api\/v1\/admin\/orders/)).toHaveLength(0);
  },
};

/** A support agent opens the product form (products:write): not allowed. */
export const NewProductForSupport: Story = {
  parameters: { route: '/admin/products/new', auth: as('support') },
  play: async ({ canvasElement }) => {
    await expectNotAllowed(canvasElement);
  },
};

/** A manager on the background jobs (jobs:read). */
export const JobsForManager: Story = {
  parameters: { route: '/admin/jobs', auth: as('manager') },
  play: async ({ canvasElement }) => {
    await expectNotAllowed(canvasElement);
    await expect(requests.to('GET', /\/api\/v1\/admin\/jobs/)).toHaveLength(0);
  },
};

/** A support agent types /admin/api-tokens (api_tokens:manage, #31): no tokens are asked for. */
export const ApiTokensForSupport: Story = {
  parameters: { route: '/admin/api-tokens', auth: as('support') },
  play: async ({ canvasElement }) => {
    await expectNotAllowed(canvasElement);
    const nav = within(canvasElement).getByRole('navigation', { name: 'Management' });
    await expect(within(nav).queryByRole('link', { name: 'API Tokens' })).toBeNull();
    await expect(requests.to('GET', /\/api\/v1\/admin\/api-tokens/)).toHaveLength(0);
  },
};

/** A restored session: /me is loaded first, then its permissions decide. */
export const AfterLoadingTheUser: Story = {
  parameters: {
    route: '/admin/audit-log',
    auth: { userType: 'admin', token: 'restored-token' },
    msw: { handlers: [auth.me({ ...adminUser, role: 'manager' })] },
  },
  play: async ({ canvasElement }) => {
    await expectNotAllowed(canvasElement);
    await requests.waitFor('GET', '/api/v1/admin/auth/me');
  },
};

/** An admin may open every screen: the same address shows the screen. */
export const AllowedForAdmin: Story = {
  parameters: { auth: as('admin') },
  play: async ({ canvasElement }) => {
    await expectHeading(canvasElement, 'Users');
    await expect(within(canvasElement).queryByTestId('not-allowed')).toBeNull();
  },
};

export const Arabic: Story = {
  parameters: { auth: as('support') },
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    await expectHeading(canvasElement, 'غير مسموح');
    await expectRightToLeft();
    await expect(
      within(canvasElement).getByRole('link', { name: 'الانتقال إلى لوحة التحكم' }),
    ).toBeVisible();
  },
};

export const Dark: Story = {
  parameters: { auth: as('support') },
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expectNotAllowed(canvasElement);
  },
};
