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
  tags: ['visual'],
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

/** In Arabic, right to left, its link still home. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('عذرًا! الصفحة غير موجودة')).toBeVisible();
    await expect(document.documentElement.dir).toBe('rtl');
    await expect(canvas.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' })).toHaveAttribute(
      'href',
      '/',
    );
  },
};

export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Oups ! Page introuvable')).toBeVisible();
    await expect(document.documentElement.dir).toBe('ltr');
    await expect(canvas.getByRole('link', { name: 'Retour à l’accueil' })).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Oops! Page not found')).toBeVisible();
    await expect(document.documentElement).toHaveClass('dark');
  },
};
