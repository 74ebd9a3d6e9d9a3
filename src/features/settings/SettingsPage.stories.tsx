import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminUsers } from '@mocks/fixtures';
import { newShopSettings, shopSettings } from '@mocks/fixtures/settings';
import { settings } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { settingsScreen } from './story-screen';
import { expectLoadErrorAlert } from '@/testing/list-screen';
import { bodyIssue, expectScreenTitle, expectToast, mockedBy, type Scope } from '@/testing/story';
import { beforeUnloadPrevented } from '@/testing/unsaved-changes';

/** The shop settings of /admin/settings in the admin layout, over the mock API. */
const meta = { title: 'Settings/SettingsPage', ...settingsScreen() };
export default meta;
type Story = StoryObj<typeof meta>;

const SETTINGS = '/api/v1/admin/settings/shop';
const CHANGES = '/api/v1/admin/settings/shop/changes';
const MATRICULE_MESSAGE = 'Invalid matricule fiscal (expected 1234567A/A/M/000)';

/** A field by its label (not the section named like it: 'Time zone'). */
const field = (canvas: Scope, label: string) =>
  canvas
    .getAllByLabelText(new RegExp(`^${label}`))
    .find((element) => element.matches('input, textarea, select'))!;
const saveButton = (canvas: Scope) => canvas.getByRole('button', { name: 'Save settings' });

/** The form, once the settings are there. */
async function loaded(canvasElement: HTMLElement): Promise<Scope> {
  const canvas = within(canvasElement);
  await canvas.findByRole('form', { name: 'Shop settings' });
  return canvas;
}

/** Types each text over the field labelled with its key ('' clears it). */
async function fill(canvas: Scope, texts: Record<string, string>) {
  for (const [label, text] of Object.entries(texts)) {
    const input = field(canvas, label);
    await userEvent.clear(input);
    if (text) await userEvent.type(input, text);
  }
}

export const Loading: Story = {
  parameters: mockedBy(settings.get.loading()),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading settings...')).toBeVisible();
    // The document's title follows in an effect.
    await waitFor(() => expectScreenTitle(canvasElement, 'Settings'));
  },
};

export const LoadFailure: Story = {
  parameters: mockedBy(settings.get.error(500, 'Database unavailable')),
  play: async ({ canvasElement }) => {
    const alert = await expectLoadErrorAlert(
      canvasElement,
      'Failed to load settings',
      'Database unavailable',
    );
    await userEvent.click(alert.getByRole('button', { name: 'Retry' }));
    await requests.waitFor('GET', SETTINGS, { count: 2 });
  },
};

export const NewShop: Story = {
  parameters: mockedBy(settings.get(newShopSettings), settings.changes([])),
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    for (const label of ['Legal name', 'Address', 'Matricule fiscal', 'Phone', 'Email'])
      await expect(field(canvas, label)).toHaveValue('');
    await expect(field(canvas, 'Invoice prefix')).toHaveValue('INV-');
    await expect(field(canvas, 'Credit note prefix')).toHaveValue('CN-');
    await expect(field(canvas, 'Stamp duty')).toHaveDisplayValue('1.000');
    await expect(field(canvas, 'Time zone')).toHaveValue('Africa/Tunis');
    await expect(saveButton(canvas)).toBeDisabled();
    await expect(await canvas.findByText('No changes yet.')).toBeVisible();
    // The fields an invoice needs are marked, and the missing ones named (issue #26).
    for (const label of ['Legal name', 'Address', 'Matricule fiscal'])
      await expect(field(canvas, label)).toBeRequired();
    for (const label of ['Trade register number', 'Phone', 'Email', 'Invoice prefix'])
      await expect(field(canvas, label)).not.toBeRequired();
    await expectInvoiceFieldsMissing(canvas, 'Legal name, Address and Matricule fiscal');
  },
};

/** The notice of the fields invoices still need, naming `fields`. */
async function expectInvoiceFieldsMissing(canvas: Scope, fields: string) {
  const notice = canvas.getByTestId('invoice-fields-missing');
  await expect(notice).toHaveTextContent(
    `Invoices cannot be issued yet` +
      `Every invoice prints the fields marked with an asterisk. Still missing: ${fields}.`,
  );
}

/**
 * The legal details may be filled one save at a time: the notice names what is still missing
 * after each, and goes once all are set.
 */
