import type { HttpHandler } from 'msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expectLoadErrorAlert } from '@/testing/list-screen';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminUser, categories, products, vatRates, vatRatesLifecycle } from '@mocks/fixtures';
import {
  products as productApi,
  uploads as uploadApi,
  vatRates as vatRateApi,
} from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { expectLocation, expectToast, screen, mockedBy, bodyIssue } from '@/testing/story';
import {
  expectNoUnsavedChangesDialog,
  expectUnsavedChangesDialog,
} from '@/testing/unsaved-changes';
import { ProductFormPage } from './ProductFormPage';
import { ProductFormScreen } from './story-screen';
import { UnsavedInventoryCard } from './story-inventory-card';
import { expectHeading, expectRightToLeft, localMoney } from '@/testing/languages';
import { paths } from '@/lib/paths';
import { afterRequestsSentSoFar } from '@/testing/waits';

const CREATE = '/api/v1/admin/products/';
const product = (id: number) => `/api/v1/admin/products/${id}`;
const VAT_RATES = '/api/v1/admin/vat-rates/';
const CATEGORIES = '/api/v1/admin/categories/';
const REQUIRED_ERRORS = [
  'Product name is required',
  'Slug is required',
  'Full description is required',
  'Category is required',
  'Base price is required',
  'VAT rate is required',
];

const meta = {
  title: 'Products/ProductForm',
  component: ProductFormPage,
  render: (args) => <ProductFormScreen {...args} />,
  parameters: { route: paths.products.create, auth: { userType: 'admin', user: adminUser } },
} satisfies Meta<typeof ProductFormPage>;
export default meta;
type Story = StoryObj<typeof meta>;

// Inside <main>: the sidebar's links carry labels too ('VAT Rates').
const field = (canvasElement: HTMLElement, label: RegExp) =>
  within(canvasElement.querySelector('main')!).getByLabelText(label);
const section = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement).getByRole('region', { name });

/** Waits until the pickers have their options. */
async function pickersLoaded(canvasElement: HTMLElement) {
  await waitFor(() => expect(field(canvasElement, /^Category/)).toBeEnabled());
  await waitFor(() => expect(field(canvasElement, /^VAT Rate/)).toBeEnabled());
}

/** The edit form of `product`, loaded, its pickers filled; returns the canvas's queries. */
async function editFormLoaded(canvasElement: HTMLElement, product: { name: string }) {
  const canvas = within(canvasElement);
  await canvas.findByDisplayValue(product.name);
  await pickersLoaded(canvasElement);
  return canvas;
}

/** The options of the picker labelled `label`, once its list has arrived; returns the picker. */
async function expectPickerOptions(canvasElement: HTMLElement, label: RegExp, texts: string[]) {
  await pickersLoaded(canvasElement);
  const select = field(canvasElement, label) as HTMLSelectElement;
  // The options arrive with their list, possibly a render after the select is enabled.
  await waitFor(() => expect([...select.options].map((option) => option.text)).toEqual(texts));
  return select;
}

async function fillRequired(canvasElement: HTMLElement) {
  await pickersLoaded(canvasElement);
  await userEvent.type(field(canvasElement, /^Product Name/), 'Chéchia rouge');
  await userEvent.click(field(canvasElement, /^Full Description/));
  await userEvent.paste('Bonnet traditionnel en laine feutrée, teint à la garance.');
  await userEvent.selectOptions(field(canvasElement, /^Category/), 'Vêtements');
  await userEvent.type(field(canvasElement, /^Base Price/), '35.5');
}

/** Fills the required fields and submits: resolves with the canvas queries. */
async function createFilled(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await fillRequired(canvasElement);
  await userEvent.click(canvas.getByRole('button', { name: 'Create Product' }));
  return canvas;
}

/* ---------------- Create ---------------- */

