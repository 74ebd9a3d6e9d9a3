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