export const LegalDetailsOneAtATime: Story = {
  parameters: mockedBy(
    settings.get(newShopSettings),
    settings.update(undefined, newShopSettings),
    settings.changes([]),
  ),
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await fill(canvas, { Address: '12 Avenue Habib Bourguiba' });
    await userEvent.click(saveButton(canvas));
    const [save] = await requests.waitFor('PATCH', SETTINGS);
    await expect(save?.body).toEqual({ address: '12 Avenue Habib Bourguiba' });
    await expectToast('Success', 'Settings saved successfully', 'success');
    await waitFor(() => expectInvoiceFieldsMissing(canvas, 'Legal name and Matricule fiscal'));
    await expect(field(canvas, 'Legal name')).toBeRequired();
  },
};

/** Every field an invoice needs is set: nothing is missing. */
export const LegalDetailsComplete: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    for (const label of ['Legal name', 'Address', 'Matricule fiscal'])
      await expect(field(canvas, label)).toBeRequired();
    await expect(canvas.queryByTestId('invoice-fields-missing')).toBeNull();
  },
};

export const Filled: Story = {
  tags: ['visual'],
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await expectScreenTitle(canvasElement, 'Settings');
    await expect(field(canvas, 'Legal name')).toHaveValue('Dar El Jeld SARL');
    await expect(field(canvas, 'Address')).toHaveValue('5 Rue Dar El Jeld\n1006 Tunis\nTunisie');
    await expect(field(canvas, 'Matricule fiscal')).toHaveValue('1234567A/A/M/000');
    await expect(field(canvas, 'Trade register number')).toHaveValue('B01234562024');
    await expect(field(canvas, 'Phone')).toHaveValue('+216 71 560 916');
    await expect(field(canvas, 'Email')).toHaveValue('contact@dar-el-jeld.tn');
    await expect(field(canvas, 'Invoice prefix')).toHaveValue('DEJ-');
    await expect(field(canvas, 'Credit note prefix')).toHaveValue('DEJ-AV-');
    await expect(field(canvas, 'Stamp duty')).toHaveDisplayValue('1.000');
    await expect(field(canvas, 'Time zone')).toHaveValue('Africa/Tunis');
    await expect(canvas.getByTestId('media-item')).toHaveAttribute(
      'data-url',
      '/api/v1/media/dar-el-jeld-logo.png',
    );
    for (const section of ['Seller identity', 'Invoices', 'Time zone', 'Recent changes'])
      await expect(canvas.getByRole('heading', { level: 2, name: section })).toBeVisible();
    await expect(saveButton(canvas)).toBeDisabled();
    await expect(canvas.queryByTestId('settings-read-only')).toBeNull();
  },
};

/**
 * The logo takes what an invoice can print (PNG or JPEG, 2 MB at most): the hint says so and a
 * GIF or a larger file is refused before anything is uploaded, not at the save.
 */
export const LogoTakesWhatInvoicesPrint: Story = {
  parameters: mockedBy(settings.get(newShopSettings), settings.changes([])),
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const input = canvas.getByTestId('upload-image-input');
    await expect(input).toHaveAttribute('accept', 'image/jpeg,.jpg,.jpeg,image/png,.png');
    const grid = canvas.getByRole('list', { name: 'Shop logo' });
    await expect(document.getElementById(grid.getAttribute('aria-describedby')!)).toHaveTextContent(
      'Supported formats: JPG, JPEG, PNG. Up to 1 image, 2MB max per file.',
    );
    await expect(canvas.getByTestId('logo-hint')).toHaveTextContent(
      'Printed at the top of invoices.',
    );
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    await expectToast('Unsupported file type', 'Supported formats: JPG, JPEG, PNG', 'error');
    const big = new File(['png'], 'logo.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 3 * 1024 * 1024 });
    await user.upload(input, big);
    await expectToast(
      'File too large',
      'Maximum file size is 2MB. 1 file(s) exceeded this limit.',
      'error',
    );
    await expect(requests.to('POST', '/api/v1/admin/uploads/images')).toHaveLength(0);
  },
};

export const InvalidInput: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await fill(canvas, {
      'Legal name': '',
      'Matricule fiscal': '12345',
      Phone: 'call us',
      Email: 'contact@',
      'Invoice prefix': 'inv-',
      'Stamp duty': '1.0005',
    });
    await userEvent.click(saveButton(canvas));
    for (const message of [
      'Legal name is required',
      MATRICULE_MESSAGE,
      'Enter a phone number: digits, spaces, ( ) . - and an optional +',
      'Please enter a valid email address',
      'Up to 10 capital letters, digits and hyphens',
      'Enter an amount in TND with up to 3 decimals',
    ])
      await expect(await canvas.findByText(message)).toBeVisible();
    await expect(requests.to('PATCH', SETTINGS)).toHaveLength(0);
  },
};

