import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminUsers } from '@mocks/fixtures';
import {
  shippingMethods as methodFixtures,
  shippingZones as zoneFixtures,
} from '@mocks/fixtures/shipping';
import { shippingMethods, shippingZones } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { paths } from '@/lib/paths';
import { adminScreenMeta } from '@/testing/admin-screen';
import { expectRightToLeft } from '@/testing/languages';
import {
  dialog,
  dialogClosed,
  expectLoadErrorAlert,
  expectLoading,
  listScreen,
  replace,
  expectNoEditing,
} from '@/testing/list-screen';
import { expectCard, PHONE_GLOBALS } from '@/testing/phone-cards';
import {
  bodyIssue,
  expectScreenTitle,
  expectToast,
  mockedBy,
  screen,
  type Scope,
} from '@/testing/story';
import { REQUIRED_MESSAGE } from '@/testing/form-messages';
import { FIRST_PAGE } from '@/testing/server-list';
import { ShippingPage } from './ShippingPage';

/** The shipping zones and methods of /admin/shipping (docs/product.md, "Shipping"). */
const meta = {
  title: 'Shipping/ShippingPage',
  ...adminScreenMeta(ShippingPage, paths.shipping.list),
};
export default meta;
type Story = StoryObj<typeof meta>;

const ZONES = '/api/v1/admin/shipping-zones/';
const METHODS = '/api/v1/admin/shipping-methods/';
const NOTICE =
  'No shipping method is active: checkout charges every address the flat rate set on the server (SHIPPING_FLAT_RATE). Add a zone, then a method, to price delivery by destination.';

const zoneTable = listScreen({
  table: 'Shipping zones',
  dataCells: 4,
  dialogs: {
    add: 'Add Zone',
    create: 'Create Shipping Zone',
    edit: 'Edit Shipping Zone',
    delete: 'Delete Shipping Zone',
  },
});
const methodTable = listScreen({
  table: 'Shipping methods',
  dataCells: 7,
  dialogs: {
    add: 'Add Method',
    create: 'Create Shipping Method',
    edit: 'Edit Shipping Method',
    delete: 'Delete Shipping Method',
  },
});
/** The two tables in French and in Arabic. */
const frenchTables = {
  zones: listScreen({ table: 'Zones de livraison', dataCells: 4 }),
  methods: listScreen({ table: 'Modes de livraison', dataCells: 7 }),
};
const arabicTables = {
  zones: listScreen({ table: 'مناطق الشحن', dataCells: 4 }),
  methods: listScreen({ table: 'طرق الشحن', dataCells: 7 }),
};

const ZONE_HEADERS = ['Name', 'Countries', 'Governorates', 'Methods', 'Actions'];
const ZONE_ROWS = [
  ['Grand Tunis', 'Tunisia', 'Tunis, Ariana, Ben Arous and Manouba', '2'],
  ['Rest of Tunisia', 'Tunisia', 'All', '2'],
  ['Europe', 'France, Germany, Italy and Belgium', '—', '1'],
];
const METHOD_HEADERS = [
  'Name',
  'Zones',
  'Rate',
  'Free from',
  'COD fee',
  'Carrier',
  'Status',
  'Actions',
];
const METHOD_ROWS = [
  [
    'Courier Grand Tunis',
    'Grand Tunis',
    'Flat 7.000 TND',
    '300.000 TND',
    '2.000 TND',
    '—',
    'Active',
  ],
  [
    'Courier',
    'Rest of Tunisia',
    'By weight: up to 2 kg 7.000 TND, up to 5 kg 8.000 TND, up to 30 kg 12.000 TND',
    '300.000 TND',
    '2.000 TND',
    '—',
    'Active',
  ],
  [
    'Rapid-Poste',
    'Grand Tunis and Rest of Tunisia',
    'By weight: up to 1 kg 6.500 TND, up to 5 kg 9.000 TND, above 5 kg 15.000 TND',
    '—',
    '—',
    'Rapid-Poste',
    'Active',
  ],
  [
    'Europe Express',
    'Europe',
    'By order amount: up to 500.000 TND 45.000 TND, above 500.000 TND 60.000 TND',
    '—',
    '—',
    'Aramex',
    'Inactive',
  ],
];

