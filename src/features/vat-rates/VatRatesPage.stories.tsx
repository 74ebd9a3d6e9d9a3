import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { VatRate } from '@generated/model';
import { vatRates as rateFixtures, vatRatesLifecycle } from '@mocks/fixtures';
import { vatRates } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { dialogClosed, replace } from '@/testing/list-screen';
import {
  expectToast,
  screen,
  type Scope,
  expectScreenTitle,
  mockedBy,
  bodyIssue,
  apiPath,
} from '@/testing/story';
import { VatRatesPage } from './VatRatesPage';
import { adminScreenMeta } from '@/testing/admin-screen';
import { paths } from '@/lib/paths';
import { crudScreen } from '@/testing/crud-screen';

const vatRatesScreen = adminScreenMeta(VatRatesPage, paths.vatRates.list);
/** VAT rates management of /admin/vat-rates (docs/product.md §2) in the admin layout, over the mock API. */
const meta = { title: 'VAT Rates/VatRatesPage', ...vatRatesScreen };
export default meta;
type Story = StoryObj<typeof meta>;

const LIST = apiPath(vatRates.list);
const REQUIRED = 'Please fill in all required fields';

/*
 * Expected cells, written out from the fixtures without the app's helpers, in the server's order
 * (by country, the latest start first, then name: the mock-versus-server table checks the mock
 * keeps it).
 */
const EXPECTED_ROWS = [
  [
    'TVA France normaleDefault',
    'FR',
    '20.00%',
    '01 Jan 2014',
    '31 Dec 2024',
    'Inactive',
    'Not used',
  ],
  ['Exonéré', 'TN', '0.00%', '01 Jan 2018', '-', 'In force', 'Not used'],
  ['TVA intermédiaire', 'TN', '13.00%', '01 Jan 2018', '-', 'In force', '1 product'],
  ['TVA réduite', 'TN', '7.00%', '01 Jan 2018', '-', 'In force', '2 products'],
  ['TVA standardDefault', 'TN', '19.00%', '01 Jan 2018', '-', 'In force', '3 products'],
];

const crud = crudScreen({
  texts: {
    tableLabel: 'VAT rates',
    searchPlaceholder: 'Search VAT rates...',
    searchLabel: 'Search VAT rates',
    addLabel: 'Add VAT Rate',
    createTitle: 'Create VAT Rate',
    editTitle: 'Edit VAT Rate',
    deleteTitle: 'Delete VAT Rate',
    emptyText: 'No VAT rates found',
    loadingText: 'Loading VAT rates...',
    errorTitle: 'Failed to load VAT rates',
    deleted: 'VAT rate deleted successfully',
    deleteFailed: 'Failed to delete VAT rate',
  },
  dataCells: 7,
  list: vatRates.list,
  remove: vatRates.delete,
  listPath: LIST,
});
const { dataRows, rowNames, waitForRows, search, openCreate, openEdit, rowCells, tableCells } =
  crud;
const rowOf = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement)
    .getByRole('button', { name: `Edit ${name}` })
    .closest('tr')!;

/** Fills the create form (country typed in lower case). */
async function fillNewRate(dialog: Scope, { effectiveTo }: { effectiveTo?: string } = {}) {
  await userEvent.type(dialog.getByLabelText(/^Name/), '  TVA luxe ');
  await userEvent.type(dialog.getByLabelText(/^Rate/), '25.5');
  await replace(dialog, /^Country Code/, 'fr');
  await userEvent.type(dialog.getByLabelText('Description'), 'Articles de luxe');
  await userEvent.type(dialog.getByLabelText(/^Effective From/), '2026-01-01');
  if (effectiveTo) await userEvent.type(dialog.getByLabelText(/^Effective To/), effectiveTo);
}

export const Filled: Story = {
  tags: ['visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expectScreenTitle(canvasElement, 'VAT Rates');
    await expect(canvas.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Country',
      'Rate',
      'Effective From',
      'Effective To',
      'Status',
      'Used by',
      'Actions',
    ]);
    await expect(tableCells(canvasElement)).toEqual(EXPECTED_ROWS);
    // The Default badge sits next to the default rates' names only.
    const standard = rowOf(canvasElement, 'TVA standard');
    await expect(within(standard).getByText('Default')).toBeVisible();
    await expect(within(standard).getByText('19.00%')).toBeVisible();
    await expect(within(rowOf(canvasElement, 'TVA réduite')).queryByText('Default')).toBeNull();
    // No end date: a dash; an end date: the day.
    await expect(rowCells(standard)[4]).toBe('-');
    await expect(rowCells(rowOf(canvasElement, 'TVA France normale'))[4]).toBe('31 Dec 2024');
    await expect(canvas.getByTestId('vat-rate-count')).toHaveTextContent('5 VAT rates');
    // The screen lists every rate, active or not.
    const [call] = await requests.waitFor('GET', LIST);
    await expect(call?.query).toEqual({});
  },
};

