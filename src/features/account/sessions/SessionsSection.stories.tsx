import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminSessions, adminUser } from '@mocks/fixtures';
import { auth, sessions } from '@mocks/handlers';
import { json } from '@mocks/handlers/endpoint';
import { requests } from '@mocks/recorder';
import { authStore, STORAGE_KEYS } from '@/lib/auth/store';
import { expectedShopTime } from '@/testing/expected';
import { expectRightToLeft } from '@/testing/languages';
import { padded } from '@/testing/padded';
import { expectLocation, expectToast, findOpenDialog, mockedBy, screen } from '@/testing/story';
import { SessionsSection } from './SessionsSection';

const LIST = '/api/v1/admin/auth/me/sessions';

/** The sessions of My account, on their own (My account renders them under the password). */
const meta = {
  title: 'Account/SessionsSection',
  component: SessionsSection,
  decorators: [padded('3xl')],
  parameters: { route: '/admin/account', auth: { userType: 'admin' as const, user: adminUser } },
} satisfies Meta<typeof SessionsSection>;
export default meta;
type Story = StoryObj<typeof meta>;

const rows = (canvasElement: HTMLElement) => within(canvasElement).queryAllByTestId('session');
/** Each row's texts: device, "This device" on the current one, address, last used. */
const rowTexts = (canvasElement: HTMLElement) =>
  rows(canvasElement).map((row) =>
    Array.from(row.querySelectorAll('p, span'), (el) => el.textContent),
  );
const waitForRows = (canvasElement: HTMLElement, count: number) =>
  waitFor(() => expect(rows(canvasElement)).toHaveLength(count), { timeout: 5000 });

const [current, phone, script] = adminSessions as [
  (typeof adminSessions)[0],
  (typeof adminSessions)[0],
  (typeof adminSessions)[0],
];
/** The End button of a row, by the name its label gives it. */
const endLabel = (device: string, iso: string) =>
  `End session on ${device}, last used ${expectedShopTime(iso)}`;
/** Once the three sessions are listed, clicks End on the one of `device`: its confirm dialog. */
async function askToEnd(canvasElement: HTMLElement, device: string, lastUsed: string) {
  await waitForRows(canvasElement, 3);
  await userEvent.click(
    within(canvasElement).getByRole('button', { name: endLabel(device, lastUsed) }),
  );
  return within(await findOpenDialog('End session', 'alertdialog'));
}

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Sessions' })).toBeVisible();
    await waitForRows(canvasElement, 3);
    // Written out from the fixtures (shop time, Africa/Tunis: UTC+1) without the app's helpers.
    await expect(rowTexts(canvasElement)).toEqual([
      [
        'Chrome 131 on Windows',
        'This device',
        'Address 197.14.52.8',
        'Last used 14 Mar 2025, 10:45',
      ],
      ['Safari 17 on iOS', 'Address 41.226.11.73', 'Last used 13 Mar 2025, 22:07'],
      ['Unknown device', 'Address 2001:db8::7', 'Last used 27 Feb 2025, 08:30'],
    ]);
    await expect(canvas.getByRole('list', { name: 'Your sessions' })).toBeVisible();
    for (const s of [current, phone, script]) {
      await expect(
        canvas.getByRole('button', { name: endLabel(s.device, s.last_used_at) }),
      ).toBeVisible();
    }
    await expect(requests.to('GET', LIST)).toHaveLength(1);
  },
};

export const Empty: Story = {
  parameters: mockedBy(sessions.list([])),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No active sessions')).toBeVisible();
    await expect(rows(canvasElement)).toHaveLength(0);
  },
};

export const Loading: Story = {
  parameters: mockedBy(sessions.list.loading()),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(
      'Loading sessions...',
    );
  },
};

export const LoadError: Story = {
  parameters: mockedBy(sessions.list.error(500, 'Database unavailable')),
  play: async ({ canvasElement }) => {
    const alert = within(await within(canvasElement).findByRole('alert'));
    await expect(alert.getByText('Failed to load sessions')).toBeVisible();
    await expect(alert.getByText('Database unavailable')).toBeVisible();
    await userEvent.click(alert.getByRole('button', { name: 'Retry' }));
    await requests.waitFor('GET', LIST, { count: 2 });
  },
};

let ended: string[] = [];

/**
 * Ending another session: asked first, then sent; the list is loaded again without it, and this
 * browser stays signed in.
 */
