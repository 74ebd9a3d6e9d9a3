import { Heading, Text } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { HttpHandler } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { AdminRole } from '@generated/model';
import { adminUser } from '@mocks/fixtures';
import { auth } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { authStore, STORAGE_KEYS } from '@/lib/auth/store';
import { expectedMenus } from '@/testing/expected';
import { expectLocation, screen } from '@/testing/story';
import { AdminLayout } from './AdminLayout';

const LOGOUT = '/api/v1/admin/auth/logout';
const LINKS = expectedMenus.super_admin;
const HREFS = [
  '/admin',
  '/admin/products',
  '/admin/orders',
  '/admin/customers',
  '/admin/discounts',
  '/admin/shipping',
  '/admin/inventory/ledger',
  '/admin/categories',
  '/admin/vat-rates',
  '/admin/users',
  '/admin/audit-log',
  '/admin/jobs',
  '/admin/api-tokens',
  '/admin/webhooks',
  '/admin/settings',
];

const meta = {
  title: 'Layout/AdminLayout',
  component: AdminLayout,
  args: {
    children: (
      <>
        <Heading as="h1" size="2xl">
          Screen title
        </Heading>
        <Text color="fg.muted">The current admin screen renders here.</Text>
      </>
    ),
  },
  parameters: { route: '/admin', auth: { userType: 'admin', user: adminUser } },
} satisfies Meta<typeof AdminLayout>;
export default meta;
type Story = StoryObj<typeof meta>;

const sidebar = (canvasElement: HTMLElement) => within(canvasElement).getByTestId('sidebar');
const width = (element: HTMLElement) => Math.round(element.getBoundingClientRect().width);
const cookie = () => document.cookie.match(/(?:^|; )sidebar_state=([^;]*)/)?.[1];

export const Expanded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'Management' });
    await expect(within(nav).getByText('Management')).toBeVisible();
    const links = within(nav).getAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual(LINKS);
    await expect(links.map((link) => link.getAttribute('href'))).toEqual(HREFS);
    await expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(within(nav).getAllByRole('link', { current: 'page' })).toHaveLength(1);
    await expect(sidebar(canvasElement)).toHaveAttribute('data-state', 'expanded');
    await expect(width(sidebar(canvasElement))).toBe(256); // 16rem
    await expect(canvas.getByText('Manage your store')).toBeVisible();
    await expect(canvas.getByTestId('current-user')).toHaveTextContent('admin');
    await expect(canvas.getByRole('button', { name: 'Logout' })).toBeVisible();
  },
};