export const CreateEmpty: Story = {
  tags: ['visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Create Product' })).toBeVisible();
    await expect(document.title).toBe('Create Product · Store back office');
    for (const name of [
      'Basic Information',
      'Product Media',
      'Product Type & Inventory',
      'Product Status',
      'SEO & Meta Information',
    ])
      await expect(section(canvasElement, name)).toBeVisible();
    await expect(field(canvasElement, /^Product Name/)).toHaveValue('');
    await expect(field(canvasElement, /^Slug/)).toHaveValue('');
    await expect(field(canvasElement, /^Base Price/)).toHaveAttribute('step', '0.001');
    await expect(field(canvasElement, /^Compare-at Price/)).toHaveAttribute('step', '0.001');
    // Required fields are marked as such.
    for (const label of [/^Product Name/, /^Slug/, /^Full Description/, /^Category/, /^Base Price/])
      await expect(field(canvasElement, label)).toBeRequired();
    await expect(field(canvasElement, /^Brand/)).not.toBeRequired();
    // Defaults: simple, active, not featured, price including VAT; the default rate picked.
    await expect(canvas.getByLabelText('This product has variants')).not.toBeChecked();
    await expect(canvas.getByLabelText('This product has variants')).toBeEnabled();
    await expect(canvas.getByLabelText('Active')).toBeChecked();
    await expect(canvas.getByLabelText('Featured')).not.toBeChecked();
    await expect(canvas.getByLabelText('Price includes VAT')).toBeChecked();
    await waitFor(() => expect(field(canvasElement, /^VAT Rate/)).toHaveValue('1'));
    // Media: both upload tiles; inventory comes after saving.
    const media = section(canvasElement, 'Product Media');
    await expect(within(media).getByRole('button', { name: 'Upload image' })).toBeVisible();
    await expect(within(media).getByRole('button', { name: 'Upload video' })).toBeVisible();
    await expect(canvas.getByText('Inventory and variants are managed after saving')).toBeVisible();
    await expect(canvas.queryByTestId('inventory-card-slot')).toBeNull();
    await expect(canvas.queryByTestId('variants-manager-slot')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Create Product' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Create and continue editing' })).toBeEnabled();
    await expect(canvas.getByRole('link', { name: 'Cancel' })).toHaveAttribute(
      'href',
      '/admin/products',
    );
    await expect(canvas.getByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      '/admin/products',
    );
  },
};

/** Submitting empty shows every required field's message; nothing is sent. */
export const CreateValidationErrors: Story = {
  // No default rate, so the VAT rate starts empty too.
  parameters: mockedBy(vatRateApi.list(vatRates.map((rate) => ({ ...rate, is_default: false })))),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pickersLoaded(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Create Product' }));
    for (const message of REQUIRED_ERRORS)
      await expect(await canvas.findByText(message)).toBeVisible();
    await expect(field(canvasElement, /^Product Name/)).toHaveAttribute('aria-invalid', 'true');
    await expect(field(canvasElement, /^Brand/)).not.toHaveAttribute('aria-invalid');
    await expect(requests.to('POST', CREATE)).toHaveLength(0);
    // Fixing a field clears its message.
    await userEvent.type(field(canvasElement, /^Product Name/), 'Chéchia');
    await waitFor(() => expect(canvas.queryByText('Product name is required')).toBeNull());
    await expect(canvas.queryByText('Slug is required')).toBeNull(); // generated from the name
  },
};

export const SlugAutoGeneration: Story = {
  play: async ({ canvasElement }) => {
    const name = field(canvasElement, /^Product Name/);
    const slug = field(canvasElement, /^Slug/);
    await userEvent.type(name, '  Été 2024 -- Promo!! ');
    await expect(slug).toHaveValue('ete-2024-promo');
    // Edited by hand: the name no longer overwrites it.
    await userEvent.clear(slug);
    await userEvent.type(slug, 'soldes-ete');
    await userEvent.type(name, 'Plage');
    await expect(slug).toHaveValue('soldes-ete');
    // Emptied: it follows the name again.
    await userEvent.clear(slug);
    await userEvent.type(name, 's');
    await expect(slug).toHaveValue('ete-2024-promo-plages');
  },
};

export const MetaCounters: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const title = canvas.getByTestId('meta-title-count');
    const description = canvas.getByTestId('meta-description-count');
    await expect(title).toHaveTextContent('0/60');
    await expect(description).toHaveTextContent('0/160');
    const titleInput = field(canvasElement, /^Meta Title/);
    await userEvent.type(titleInput, 'Sac cabas 24');
    await expect(title).toHaveTextContent('12/60');
    // Longer text is cut at 60 characters.
    await userEvent.paste(` — cuir pleine fleur ${'x'.repeat(60)}`);
    await expect(titleInput).toHaveValue(
      `Sac cabas 24 — cuir pleine fleur ${'x'.repeat(60)}`.slice(0, 60),
    );
    await expect(title).toHaveTextContent('60/60');
    const descriptionInput = field(canvasElement, /^Meta Description/);
    await userEvent.type(descriptionInput, 'Cuir pleine fleur.');
    await expect(description).toHaveTextContent('18/160');
    await userEvent.paste('y'.repeat(170));
    await expect((descriptionInput as HTMLTextAreaElement).value).toHaveLength(160);
    await expect(description).toHaveTextContent('160/160');
  },
};

