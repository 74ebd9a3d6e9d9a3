import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AppRoutes } from '@/app/routes';
import { HttpResponse } from 'msw';
import { adminUser, fixtures, tokenPair } from '@mocks/fixtures';
import { auth, orders } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { authStore, STORAGE_KEYS } from '@/lib/auth/store';
import { expectLocation } from '@/testing/story';

/** The access guard of /admin (docs/product.md §2), through the real route table. */
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
    const [refresh] = await requests.waitFor('POST', '/api/v1/admin/auth/refresh');
    await expect(refresh?.query).toEqual({ refresh_token: 'expired-token-refresh-0123456789' });
    await expect(refresh?.body).toBeUndefined();
    await expect(authStore.isAuthenticated).toBe(false);
    await expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    // The sign-in page says why the session ended (docs/product.md §4), the form is ready.
    const canvas = within(canvasElement);
    const notice = await canvas.findByRole('alert');
    await expect(notice).toHaveTextContent('Authentication failed');
    await expect(notice).toHaveTextContent('Your session has ended. Please sign in again.');
    await expect(canvas.getByLabelText(/Username/)).toBeVisible();
  },
};

/** The session expired and the refresh worked: the screen loads, no notice, still signed in. */
export const ExpiredTokenRefreshed: Story = {
  parameters: {
    route: '/admin/orders',
    auth: { userType: 'admin', token: 'expired-token', user: adminUser },
    msw: {
      handlers: [
        orders.list.reply(({ request }) =>
          request.headers.get('authorization') === 'Bearer expired-token'
            ? HttpResponse.json({ detail: 'Token expired' }, { status: 401 })
            : HttpResponse.json(fixtures.orders, {
                headers: { 'X-Total-Count': String(fixtures.orders.length) },
              }),
        ),
        auth.refresh({
          ...tokenPair,
          access_token: 'fresh-token',
          refresh_token: 'fresh-refresh-token-0123456789',
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(fixtures.orders[0]!.order_number)).toBeVisible();
    const calls = requests.to('GET', '/api/v1/admin/orders/');
    await expect(calls.map((call) => call.authorization)).toEqual([
      'Bearer expired-token',
      'Bearer fresh-token',
    ]);
    await expect(requests.to('POST', '/api/v1/admin/auth/refresh')).toHaveLength(1);
    await expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe(
      'fresh-refresh-token-0123456789',
    );
    await expectLocation(canvasElement, '/admin/orders');
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

/** A customer is not trapped there: Sign out revokes their session and leads to the sign-in form. */
export const CustomerSignsOut: Story = {
  parameters: { auth: { userType: 'customer', token: 'customer-token' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign out' }));
    const [call] = await requests.waitFor('POST', '/api/v1/auth/logout');
    await expect(call?.query).toEqual({ refresh_token: 'customer-token-refresh-0123456789' });
    await expect(call?.body).toBeUndefined();
    await expect(requests.to('POST', '/api/v1/admin/auth/logout')).toHaveLength(0);
    await expectLocation(canvasElement, '/auth');
    await expect(await canvas.findByLabelText(/Username/)).toBeVisible();
    await expect(authStore.isAuthenticated).toBe(false);
    for (const key of Object.values(STORAGE_KEYS))
      await expect(localStorage.getItem(key)).toBeNull();
  },
};

/** The server cannot be told: the customer is signed out here all the same. */
export const CustomerSignOutFails: Story = {
  parameters: {
    auth: { userType: 'customer', token: 'customer-token' },
    msw: { handlers: [auth.customerLogout.error(500)] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign out' }));
    await requests.waitFor('POST', '/api/v1/auth/logout');
    await expectLocation(canvasElement, '/auth');
    await expect(await canvas.findByLabelText(/Username/)).toBeVisible();
    await expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
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

/** Access Denied in Arabic, right to left. */
export const AccessDeniedArabic: Story = {
  globals: { locale: 'ar' },
  parameters: { auth: { userType: 'customer', token: 'customer-token' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'تم رفض الوصول' })).toBeVisible();
    await expect(document.documentElement.dir).toBe('rtl');
    await expect(canvas.getByRole('button', { name: 'تسجيل الخروج' })).toBeEnabled();
  },
};

/** Access Denied in French. */
export const AccessDeniedFrench: Story = {
  globals: { locale: 'fr' },
  parameters: { auth: { userType: 'customer', token: 'customer-token' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Accès refusé' })).toBeVisible();
  },
};

/** Access Denied in dark mode. */
export const AccessDeniedDark: Story = {
  globals: { theme: 'dark' },
  parameters: { auth: { userType: 'customer', token: 'customer-token' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Return Home' })).toBeVisible();
  },
};