export const SavesOnlyTheChangedFields: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await fill(canvas, {
      'Legal name': 'Dar El Jeld SA ',
      'Stamp duty': '2',
      'Matricule fiscal': '1234567 a a m 000',
    });
    await expect(beforeUnloadPrevented()).toBe(true);
    await userEvent.click(saveButton(canvas));
    const [patch] = await requests.waitFor('PATCH', SETTINGS);
    await expect(patch!.body).toEqual({
      legal_name: 'Dar El Jeld SA',
      matricule_fiscal: '1234567 a a m 000',
      stamp_duty: '2',
    });
    await expectToast('Success', 'Settings saved successfully', 'success');
    // The form starts again from what the server stored.
    await waitFor(() => expect(field(canvas, 'Stamp duty')).toHaveDisplayValue('2.000'));
    await expect(field(canvas, 'Matricule fiscal')).toHaveValue('1234567A/A/M/000');
    await waitFor(() => expect(saveButton(canvas)).toBeDisabled());
    await expect(beforeUnloadPrevented()).toBe(false);
    await requests.waitFor('GET', CHANGES, { count: 2 });
  },
};

/**
 * The stamp duty's rules (#30), under its amount: which orders bear it and what credit notes do
 * with it, sent as the contract's values and shown in words.
 */
export const ChangesTheStampDutyRules: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const appliesTo = field(canvas, 'Sales that bear the stamp duty');
    const onCreditNotes = field(canvas, 'Stamp duty on credit notes');
    await expect(appliesTo).toHaveDisplayValue('Every order shipped to Tunisia');
    await expect(onCreditNotes).toHaveDisplayValue('Taken back by the last credit note');
    await expect(
      within(appliesTo)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Every order shipped to Tunisia', 'Only professional buyers in Tunisia', 'None']);
    await userEvent.selectOptions(appliesTo, 'Only professional buyers in Tunisia');
    await userEvent.selectOptions(onCreditNotes, 'Kept: no credit note takes it back');
    await userEvent.click(saveButton(canvas));
    const [patch] = await requests.waitFor('PATCH', SETTINGS);
    await expect(patch!.body).toEqual({
      stamp_duty_applies_to: 'professional_buyers',
      stamp_duty_on_credit_notes: 'kept',
    });
    await expectToast('Success', 'Settings saved successfully', 'success');
    await waitFor(() =>
      expect(field(canvas, 'Stamp duty on credit notes')).toHaveDisplayValue(
        'Kept: no credit note takes it back',
      ),
    );
  },
};

export const ServerRefuses: Story = {
  parameters: mockedBy(settings.update.error(422, [bodyIssue('time_zone', 'Unknown time zone')])),
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await userEvent.selectOptions(field(canvas, 'Time zone'), 'Europe/Paris');
    await userEvent.click(saveButton(canvas));
    const [patch] = await requests.waitFor('PATCH', SETTINGS);
    await expect(patch!.body).toEqual({ time_zone: 'Europe/Paris' });
    await expectToast('Error', 'time_zone: Unknown time zone', 'error');
    await expect(await canvas.findByText('Unknown time zone')).toBeVisible();
    await expect(field(canvas, 'Time zone')).toHaveValue('Europe/Paris');
  },
};

/** Equal prefixes would number an invoice and a credit note alike: refused on the field. */
export const EqualPrefixesRefused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    // The shop numbers invoices DEJ-.
    await fill(canvas, { 'Credit note prefix': 'DEJ-' });
    await userEvent.click(saveButton(canvas));
    await expect(
      await canvas.findByText(
        'Must differ from the invoice prefix: invoices and credit notes would get the same numbers',
      ),
    ).toBeVisible();
    await expect(field(canvas, 'Credit note prefix')).toHaveAttribute('aria-invalid', 'true');
    await expect(requests.to('PATCH', SETTINGS)).toHaveLength(0);
  },
};

const PREFIX_TAKEN =
  'Credit notes of 2026 are numbered with "DEJ-AV-": invoices can use it only from 2027 on, or their numbers would collide';

/**
 * Swapping the prefixes within a year: the server refuses the invoice prefix that this year's
 * credit notes carry, and the form shows why on that field.
 */
export const PrefixTakenThisYear: Story = {
  parameters: mockedBy(settings.update.error(422, [bodyIssue('invoice_prefix', PREFIX_TAKEN)])),
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await fill(canvas, { 'Invoice prefix': 'DEJ-AV-', 'Credit note prefix': 'DEJ-' });
    await userEvent.click(saveButton(canvas));
    const [patch] = await requests.waitFor('PATCH', SETTINGS);
    await expect(patch!.body).toEqual({ invoice_prefix: 'DEJ-AV-', credit_note_prefix: 'DEJ-' });
    await expectToast('Error', `invoice_prefix: ${PREFIX_TAKEN}`, 'error');
    await expect(await canvas.findByText(PREFIX_TAKEN)).toBeVisible();
    await expect(field(canvas, 'Invoice prefix')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(canvas, 'Invoice prefix')).toHaveValue('DEJ-AV-');
  },
};