/** The VAT picker asks for active rates only (docs/product.md §7). */
export const VatPickerActiveOnly: Story = {
  play: async ({ canvasElement }) => {
    const [call] = await requests.waitFor('GET', VAT_RATES);
    await expect(call?.query).toEqual({ is_active: 'true' });
    // In the server's order: by country, the latest start first, then by name.
    const select = await expectPickerOptions(canvasElement, /^VAT Rate/, [
      'Select a VAT rate',
      'Exonéré (0.00%, TN)',
      'TVA intermédiaire (13.00%, TN)',
      'TVA réduite (7.00%, TN)',
      'TVA standard (19.00%, TN)',
    ]);
    // The gross price follows the rate and the switch.
    const gross = within(canvasElement).getByTestId('gross-price');
    await userEvent.type(field(canvasElement, /^Base Price/), '26.5');
    await expect(gross).toHaveTextContent('Price incl. VAT: 26.500 TND');
    await userEvent.click(within(canvasElement).getByLabelText('Price includes VAT'));
    await userEvent.selectOptions(select, 'TVA réduite (7.00%, TN)');
    await expect(gross).toHaveTextContent('Price incl. VAT: 28.355 TND');
  },
};

/** A complete product, with an uploaded image and video: the POST body field by field. */
export const CreateSuccess: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillRequired(canvasElement);
    await userEvent.type(field(canvasElement, /^Short Description/), '  Laine feutrée  ');
    await userEvent.type(field(canvasElement, /^Brand/), 'Souk Ech-Chaouachia');
    await userEvent.type(field(canvasElement, /^Compare-at Price/), '42');
    await userEvent.selectOptions(
      field(canvasElement, /^VAT Rate/),
      'TVA intermédiaire (13.00%, TN)',
    );
    await userEvent.click(canvas.getByLabelText('Featured'));
    await userEvent.type(field(canvasElement, /^Meta Title/), 'Chéchia rouge artisanale');
    await userEvent.type(field(canvasElement, /^Tags/), 'laine, fait-main, ');

    const media = section(canvasElement, 'Product Media');
    await userEvent.upload(within(media).getByTestId('upload-image-input'), [
      new File(['jpeg'], 'chechia.jpg', { type: 'image/jpeg' }),
    ]);
    await userEvent.upload(within(media).getByTestId('upload-video-input'), [
      new File(['mp4'], 'atelier.mp4', { type: 'video/mp4' }),
    ]);
    await waitFor(() => expect(within(media).getAllByTestId('media-item')).toHaveLength(2));
    const [imageUrl] = within(media)
      .getAllByTestId('media-item')
      .map((item) => item.getAttribute('data-url'));

    await userEvent.click(canvas.getByRole('button', { name: 'Create Product' }));
    await expectToast('Success', 'Product created successfully', 'success');
    await expectLocation(canvasElement, '/admin/products');

    const [call] = await requests.waitFor('POST', CREATE);
    const body = call?.body as Record<string, unknown>;
    await expect(body.name).toBe('Chéchia rouge');
    await expect(body.slug).toBe('chechia-rouge');
    await expect(body.description).toBe(
      'Bonnet traditionnel en laine feutrée, teint à la garance.',
    );
    await expect(body.short_description).toBe('Laine feutrée');
    await expect(body.category_id).toBe(3);
    await expect(body.brand).toBe('Souk Ech-Chaouachia');
    await expect(body.has_variants).toBe(false);
    await expect(body.base_price).toBe('35.500');
    await expect(body.compare_at_price).toBe('42.000');
    await expect(body.vat_rate_id).toBe(2);
    await expect(body.price_includes_vat).toBe(true);
    await expect(body.images).toEqual([imageUrl]);
    await expect(body.is_active).toBe(true);
    await expect(body.is_featured).toBe(true);
    await expect(body.meta_title).toBe('Chéchia rouge artisanale');
    await expect(body.meta_description).toBeNull();
    await expect(body.tags).toEqual(['laine', 'fait-main']);
    await expect(body).not.toHaveProperty('videos');
    await expect(body).not.toHaveProperty('inventory');
    await expect(Object.keys(body).sort()).toEqual(
      [
        'name',
        'slug',
        'description',
        'short_description',
        'category_id',
        'brand',
        'has_variants',
        'base_price',
        'compare_at_price',
        'vat_rate_id',
        'price_includes_vat',
        'images',
        'is_active',
        'is_featured',
        'meta_title',
        'meta_description',
        'tags',
      ].sort(),
    );
  },
};

/** A product with variants is created as such. */
export const CreateWithVariants: Story = {
  play: async ({ canvasElement }) => {
    await fillRequired(canvasElement);
    await userEvent.click(within(canvasElement).getByLabelText('This product has variants'));
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Create Product' }));
    const [call] = await requests.waitFor('POST', CREATE);
    await expect((call?.body as { has_variants: boolean }).has_variants).toBe(true);
    await expectLocation(canvasElement, '/admin/products');
  },
};

