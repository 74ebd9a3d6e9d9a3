import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AppRoutes } from '@/app/routes';
import { adminUser } from '@mocks/fixtures';
import { auth } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { authStore, STORAGE_KEYS } from '@/lib/auth/store';
import { expectLocation } from '@/testing/story';

/** The access guard of /admin (spec §2), through the real route table. */
const meta = {
  title: 'Auth/Admin guard',
  component: AppRoutes,
  parameters: { route: '/admin' },
} satisfies Meta<typeof AppRoutes>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A restored session (token, no user yet) while /admin/auth/me is in flight. */
export const LoadingSession: Story = {
  parameters: {
    auth: { userType: 'admin', token: 'restored-token' },
    msw: { handlers: [auth.me.loading()] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Loading...')).toBeVisible();
    await expect(canvas.getByRole('status')).toBeVisible();
    await expectLocation(canvasElement, '/admin');
    await expect(canvas.queryByText('Manage your store')).toBeNull();
  },
};

/** The restored session's user loads, then the layout shows it. */
export const RestoredSession: Story = {
  parameters: {
    auth: { userType: 'admin', token: 'restored-token' },
    msw: { handlers: [auth.me.delayed(300, adminUser)] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Loading...')).toBeVisible();
    await expect(await canvas.findByTestId('current-user')).toHaveTextContent('admin');
    await expect(canvas.getByText('Manage your store')).toBeVisible();
    const [me] = await requests.waitFor('GET', '/api/v1/admin/auth/me');
    await expect(me?.authorization).toBe('Bearer restored-token');
  },
};

export const RedirectsToLogin: Story = {
  parameters: { route: '/admin/products' },
  play: async ({ canvasElement }) => {
    await expectLocation(canvasElement, '/auth');
    await expect(await within(canvasElement).findByLabelText(/Username/)).toBeVisible();
  },
};

/** An expired session whose refresh also fails is logged out and sent to /auth. */
export const ExpiredSession: Story = {
  parameters: {
    auth: { userType: 'admin', token: 'expired-token' },
    msw: {
      handlers: [
        auth.me.error(401, 'Token expired'),
        auth.refresh.error(401, 'Refresh token revoked'),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expectLocation(canvasElement, '/auth');
    await requests.waitFor('POST', '/api/v1/admin/auth/refresh');
    await expect(authStore.isAuthenticated).toBe(false);
    await expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  },
};

export const AccessDeniedForCustomer: Story = {
  parameters: { auth: { userType: 'customer', token: 'customer-token' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(
      canvas.getByText(
        "You don't have permission to access this area. Admin privileges are required.",
      ),
    ).toBeVisible();
    await expect(requests.to('GET', '/api/v1/admin/auth/me')).toHaveLength(0);
    const home = canvas.getByRole('link', { name: 'Return Home' });
    await expect(home).toHaveAttribute('href', '/');
    await userEvent.click(home);
    await expectLocation(canvasElement, '/');
  },
};

export const SignedInAdmin: Story = {
  parameters: { route: '/admin/orders', auth: { userType: 'admin', user: adminUser } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Orders' })).toBeVisible();
    await expect(canvas.getByTestId('current-user')).toHaveTextContent('admin');
    await expect(requests.to('GET', '/api/v1/admin/auth/me')).toHaveLength(0);
    // The title is set in an effect after the heading renders.
    await waitFor(() => expect(document.title).toBe('Orders · Store back office'));
  },
};