export const SaveFails: Story = {
  parameters: mockedBy(settings.update.networkError()),
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await fill(canvas, { 'Credit note prefix': 'AV-' });
    await userEvent.click(saveButton(canvas));
    await expectToast('Error', 'Failed to save settings', 'error');
    await expect(field(canvas, 'Credit note prefix')).toHaveValue('AV-');
  },
};

const manager = adminUsers.find((user) => user.role === 'manager')!;

export const ReadOnlyRole: Story = {
  parameters: { auth: { userType: 'admin', user: manager } },
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await expect(canvas.getByTestId('settings-read-only')).toHaveTextContent(
      'Only admins can change the shop settings.',
    );
    for (const label of ['Legal name', 'Address', 'Matricule fiscal', 'Stamp duty', 'Time zone'])
      await expect(field(canvas, label)).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Save settings' })).toBeNull();
    await expect(canvas.queryByRole('heading', { name: 'Recent changes' })).toBeNull();
    await expect(requests.to('GET', CHANGES)).toHaveLength(0);
  },
};

export const ChangeHistory: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    const list = await canvas.findByTestId('settings-changes');
    const entries = within(list).getAllByRole('listitem');
    await expect(entries.map((entry) => entry.textContent)).toEqual([
      'admin · 12 Mar 2025, 11:20Invoice prefix: INV- → DEJ-Credit note prefix: CN- → DEJ-AV-',
      'karim.trabelsi · 01 Mar 2025, 09:05Phone: (empty) → +216 71 560 916',
      'A deleted admin · 20 Feb 2025, 16:40Legal name: (empty) → Dar El Jeld SARLMatricule fiscal: (empty) → 1234567A/A/M/000',
    ]);
    await expect(requests.last('GET', CHANGES)?.query).toEqual({ limit: '20' });
  },
};

export const ChangeHistoryFails: Story = {
  parameters: mockedBy(settings.changes.error(500)),
  play: async ({ canvasElement }) => {
    const canvas = await loaded(canvasElement);
    await expect(await canvas.findByText('The changes could not be loaded.')).toBeVisible();
    await expect(field(canvas, 'Legal name')).toHaveValue(shopSettings.legal_name);
  },
};

/* Languages and colour modes */

/** Arabic: equal prefixes are refused on the field, in Arabic. */
export const ArabicEqualPrefixes: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('form', { name: 'إعدادات المتجر' });
    await fill(canvas, { 'بادئة الفواتير التعديلية': 'DEJ-' });
    await userEvent.click(canvas.getByRole('button', { name: 'حفظ الإعدادات' }));
    await expect(
      await canvas.findByText(
        'يجب أن تختلف عن بادئة الفواتير: وإلا ستحمل الفواتير والفواتير التعديلية الأرقام نفسها',
      ),
    ).toBeVisible();
    await expect(requests.to('PATCH', SETTINGS)).toHaveLength(0);
  },
};

/** Arabic, right to left: translated heading and labels; the change history in Tunis time. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('form', { name: 'إعدادات المتجر' });
    await expect(canvas.getByRole('heading', { level: 1, name: 'الإعدادات' })).toBeVisible();
    await expect(document.documentElement.dir).toBe('rtl');
    await expect(field(canvas, 'الاسم القانوني')).toHaveValue('Dar El Jeld SARL');
    const list = await canvas.findByTestId('settings-changes');
    await expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(
      /^admin · 12 مارس 2025، 11:20بادئة الفواتير: \u2068INV-\u2069 ← \u2068DEJ-\u2069/,
    );
  },
};

export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('form', { name: 'Paramètres de la boutique' });
    await expect(canvas.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();
    await expect(field(canvas, 'Raison sociale')).toHaveValue('Dar El Jeld SARL');
  },
};

/** The missing legal details named in French, as a French list. */
export const FrenchNewShop: Story = {
  globals: { locale: 'fr' },
  parameters: mockedBy(settings.get(newShopSettings), settings.changes([])),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('form', { name: 'Paramètres de la boutique' });
    await expect(canvas.getByTestId('invoice-fields-missing')).toHaveTextContent(
      'Les factures ne peuvent pas encore être émises' +
        'Chaque facture reprend les champs marqués d’un astérisque. ' +
        'Il manque encore : Raison sociale, Adresse et Matricule fiscal.',
    );
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: Filled.play,
};