/** The product the server creates in the 'Create and continue editing' stories. */
const chechia = {
  ...products[1]!,
  id: 77,
  name: 'Chéchia rouge',
  slug: 'chechia-rouge',
  category_id: 3,
  base_price: '35.500',
  price_incl_vat: '35.500',
  price_includes_vat: true,
  vat_rate_id: 1,
  vat_rate: 19,
  images: [],
  sku: null,
  stock_quantity: null,
  stock_state: 'not_tracked' as const,
};

/**
 * 'Create and continue editing' (#26, a departure from the brief's one button): the product is
 * created once, the same toast, then its edit page, where its stock and variants can be added;
 * leaving the saved form asks nothing.
 */
export const CreateAndContinueEditing: Story = {
  parameters: mockedBy(productApi.create(chechia), productApi.get(chechia)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillRequired(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Create and continue editing' }));
    await expectToast('Success', 'Product created successfully', 'success');
    await expectLocation(canvasElement, paths.products.edit(chechia.id));
    await expect(await canvas.findByRole('heading', { name: 'Edit Product' })).toBeVisible();
    await expect(await canvas.findByDisplayValue('Chéchia rouge')).toBeVisible();
    // The stock of the new simple product can be set here.
    await expectTypeLocked(canvasElement, 'simple');
    await expect(canvas.getByRole('button', { name: 'Update Product' })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: 'Create and continue editing' })).toBeNull();
    await expectNoUnsavedChangesDialog();
    const calls = await requests.waitFor('POST', CREATE);
    await expect(calls).toHaveLength(1);
    await expect(calls[0]!.body).toMatchObject({ name: 'Chéchia rouge', slug: 'chechia-rouge' });
  },
};

/** While it saves, both buttons wait and the one pressed says so; nothing navigates. */
export const CreateAndContinueSaving: Story = {
  parameters: mockedBy(productApi.create.loading()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillRequired(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Create and continue editing' }));
    await expect(await canvas.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Create Product' })).toBeDisabled();
    await expectLocation(canvasElement, '/admin/products/new');
  },
};

/** Invalid, it sends nothing and stays, like the main button. */
export const CreateAndContinueInvalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pickersLoaded(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Create and continue editing' }));
    await expect(await canvas.findByText('Product name is required')).toBeVisible();
    await expect(requests.to('POST', CREATE)).toHaveLength(0);
    await expectLocation(canvasElement, '/admin/products/new');
  },
};

export const CreateSaving: Story = {
  parameters: mockedBy(productApi.create.loading()),
  play: async ({ canvasElement }) => {
    const canvas = await createFilled(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Saving...' });
    await expect(button).toBeDisabled();
    await expect(field(canvasElement, /^Product Name/)).toBeDisabled();
    await expectLocation(canvasElement, '/admin/products/new');
  },
};

/** While media upload, the product cannot be saved (their URLs are not known yet). */
export const CreateWaitsForUploads: Story = {
  parameters: mockedBy(uploadApi.images.loading()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillRequired(canvasElement);
    const media = section(canvasElement, 'Product Media');
    await userEvent.upload(within(media).getByTestId('upload-image-input'), [
      new File(['jpeg'], 'chechia.jpg', { type: 'image/jpeg' }),
    ]);
    await expect(await within(media).findByText('Uploading...')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Create Product' })).toBeDisabled();
    await expect(canvas.getByText('Waiting for the uploads to finish...')).toBeVisible();
  },
};

/** The slug is taken: the server's detail in the toast; the form stays, usable. */
export const CreateConflict: Story = {
  parameters: mockedBy(
    productApi.create.error(409, 'A product with slug "chechia-rouge" already exists'),
  ),
  play: async ({ canvasElement }) => {
    const canvas = await createFilled(canvasElement);
    await expectToast('Error', 'A product with slug "chechia-rouge" already exists', 'error');
    await expectLocation(canvasElement, '/admin/products/new');
    await expect(canvas.getByRole('button', { name: 'Create Product' })).toBeEnabled();
    await expect(field(canvasElement, /^Product Name/)).toHaveValue('Chéchia rouge');
  },
};

/** A 422 list: readable in the toast, and next to the fields it names. */
export const CreateServerValidation: Story = {
  parameters: mockedBy(
    productApi.create.error(422, [
      bodyIssue('slug', 'This slug is reserved'),
      { loc: ['body', 'base_price'], msg: 'Must be at most 999999999.999', type: 'x' },
    ]),
  ),
  play: async ({ canvasElement }) => {
    const canvas = await createFilled(canvasElement);
    await expectToast(
      'Error',
      'slug: This slug is reserved; base_price: Must be at most 999999999.999',
      'error',
    );
    await expect(await canvas.findByText('This slug is reserved')).toBeVisible();
    await expect(canvas.getByText('Must be at most 999999999.999')).toBeVisible();
    await expect(field(canvasElement, /^Slug/)).toHaveAttribute('aria-invalid', 'true');
  },
};

/** The server refuses a VAT rate that is no longer in force: its detail in the toast. */
export const CreateExpiredRateRefused: Story = {
  parameters: mockedBy(
    productApi.create.error(422, [
      bodyIssue(
        'vat_rate_id',
        'VAT rate "TVA intermédiaire" expired on 2025-12-31 and cannot be assigned; choose a rate in force (such as its successor)',
      ),
    ]),
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillRequired(canvasElement);
    await userEvent.selectOptions(field(canvasElement, /^VAT Rate/), '2');
    await userEvent.click(canvas.getByRole('button', { name: 'Create Product' }));
    const [call] = await requests.waitFor('POST', '/api/v1/admin/products/');
    await expect(call?.body).toMatchObject({ vat_rate_id: 2 });
    await expectToast(
      'Error',
      'vat_rate_id: VAT rate "TVA intermédiaire" expired on 2025-12-31 and cannot be assigned; choose a rate in force (such as its successor)',
      'error',
    );
    await expectLocation(canvasElement, '/admin/products/new');
  },
};

/** Expired rates are not offered for a new product. */
export const ExpiredRatesNotOffered: Story = {
  parameters: mockedBy(vatRateApi.list(vatRatesLifecycle)),
  play: async ({ canvasElement }) => {
    await pickersLoaded(canvasElement);
    const options = () =>
      within(field(canvasElement, /^VAT Rate/))
        .getAllByRole('option')
        .map((o) => o.textContent ?? '');
    await waitFor(() => expect(options().join(' | ')).toContain('TVA 19 (19.00%, TN)'));
    await expect(options().some((o) => o.includes('TVA 25 (old)'))).toBe(false);
    await expect(options().some((o) => o.includes('TVA 13 (until 2025)'))).toBe(false);
    // Scheduled rates may be assigned (the product is sold once they start).
    await expect(options().some((o) => o.includes('TVA 30'))).toBe(true);
  },
};

export const CreateNetworkError: Story = {
  parameters: mockedBy(productApi.create.networkError()),
  play: async ({ canvasElement }) => {
    await createFilled(canvasElement);
    await expectToast('Error', 'Failed to save product', 'error');
    await expectLocation(canvasElement, '/admin/products/new');
  },
};

export const CancelGoesBack: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.type(field(canvasElement, /^Product Name/), 'Brouillon');
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Cancel' }));
    // The typed name would be lost: confirmed first (see ProductFormUnsavedChanges.stories).
    const dialog = await expectUnsavedChangesDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'Discard changes' }));
    await expectLocation(canvasElement, '/admin/products');
    await expect(requests.to('POST', CREATE)).toHaveLength(0);
  },
};