/** The column headers of the table named `name`. */
const headersOf = (canvasElement: HTMLElement, name: string) =>
  within(within(canvasElement).getByRole('table', { name }))
    .getAllByRole('columnheader')
    .map((header) => header.textContent);

/** Both tables (in English unless `tables` are others) are there with their rows. */
async function waitForLists(
  canvasElement: HTMLElement,
  tables = { zones: zoneTable, methods: methodTable },
): Promise<void> {
  await tables.zones.waitForRows(canvasElement);
  await tables.methods.waitForRows(canvasElement);
}

/** Clicks a button of the screen (once both lists are there) and returns the dialog it opens. */
async function open(
  canvasElement: HTMLElement,
  button: string,
  title: string,
  tables = { zones: zoneTable, methods: methodTable },
): Promise<Scope> {
  await waitForLists(canvasElement, tables);
  await userEvent.click(within(canvasElement).getByRole('button', { name: button }));
  return dialog(title);
}

/** The body of the one request `method` `path` of the story. */
async function sentBody(method: string, path: string): Promise<unknown> {
  const [call] = await requests.waitFor(method, path);
  return call?.body;
}

const submit = (form: Scope, name = 'Create') =>
  userEvent.click(form.getByRole('button', { name }));

/** Types the three names of a new method. */
async function names(form: Scope, en: string, fr: string, ar: string): Promise<void> {
  await userEvent.type(form.getByLabelText(/^Name in English/), en);
  await userEvent.type(form.getByLabelText(/^Name in French/), fr);
  await userEvent.type(form.getByLabelText(/^Name in Arabic/), ar);
}

/** The live example's sentences. */
const exampleLines = (form: Scope) =>
  Array.from(form.getByTestId('shipping-example-text').children, (line) => line.textContent);

