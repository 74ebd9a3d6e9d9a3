import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminUsers } from '@mocks/fixtures';
import { shopSettings } from '@mocks/fixtures/settings';
import { settings } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { settingsScreen } from '../story-screen';
import { expectHeading, expectRightToLeft } from '@/testing/languages';
import { expectInView, PHONE_GLOBALS } from '@/testing/phone-cards';
import { apiPath, expectToast, mockedBy, type Scope } from '@/testing/story';

/** Settings → "Customer e-mails": the switches and the preview, on the settings screen. */
const meta = { title: 'Settings/SettingsPage/CustomerEmails', ...settingsScreen() };
export default meta;
type Story = StoryObj<typeof meta>;

const SETTINGS = apiPath(settings.get);
const PREVIEW = apiPath(settings.emailPreview);
const SWITCHES = [
  'Order confirmed',
  'Order shipped',
  'Order delivered',
  'Order cancelled',
  'Refund',
];
/** The first wait of a story: a loaded 2-core machine may take seconds to render the page. */
const FIRST_PAINT = { timeout: 5000 };

/** The section, once its switches are there. */
async function section(canvasElement: HTMLElement, name = 'Customer e-mails'): Promise<Scope> {
  const scope = within(await within(canvasElement).findByRole('region', { name }, FIRST_PAINT));
  await scope.findAllByRole('checkbox', {}, FIRST_PAINT);
  return scope;
}

/** The preview's frame once the e-mail of this subject is in it. */
async function previewFrame(scope: Scope, subject: string): Promise<HTMLIFrameElement> {
  const frame = await scope.findByTitle(`E-mail preview: ${subject}`, {}, FIRST_PAINT);
  return frame as HTMLIFrameElement;
}

const switchOf = (scope: Scope, name: string) => scope.getByRole('checkbox', { name });

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const scope = await section(canvasElement);
    await expect(
      scope.getByText(
        'What customers are told by e-mail as their order moves on, in their language (English, French or Arabic). Switch off the e-mails you send yourself.',
      ),
    ).toBeVisible();
    for (const name of SWITCHES) {
      await expect(switchOf(scope, name)).toBeChecked();
      await expect(switchOf(scope, name)).toBeEnabled();
    }
    await expect(
      scope.getByText('When a carrier and tracking number are set, with a tracking link.'),
    ).toBeVisible();
    // The preview opens on the confirmation in English, rendered by the server's templates.
    const frame = await previewFrame(scope, 'Your order ORD-20261129-0042 is confirmed');
    await expect(scope.getByTestId('email-subject')).toHaveTextContent(
      'Subject: Your order ORD-20261129-0042 is confirmed',
    );
    // Sandboxed: no script, no access to the console.
    await expect(frame.getAttribute('sandbox')).toBe('');
    const html = frame.getAttribute('srcdoc') ?? '';
    await expect(html).toContain('<html lang="en" dir="ltr">');
    await expect(html).toContain('Hello Amira Ben Salah,');
    await expect(html).toContain('Thank you for shopping with Dar El Jeld SARL.');
    const [asked] = await requests.waitFor('GET', PREVIEW);
    await expect(asked!.query).toEqual({ event: 'confirmed', language: 'en' });
    await expect(requests.to('PATCH', SETTINGS)).toHaveLength(0);
  },
};

/** A switch saves at once: only that event is sent, the toast says so, the switch follows. */
export const SwitchOff: Story = {
  play: async ({ canvasElement }) => {
    const scope = await section(canvasElement);
    await userEvent.click(switchOf(scope, 'Order shipped'));
    const [patch] = await requests.waitFor('PATCH', SETTINGS);
    await expect(patch!.body).toEqual({ order_emails: { shipped: false } });
    await expectToast('Success', 'Order shipped e-mails switched off', 'success');
    await waitFor(() => expect(switchOf(scope, 'Order shipped')).not.toBeChecked());
    await expect(switchOf(scope, 'Order confirmed')).toBeChecked();
    await expect(switchOf(scope, 'Order shipped')).toBeEnabled();
  },
};

/** Switched off already: switching back on sends true. */
export const SwitchOn: Story = {
  parameters: mockedBy(
    settings.get({
      ...shopSettings,
      order_emails: { ...shopSettings.order_emails, refunded: false },
    }),
    settings.update(undefined, {
      ...shopSettings,
      order_emails: { ...shopSettings.order_emails, refunded: false },
    }),
  ),
  play: async ({ canvasElement }) => {
    const scope = await section(canvasElement);
    await expect(switchOf(scope, 'Refund')).not.toBeChecked();
    await userEvent.click(switchOf(scope, 'Refund'));
    const [patch] = await requests.waitFor('PATCH', SETTINGS);
    await expect(patch!.body).toEqual({ order_emails: { refunded: true } });
    await expectToast('Success', 'Refund e-mails switched on', 'success');
    await waitFor(() => expect(switchOf(scope, 'Refund')).toBeChecked());
  },
};

/** The settings' recent changes name the e-mails switched off as the switches do. */
export const ChangeLog: Story = {
  parameters: mockedBy(
    settings.changes([
      {
        id: 9,
        changed_by: 'admin',
        created_at: '2025-03-14T09:00:00.000Z',
        changes: [{ field: 'order_emails_off', before: null, after: 'shipped, delivered' }],
      },
    ]),
  ),
  play: async ({ canvasElement }) => {
    const changes = await within(canvasElement).findByTestId('settings-changes', {}, FIRST_PAINT);
    await expect(changes).toHaveTextContent(
      'Customer e-mails switched off: (empty) → Order shipped, Order delivered',
    );
  },
};