const odd: VatRate[] = [
  { ...rateFixtures[1]!, id: 11, name: 'Taux réduit spécial', rate: 5.5, country_code: 'FR' },
  { ...rateFixtures[1]!, id: 12, name: 'Taux super réduit', rate: 2.1, country_code: 'FR' },
  { ...rateFixtures[1]!, id: 13, name: 'Plafond', rate: 100, country_code: 'DE' },
];

/** Rates always show two decimals (DE first: the server orders by country). */
export const RateFormatting: Story = {
  parameters: mockedBy(vatRates.list(odd)),
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await expect(dataRows(canvasElement).map((row) => rowCells(row)[2])).toEqual([
      '100.00%',
      '5.50%',
      '2.10%',
    ]);
  },
};

export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    // By name, ignoring case.
    await search(canvasElement, 'EXON');
    await waitFor(() => expect(rowNames(canvasElement)).toEqual(['Exonéré']));
    // By country code.
    await search(canvasElement, 'fr');
    await waitFor(() => expect(rowNames(canvasElement)).toEqual(['TVA France normaleDefault']));
    await expect(canvas.getByTestId('vat-rate-count')).toHaveTextContent('1 of 5 VAT rates');
    // By description.
    await search(canvasElement, 'livres');
    await waitFor(() => expect(rowNames(canvasElement)).toEqual(['TVA réduite']));
    // Nothing matches; cleared: every rate again; searching sends no request.
    await crud.expectNoMatchThenAll(canvasElement, 'zz', 5);
  },
};

export const Empty: Story = crud.states.Empty;
export const Loading: Story = crud.states.Loading;
export const LoadError: Story = crud.states.LoadError;

/** A missing required field: the 'Validation Error' toast, and nothing is sent. */
export const ValidationError: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    // A new rate starts with the default country.
    await expect(dialog.getByLabelText(/^Country Code/)).toHaveValue('TN');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expectToast('Validation Error', REQUIRED, 'error');
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Rate is required')).toBeVisible();
    await expect(dialog.getByText('Effective From is required')).toBeVisible();
    await expect(requests.to('POST', LIST)).toHaveLength(0);

    // Everything but the country code.
    await userEvent.type(dialog.getByLabelText(/^Name/), 'TVA luxe');
    await userEvent.type(dialog.getByLabelText(/^Rate/), '25');
    await userEvent.type(dialog.getByLabelText(/^Effective From/), '2026-01-01');
    await userEvent.clear(dialog.getByLabelText(/^Country Code/));
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expectToast('Validation Error', REQUIRED);
    await expect(dialog.getByText('Country code is required')).toBeVisible();

    // Out of range.
    await userEvent.type(dialog.getByLabelText(/^Country Code/), 'tn');
    await replace(dialog, /^Rate/, '150');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expectToast('Validation Error', 'Rate must be a number between 0 and 100');
    await expect(requests.to('POST', LIST)).toHaveLength(0);
    await expect(screen.getByRole('dialog', { name: 'Create VAT Rate' })).toBeVisible();
  },
};

export const FieldRules: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    const rate = dialog.getByLabelText(/^Rate/);
    await expect(rate).toHaveAttribute('type', 'number');
    await expect(rate).toHaveAttribute('min', '0');
    await expect(rate).toHaveAttribute('max', '100');
    await expect(rate).toHaveAttribute('step', '0.01');
    await expect(dialog.getByLabelText(/^Effective From/)).toHaveAttribute('type', 'date');
    await expect(dialog.getByLabelText(/^Effective To/)).toHaveAttribute('type', 'date');
    // Upper-cased as typed, two characters at most.
    const country = dialog.getByLabelText(/^Country Code/);
    await replace(dialog, /^Country Code/, 'deu');
    await expect(country).toHaveValue('DE');
    // 'Active' is only offered when editing.
    await expect(dialog.queryByLabelText('Active')).toBeNull();
    // More than two decimals, and a period ending before it starts.
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Test');
    await userEvent.type(rate, '7.125');
    await userEvent.type(dialog.getByLabelText(/^Effective From/), '2026-06-01');
    await userEvent.type(dialog.getByLabelText(/^Effective To/), '2026-05-31');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expectToast('Validation Error', 'Rate can have at most 2 decimals');
    await expect(dialog.getByText('Effective To must not be before Effective From')).toBeVisible();
    await expect(requests.to('POST', LIST)).toHaveLength(0);
  },
};

