import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { publicScreenMeta } from '@/testing/admin-screen';
import { expectLocation } from '@/testing/story';
import { paths } from '@/lib/paths';
import { LandingPage } from './LandingPage';

const meta = { title: 'Public/Landing', ...publicScreenMeta(LandingPage, paths.landing) };
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  tags: ['visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/admin',
    );
    await expect(canvas.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
  },
};

export const GoToDashboard: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Go to Dashboard' }));
    await expectLocation(canvasElement, '/admin');
  },
};

export const GoToLogin: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Login' }));
    await expectLocation(canvasElement, '/auth');
  },
};

/** In Arabic, right to left, inside the page's main landmark. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const main = canvas.getByRole('main');
    await expect(
      within(main).getByRole('heading', { level: 1, name: 'لوحة إدارة المتجر' }),
    ).toBeVisible();
    await expect(document.documentElement.dir).toBe('rtl');
    await expect(canvas.getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute(
      'href',
      '/auth',
    );
  },
};

/** In French. */
export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Back-office de la boutique' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Aller au tableau de bord' })).toBeVisible();
  },
};

/** In dark mode. */
export const Dark: Story = {
  ...Default,
  globals: { theme: 'dark' },
};