/** A refused save: the server's words in a toast, the switch as it was. */
export const SwitchError: Story = {
  parameters: mockedBy(settings.update.error(500, 'Database unavailable')),
  play: async ({ canvasElement }) => {
    const scope = await section(canvasElement);
    await userEvent.click(switchOf(scope, 'Order delivered'));
    await expectToast('Error', 'Database unavailable', 'error');
    await expect(switchOf(scope, 'Order delivered')).toBeChecked();
    await waitFor(() => expect(switchOf(scope, 'Order delivered')).toBeEnabled());
  },
};

/** The preview of another e-mail in French, then in Arabic (right to left). */
export const PreviewLanguages: Story = {
  play: async ({ canvasElement }) => {
    const scope = await section(canvasElement);
    await previewFrame(scope, 'Your order ORD-20261129-0042 is confirmed');
    await userEvent.selectOptions(scope.getByLabelText('E-mail'), 'shipped');
    await userEvent.selectOptions(scope.getByLabelText('Language'), 'fr');
    const french = await previewFrame(scope, 'Votre commande ORD-20261129-0042 a été expédiée');
    const frenchHtml = french.getAttribute('srcdoc') ?? '';
    await expect(frenchHtml).toContain('<html lang="fr" dir="ltr">');
    await expect(frenchHtml).toContain(
      'Transporteur : Rapid-Poste. Numéro de suivi : RR123456789TN.',
    );
    await expect(frenchHtml).toContain('https://t.17track.net/en#nums=RR123456789TN');
    await userEvent.selectOptions(scope.getByLabelText('Language'), 'ar');
    const arabic = await previewFrame(scope, 'تم شحن طلبك ORD-20261129-0042');
    await expect(arabic.getAttribute('srcdoc')).toContain('<html lang="ar" dir="rtl">');
    await expect(requests.to('GET', PREVIEW).map((r) => r.query)).toEqual(
      expect.arrayContaining([
        { event: 'shipped', language: 'fr' },
        { event: 'shipped', language: 'ar' },
      ]),
    );
    // The refund's preview names its credit note.
    await userEvent.selectOptions(scope.getByLabelText('E-mail'), 'refunded');
    await userEvent.selectOptions(scope.getByLabelText('Language'), 'en');
    const refund = await previewFrame(scope, 'Credit note for your order ORD-20261129-0042');
    await expect(refund.getAttribute('srcdoc')).toContain(
      'We have issued credit note CN-2026-000003 for your order.',
    );
  },
};

/** A preview that could not be rendered says why; Retry asks again. */
export const PreviewError: Story = {
  parameters: mockedBy(settings.emailPreview.error(500, 'Template failure')),
  play: async ({ canvasElement }) => {
    const scope = await section(canvasElement);
    const alert = within(await scope.findByRole('alert', {}, FIRST_PAINT));
    await expect(alert.getByText('Failed to load the preview')).toBeVisible();
    await expect(alert.getByText('Template failure')).toBeVisible();
    await expect(scope.queryByTitle(/^E-mail preview/)).toBeNull();
    // The switches still work without a preview.
    await expect(switchOf(scope, 'Order confirmed')).toBeEnabled();
    await userEvent.click(alert.getByRole('button', { name: 'Retry' }));
    await requests.waitFor('GET', PREVIEW, { count: 2 });
  },
};

/** Support staff read the settings: the switches are shown, disabled, and say who may. */
export const ReadOnly: Story = {
  parameters: {
    auth: { userType: 'admin', user: adminUsers.find((user) => user.role === 'support') },
  },
  play: async ({ canvasElement }) => {
    const scope = await section(canvasElement);
    await expect(
      scope.getByText('Only an admin can switch these e-mails on or off.'),
    ).toBeVisible();
    for (const name of SWITCHES) await expect(switchOf(scope, name)).toBeDisabled();
    // The preview is everyone's.
    await previewFrame(scope, 'Your order ORD-20261129-0042 is confirmed');
  },
};

/** On a 375 px phone: the switches and the preview in view, the page not scrolling sideways. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const scope = await section(canvasElement);
    for (const name of SWITCHES) await expectInView(switchOf(scope, name).parentElement!);
    const frame = await previewFrame(scope, 'Your order ORD-20261129-0042 is confirmed');
    await expectInView(frame);
    await expectInView(scope.getByLabelText('Language'));
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** In Arabic, right to left: the section's texts, and the preview opens in Arabic. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    await expectHeading(canvasElement, 'الإعدادات');
    await expectRightToLeft();
    const scope = await section(canvasElement, 'رسائل الحرفاء');
    await expect(switchOf(scope, 'شحن الطلب')).toBeChecked();
    await expect(switchOf(scope, 'الاسترجاع')).toBeChecked();
    const frame = await scope.findByTitle(
      'معاينة الرسالة: تم تأكيد طلبك ORD-20261129-0042',
      {},
      FIRST_PAINT,
    );
    await expect(frame.getAttribute('srcdoc')).toContain('<html lang="ar" dir="rtl">');
    await expect(scope.getByTestId('email-subject')).toHaveTextContent(
      'الموضوع: تم تأكيد طلبك ORD-20261129-0042',
    );
    const [asked] = await requests.waitFor('GET', PREVIEW);
    await expect(asked!.query).toEqual({ event: 'confirmed', language: 'ar' });
  },
};