export const BackGoesBack: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Back' }));
    await expectLocation(canvasElement, '/admin/products');
  },
};

const noHorizontalScroll = async (canvasElement: HTMLElement) => {
  // Once the layout has settled (images and fonts in place), not at a guessed moment.
  await waitFor(() =>
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(
      document.documentElement.clientWidth,
    ),
  );
  await expect(canvasElement.ownerDocument.body.scrollWidth).toBeLessThanOrEqual(375);
};

export const CreateMobile: Story = {
  globals: { viewport: { value: 'mobile375' } },
  play: async ({ canvasElement }) => {
    await pickersLoaded(canvasElement);
    await noHorizontalScroll(canvasElement);
    const create = within(canvasElement).getByRole('button', { name: 'Create Product' });
    const cancel = within(canvasElement).getByRole('link', { name: 'Cancel' });
    const andContinue = within(canvasElement).getByRole('button', {
      name: 'Create and continue editing',
    });
    // Full-width buttons, the submit above 'Create and continue editing', above Cancel.
    await expect(create.getBoundingClientRect().top).toBeLessThan(
      andContinue.getBoundingClientRect().top,
    );
    await expect(andContinue.getBoundingClientRect().top).toBeLessThan(
      cancel.getBoundingClientRect().top,
    );
  },
};

/* ---------------- Edit ---------------- */

/** The story parameters of the edit page of product `id`, the mock API answering with `handler`. */
const editing = (id: number, handler: HttpHandler) => ({
  route: paths.products.edit(id),
  ...mockedBy(handler),
});

/**
 * The product type of an edited product: locked (with its note), and the slot of its kind shown
 * (the inventory card of a simple product, the variants manager of one with variants).
 */