export const CreateVatRate: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await fillNewRate(dialog, { effectiveTo: '2026-12-31' });
    await userEvent.click(dialog.getByText('Default rate for this country'));
    await expect(dialog.getByLabelText('Default rate for this country')).toBeChecked();
    await expect(dialog.getByLabelText(/^Country Code/)).toHaveValue('FR');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    const [call] = await requests.waitFor('POST', LIST);
    await expect(call?.body).toEqual({
      name: 'TVA luxe',
      rate: 25.5,
      country_code: 'FR',
      description: 'Articles de luxe',
      is_default: true,
      effective_from: '2026-01-01T00:00:00.000Z',
      effective_to: '2026-12-31T23:59:59.999Z',
      successor_id: null,
    });
    await expectToast('Success', 'VAT rate created successfully', 'success');
    await dialogClosed('dialog');
    await requests.waitFor('GET', LIST, { count: 2 });
  },
};

/** Without an end date, effective_to is null. */
export const CreateOpenEnded: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await fillNewRate(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    const [call] = await requests.waitFor('POST', LIST);
    await expect(call?.body).toMatchObject({
      country_code: 'FR',
      is_default: false,
      effective_from: '2026-01-01T00:00:00.000Z',
      effective_to: null,
      successor_id: null,
    });
    await expectToast('Success', 'VAT rate created successfully');
  },
};

export const EditVatRate: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'TVA intermédiaire');
    await expect(dialog.getByLabelText(/^Name/)).toHaveValue('TVA intermédiaire');
    await expect(dialog.getByLabelText(/^Rate/)).toHaveValue(13);
    await expect(dialog.getByLabelText(/^Country Code/)).toHaveValue('TN');
    await expect(dialog.getByLabelText(/^Effective From/)).toHaveValue('2018-01-01');
    await expect(dialog.getByLabelText(/^Effective To/)).toHaveValue('');
    await expect(dialog.getByLabelText('Active')).toBeChecked();
    await replace(dialog, /^Name/, 'TVA 13');
    await userEvent.type(dialog.getByLabelText(/^Effective To/), '2025-12-31');
    await userEvent.click(dialog.getByText('Active'));
    await userEvent.click(dialog.getByRole('button', { name: 'Update' }));
    const [call] = await requests.waitFor('PATCH', `${LIST}2`);
    // The rate and country go back as they were (the server refuses a change of them only).
    await expect(call?.body).toEqual({
      name: 'TVA 13',
      rate: 13,
      country_code: 'TN',
      description: null,
      is_default: false,
      effective_from: '2018-01-01T00:00:00.000Z',
      effective_to: '2025-12-31T23:59:59.999Z',
      successor_id: null,
      is_active: false,
    });
    await expectToast('Success', 'VAT rate updated successfully', 'success');
    await dialogClosed('dialog');
  },
};

const LAW_LOCKED =
  'In force, past or in use: the rate and country cannot change. When the law changes, record the new rate with its start date and choose it as this rate\'s successor under "Replaced by".';

/**
 * A rate in force keeps its rate and country (a change of law is a successor): both fields are
 * disabled and the rate field says what to do instead; name and description stay editable.
 */
export const RateInForceLocked: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'Exonéré');
    await expect(dialog.getByLabelText(/^Rate/)).toBeDisabled();
    await expect(dialog.getByLabelText(/^Country Code/)).toBeDisabled();
    await expect(dialog.getByLabelText(/^Rate/)).toHaveAccessibleDescription(LAW_LOCKED);
    await expect(dialog.getByLabelText(/^Name/)).toBeEnabled();
    await expect(dialog.getByLabelText('Description')).toBeEnabled();
    await userEvent.type(dialog.getByLabelText('Description'), 'Exports');
    await userEvent.click(dialog.getByRole('button', { name: 'Update' }));
    const [call] = await requests.waitFor('PATCH', `${LIST}4`);
    await expect(call?.body).toMatchObject({ rate: 0, country_code: 'TN', description: 'Exports' });
    await expectToast('Success', 'VAT rate updated successfully', 'success');
  },
};

