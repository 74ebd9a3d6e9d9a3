import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminUser, products } from '@mocks/fixtures';
import { products as productApi, uploads as uploadApi } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { currentLocation, expectLocation, expectToast, mockedBy } from '@/testing/story';
import {
  beforeUnloadPrevented,
  browserBack,
  expectNoUnsavedChangesDialog,
  expectUnsavedChangesDialog,
  sidebarLink,
} from '@/testing/unsaved-changes';

type UnsavedChangesDialog = Awaited<ReturnType<typeof expectUnsavedChangesDialog>>;
import { ProductFormPage } from './ProductFormPage';
import { ProductFormScreen } from './story-screen';
import { UnsavedInventoryCard } from './story-inventory-card';
import { paths } from '@/lib/paths';

/** Leaving the product form with unsaved changes asks first (links, Back, closing the tab). */
const meta = {
  title: 'Products/ProductForm/Unsaved changes',
  component: ProductFormPage,
  render: (args) => <ProductFormScreen {...args} />,
  parameters: { route: paths.products.edit(4), auth: { userType: 'admin', user: adminUser } },
} satisfies Meta<typeof ProductFormPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const EDIT = paths.products.edit(4);
const plate = products[3]!;

const main = (canvasElement: HTMLElement) => within(canvasElement.querySelector('main')!);
const nameField = (canvasElement: HTMLElement) =>
  main(canvasElement).getByLabelText(/^Product Name/);

/** The edit form, loaded, its pickers filled. */
async function editFormLoaded(canvasElement: HTMLElement) {
  await main(canvasElement).findByDisplayValue(plate.name);
  await waitFor(() => expect(main(canvasElement).getByLabelText(/^VAT Rate/)).toBeEnabled());
  await waitFor(() => expect(main(canvasElement).getByLabelText(/^Category/)).toBeEnabled());
}

async function renameProduct(canvasElement: HTMLElement) {
  await editFormLoaded(canvasElement);
  await userEvent.type(nameField(canvasElement), ' XL');
}

/** The new-product form, its default VAT rate preselected. */
async function newFormReady(canvasElement: HTMLElement) {
  await waitFor(() => expect(main(canvasElement).getByLabelText(/^VAT Rate/)).toHaveValue('1'));
}

/** Stay on page: the confirmation goes and the edit form stays where it was. */
async function stay(canvasElement: HTMLElement, confirmation: UnsavedChangesDialog) {
  await userEvent.click(confirmation.getByRole('button', { name: 'Stay on page' }));
  await expectNoUnsavedChangesDialog();
  await expect(currentLocation(canvasElement)).toBe(EDIT);
}

/** A sidebar link (Orders) leaves at once, asking nothing. */
async function leavesWithoutAsking(canvasElement: HTMLElement) {
  await userEvent.click(sidebarLink(canvasElement, 'Orders'));
  await expectLocation(canvasElement, '/admin/orders');
  await expectNoUnsavedChangesDialog();
}

/** A sidebar link with a changed name: asked; Stay keeps page and name; Discard leaves. */
export const LinkAsksWhenChanged: Story = {
  play: async ({ canvasElement }) => {
    await renameProduct(canvasElement);
    await userEvent.click(sidebarLink(canvasElement, 'Categories'));
    let dialog = await expectUnsavedChangesDialog();
    await expect(currentLocation(canvasElement)).toBe(EDIT);

    await stay(canvasElement, dialog);
    await expect(nameField(canvasElement)).toHaveValue(`${plate.name} XL`);

    await userEvent.click(sidebarLink(canvasElement, 'Categories'));
    dialog = await expectUnsavedChangesDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'Discard changes' }));
    await expectLocation(canvasElement, '/admin/categories');
    await expectNoUnsavedChangesDialog();
    await expect(requests.to('PATCH', `/api/v1/admin/products/4`)).toHaveLength(0);
    // Nothing is left to protect.
    await expect(beforeUnloadPrevented()).toBe(false);
  },
};

/** The form's own Cancel (a link back to the list) asks too; Escape means stay. */
export const CancelAsksWhenChanged: Story = {
  parameters: { route: paths.products.create },
  play: async ({ canvasElement }) => {
    await newFormReady(canvasElement);
    await userEvent.type(nameField(canvasElement), 'Brouillon');
    await userEvent.click(main(canvasElement).getByRole('link', { name: 'Cancel' }));
    await expectUnsavedChangesDialog();
    await userEvent.keyboard('{Escape}');
    await expectNoUnsavedChangesDialog();
    await expect(currentLocation(canvasElement)).toBe('/admin/products/new');
    await expect(nameField(canvasElement)).toHaveValue('Brouillon');

    await userEvent.click(main(canvasElement).getByRole('link', { name: 'Back' }));
    const dialog = await expectUnsavedChangesDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'Discard changes' }));
    await expectLocation(canvasElement, '/admin/products');
    await expect(requests.to('POST', '/api/v1/admin/products/')).toHaveLength(0);
  },
};

/** Nothing changed (the preselected VAT rate is no change): links leave at once. */
export const UnchangedLeavesWithoutAsking: Story = {
  parameters: { route: paths.products.create },
  play: async ({ canvasElement }) => {
    await newFormReady(canvasElement);
    await expect(beforeUnloadPrevented()).toBe(false);
    await leavesWithoutAsking(canvasElement);
  },
};