/** Dashboard matches /admin exactly; a section stays active on its sub-pages. */
export const SectionActive: Story = {
  parameters: { route: '/admin/products/12' },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Management' });
    await expect(within(nav).getByRole('link', { name: 'Products' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
      'aria-current',
    );
    await userEvent.click(within(nav).getByRole('link', { name: 'VAT Rates' }));
    await expectLocation(canvasElement, '/admin/vat-rates');
    await expect(within(nav).getByRole('link', { name: 'VAT Rates' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

export const CollapseWithShortcut: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.keyboard('{Control>}b{/Control}');
    await waitFor(() => expect(sidebar(canvasElement)).toHaveAttribute('data-state', 'collapsed'));
    await waitFor(() => expect(width(sidebar(canvasElement))).toBe(48)); // 3rem
    await expect(cookie()).toBe('false');
    await userEvent.keyboard('{Meta>}b{/Meta}');
    await waitFor(() => expect(sidebar(canvasElement)).toHaveAttribute('data-state', 'expanded'));
    await expect(cookie()).toBe('true');
  },
};

export const CollapseWithButton: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Toggle Sidebar' }));
    await waitFor(() => expect(sidebar(canvasElement)).toHaveAttribute('data-state', 'collapsed'));
    await expect(cookie()).toBe('false');
    // Icons only: the labels are hidden, each link keeps its name and shows a tooltip.
    await expect(canvas.getByText('Products')).not.toBeVisible();
    const products = canvas.getByRole('link', { name: 'Products' });
    await userEvent.hover(products);
    await expect(await screen.findByRole('tooltip', {}, { timeout: 3000 })).toHaveTextContent(
      'Products',
    );
  },
};

/** The state comes back from the cookie (kept 7 days). */
export const CollapsedFromCookie: Story = {
  parameters: { cookies: { sidebar_state: 'false' } },
  play: async ({ canvasElement }) => {
    await expect(sidebar(canvasElement)).toHaveAttribute('data-state', 'collapsed');
    await expect(width(sidebar(canvasElement))).toBe(48);
  },
};

/** Below 768px the sidebar is an off-canvas drawer, 18rem wide. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile375', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(window.innerWidth).toBeLessThan(768);
    await expect(screen.queryByRole('navigation', { name: 'Management' })).toBeNull();
    // The header fits: Logout on screen, the admin's name whole (the title gives way).
    const logout = canvas.getByRole('button', { name: 'Logout' });
    await expect(logout.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    const user = canvas.getByTestId('current-user');
    await expect(user.scrollWidth).toBeLessThanOrEqual(user.clientWidth);
    await userEvent.click(canvas.getByRole('button', { name: 'Toggle Sidebar' }));
    const drawer = await screen.findByRole('dialog');
    await expect(drawer).toHaveAttribute('data-testid', 'sidebar');
    const nav = within(drawer).getByRole('navigation', { name: 'Management' });
    await expect(within(nav).getAllByRole('link')).toHaveLength(LINKS.length);
    await waitFor(() => expect(width(drawer)).toBe(288)); // 18rem
    await waitFor(() => expect(drawer.getBoundingClientRect().left).toBe(0)); // slid in from the start
    await userEvent.click(within(nav).getByRole('link', { name: 'Orders' }));
    await expectLocation(canvasElement, '/admin/orders');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const MobileShortcut: Story = {
  globals: { viewport: { value: 'mobile375', isRotated: false } },
  play: async () => {
    await userEvent.keyboard('{Control>}b{/Control}');
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect(drawer).toBeVisible());
    await expect(cookie()).toBeUndefined(); // the drawer does not touch the desktop state
  },
};

async function expectSignedOut() {
  await expect(authStore.isAuthenticated).toBe(false);
  await expect(authStore.user).toBeNull();
  for (const key of Object.values(STORAGE_KEYS)) await expect(localStorage.getItem(key)).toBeNull();
}

/** Logout revokes the session on the server (refresh token in the query, no body), then clears it. */
export const Logout: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Logout' }));
    await expectLocation(canvasElement, '/auth');
    const [call] = await requests.waitFor('POST', LOGOUT);
    await expect(call?.query).toEqual({ refresh_token: 'story-access-token-refresh-0123456789' });
    await expect(call?.body).toBeUndefined();
    await expectSignedOut();
  },
};

/** While the server is asked, the button is disabled and the session is still there. */
export const LogoutPending: Story = {
  parameters: { msw: { handlers: [auth.logout.delayed(400)] } },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Logout' });
    await userEvent.click(button);
    await requests.waitFor('POST', LOGOUT);
    await expect(button).toBeDisabled();
    await expect(authStore.isAuthenticated).toBe(true);
    await expectLocation(canvasElement, '/auth');
    await expectSignedOut();
  },
};

/** Whatever goes wrong on the server's side, the session ends here all the same. */
const logoutFailing = (handler: HttpHandler): Story => ({
  parameters: { msw: { handlers: [handler] } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Logout' }));
    await requests.waitFor('POST', LOGOUT);
    await expectLocation(canvasElement, '/auth');
    await expectSignedOut();
  },
});

export const LogoutServerError = logoutFailing(auth.logout.error(500));

export const LogoutNetworkError = logoutFailing(auth.logout.networkError());

