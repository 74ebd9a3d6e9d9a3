import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AppRoutes } from '@/app/routes';
import { adminUser } from '@mocks/fixtures';
import { publicScreenMeta } from '@/testing/admin-screen';
import { expectLocation } from '@/testing/story';

/** Rendered through the route table: any unknown path shows the 404 page (docs/product.md §2). */
const meta = { title: 'Public/Not found', ...publicScreenMeta(AppRoutes, '/no/such/page') };
export default meta;
type Story = StoryObj<typeof meta>;

export const UnknownPath: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('404')).toBeVisible();
    await expect(canvas.getByText('Oops! Page not found')).toBeVisible();
    const home = canvas.getByRole('link', { name: 'Return to Home' });
    await expect(home).toHaveAttribute('href', '/');
    await userEvent.click(home);
    await expectLocation(canvasElement, '/');
    await expect(await canvas.findByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  },
};

/** Unknown paths under /admin are not-found too, even for a signed-in admin. */
export const UnknownAdminPath: Story = {
  parameters: { route: '/admin/reports', auth: { userType: 'admin', user: adminUser } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Oops! Page not found')).toBeVisible();
    await expect(canvas.queryByText('Manage your store')).toBeNull();
  },
};