/** A rate that ended but products still use: locked as well, though no longer in force. */
export const ExpiredRateInUseLocked: Story = {
  parameters: mockedBy(vatRates.list(vatRatesLifecycle)),
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'TVA 13 (until 2025)');
    await expect(dialog.getByLabelText(/^Rate/)).toBeDisabled();
    await expect(dialog.getByLabelText(/^Country Code/)).toBeDisabled();
    await expect(dialog.getByText(LAW_LOCKED)).toBeVisible();
  },
};

/** A future rate that nothing uses yet can still be corrected: the new rate is sent. */
export const CorrectScheduledRate: Story = {
  parameters: mockedBy(vatRates.list(vatRatesLifecycle)),
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'TVA 30');
    await expect(dialog.getByLabelText(/^Rate/)).toBeEnabled();
    await expect(dialog.getByLabelText(/^Country Code/)).toBeEnabled();
    await expect(dialog.queryByText(LAW_LOCKED)).toBeNull();
    await replace(dialog, /^Rate/, '29');
    await userEvent.click(dialog.getByRole('button', { name: 'Update' }));
    const [call] = await requests.waitFor('PATCH', `${LIST}14`);
    await expect(call?.body).toMatchObject({ rate: 29, country_code: 'TN' });
    await expectToast('Success', 'VAT rate updated successfully', 'success');
    await dialogClosed('dialog');
  },
};

/**
 * The rate was assigned to a product after the list was loaded: the server's 409 detail is shown
 * as it comes and the dialog stays open.
 */
export const RateChangeRefused: Story = {
  parameters: mockedBy(
    vatRates.list(vatRatesLifecycle),
    vatRates.update.error(
      409,
      'VAT rate "TVA 30" is used by 1 product: its rate and country cannot change. Record the new rate with its start date and name it as the successor of this one',
    ),
  ),
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'TVA 30');
    await replace(dialog, /^Rate/, '29');
    await userEvent.click(dialog.getByRole('button', { name: 'Update' }));
    await requests.waitFor('PATCH', `${LIST}14`);
    await expectToast(
      'Error',
      'VAT rate "TVA 30" is used by 1 product: its rate and country cannot change. Record the new rate with its start date and name it as the successor of this one',
      'error',
    );
    await expect(screen.getByRole('dialog', { name: 'Edit VAT Rate' })).toBeVisible();
  },
};

export const UpdateError: Story = {
  parameters: mockedBy(vatRates.update.networkError()),
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'Exonéré');
    await userEvent.click(dialog.getByRole('button', { name: 'Update' }));
    await requests.waitFor('PATCH', `${LIST}4`);
    await expectToast('Error', 'Failed to update VAT rate', 'error');
    // The dialog stays open to try again.
    await expect(screen.getByRole('dialog', { name: 'Edit VAT Rate' })).toBeVisible();
  },
};

export const CreateError: Story = {
  parameters: mockedBy(
    vatRates.create.error(422, [bodyIssue('effective_to', 'must not be before effective_from')]),
  ),
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await fillNewRate(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expectToast('Error', 'effective_to: must not be before effective_from', 'error');
  },
};

/** A rate nothing uses (one in use is refused: DeleteInUse). */
export const DeleteVatRate: Story = crud.deleted('Exonéré', 4);

export const DeleteCancelled: Story = crud.deleteCancelled('Exonéré', /vat-rates\/\d+/);

/** A rate still in use: the server's 409 detail as it comes. */
export const DeleteInUse: Story = {
  parameters: mockedBy(
    vatRates.delete.error(
      409,
      'VAT rate is used by 12 products and 3 variants; deactivate it instead',
    ),
  ),
  play: async ({ canvasElement }) => {
    await crud.answerDelete(canvasElement, 'TVA standard');
    await requests.waitFor('DELETE', `${LIST}1`);
    await expectToast(
      'Error',
      'VAT rate is used by 12 products and 3 variants; deactivate it instead',
      'error',
    );
    await dialogClosed('alertdialog');
  },
};

export const DeleteNetworkError: Story = crud.deleteNetworkError('Exonéré');

/**
 * Rates across their life cycle: which are in force, scheduled, expired or inactive, how many
 * products and variants use each, and which rate replaces an expired one.
 */
export const Lifecycle: Story = {
  parameters: mockedBy(vatRates.list(vatRatesLifecycle)),
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    // The server's order: the latest start first, then by name.
    await expect(tableCells(canvasElement)).toEqual([
      ['TVA 30', 'TN', '30.00%', '01 Jan 2035', '-', 'Scheduled', 'Not used'],
      ['TVA 19Default', 'TN', '19.00%', '01 Jan 2026', '-', 'In force', '4 products, 2 variants'],
      ['TVA 11', 'TN', '11.00%', '01 Jan 2018', '-', 'Inactive', 'Not used'],
      [
        'TVA 13 (until 2025)Replaced by TVA 19',
        'TN',
        '13.00%',
        '01 Jan 2018',
        '31 Dec 2025',
        'Expired',
        '7 products',
      ],
      ['TVA 25 (old)', 'TN', '25.00%', '01 Jan 2010', '31 Dec 2017', 'Expired', '1 product'],
    ]);
  },
};