async function expectTypeLocked(canvasElement: HTMLElement, kind: 'simple' | 'variants') {
  const type = section(canvasElement, 'Product Type & Inventory');
  const hasVariants = within(type).getByLabelText('This product has variants');
  await expect(hasVariants).toBeDisabled();
  if (kind === 'variants') await expect(hasVariants).toBeChecked();
  else await expect(hasVariants).not.toBeChecked();
  await expect(
    within(type).getByText('The product type cannot be changed after creation.'),
  ).toBeVisible();
  const [shown, hidden] =
    kind === 'simple'
      ? ['inventory-card-slot', 'variants-manager-slot']
      : ['variants-manager-slot', 'inventory-card-slot'];
  await expect(within(type).getByTestId(shown)).toBeInTheDocument();
  await expect(within(type).queryByTestId(hidden)).toBeNull();
  return type;
}

export const EditLoading: Story = {
  parameters: editing(2, productApi.get.loading()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Loading product...')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Update Product' })).toBeNull();
  },
};

/** A simple product: its values, the inventory card, the product type locked. */
export const EditSimpleProduct: Story = {
  parameters: { route: paths.products.edit(2) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const oil = products[1]!;
    await expect(await canvas.findByDisplayValue(oil.name)).toBeVisible();
    await expect(document.title).toBe('Edit Product · Store back office');
    await pickersLoaded(canvasElement);
    await expect(field(canvasElement, /^Slug/)).toHaveValue(oil.slug);
    await expect(field(canvasElement, /^Full Description/)).toHaveValue(oil.description);
    await expect(field(canvasElement, /^Category/)).toHaveValue('2');
    await expect(field(canvasElement, /^Base Price/)).toHaveValue(26.5);
    await expect(field(canvasElement, /^VAT Rate/)).toHaveValue('3');
    await expect(canvas.getByLabelText('Price includes VAT')).not.toBeChecked();
    await expect(canvas.getByTestId('gross-price')).toHaveTextContent('28.355 TND');
    await expect(field(canvasElement, /^Tags/)).toHaveValue('bio');
    const media = section(canvasElement, 'Product Media');
    await expect(within(media).getAllByTestId('media-item')).toHaveLength(1);
    await expect(within(media).getByText('Primary')).toBeVisible();
    // Product type: locked, with the note; the inventory card, not the variants manager.
    const type = await expectTypeLocked(canvasElement, 'simple');
    await expect(
      within(type).queryByText('Inventory and variants are managed after saving'),
    ).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Update Product' })).toBeEnabled();
  },
};

/** The edit form in Arabic: right to left, translated heading, the gross price in Arabic. */
export const Arabic: Story = {
  parameters: { route: paths.products.edit(2) },
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    await expectHeading(canvasElement, 'تعديل المنتج');
    await expectRightToLeft();
    const canvas = within(canvasElement);
    await canvas.findByDisplayValue(products[1]!.name);
    await waitFor(() =>
      expect(canvas.getByTestId('gross-price')).toHaveTextContent(localMoney('ar-TN', '28.355')),
    );
    await expect(canvas.getByRole('button', { name: 'تحديث المنتج' })).toBeVisible();
  },
};

export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await expectHeading(canvasElement, 'Créer le produit');
    await expect(section(canvasElement, 'Informations générales')).toBeVisible();
  },
};

export const Dark: Story = { ...EditSimpleProduct, globals: { theme: 'dark' } };

/** A product with variants shows the variants manager. */
export const EditVariantProduct: Story = {
  parameters: { route: paths.products.edit(1) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByDisplayValue(products[0]!.name)).toBeVisible();
    await expectTypeLocked(canvasElement, 'variants');
    const media = section(canvasElement, 'Product Media');
    const items = within(media).getAllByTestId('media-item');
    await expect(items.map((item) => item.getAttribute('data-url'))).toEqual(products[0]!.images);
    await expect(within(items[0]!).getByText('Primary')).toBeVisible();
  },
};

/** Update: the full product payload is PATCHed, then the toast and the list. */
export const EditUpdate: Story = {
  parameters: { route: paths.products.edit(4) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const plate = products[3]!;
    const name = await canvas.findByDisplayValue(plate.name);
    await pickersLoaded(canvasElement);
    await userEvent.clear(name);
    await userEvent.type(name, 'Assiette de Nabeul Ø 32 cm');
    // The stored slug was generated from the name, so it follows.
    await expect(field(canvasElement, /^Slug/)).toHaveValue('assiette-de-nabeul-32-cm');
    const price = field(canvasElement, /^Base Price/);
    await userEvent.clear(price);
    await userEvent.type(price, '41.5');
    await userEvent.type(field(canvasElement, /^Meta Description/), 'Faïence de Nabeul.');
    await userEvent.click(canvas.getByRole('button', { name: 'Update Product' }));
    await expectToast('Success', 'Product updated successfully', 'success');
    await expectLocation(canvasElement, '/admin/products');

    const [call] = await requests.waitFor('PATCH', product(4));
    await expect(call?.body).toEqual({
      name: 'Assiette de Nabeul Ø 32 cm',
      slug: 'assiette-de-nabeul-32-cm',
      description: plate.description,
      short_description: null,
      category_id: 4,
      brand: 'Poterie Kerkennah',
      base_price: '41.500',
      compare_at_price: null,
      vat_rate_id: 2,
      price_includes_vat: true,
      images: [],
      is_active: true,
      is_featured: false,
      meta_title: null,
      meta_description: 'Faïence de Nabeul.',
      tags: [],
    });
    await expect(requests.to('POST', CREATE)).toHaveLength(0);
  },
};