export const EndOne: Story = {
  beforeEach: () => {
    ended = [];
  },
  parameters: mockedBy(
    sessions.list.reply(() => json(adminSessions.filter((s) => !ended.includes(s.id)))),
    sessions.end.reply(({ params }) => {
      ended.push(params.id!);
      return new Response(null, { status: 204 });
    }),
  ),
  play: async ({ canvasElement }) => {
    const dialog = await askToEnd(canvasElement, phone.device, phone.last_used_at);
    await waitFor(() =>
      expect(
        dialog.getByText(
          'End the session on Safari 17 on iOS (41.226.11.73)? That browser will be signed out at once.',
        ),
      ).toBeVisible(),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'End session' }));
    await requests.waitFor('DELETE', `${LIST}/session-phone`);
    await expectToast('Success', 'Session ended', 'success');
    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: 'End session' })).toBeNull(),
    );
    await waitForRows(canvasElement, 2);
    await expect(rowTexts(canvasElement).map((texts) => texts[0])).toEqual([
      'Chrome 131 on Windows',
      'Unknown device',
    ]);
    await expect(authStore.isAuthenticated).toBe(true);
    await expect(requests.to('POST', '/api/v1/admin/auth/logout')).toHaveLength(0);
  },
};

/** Cancel ends nothing. */
export const EndCancelled: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await askToEnd(canvasElement, 'Unknown device', script.last_used_at);
    await waitFor(() =>
      expect(
        dialog.getByText(
          'End the session on Unknown device (2001:db8::7)? That browser will be signed out at once.',
        ),
      ).toBeVisible(),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: 'End session' })).toBeNull(),
    );
    await expect(requests.to('DELETE', `${LIST}/session-script`)).toHaveLength(0);
    await expect(rows(canvasElement)).toHaveLength(3);
  },
};

/** The server fails: its reason is shown, the dialog stays to try again. */
export const EndFails: Story = {
  parameters: mockedBy(sessions.end.error(500, 'Database unavailable')),
  play: async ({ canvasElement }) => {
    const dialog = await askToEnd(canvasElement, phone.device, phone.last_used_at);
    await userEvent.click(dialog.getByRole('button', { name: 'End session' }));
    await expectToast('Error', 'Database unavailable', 'error');
    await expect(screen.getByRole('alertdialog', { name: 'End session' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'End session' })).toBeEnabled();
    await expect(authStore.isAuthenticated).toBe(true);
  },
};

/** The session was ended elsewhere meanwhile: the server says so, the list is loaded again. */
export const EndGone: Story = {
  parameters: mockedBy(sessions.end.error(404, 'Session not found')),
  play: async ({ canvasElement }) => {
    const dialog = await askToEnd(canvasElement, phone.device, phone.last_used_at);
    await userEvent.click(dialog.getByRole('button', { name: 'End session' }));
    await expectToast('Error', 'Session not found', 'error');
    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: 'End session' })).toBeNull(),
    );
    await requests.waitFor('GET', LIST, { count: 2 });
    await expect(authStore.isAuthenticated).toBe(true);
  },
};

/** Ending this browser's own session signs it out, to the sign-in page. */
export const EndCurrent: Story = {
  parameters: mockedBy(auth.logout()),
  play: async ({ canvasElement }) => {
    const dialog = await askToEnd(canvasElement, current.device, current.last_used_at);
    await waitFor(() =>
      expect(
        dialog.getByText('End this session? You will be signed out of this browser.'),
      ).toBeVisible(),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'End session' }));
    await requests.waitFor('DELETE', `${LIST}/session-current`);
    await expectToast('Success', 'Session ended', 'success');
    await expectLocation(canvasElement, '/auth');
    await expect(authStore.isAuthenticated).toBe(false);
    for (const key of Object.values(STORAGE_KEYS)) {
      await expect(localStorage.getItem(key)).toBeNull();
    }
  },
};

/** Arabic: right to left, every text translated, times in Arabic; devices and addresses as sent. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'الجلسات' })).toBeVisible();
    await expectRightToLeft();
    await waitForRows(canvasElement, 3);
    await expect(rowTexts(canvasElement)).toEqual([
      [
        'Chrome 131 on Windows',
        'هذا الجهاز',
        'العنوان 197.14.52.8',
        `آخر استخدام في ${expectedShopTime(current.last_used_at, 'ar-TN')}`,
      ],
      [
        'Safari 17 on iOS',
        'العنوان 41.226.11.73',
        `آخر استخدام في ${expectedShopTime(phone.last_used_at, 'ar-TN')}`,
      ],
      [
        'جهاز غير معروف',
        'العنوان 2001:db8::7',
        `آخر استخدام في ${expectedShopTime(script.last_used_at, 'ar-TN')}`,
      ],
    ]);
    await expect(canvas.getAllByRole('button', { name: /^إنهاء الجلسة على / })).toHaveLength(3);
  },
};