/** Naming the rate that replaces an expired one: "Replaced by" sends successor_id. */
export const SetSuccessor: Story = {
  parameters: mockedBy(vatRates.list(vatRatesLifecycle)),
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'TVA 25 (old)');
    const select = dialog.getByLabelText('Replaced by');
    await expect(select).toHaveValue('');
    // The other TN rates are offered (in the list's order), never the rate itself.
    await expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'None',
      'TVA 30 (30.00% from 01 Jan 2035)',
      'TVA 19 (19.00% from 01 Jan 2026)',
      'TVA 11 (11.00% from 01 Jan 2018)',
      'TVA 13 (until 2025) (13.00% from 01 Jan 2018)',
    ]);
    await userEvent.selectOptions(select, '11');
    await userEvent.click(dialog.getByRole('button', { name: 'Update' }));
    const [call] = await requests.waitFor('PATCH', `${LIST}13`);
    await expect(call?.body).toMatchObject({ successor_id: 11, is_default: false });
    await expectToast('Success', 'VAT rate updated successfully', 'success');
  },
};

/** Making an expired rate the default is refused: the toast shows the server's detail. */
export const ExpiredDefaultRefused: Story = {
  parameters: mockedBy(
    vatRates.list(vatRatesLifecycle),
    vatRates.update.error(422, [
      bodyIssue(
        'is_default',
        '"TVA 25 (old)" cannot be the default rate: it expired on 2017-12-31 and the country would have no default rate in force',
      ),
    ]),
  ),
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'TVA 25 (old)');
    await userEvent.click(dialog.getByText('Default rate for this country'));
    await userEvent.click(dialog.getByRole('button', { name: 'Update' }));
    const [call] = await requests.waitFor('PATCH', `${LIST}13`);
    await expect(call?.body).toMatchObject({ is_default: true });
    await expectToast(
      'Error',
      'is_default: "TVA 25 (old)" cannot be the default rate: it expired on 2017-12-31 and the country would have no default rate in force',
      'error',
    );
    await expect(screen.getByRole('dialog', { name: 'Edit VAT Rate' })).toBeVisible();
  },
};

/** On a phone each rate is a card (docs/product.md §2): every field in view, not cut. */
export const Mobile: Story = crud.mobile({
  name: 'TVA réduite',
  fields: [...EXPECTED_ROWS.find((row) => row[0] === 'TVA réduite')!, ''],
});

/* Languages and colour modes */

/** Arabic, right to left: translated heading and statuses; the end date stays its own day. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The table's name is translated: wait for a row by its content.
    await canvas.findByText('TVA France normale');
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'نسب الأداء على القيمة المضافة' }),
    ).toBeVisible();
    await expect(document.documentElement.dir).toBe('rtl');
    // Found by its name: the row actions' labels are translated elsewhere.
    const france = canvas.getByText('TVA France normale').closest('tr')!;
    await expect(rowCells(france)[4]).toMatch(/^31 ديسمبر 2024$/);
    await expect(within(france).getByText('غير نشطة')).toBeVisible();
  },
};

/** Arabic: a rate in force keeps its rate and country, and says so in Arabic. */
export const ArabicRateInForceLocked: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = (await canvas.findByText('Exonéré')).closest('tr')!;
    await userEvent.click(within(row).getAllByRole('button')[0]!);
    const dialog = within(await screen.findByRole('dialog'));
    await expect(dialog.getByRole('spinbutton')).toBeDisabled();
    await waitFor(() =>
      expect(
        dialog.getByText(
          'سارية أو منتهية أو مستعملة: لا يمكن تغيير النسبة والبلد. عند تغيّر القانون، سجّل النسبة الجديدة بتاريخ بدايتها واخترها خلفًا لهذه النسبة في «تُستبدل بـ».',
        ),
      ).toBeVisible(),
    );
  },
};

export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The table's name is translated: wait for a row by its content.
    await canvas.findByText('TVA France normale');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Taux de TVA' })).toBeVisible();
    await expect(canvas.getByRole('columnheader', { name: 'Utilisé par' })).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: Filled.play,
};