/** Typed then undone: nothing to lose, nothing asked. */
export const ChangeUndoneLeavesWithoutAsking: Story = {
  play: async ({ canvasElement }) => {
    await renameProduct(canvasElement);
    await expect(beforeUnloadPrevented()).toBe(true);
    await userEvent.type(nameField(canvasElement), '{Backspace}{Backspace}{Backspace}');
    await expect(nameField(canvasElement)).toHaveValue(plate.name);
    await expect(beforeUnloadPrevented()).toBe(false);
    await leavesWithoutAsking(canvasElement);
  },
};

/** The browser's Back button with a changed name: asked, and Stay keeps page and name. */
export const BrowserBackAsksWhenChanged: Story = {
  play: async ({ canvasElement }) => {
    await renameProduct(canvasElement);
    browserBack();
    const dialog = await expectUnsavedChangesDialog();
    await expect(currentLocation(canvasElement)).toBe(EDIT);
    await stay(canvasElement, dialog);
    await expect(nameField(canvasElement)).toHaveValue(`${plate.name} XL`);
    // Back again: asked again.
    browserBack();
    const again = await expectUnsavedChangesDialog();
    await userEvent.click(again.getByRole('button', { name: 'Stay on page' }));
    await expectNoUnsavedChangesDialog();
    await expect(nameField(canvasElement)).toHaveValue(`${plate.name} XL`);
  },
};

/** Closing or reloading the tab: the browser's own prompt only when something would be lost. */
export const BeforeUnloadOnlyWhenChanged: Story = {
  play: async ({ canvasElement }) => {
    await editFormLoaded(canvasElement);
    await expect(beforeUnloadPrevented()).toBe(false);
    await userEvent.click(main(canvasElement).getByLabelText('Featured'));
    await expect(beforeUnloadPrevented()).toBe(true);
  },
};

/** Saved: the form goes back to the list without asking, and nothing is protected any more. */
export const SaveLeavesWithoutAsking: Story = {
  play: async ({ canvasElement }) => {
    await renameProduct(canvasElement);
    await userEvent.click(main(canvasElement).getByRole('button', { name: 'Update Product' }));
    await expectToast('Success', 'Product updated successfully');
    await expectLocation(canvasElement, '/admin/products');
    await expectNoUnsavedChangesDialog();
    await expect(beforeUnloadPrevented()).toBe(false);
    await leavesWithoutAsking(canvasElement);
  },
};

/** A failed save keeps the changes protected. */
export const FailedSaveStillAsks: Story = {
  parameters: mockedBy(productApi.update.error(500, 'Database unavailable')),
  play: async ({ canvasElement }) => {
    await renameProduct(canvasElement);
    await userEvent.click(main(canvasElement).getByRole('button', { name: 'Update Product' }));
    await expectToast('Error', 'Database unavailable');
    await userEvent.click(sidebarLink(canvasElement, 'Orders'));
    await expectUnsavedChangesDialog();
    await expect(currentLocation(canvasElement)).toBe(EDIT);
  },
};

/** An image still uploading is unsaved media: leaving asks. */
export const UploadUnderWayAsks: Story = {
  parameters: mockedBy(uploadApi.images.loading()),
  play: async ({ canvasElement }) => {
    await editFormLoaded(canvasElement);
    const media = within(canvasElement).getByRole('region', { name: 'Product Media' });
    await userEvent.upload(within(media).getByTestId('upload-image-input'), [
      new File(['jpeg'], 'plate.jpg', { type: 'image/jpeg' }),
    ]);
    await expect(await within(media).findByText('Uploading...')).toBeVisible();
    await userEvent.click(sidebarLink(canvasElement, 'Orders'));
    await expectUnsavedChangesDialog();
    await expect(currentLocation(canvasElement)).toBe(EDIT);
  },
};

/** Inventory settings waiting for the product save are unsaved changes too. */
export const UnsavedInventoryAsks: Story = {
  args: { inventoryCard: UnsavedInventoryCard },
  parameters: { route: paths.products.edit(5) },
  play: async ({ canvasElement }) => {
    await main(canvasElement).findByDisplayValue(products[4]!.name);
    await expect(beforeUnloadPrevented()).toBe(false);
    await userEvent.click(main(canvasElement).getByRole('button', { name: 'Set stock to 48' }));
    await userEvent.click(sidebarLink(canvasElement, 'Orders'));
    await expectUnsavedChangesDialog();
    await expect(currentLocation(canvasElement)).toBe('/admin/products/5');
  },
};

/** Signing out with a changed name: asked; Stay keeps page and session; Discard signs out. */
export const LogoutAsksWhenChanged: Story = {
  play: async ({ canvasElement }) => {
    await renameProduct(canvasElement);
    const logoutButton = within(canvasElement).getByRole('button', { name: 'Logout' });
    await userEvent.click(logoutButton);
    let dialog = await expectUnsavedChangesDialog();
    await stay(canvasElement, dialog);
    await expect(localStorage.getItem('access_token')).not.toBeNull();
    await expect(nameField(canvasElement)).toHaveValue(`${plate.name} XL`);

    await userEvent.click(logoutButton);
    dialog = await expectUnsavedChangesDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'Discard changes' }));
    // One answer is enough: the sign-out's own navigation is not asked about again.
    await expectLocation(canvasElement, '/auth');
    await expectNoUnsavedChangesDialog();
    await expect(localStorage.getItem('access_token')).toBeNull();
  },
};