/** A simple product without a default variant: the card's settings go with the update. */
export const EditUpdateWithInventory: Story = {
  args: { inventoryCard: UnsavedInventoryCard },
  parameters: { route: paths.products.edit(5) },
  play: async ({ canvasElement }) => {
    const canvas = await editFormLoaded(canvasElement, products[4]!);
    // Pressing Enter inside the card must not submit the product.
    await userEvent.click(canvas.getByRole('button', { name: 'Set stock to 48' }));
    await userEvent.keyboard('{Enter}');
    // A submit would have sent its PATCH before a request sent now arrives: none was.
    await afterRequestsSentSoFar();
    await expect(requests.to('PATCH', product(5))).toHaveLength(0);
    await userEvent.click(canvas.getByRole('button', { name: 'Update Product' }));
    const [call] = await requests.waitFor('PATCH', product(5));
    await expect((call?.body as { inventory?: unknown }).inventory).toEqual({
      sku: 'HARISSA-200',
      stock_quantity: 48,
      low_stock_threshold: 10,
      track_inventory: true,
      allow_backorder: false,
    });
    await expect(call?.body).toMatchObject({ name: products[4]!.name, is_active: false });
    await expect(call?.body).not.toHaveProperty('has_variants');
    await expectToast('Success', 'Product updated successfully');
  },
};

/**
 * The product's inputs belong to the product form through their `form` attribute (Enter in one
 * submits it — the browser's implicit submission, which user-event does not model for this), while
 * whatever the variants manager renders stays outside it.
 */
export const EditFormOwnership: Story = {
  parameters: { route: paths.products.edit(3) },
  args: {
    variantsManager: () => (
      <input aria-label="Search by SKU, title, or barcode..." data-testid="manager-search" />
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = await canvas.findByDisplayValue<HTMLInputElement>(products[2]!.name);
    await pickersLoaded(canvasElement);
    const form = name.form!;
    await expect(form.id).toBe('product-form');
    const submit = canvas.getByRole<HTMLButtonElement>('button', { name: 'Update Product' });
    await expect(submit.form).toBe(form);
    for (const label of [/^Slug/, /^Full Description/, /^Category/, /^Base Price/, /^Meta Title/])
      await expect((field(canvasElement, label) as HTMLInputElement).form).toBe(form);
    await expect(canvas.getByTestId<HTMLInputElement>('manager-search').form).toBeNull();
    await userEvent.type(name, ' (édition limitée)');
    form.requestSubmit();
    const [call] = await requests.waitFor('PATCH', product(3));
    await expect((call?.body as { name: string }).name).toBe(
      `${products[2]!.name} (édition limitée)`,
    );
    // A product with variants never sends inventory settings.
    await expect(call?.body).not.toHaveProperty('inventory');
    await expectLocation(canvasElement, '/admin/products');
  },
};

export const EditUpdateFails: Story = {
  parameters: editing(4, productApi.update.networkError()),
  play: async ({ canvasElement }) => {
    const canvas = await editFormLoaded(canvasElement, products[3]!);
    await userEvent.click(canvas.getByRole('button', { name: 'Update Product' }));
    await expectToast('Error', 'Failed to save product', 'error');
    await expectLocation(canvasElement, '/admin/products/4');
    await expect(canvas.getByRole('button', { name: 'Update Product' })).toBeEnabled();
  },
};

const DELETE_FILES = '/api/v1/admin/uploads/files';

/** Removing an image only edits the form: Cancel leaves the product and its files as they were. */
export const RemoveImageThenCancel: Story = {
  parameters: { route: paths.products.edit(1) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByDisplayValue(products[0]!.name);
    const media = section(canvasElement, 'Product Media');
    await userEvent.click(within(media).getByRole('button', { name: 'Remove image 2' }));
    await waitFor(() =>
      expect(
        within(media)
          .getAllByTestId('media-item')
          .map((item) => item.getAttribute('data-url')),
      ).toEqual([products[0]!.images[0]]),
    );
    await userEvent.click(canvas.getByRole('link', { name: 'Cancel' }));
    // The removal is an unsaved change: confirmed first.
    const dialog = await expectUnsavedChangesDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'Discard changes' }));
    await expectLocation(canvasElement, '/admin/products');
    // Nothing was sent (what leaving sent would have arrived before a request sent now): no file
    // deleted, no product changed.
    await afterRequestsSentSoFar();
    await expect(requests.to('DELETE', DELETE_FILES)).toHaveLength(0);
    await expect(requests.to('PATCH', product(1))).toHaveLength(0);
  },
};