export const Filled: Story = {
  tags: ['visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForLists(canvasElement);
    await expectScreenTitle(canvasElement, 'Shipping');
    await expect(headersOf(canvasElement, 'Shipping zones')).toEqual(ZONE_HEADERS);
    await expect(zoneTable.tableCells(canvasElement)).toEqual(ZONE_ROWS);
    await expect(headersOf(canvasElement, 'Shipping methods')).toEqual(METHOD_HEADERS);
    await expect(methodTable.tableCells(canvasElement)).toEqual(METHOD_ROWS);
    await expect(canvas.getByTestId('zone-count')).toHaveTextContent('3 zones');
    await expect(canvas.getByTestId('method-count')).toHaveTextContent('4 methods');
    await expect(canvas.getByRole('button', { name: 'Add Zone' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Add Method' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Edit Europe' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Delete Rapid-Poste' })).toBeVisible();
    // Methods are active: no word of the flat rate.
    await expect(canvas.queryByTestId('flat-rate-notice')).toBeNull();
    // One request each: the first page, in the server's order.
    await expect(requests.to('GET', ZONES).map((r) => r.query)).toEqual([FIRST_PAGE]);
    await expect(requests.to('GET', METHODS).map((r) => r.query)).toEqual([FIRST_PAGE]);
  },
};

export const Loading: Story = {
  parameters: mockedBy(shippingZones.list.loading(), shippingMethods.list.loading()),
  play: async ({ canvasElement }) => {
    await expectLoading(canvasElement, 'Loading shipping zones...');
    await expect(within(canvasElement).getByText('Loading shipping methods...')).toBeVisible();
  },
};

/**
 * A shop that has set up nothing: both lists empty, and the notice that checkout charges the
 * server's flat rate until a method exists.
 */
export const Empty: Story = {
  parameters: mockedBy(shippingZones.list([]), shippingMethods.list([])),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No shipping zones yet')).toBeVisible();
    await expect(await canvas.findByText('No shipping methods yet')).toBeVisible();
    await expect(canvas.getByTestId('flat-rate-notice')).toHaveTextContent(NOTICE);
    await expect(canvas.getByTestId('zone-count')).toHaveTextContent('0 zones');
    await expect(canvas.getByRole('button', { name: 'Add Zone' })).toBeVisible();
  },
};

/** Methods exist but none is active: the flat rate still applies, and the notice says so. */
export const OnlyInactiveMethods: Story = {
  parameters: mockedBy(
    shippingMethods.list(methodFixtures.map((m) => ({ ...m, is_active: false }))),
  ),
  play: async ({ canvasElement }) => {
    await waitForLists(canvasElement);
    await expect(within(canvasElement).getByTestId('flat-rate-notice')).toHaveTextContent(NOTICE);
  },
};

export const LoadError: Story = {
  parameters: mockedBy(shippingZones.list.error(500, 'Database unavailable')),
  play: async ({ canvasElement }) => {
    await expectLoadErrorAlert(
      canvasElement,
      'Failed to load shipping zones',
      'Database unavailable',
    );
    // The methods still show.
    await methodTable.waitForRows(canvasElement);
  },
};

/* Zones */

/** A zone of Tunisia narrowed to two governorates: only those are sent, in the list's order. */
export const CreateZone: Story = {
  play: async ({ canvasElement }) => {
    const form = await open(canvasElement, 'Add Zone', 'Create Shipping Zone');
    await userEvent.type(form.getByLabelText(/^Name/), ' South ');
    // The governorates are Tunisia's: offered once it is chosen.
    await expect(form.queryByRole('group', { name: 'Governorates' })).toBeNull();
    await userEvent.selectOptions(form.getByLabelText('Add a country'), 'Tunisia');
    await expect(form.getAllByTestId('chosen-country').map((c) => c.textContent)).toEqual([
      'Tunisia',
    ]);
    await userEvent.click(form.getByText('Gabès'));
    await userEvent.click(form.getByText('Sfax'));
    await submit(form);
    await expect(await sentBody('POST', ZONES)).toEqual({
      name: 'South',
      countries: ['TN'],
      governorates: ['TN-61', 'TN-81'],
    });
    await expectToast('Success', 'Shipping zone created successfully', 'success');
    await dialogClosed('dialog');
    await requests.waitFor('GET', ZONES, { count: 2 });
  },
};

/** Editing Europe: another country added, one removed, the position changed. */
export const EditZone: Story = {
  play: async ({ canvasElement }) => {
    const form = await open(canvasElement, 'Edit Europe', 'Edit Shipping Zone');
    await expect(form.getByLabelText(/^Name/)).toHaveValue('Europe');
    await expect(form.getAllByTestId('chosen-country').map((c) => c.textContent)).toEqual([
      'France',
      'Germany',
      'Italy',
      'Belgium',
    ]);
    await userEvent.click(form.getByRole('button', { name: 'Remove Germany' }));
    await userEvent.selectOptions(form.getByLabelText('Add a country'), 'Spain');
    await replace(form, /^Position/, '5');
    await submit(form, 'Update');
    await expect(await sentBody('PATCH', `${ZONES}3`)).toEqual({
      name: 'Europe',
      countries: ['FR', 'IT', 'BE', 'ES'],
      governorates: [],
      position: 5,
    });
    await expectToast('Success', 'Shipping zone updated successfully', 'success');
  },
};

/** A name another zone has, in another case: the server's 409 as it says, the dialog open. */
export const ZoneNameTaken: Story = {
  play: async ({ canvasElement }) => {
    const form = await open(canvasElement, 'Add Zone', 'Create Shipping Zone');
    await userEvent.type(form.getByLabelText(/^Name/), 'grand tunis');
    await userEvent.selectOptions(form.getByLabelText('Add a country'), 'Tunisia');
    await submit(form);
    await expectToast('Error', 'Another shipping zone is already named "Grand Tunis"', 'error');
    await expect(screen.getByRole('dialog', { name: 'Create Shipping Zone' })).toBeVisible();
  },
};

export const InvalidZoneForm: Story = {
  play: async ({ canvasElement }) => {
    const form = await open(canvasElement, 'Add Zone', 'Create Shipping Zone');
    await userEvent.type(form.getByLabelText(/^Position/), '100001');
    await submit(form);
    await expectToast('Validation Error', REQUIRED_MESSAGE, 'error');
    await expect(form.getByText('Name is required')).toBeVisible();
    await expect(form.getByText('Choose at least one country')).toBeVisible();
    await expect(form.getByText('Enter a whole number from 0 to 100,000')).toBeVisible();
    await expect(requests.to('POST', ZONES)).toHaveLength(0);
  },
};

/** A zone no method delivers to alone is deleted once confirmed; both lists reload. */
export const DeleteZone: Story = {
  parameters: mockedBy(shippingZones.delete(zoneFixtures, [])),
  play: async ({ canvasElement }) => {
    await waitForLists(canvasElement);
    const confirmation = await zoneTable.answerDelete(canvasElement, 'Europe', 'Cancel');
    await expect(
      confirmation.getByText(
        'Delete "Europe"? The methods delivering to it will no longer deliver there.',
      ),
    ).toBeVisible();
    await dialogClosed('alertdialog');
    await zoneTable.answerDelete(canvasElement, 'Europe');
    await requests.waitFor('DELETE', `${ZONES}3`);
    await expectToast('Success', 'Shipping zone deleted successfully', 'success');
    await requests.waitFor('GET', ZONES, { count: 2 });
    await requests.waitFor('GET', METHODS, { count: 2 });
  },
};

/** The only zone of a method cannot go (409): the toast names the method, in the admin's words. */
export const DeleteZoneRefused: Story = {
  play: async ({ canvasElement }) => {
    await waitForLists(canvasElement);
    await zoneTable.answerDelete(canvasElement, 'Grand Tunis');
    await requests.waitFor('DELETE', `${ZONES}1`);
    await expectToast(
      'Error',
      '"Courier Grand Tunis" delivers only to "Grand Tunis": give it another zone or delete it first.',
      'error',
    );
  },
};

/* Methods */

/** A flat rate for Grand Tunis with a cash-on-delivery fee: every field sent. */
export const CreateFlatMethod: Story = {
  play: async ({ canvasElement }) => {
    const form = await open(canvasElement, 'Add Method', 'Create Shipping Method');
    await expect(form.getByRole('radio', { name: 'Flat' })).toBeChecked();
    await expect(form.getByLabelText('Active')).toBeChecked();
    await names(form, 'Evening courier', 'Coursier du soir', 'ساعي المساء');
    await userEvent.click(form.getByText('Grand Tunis'));
    await userEvent.type(form.getByLabelText(/^Price \(TND, excl\. VAT\)/), '9.5');
    await userEvent.type(form.getByLabelText(/^Cash-on-delivery fee/), '1.5');
    await userEvent.type(form.getByLabelText(/^Carrier/), ' Intigo ');
    await submit(form);
    await expect(await sentBody('POST', METHODS)).toEqual({
      name: { en: 'Evening courier', fr: 'Coursier du soir', ar: 'ساعي المساء' },
      zone_ids: [1],
      rate_kind: 'flat',
      flat_price: '9.500',
      bands: [],
      free_above: null,
      cod_fee: '1.500',
      carrier: 'Intigo',
      tracking_url_template: null,
      is_active: true,
    });
    await expectToast('Success', 'Shipping method created successfully', 'success');
    await dialogClosed('dialog');
  },
};

/** Weight bands added and removed: the limits in kg and the prices with their 3 decimals. */
export const CreateWeightMethod: Story = {
  play: async ({ canvasElement }) => {
    const form = await open(canvasElement, 'Add Method', 'Create Shipping Method');
    await names(form, 'Heavy parcels', 'Colis lourds', 'طرود ثقيلة');
    await userEvent.click(form.getByText('Rest of Tunisia'));
    await userEvent.click(form.getByText('By weight'));
    await expect(form.queryByLabelText(/^Price \(TND, excl\. VAT\)/)).toBeNull();
    await userEvent.type(form.getByLabelText('Band 1: up to (kg)'), '2.5');
    await userEvent.type(form.getByLabelText('Band 1: price (TND)'), '7');
    await userEvent.click(form.getByRole('button', { name: 'Add band' }));
    await userEvent.type(form.getByLabelText('Band 2: up to (kg)'), '10');
    await userEvent.type(form.getByLabelText('Band 2: price (TND)'), '11');
    await userEvent.click(form.getByRole('button', { name: 'Add band' }));
    await userEvent.type(form.getByLabelText('Band 3: price (TND)'), '20');
    // The middle band goes; the open one becomes the second.
    await userEvent.click(form.getByRole('button', { name: 'Remove band 2' }));
    await expect(form.getByLabelText('Band 2: price (TND)')).toHaveValue(20);
    await userEvent.type(
      form.getByLabelText(/^Tracking URL template/),
      'https://track.example.tn/{{tracking_number}',
    );
    await submit(form);
    await expect(await sentBody('POST', METHODS)).toMatchObject({
      zone_ids: [2],
      rate_kind: 'weight',
      flat_price: null,
      bands: [
        { up_to: '2.500', price: '7.000' },
        { up_to: null, price: '20.000' },
      ],
      tracking_url_template: 'https://track.example.tn/{tracking_number}',
    });
    await expectToast('Success', 'Shipping method created successfully', 'success');
  },
};

/** Bands of the order's amount, free from 400 TND, inactive. */
export const CreateSubtotalMethod: Story = {
  play: async ({ canvasElement }) => {
    const form = await open(canvasElement, 'Add Method', 'Create Shipping Method');
    await names(form, 'Europe Standard', 'Europe Standard', 'أوروبا العادي');
    await userEvent.click(form.getByText('Europe'));
    await userEvent.click(form.getByText('By order amount'));
    await userEvent.type(form.getByLabelText('Band 1: up to (TND)'), '200');
    await userEvent.type(form.getByLabelText('Band 1: price (TND)'), '35');
    await userEvent.click(form.getByRole('button', { name: 'Add band' }));
    await userEvent.type(form.getByLabelText('Band 2: price (TND)'), '50');
    await userEvent.type(form.getByLabelText(/^Free from/), '400');
    await userEvent.click(form.getByText('Active'));
    await submit(form);
    await expect(await sentBody('POST', METHODS)).toMatchObject({
      zone_ids: [3],
      rate_kind: 'subtotal',
      flat_price: null,
      bands: [
        { up_to: '200.000', price: '35.000' },
        { up_to: null, price: '50.000' },
      ],
      free_above: '400.000',
      cod_fee: null,
      is_active: false,
    });
    await expectToast('Success', 'Shipping method created successfully', 'success');
  },
};

/** Missing and wrong values: each field's message, the toast, and nothing sent. */
export const InvalidMethodForm: Story = {
  play: async ({ canvasElement }) => {
    const form = await open(canvasElement, 'Add Method', 'Create Shipping Method');
    await submit(form);
    await expectToast('Validation Error', REQUIRED_MESSAGE, 'error');
    await expect(form.getAllByText('Name is required')).toHaveLength(3);
    await expect(form.getByText('Choose at least one zone')).toBeVisible();
    await expect(form.getByText('Price is required')).toBeVisible();

    await names(form, 'Courier', 'Coursier', 'ساعي');
    await userEvent.click(form.getByText('Grand Tunis'));
    await userEvent.click(form.getByText('By weight'));
    await userEvent.type(form.getByLabelText('Band 1: up to (kg)'), '5');
    await userEvent.type(form.getByLabelText('Band 1: price (TND)'), '8');
    await userEvent.click(form.getByRole('button', { name: 'Add band' }));
    await userEvent.type(form.getByLabelText('Band 2: up to (kg)'), '2');
    await userEvent.type(form.getByLabelText('Band 2: price (TND)'), '7');
    await userEvent.type(form.getByLabelText(/^Tracking URL template/), 'http://x.tn/');
    await submit(form);
    await expectToast('Validation Error', 'Band 2: its limit must be above the band before it');
    await expect(
      form.getByText('Band 2: its limit must be above the band before it'),
    ).toBeVisible();
    await expect(
      form.getByText('Enter an https address containing {tracking_number}'),
    ).toBeVisible();

    // The first band left open while another follows.
    await userEvent.clear(form.getByLabelText('Band 1: up to (kg)'));
    await expect(
      await form.findByText('Band 1: only the last band may be without a limit'),
    ).toBeVisible();
    await expect(requests.to('POST', METHODS)).toHaveLength(0);
    await expect(screen.getByRole('dialog', { name: 'Create Shipping Method' })).toBeVisible();
  },
};

/** A rule the server names (422): the field and its message in the toast, the dialog open. */
export const ServerRefusesMethod: Story = {
  parameters: mockedBy(
    shippingMethods.create.error(422, [bodyIssue('flat_price', 'A flat rate needs flat_price')]),
  ),
  play: async ({ canvasElement }) => {
    const form = await open(canvasElement, 'Add Method', 'Create Shipping Method');
    await names(form, 'Courier', 'Coursier', 'ساعي');
    await userEvent.click(form.getByText('Grand Tunis'));
    await userEvent.type(form.getByLabelText(/^Price \(TND, excl\. VAT\)/), '7');
    await submit(form);
    await expectToast('Error', 'flat_price: A flat rate needs flat_price', 'error');
    await expect(screen.getByRole('dialog', { name: 'Create Shipping Method' })).toBeVisible();
  },
};

/**
 * The live example prices an order with the form's values as checkout would: the issue's own
 * "a 2.4 kg order to Sfax costs 8.000 TND", then a lighter order, a band edited, the free
 * threshold reached, and a governorate the method does not deliver to.
 */
export const LiveExample: Story = {
  play: async ({ canvasElement }) => {
    const form = await open(canvasElement, 'Edit Courier', 'Edit Shipping Method');
    await expect(form.getByRole('radio', { name: 'By weight' })).toBeChecked();
    await expect(form.getByLabelText('Band 2: up to (kg)')).toHaveValue(5);
    await expect(exampleLines(form)).toEqual([
      'A 2.4 kg order to Sfax costs 8.000 TND excl. VAT',
      'Paid cash on delivery: 10.000 TND excl. VAT',
    ]);
    await replace(form, 'Weight (kg)', '1.75');
    await waitFor(() =>
      expect(exampleLines(form)[0]).toBe('A 1.75 kg order to Sfax costs 7.000 TND excl. VAT'),
    );
    await replace(form, 'Band 1: price (TND)', '6.5');
    await waitFor(() =>
      expect(exampleLines(form)).toEqual([
        'A 1.75 kg order to Sfax costs 6.500 TND excl. VAT',
        'Paid cash on delivery: 8.500 TND excl. VAT',
      ]),
    );
    await replace(form, 'Order total (TND)', '300');
    await waitFor(() =>
      expect(exampleLines(form)).toEqual([
        'An order of 300.000 TND to Sfax ships free (free from 300.000 TND)',
        'Paid cash on delivery: 2.000 TND excl. VAT',
      ]),
    );
    await userEvent.selectOptions(form.getByLabelText('Destination'), 'Tunis');
    await waitFor(() =>
      expect(exampleLines(form)).toEqual(['This method does not deliver to Tunis']),
    );
    await replace(form, 'Band 1: price (TND)', '');
    await waitFor(() =>
      expect(exampleLines(form)).toEqual(['Complete the rate to see what an order costs']),
    );
    // The example is the form's alone: nothing was sent.
    await expect(requests.to('PATCH', `${METHODS}2`)).toHaveLength(0);
  },
};

/** Editing Rapid-Poste: its values in the form; the whole method goes back with the change. */
export const EditMethod: Story = {
  play: async ({ canvasElement }) => {
    const form = await open(canvasElement, 'Edit Rapid-Poste', 'Edit Shipping Method');
    await expect(form.getByLabelText(/^Name in Arabic/)).toHaveValue('رابيد بوست');
    await expect(form.getByRole('checkbox', { name: 'Grand Tunis' })).toBeChecked();
    await expect(form.getByRole('checkbox', { name: 'Rest of Tunisia' })).toBeChecked();
    await expect(form.getByRole('checkbox', { name: 'Europe' })).not.toBeChecked();
    await expect(form.getByLabelText(/^Tracking URL template/)).toHaveValue(
      'https://www.poste.tn/suivi?code={tracking_number}',
    );
    await replace(form, /^Cash-on-delivery fee/, '2');
    await submit(form, 'Update');
    await expect(await sentBody('PATCH', `${METHODS}3`)).toEqual({
      name: { en: 'Rapid-Poste', fr: 'Rapid-Poste', ar: 'رابيد بوست' },
      zone_ids: [1, 2],
      rate_kind: 'weight',
      flat_price: null,
      bands: [
        { up_to: '1.000', price: '6.500' },
        { up_to: '5.000', price: '9.000' },
        { up_to: null, price: '15.000' },
      ],
      free_above: null,
      cod_fee: '2.000',
      carrier: 'Rapid-Poste',
      tracking_url_template: 'https://www.poste.tn/suivi?code={tracking_number}',
      is_active: true,
      position: 2,
    });
    await expectToast('Success', 'Shipping method updated successfully', 'success');
  },
};

export const DeleteMethod: Story = {
  play: async ({ canvasElement }) => {
    await waitForLists(canvasElement);
    const confirmation = await methodTable.openDelete(canvasElement, 'Europe Express');
    await expect(
      confirmation.getByText(
        'Delete "Europe Express"? Customers will no longer be able to choose it; orders keep the method they were given.',
      ),
    ).toBeVisible();
    await userEvent.click(confirmation.getByRole('button', { name: 'Delete' }));
    await requests.waitFor('DELETE', `${METHODS}4`);
    await expectToast('Success', 'Shipping method deleted successfully', 'success');
    await requests.waitFor('GET', METHODS, { count: 2 });
  },
};

/**
 * A manager reads the zones and methods (settings:read: staff orders pick a method) but may not
 * change them (settings:write): no Add buttons, no row actions; the menu has the screen.
 */
export const ReadOnlyForManager: Story = {
  parameters: {
    auth: { userType: 'admin', user: adminUsers.find((user) => user.role === 'manager') },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForLists(canvasElement);
    await expect(headersOf(canvasElement, 'Shipping zones')).toEqual(ZONE_HEADERS.slice(0, -1));
    await expect(zoneTable.tableCells(canvasElement)).toEqual(ZONE_ROWS);
    await expect(headersOf(canvasElement, 'Shipping methods')).toEqual(METHOD_HEADERS.slice(0, -1));
    await expectNoEditing(canvasElement, ['Add Zone', 'Add Method']);
    const nav = canvas.getByRole('navigation', { name: 'Management' });
    await expect(within(nav).getByRole('link', { name: 'Shipping' })).toBeVisible();
  },
};

/** On a 375 px phone each zone and method is a card: every field in view. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await waitForLists(canvasElement);
    await expectCard(canvasElement, {
      table: 'Shipping zones',
      name: 'Europe',
      fields: ['Europe', 'France, Germany, Italy and Belgium', '—', '1', ''],
    });
    await expectCard(canvasElement, {
      table: 'Shipping methods',
      name: 'Rapid-Poste',
      fields: [...METHOD_ROWS[2]!, ''],
    });
  },
};

/* Languages and colour modes */

/** Arabic, right to left: the heading, the governorates and the methods' names in Arabic. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForLists(canvasElement, arabicTables);
    await expect(canvas.getByRole('heading', { level: 1, name: 'الشحن' })).toBeVisible();
    await expectRightToLeft();
    await expect(arabicTables.zones.tableCells(canvasElement)[0]?.slice(0, 3)).toEqual([
      'Grand Tunis',
      'تونس',
      'تونس وأريانة وبن عروس ومنوبة',
    ]);
    await expect(arabicTables.methods.rowNames(canvasElement)).toEqual([
      'ساعي تونس الكبرى',
      'ساعي',
      'رابيد بوست',
      'البريد السريع إلى أوروبا',
    ]);
    await expect(canvas.getByTestId('zone-count')).toHaveTextContent('3 مناطق');
    await expect(canvas.getByTestId('method-count')).toHaveTextContent('4 طرق');
  },
};

/** The method form in Arabic: its title, its messages and the live example's sentence. */
export const ArabicMethodForm: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const form = await open(canvasElement, 'تعديل ساعي', 'تعديل طريقة الشحن', arabicTables);
    await waitFor(() =>
      expect(exampleLines(form)[0]).toMatch(
        /^طلب وزنه 2[.,٫]4 كغ إلى صفاقس يكلّف .+ دون احتساب الأداء$/,
      ),
    );
    await replace(form, /^الاسم بالإنجليزية/, '');
    await userEvent.click(form.getByRole('button', { name: 'تحديث' }));
    await waitFor(() => expect(form.getByText('الاسم مطلوب')).toBeVisible());
    await expect(requests.to('PATCH', `${METHODS}2`)).toHaveLength(0);
  },
};

/** French: the heading, a column, a rate and the list form of the countries. */
export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForLists(canvasElement, frenchTables);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Livraison' })).toBeVisible();
    await expect(canvas.getByRole('columnheader', { name: 'Gratuit dès' })).toBeVisible();
    await expect(frenchTables.zones.tableCells(canvasElement)[2]?.slice(0, 2)).toEqual([
      'Europe',
      'France, Allemagne, Italie et Belgique',
    ]);
    await expect(frenchTables.methods.rowNames(canvasElement)[1]).toBe('Coursier');
    await expect(frenchTables.methods.tableCells(canvasElement)[1]?.[2]).toMatch(
      /^Au poids : jusqu'à 2 kg /,
    );
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: Filled.play,
};