/** Arabic: right to left, the header and the sidebar translated. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(document.documentElement.dir).toBe('rtl');
    const nav = canvas.getByRole('navigation', { name: 'الإدارة' });
    await expect(within(nav).getByRole('link', { name: 'المنتجات' })).toBeVisible();
    await expect(canvas.getByText('أدِر متجرك')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'تسجيل الخروج' })).toBeVisible();
    // The sidebar sits at the start of the line: the right.
    await expect(sidebar(canvasElement).getBoundingClientRect().left).toBeGreaterThan(
      window.innerWidth / 2,
    );
  },
};

/** Dark: the toggle shows the mode it is in, and switches back to light. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('button', { name: 'Dark mode' });
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    await expect(document.documentElement).toHaveClass('dark');
    await userEvent.click(toggle);
    await waitFor(() => expect(document.documentElement).not.toHaveClass('dark'));
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  },
};

/** The language menu, by keyboard: the current language is checked; French applies at once. */
export const SwitchLanguage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'Language: English' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(within(menu).getAllByRole('menuitemradio')).toHaveLength(3);
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Français' }));
    await expect(await canvas.findByText('Gérez votre boutique')).toBeVisible();
    await expect(localStorage.getItem('locale')).toBe('fr');
    await expect(document.documentElement.lang).toBe('fr');
    // Back to English, so the next story starts from the default.
    await userEvent.click(canvas.getByRole('button', { name: 'Langue : Français' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'English' }));
    await expect(await canvas.findByText('Manage your store')).toBeVisible();
    localStorage.removeItem('locale');
  },
};

/** Tab once reaches 'Skip to content'; Enter puts focus in main, past the sidebar and header. */
export const SkipLink: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    const link = within(canvasElement).getByRole('link', { name: 'Skip to content' });
    await expect(link).toHaveFocus();
    await expect(link).toBeVisible();
    await userEvent.keyboard('{Enter}');
    const main = within(canvasElement).getByRole('main');
    await waitFor(() => expect(main.contains(document.activeElement)).toBe(true));
  },
};

/** After a navigation focus lands on the new screen's h1; on first load it stays put. */
export const FocusAfterNavigation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const heading = canvas.getByRole('heading', { level: 1, name: 'Screen title' });
    await expect(heading).not.toHaveFocus();
    const nav = canvas.getByRole('navigation', { name: 'Management' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Orders' }));
    await expectLocation(canvasElement, '/admin/orders');
    await waitFor(() => expect(heading).toHaveFocus());
    await expect(heading).toHaveAttribute('tabindex', '-1');
  },
};

/**
 * The menu of an admin of `role`: exactly the screens their permissions (from /me, the server's
 * matrix) open, in the usual order.
 */
const menuOf = (role: AdminRole, links: readonly string[]): Story => ({
  parameters: { auth: { userType: 'admin', user: { ...adminUser, role } } },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Management' });
    const shown = within(nav).getAllByRole('link');
    await expect(shown.map((link) => link.textContent)).toEqual(links);
    await expect(shown.map((link) => link.getAttribute('href'))).toEqual(
      links.map((label) => HREFS[LINKS.indexOf(label)]),
    );
  },
});

export const MenuOfSuperAdmin = menuOf('super_admin', expectedMenus.super_admin);
export const MenuOfAdmin = menuOf('admin', expectedMenus.admin);
export const MenuOfManager = menuOf('manager', expectedMenus.manager);
export const MenuOfSupport = menuOf('support', expectedMenus.support);
export const MenuOfInventoryManager = menuOf('inventory_manager', expectedMenus.inventory_manager);

/** The user menu (the admin's name in the header): My account, for every role, and Logout. */
export const UserMenu: Story = {
  parameters: { auth: { userType: 'admin', user: { ...adminUser, role: 'support' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'admin' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual(['My account', 'Logout']);
    await expect(items[0]).toHaveAttribute('href', '/admin/account');
    await userEvent.click(items[0]!);
    await expectLocation(canvasElement, '/admin/account');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  },
};

/**
 * A super admin's user menu also links the server's API reference (GET /api/docs, #31), in a new
 * tab: they set up the shop's integrations. Support's (above) does not.
 */
export const UserMenuOfSuperAdmin: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'admin' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      'My account',
      'API reference',
      'Logout',
    ]);
    await expect(items[1]).toHaveAttribute('href', '/api/docs');
    await expect(items[1]).toHaveAttribute('target', '_blank');
  },
};

/** Logout from the user menu signs out as the header's button does. */
export const LogoutFromUserMenu: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'admin' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await expectLocation(canvasElement, '/auth');
    await requests.waitFor('POST', LOGOUT);
    await expectSignedOut();
  },
};