/** Saved without an image: the PATCH carries the remaining images; the server deletes the file. */
export const RemoveImageThenSave: Story = {
  parameters: { route: paths.products.edit(1) },
  play: async ({ canvasElement }) => {
    const canvas = await editFormLoaded(canvasElement, products[0]!);
    const media = section(canvasElement, 'Product Media');
    await userEvent.click(within(media).getByRole('button', { name: 'Remove image 1' }));
    await waitFor(() => expect(within(media).getAllByTestId('media-item')).toHaveLength(1));
    await userEvent.click(canvas.getByRole('button', { name: 'Update Product' }));
    const [call] = await requests.waitFor('PATCH', product(1));
    await expect((call?.body as { images: string[] }).images).toEqual([products[0]!.images[1]]);
    await expectToast('Success', 'Product updated successfully', 'success');
    await expect(requests.to('DELETE', DELETE_FILES)).toHaveLength(0);
  },
};

/** A product without a category (deleted for good) must get one before it can be saved. */
export const EditWithoutCategory: Story = {
  parameters: { route: paths.products.edit(6) },
  play: async ({ canvasElement }) => {
    const canvas = await editFormLoaded(canvasElement, products[5]!);
    await expect(field(canvasElement, /^Category/)).toHaveValue('');
    await userEvent.click(canvas.getByRole('button', { name: 'Update Product' }));
    await expect(await canvas.findByText('Category is required')).toBeVisible();
    await expect(requests.to('PATCH', product(6))).toHaveLength(0);
  },
};

/** The category picker's options: the prompt, then the active categories, sub ones under their parent. */
const ACTIVE_CATEGORY_OPTIONS = [
  'Select a category',
  'Maroquinerie',
  'Maroquinerie › Sacs',
  'Épicerie fine',
  'Vêtements',
  'Céramique',
];

/** The category picker offers the active categories only (Bougies is inactive), sub ones under their parent. */
export const CategoryPickerActiveOnly: Story = {
  play: async ({ canvasElement }) => {
    const [call] = await requests.waitFor('GET', CATEGORIES);
    await expect(call?.query).toEqual({});
    await expectPickerOptions(canvasElement, /^Category/, ACTIVE_CATEGORY_OPTIONS);
    await expect(categories.find((c) => c.name === 'Bougies')?.is_active).toBe(false);
  },
};

/** A product in a soft-deleted category: the picker names it as inactive and keeps it on save. */
export const EditInactiveCategory: Story = {
  parameters: editing(4, productApi.get({ ...products[3]!, category_id: 6 })),
  play: async ({ canvasElement }) => {
    const canvas = await editFormLoaded(canvasElement, products[3]!);
    const select = field(canvasElement, /^Category/) as HTMLSelectElement;
    await waitFor(() => expect(select).toHaveValue('6'));
    await expect(select.selectedOptions[0]?.text).toBe('Bougies (inactive)');
    // The other categories are offered as usual; the inactive one only because it is the product's.
    await expect([...select.options].map((option) => option.text)).toEqual([
      ...ACTIVE_CATEGORY_OPTIONS,
      'Bougies (inactive)',
    ]);
    await userEvent.click(canvas.getByRole('button', { name: 'Update Product' }));
    const [call] = await requests.waitFor('PATCH', product(4));
    await expect((call?.body as { category_id: number }).category_id).toBe(6);
    await expectToast('Success', 'Product updated successfully', 'success');
  },
};

export const EditNotFound: Story = {
  parameters: editing(999, productApi.get.error(404, 'Product not found')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Product not found')).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: 'Back to products' }));
    await expectLocation(canvasElement, '/admin/products');
  },
};

export const EditLoadFails: Story = {
  parameters: editing(2, productApi.get.error(403, 'Not enough permissions')),
  play: async ({ canvasElement }) => {
    const alert = await expectLoadErrorAlert(
      canvasElement,
      'Failed to load product',
      'Not enough permissions',
    );
    await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const EditMobile: Story = {
  parameters: { route: paths.products.edit(1) },
  globals: { viewport: { value: 'mobile375' } },
  play: async ({ canvasElement }) => {
    await editFormLoaded(canvasElement, products[0]!);
    await noHorizontalScroll(canvasElement);
    await expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  },
};
