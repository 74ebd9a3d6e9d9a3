import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { AppRoutes } from '@/app/routes';
import { authStore, STORAGE_KEYS } from '@/lib/auth/store';
import { expectLocation } from '@/testing/story';
import { adminUser, customerTokenPair } from '@mocks/fixtures';
import { auth } from '@mocks/handlers';
import { requests } from '@mocks/recorder';

const VERIFY = '/api/v1/auth/verify-magic-link';
const LINK = '/auth/magic?token=magic-token-123-abcdefghijklmnopqrstuvwxyz&email=ada%40example.tn';

/** /auth/magic, the link of the customer sign-in e-mail, through the real route table. */
const meta = {
  title: 'Auth/Magic link',
  component: AppRoutes,
  parameters: { route: LINK },
} satisfies Meta<typeof AppRoutes>;
export default meta;
type Story = StoryObj<typeof meta>;

async function expectNoSession() {
  await expect(authStore.isAuthenticated).toBe(false);
  for (const key of Object.values(STORAGE_KEYS)) await expect(localStorage.getItem(key)).toBeNull();
}

/** In StrictMode, as the app is (its double effect is only run by React's development build: see MagicLinkPage.test.tsx). */
/** The page's outcome: its heading and text, and the token and e-mail gone from the address bar. */
async function expectOutcome(canvasElement: HTMLElement, title: string, text: string) {
  const canvas = within(canvasElement);
  await expect(await canvas.findByRole('heading', { name: title })).toBeVisible();
  await expect(canvas.getByText(text)).toBeVisible();
  await expectLocation(canvasElement, '/auth/magic');
}

export const SignedIn: Story = {
  decorators: [
    (Story) => (
      <StrictMode>
        <Story />
      </StrictMode>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The token and the e-mail left the address bar.
    await expectOutcome(
      canvasElement,
      'You are signed in',
      'You are signed in as ada@example.tn. You can close this page and go back to the shop.',
    );
    const calls = requests.to('POST', VERIFY);
    await expect(calls).toHaveLength(1);
    await expect(calls[0]?.body).toEqual({
      token: 'magic-token-123-abcdefghijklmnopqrstuvwxyz',
      email: 'ada@example.tn',
    });
    await expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(
      customerTokenPair.access_token,
    );
    await expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe(
      customerTokenPair.refresh_token,
    );
    await expect(localStorage.getItem(STORAGE_KEYS.userType)).toBe('customer');
    await expect(document.title).toBe('Sign in · Store back office');
    await userEvent.click(canvas.getByRole('link', { name: 'Return Home' }));
    await expectLocation(canvasElement, '/');
  },
};

/** A signed-in admin who opens a customer's link ends up signed in as that customer only. */
export const ReplacesAnAdminSession: Story = {
  parameters: { auth: { userType: 'admin', user: adminUser } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'You are signed in' })).toBeVisible();
    await expect(authStore.userType).toBe('customer');
    await expect(authStore.user).toBeNull();
  },
};

export const ExpiredOrUsed: Story = {
  tags: ['visual'],
  parameters: { msw: { handlers: [auth.verifyMagicLink.error(401, 'Invalid or expired link')] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectOutcome(
      canvasElement,
      'This sign-in link has expired or was already used',
      'A sign-in link works once, within 15 minutes of being sent. Ask the shop for a new one.',
    );
    const [call] = await requests.waitFor('POST', VERIFY);
    await expect(call?.body).toEqual({
      token: 'magic-token-123-abcdefghijklmnopqrstuvwxyz',
      email: 'ada@example.tn',
    });
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
    await expectNoSession();
    await expect(canvas.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
  },
};

export const MissingToken: Story = {
  parameters: { route: '/auth/magic?email=ada%40example.tn' },
  play: async ({ canvasElement }) => {
    await expectOutcome(
      canvasElement,
      'This sign-in link is incomplete',
      'Open the link from your e-mail again, or copy all of it into the address bar.',
    );
    await expect(requests.to('POST', VERIFY)).toHaveLength(0);
    await expectNoSession();
  },
};

/** A failure that did not use the link up (here the network) can be retried with the same link. */
export const NetworkErrorThenRetry: Story = {
  parameters: {
    msw: {
      handlers: [
        // The recorder counts this call before the answer: the first one fails.
        auth.verifyMagicLink.reply(() =>
          requests.to('POST', VERIFY).length === 1
            ? HttpResponse.error()
            : HttpResponse.json(customerTokenPair),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectOutcome(canvasElement, 'Could not sign you in', 'Failed to sign in');
    await expectNoSession();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('heading', { name: 'You are signed in' })).toBeVisible();
    const calls = requests.to('POST', VERIFY);
    await expect(calls.map((call) => call.body)).toEqual([
      { token: 'magic-token-123-abcdefghijklmnopqrstuvwxyz', email: 'ada@example.tn' },
      { token: 'magic-token-123-abcdefghijklmnopqrstuvwxyz', email: 'ada@example.tn' },
    ]);
    await expect(authStore.userType).toBe('customer');
  },
};

/** In Arabic, right to left: the outcome's heading, the e-mail kept left to right. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'تم تسجيل دخولك' })).toBeVisible();
    await expect(document.documentElement.dir).toBe('rtl');
    await expect(canvas.getByRole('main')).toHaveTextContent('ada@example.tn');
  },
};

/** In French: the outcome's heading and text. */
export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await expectOutcome(
      canvasElement,
      'Vous êtes connecté',
      'Vous êtes connecté en tant que ada@example.tn. Vous pouvez fermer cette page et retourner à la boutique.',
    );
  },
};

/** In dark mode: an expired link. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  parameters: { msw: { handlers: [auth.verifyMagicLink.error(401, 'Invalid or expired link')] } },
  play: async ({ canvasElement }) => {
    await expectOutcome(
      canvasElement,
      'This sign-in link has expired or was already used',
      'A sign-in link works once, within 15 minutes of being sent. Ask the shop for a new one.',
    );
    await expect(document.documentElement).toHaveClass('dark');
  },
};
