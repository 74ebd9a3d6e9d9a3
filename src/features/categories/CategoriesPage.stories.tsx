import type { StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Category } from '@generated/model';
import { adminUser, categories as categoryFixtures } from '@mocks/fixtures';
import { categories } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import {
  cellTexts,
  dialog,
  dialogClosed,
  expectDialogFits,
  expectLoadErrorAlert,
  expectLoading,
  listScreen,
  replace,
  rowOf,
} from '@/testing/list-screen';
import {
  apiPath,
  expectLocation,
  expectToast,
  screen,
  expectScreenTitle,
  mockedBy,
} from '@/testing/story';
import { expectHeading, expectRightToLeft } from '@/testing/languages';
import { expectCard, expectInView, PHONE_GLOBALS } from '@/testing/phone-cards';
import { CategoriesPage } from './CategoriesPage';
import { adminScreenMeta } from '@/testing/admin-screen';
import { paths } from '@/lib/paths';

const categoriesScreen = adminScreenMeta(CategoriesPage, paths.categories.list);
/** Categories management of /admin/categories (docs/product.md §2) in the admin layout, over the mock API. */
const meta = { title: 'Categories/CategoriesPage', ...categoriesScreen };
export default meta;
type Story = StoryObj<typeof meta>;

const LIST = apiPath(categories.list);
/** The screen's list: every category, inactive (soft-deleted) ones included. */
const ADMIN_LIST = apiPath(categories.adminList);
const EMPTY = 'No categories found. Add your first category!';
const NONE = 'None (Top-level category)';

const byName = (name: string) => categoryFixtures.find((c) => c.name === name)!;

const {
  dataRows,
  waitForRows,
  openCreate: openAdd,
  openEdit,
  openDelete,
  answerDelete,
} = listScreen({
  table: 'Categories',
  dialogs: {
    add: 'Add Category',
    create: 'Add Category',
    edit: 'Edit Category',
    delete: 'Delete Category',
  },
});

/** The open form dialog (portalled), once its opening animation made it visible. */
const formDialog = (name: 'Add Category' | 'Edit Category') => dialog(name);

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

export const Filled: Story = {
  tags: ['visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expectScreenTitle(canvasElement, 'Categories');
    await expect(canvas.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Slug',
      'Description',
      'Status',
      'Actions',
    ]);
    // Inactive (soft-deleted) categories are listed too, marked Inactive.
    await expect(dataRows(canvasElement).map((row) => cellTexts(row).slice(0, 4))).toEqual(
      categoryFixtures.map((c) => [
        c.name,
        c.slug,
        c.description ?? '-',
        c.is_active ? 'Active' : 'Inactive',
      ]),
    );
    for (const category of categoryFixtures) {
      const row = rowOf(canvasElement, category.name);
      await expect(
        within(row).getByRole('button', { name: `Edit ${category.name}` }),
      ).toBeVisible();
      await expect(
        within(row).getByRole('button', { name: `Delete ${category.name}` }),
      ).toBeVisible();
    }
    await expect(canvas.getByTestId('category-count')).toHaveTextContent(
      `${categoryFixtures.length} categories`,
    );
    await expect(requests.to('GET', ADMIN_LIST)).toHaveLength(1);
    const [call] = requests.to('GET', ADMIN_LIST);
    await expect(call?.query).toEqual({});
    // Reactivate only on the inactive one.
    await expect(canvas.getAllByRole('button', { name: /^Reactivate / })).toHaveLength(1);
    await expect(
      within(rowOf(canvasElement, 'Bougies')).getByRole('button', { name: 'Reactivate Bougies' }),
    ).toBeVisible();
  },
};

/**
 * An inventory manager (catalogue:read, no categories:write) reads the categories: no Add, no
 * edit, delete or reactivate; /admin/categories?new opens no dialog.
 */
export const ReadOnlyForInventoryManager: Story = {
  parameters: {
    route: '/admin/categories?new',
    auth: { userType: 'admin', user: { ...adminUser, role: 'inventory_manager' } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expect(canvas.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Slug',
      'Description',
      'Status',
    ]);
    await expect(dataRows(canvasElement)).toHaveLength(categoryFixtures.length);
    await expect(canvas.queryByRole('button', { name: 'Add Category' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /^(Edit|Delete|Reactivate) / })).toBeNull();
    await expectLocation(canvasElement, '/admin/categories');
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

const longDescription =
  'Tapis tissés à la main à Kairouan, kilims berbères de Gafsa, margoums de Oudref et coussins ' +
  'brodés : chaque pièce est unique, teinte avec des pigments naturels et signée par son artisane.';
const withLongDescription: Category = {
  ...categoryFixtures[0]!,
  id: 30,
  name: 'Tapis',
  slug: 'tapis',
  description: longDescription,
};

/** A long description stays on one line, cut with an ellipsis; the whole text is its tooltip. */
/** Arabic: right to left, translated heading and count, the Add dialog in Arabic. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    await expectHeading(canvasElement, 'الفئات');
    await expectRightToLeft();
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('category-count')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'إضافة فئة' }));
    const form = await dialog('إضافة فئة');
    await expect(form.getByLabelText(/^اسم الفئة/)).toBeVisible();
  },
};

export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await expectHeading(canvasElement, 'Catégories');
    await expect(await within(canvasElement).findByTestId('category-count')).toHaveTextContent(
      `${categoryFixtures.length} catégories`,
    );
    // « Slug » is jargon a French shop owner does not use: the column and the field say what it is.
    await expect(
      within(canvasElement).getByRole('columnheader', { name: 'Identifiant d’URL' }),
    ).toBeVisible();
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Ajouter une catégorie' }),
    );
    const form = await dialog('Ajouter une catégorie');
    await expect(form.getByLabelText(/^Identifiant d’URL/)).toBeVisible();
  },
};

export const Dark: Story = { ...Filled, globals: { theme: 'dark' } };

export const TruncatedDescription: Story = {
  parameters: mockedBy(categories.adminList([withLongDescription])),
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    const cell = within(canvasElement).getByTestId('category-description');
    await expect(cell).toHaveTextContent(longDescription);
    await expect(cell).toHaveAttribute('title', longDescription);
    const style = getComputedStyle(cell);
    await expect(style.textOverflow).toBe('ellipsis');
    await expect(style.whiteSpace).toBe('nowrap');
    await expect(cell.scrollWidth).toBeGreaterThan(cell.clientWidth);
    // One line: the row is no taller than a row with a short description.
    await expect(cell.getBoundingClientRect().height).toBeLessThan(60);
  },
};

export const Empty: Story = {
  parameters: mockedBy(categories.adminList([])),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(EMPTY)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Add Category' })).toBeVisible();
    await expect(canvas.queryByTestId('category-count')).toBeNull();
  },
};

export const Loading: Story = {
  parameters: mockedBy(categories.adminList.loading()),
  play: ({ canvasElement }) => expectLoading(canvasElement, 'Loading categories...'),
};

export const LoadError: Story = {
  parameters: mockedBy(categories.adminList.error(500, 'Database unavailable')),
  play: async ({ canvasElement }) => {
    const alert = await expectLoadErrorAlert(
      canvasElement,
      'Failed to load categories',
      'Database unavailable',
    );
    await expect(within(canvasElement).queryByRole('table')).toBeNull();
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

/**
 * /admin/categories?new (the command palette's 'New category'): the screen opens with the Add
 * dialog, and the address drops '?new' so Back or a reload does not open it again.
 */
export const OpenedWithNew: Story = {
  parameters: { route: paths.categories.create },
  play: async ({ canvasElement }) => {
    const form = await formDialog('Add Category');
    await expect(form.getByLabelText(/Category Name/)).toHaveValue('');
    await expectLocation(canvasElement, paths.categories.list);
    await userEvent.click(form.getByRole('button', { name: 'Cancel' }));
    await dialogClosed('dialog');
    await waitForRows(canvasElement);
  },
};

/** The slug follows the name until it is edited by hand; clearing it hands it back. */
export const AddDialogSlugAutoGeneration: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    // The product description's labels, required ones starred.
    const labels = ['Category Name*', 'Slug*', 'Parent Category', 'Description', 'Image URL'];
    const form = screen.getByRole('dialog', { name: 'Add Category' });
    await expect(
      Array.from(form.querySelectorAll('label'), (label) => label.textContent).filter((text) =>
        labels.includes(text ?? ''),
      ),
    ).toEqual(labels);
    const slug = dialog.getByLabelText(/^Slug/);
    await userEvent.type(dialog.getByLabelText(/Category Name/), 'Épicerie Fine & Co');
    await expect(slug).toHaveValue('epicerie-fine-co');
    // Edited by hand: the name no longer drives it.
    await replace(dialog, /^Slug/, 'gourmet');
    await userEvent.type(dialog.getByLabelText(/Category Name/), ' 2');
    await expect(slug).toHaveValue('gourmet');
    // Cleared: generated again from the name.
    await userEvent.clear(slug);
    await userEvent.type(dialog.getByLabelText(/Category Name/), '5');
    await expect(slug).toHaveValue('epicerie-fine-co-25');
    // Cancel closes without a request.
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await dialogClosed('dialog');
    await expect(requests.to('POST', LIST)).toHaveLength(0);
  },
};

export const RequiredFields: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await dialog.findByText('Category name is required')).toBeVisible();
    await expect(dialog.getByText('Slug is required')).toBeVisible();
    await expect(dialog.getByLabelText(/Category Name/)).toHaveAttribute('aria-invalid', 'true');
    await expect(requests.to('POST', LIST)).toHaveLength(0);
    // A slug typed by hand must be URL-safe.
    await userEvent.type(dialog.getByLabelText(/Category Name/), 'Sacs');
    await replace(dialog, /^Slug/, 'Sacs en cuir');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(
      await dialog.findByText('Slug may only contain lowercase letters, numbers and hyphens'),
    ).toBeVisible();
    await expect(requests.to('POST', LIST)).toHaveLength(0);
  },
};

export const ImageUrlValidation: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    const url = dialog.getByLabelText('Image URL');
    await expect(url).toHaveAttribute('type', 'url');
    await userEvent.type(dialog.getByLabelText(/Category Name/), 'Tapis');
    await userEvent.type(url, 'tapis.jpg');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await dialog.findByText('Please enter a valid URL')).toBeVisible();
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    await expect(requests.to('POST', LIST)).toHaveLength(0);
    // A real URL clears the message.
    await replace(dialog, 'Image URL', 'https://cdn.dar-el-jeld.tn/categories/tapis.jpg');
    await waitFor(() => expect(dialog.queryByText('Please enter a valid URL')).toBeNull());
  },
};

/** The parent picker: 'None' first, every other category, never the edited one (nor its children). */
export const ParentPicker: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    let dialog = await openAdd(canvasElement);
    let select = dialog.getByLabelText('Parent Category');
    await expect(select).toHaveValue('');
    await expect(optionTexts(select)).toEqual([NONE, ...categoryFixtures.map((c) => c.name)]);
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await dialogClosed('dialog');

    // Maroquinerie (id 1) is the parent of Sacs: neither is offered.
    dialog = await openEdit(canvasElement, 'Maroquinerie');
    select = dialog.getByLabelText('Parent Category');
    await expect(optionTexts(select)).toEqual([
      NONE,
      ...categoryFixtures.filter((c) => c.id !== 1 && c.parent_id !== 1).map((c) => c.name),
    ]);
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await dialogClosed('dialog');

    // Sacs shows its parent and is absent from its own list.
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Sacs' }));
    dialog = await formDialog('Edit Category');
    select = dialog.getByLabelText('Parent Category');
    await expect(select).toHaveValue('1');
    await expect(optionTexts(select)).not.toContain('Sacs');
    await expect(optionTexts(select)).toContain('Maroquinerie');
  },
};

export const CreateCategory: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    await userEvent.type(dialog.getByLabelText(/Category Name/), '  Sacs à main ');
    await userEvent.selectOptions(dialog.getByLabelText('Parent Category'), 'Maroquinerie');
    await userEvent.type(dialog.getByLabelText('Description'), 'Cabas et pochettes en cuir.');
    await userEvent.type(
      dialog.getByLabelText('Image URL'),
      'https://cdn.dar-el-jeld.tn/categories/sacs-a-main.jpg',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    const [call] = await requests.waitFor('POST', LIST);
    await expect(call?.body).toEqual({
      name: 'Sacs à main',
      slug: 'sacs-a-main',
      description: 'Cabas et pochettes en cuir.',
      image_url: 'https://cdn.dar-el-jeld.tn/categories/sacs-a-main.jpg',
      parent_id: 1,
      is_active: true,
      display_order: 0,
    });
    await expectToast('Success', 'Category created successfully', 'success');
    await dialogClosed('dialog');
    // The list is loaded again.
    await requests.waitFor('GET', ADMIN_LIST, { count: 2 });
  },
};

/** Optional fields left empty are sent as null. */
export const CreateMinimal: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    await userEvent.type(dialog.getByLabelText(/Category Name/), 'Bijoux');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    const [call] = await requests.waitFor('POST', LIST);
    await expect(call?.body).toEqual({
      name: 'Bijoux',
      slug: 'bijoux',
      description: null,
      image_url: null,
      parent_id: null,
      is_active: true,
      display_order: 0,
    });
    await expectToast('Success', 'Category created successfully');
  },
};

export const EditCategory: Story = {
  play: async ({ canvasElement }) => {
    const ceramique = byName('Céramique');
    const dialog = await openEdit(canvasElement, 'Céramique');
    await expect(dialog.getByLabelText(/Category Name/)).toHaveValue(ceramique.name);
    await expect(dialog.getByLabelText(/^Slug/)).toHaveValue(ceramique.slug);
    await expect(dialog.getByLabelText('Description')).toHaveValue(ceramique.description);
    await expect(dialog.getByLabelText('Image URL')).toHaveValue(ceramique.image_url);
    await expect(dialog.getByLabelText('Parent Category')).toHaveValue('');
    // Renaming keeps the existing slug (the category's address).
    await userEvent.type(dialog.getByLabelText(/Category Name/), ' de Nabeul');
    await expect(dialog.getByLabelText(/^Slug/)).toHaveValue('ceramique');
    await userEvent.clear(dialog.getByLabelText('Image URL'));
    await userEvent.click(dialog.getByRole('button', { name: 'Update' }));
    const [call] = await requests.waitFor('PATCH', `${LIST}${ceramique.id}`);
    await expect(call?.body).toEqual({
      name: 'Céramique de Nabeul',
      slug: 'ceramique',
      description: ceramique.description,
      image_url: null,
      parent_id: null,
      is_active: true,
      display_order: ceramique.display_order,
    });
    await expectToast('Success', 'Category updated successfully', 'success');
    await dialogClosed('dialog');
    await requests.waitFor('GET', ADMIN_LIST, { count: 2 });
  },
};

export const SoftDelete: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDelete(canvasElement, 'Maroquinerie');
    await expect(dialog.getByText('How do you want to delete "Maroquinerie"?')).toBeVisible();
    await expect(dialog.getByText('Soft Delete (recommended)')).toBeVisible();
    await expect(dialog.getByText('Force Delete (permanent)')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Soft Delete' }));
    await requests.waitFor('DELETE', `${LIST}1`);
    await expectToast('Success', 'Category deactivated (soft delete)', 'success');
    await dialogClosed('alertdialog');
    await expect(requests.to('DELETE', `${LIST}1/force`)).toHaveLength(0);
    await requests.waitFor('GET', ADMIN_LIST, { count: 2 });
  },
};

/** After a soft delete the reloaded list still shows the category, now Inactive and reactivatable. */
export const SoftDeletedStaysListed: Story = {
  parameters: mockedBy(
    categories.adminList.reply(() =>
      HttpResponse.json(
        categoryFixtures.map((c) =>
          c.id === 1 && requests.to('DELETE', `${LIST}1`).length > 0
            ? { ...c, is_active: false }
            : c,
        ),
      ),
    ),
  ),
  play: async ({ canvasElement }) => {
    await answerDelete(canvasElement, 'Maroquinerie', 'Soft Delete');
    await requests.waitFor('DELETE', `${LIST}1`);
    await dialogClosed('alertdialog');
    await requests.waitFor('GET', ADMIN_LIST, { count: 2 });
    const row = () => rowOf(canvasElement, 'Maroquinerie');
    await waitFor(() => expect(cellTexts(row())[3]).toBe('Inactive'));
    await expect(
      within(row()).getByRole('button', { name: 'Reactivate Maroquinerie' }),
    ).toBeVisible();
  },
};

/** The status filter narrows the table to the active or the inactive categories. */
export const StatusFilter: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    const filter = canvas.getByLabelText('Status filter');
    await expect(filter).toHaveValue('all');
    await expect(optionTexts(filter)).toEqual(['All statuses', 'Active', 'Inactive']);
    const names = () => dataRows(canvasElement).map((row) => cellTexts(row)[0]);

    await userEvent.selectOptions(filter, 'inactive');
    await waitFor(() => expect(names()).toEqual(['Bougies']));
    await expect(cellTexts(dataRows(canvasElement)[0]!)[3]).toBe('Inactive');
    await expect(canvas.getByTestId('category-count')).toHaveTextContent('1 category');

    await userEvent.selectOptions(filter, 'active');
    await waitFor(() =>
      expect(names()).toEqual(categoryFixtures.filter((c) => c.is_active).map((c) => c.name)),
    );
    await expect(canvas.queryAllByRole('button', { name: /^Reactivate / })).toHaveLength(0);

    await userEvent.selectOptions(filter, 'all');
    await waitFor(() => expect(names()).toHaveLength(categoryFixtures.length));
    // Filtering happens on the loaded list: no other request.
    await expect(requests.to('GET', ADMIN_LIST)).toHaveLength(1);
  },
};

/** No inactive category: the filter says so (the list itself is not empty). */
export const StatusFilterNoInactive: Story = {
  parameters: mockedBy(categories.adminList(categoryFixtures.filter((c) => c.is_active))),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await userEvent.selectOptions(canvas.getByLabelText('Status filter'), 'inactive');
    await expect(await canvas.findByText('No inactive categories.')).toBeVisible();
    await expect(canvas.queryByText(EMPTY)).toBeNull();
    await expect(canvas.queryByTestId('category-count')).toBeNull();
  },
};

/** Reactivate: PATCH is_active true, the toast, the list reloaded. */
export const Reactivate: Story = {
  parameters: mockedBy(categories.update.delayed(400)),
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    const button = within(rowOf(canvasElement, 'Bougies')).getByRole('button', {
      name: 'Reactivate Bougies',
    });
    await userEvent.click(button);
    const [call] = await requests.waitFor('PATCH', `${LIST}6`);
    await expect(call?.body).toEqual({ is_active: true });
    await waitFor(() => expect(button).toBeDisabled());
    await expectToast('Success', 'Category reactivated', 'success');
    await requests.waitFor('GET', ADMIN_LIST, { count: 2 });
    await expect(requests.to('PATCH', /\/categories\//)).toHaveLength(1);
  },
};

export const ReactivateFails: Story = {
  parameters: mockedBy(categories.update.error(409, 'Slug already exists')),
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Reactivate Bougies' }),
    );
    await requests.waitFor('PATCH', `${LIST}6`);
    await expectToast('Error', 'Slug already exists', 'error');
    await expect(
      within(canvasElement).getByRole('button', { name: 'Reactivate Bougies' }),
    ).toBeEnabled();
    await expect(requests.to('GET', ADMIN_LIST)).toHaveLength(1);
  },
};

/** Editing an inactive category keeps it inactive: reactivating is its own action. */
export const EditInactiveKeepsStatus: Story = {
  play: async ({ canvasElement }) => {
    const bougies = byName('Bougies');
    const dialog = await openEdit(canvasElement, 'Bougies');
    await userEvent.type(dialog.getByLabelText('Description'), ' Dernières pièces.');
    await userEvent.click(dialog.getByRole('button', { name: 'Update' }));
    const [call] = await requests.waitFor('PATCH', `${LIST}${bougies.id}`);
    await expect(call?.body).toEqual({
      name: 'Bougies',
      slug: 'bougies',
      description: 'Collection arrêtée. Dernières pièces.',
      image_url: null,
      parent_id: null,
      is_active: false,
      display_order: bougies.display_order,
    });
    await expectToast('Success', 'Category updated successfully', 'success');
  },
};

export const ForceDelete: Story = {
  play: async ({ canvasElement }) => {
    // Bougies is inactive (already soft deleted): only Force Delete is offered.
    const dialog = await openDelete(canvasElement, 'Bougies');
    await expect(
      dialog.getByText(
        'This category is already inactive (soft deleted). Reactivate it from the list, or delete it permanently.',
      ),
    ).toBeVisible();
    await expect(dialog.queryByRole('button', { name: 'Soft Delete' })).toBeNull();
    await expect(dialog.queryByText('Soft Delete (recommended)')).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Force Delete' }));
    await requests.waitFor('DELETE', `${LIST}6/force`);
    await expectToast('Success', 'Category permanently deleted', 'success');
    await dialogClosed('alertdialog');
    await expect(requests.to('DELETE', `${LIST}6`)).toHaveLength(0);
  },
};

export const DeleteCancelled: Story = {
  play: async ({ canvasElement }) => {
    await answerDelete(canvasElement, 'Vêtements', 'Cancel');
    await dialogClosed('alertdialog');
    await expect(requests.to('DELETE', /\/categories\//)).toHaveLength(0);
  },
};

/** The server's detail is the toast; the dialog stays open with what was typed. */
export const SaveServerError: Story = {
  parameters: mockedBy(categories.create.error(409, 'Slug already exists')),
  play: async ({ canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    await userEvent.type(dialog.getByLabelText(/Category Name/), 'Sacs');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await requests.waitFor('POST', LIST);
    await expectToast('Error', 'Slug already exists', 'error');
    await expect(screen.getByRole('dialog', { name: 'Add Category' })).toBeVisible();
    await expect(dialog.getByLabelText(/Category Name/)).toHaveValue('Sacs');
    await expect(dialog.getByRole('button', { name: 'Create' })).toBeEnabled();
  },
};

/** Without a detail, the error's own message ('Network error'). */
export const UpdateNetworkError: Story = {
  parameters: mockedBy(categories.update.networkError()),
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'Vêtements');
    await userEvent.click(dialog.getByRole('button', { name: 'Update' }));
    await requests.waitFor('PATCH', `${LIST}3`);
    await expectToast('Error', 'Network error', 'error');
  },
};

export const DeleteServerError: Story = {
  parameters: mockedBy(categories.forceDelete.error(404, 'Category not found')),
  play: async ({ canvasElement }) => {
    await answerDelete(canvasElement, 'Épicerie fine', 'Force Delete');
    await requests.waitFor('DELETE', `${LIST}2/force`);
    await expectToast('Error', 'Category not found', 'error');
    await dialogClosed('alertdialog');
  },
};

export const Mobile: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Add Category' })).toBeVisible();
    // Each category is a card (docs/product.md §2): name, slug, description and status in view.
    const ceramique = byName('Céramique');
    const card = await expectCard(canvasElement, {
      table: 'Categories',
      name: ceramique.name,
      fields: [ceramique.name, ceramique.slug, ceramique.description!, 'Active', ''],
    });
    const edit = within(card).getByRole('button', { name: 'Edit Céramique' });
    await expectInView(edit);
    await expectInView(within(card).getByRole('button', { name: 'Delete Céramique' }));
    await userEvent.click(edit);
    const form = await formDialog('Edit Category');
    await expect(form.getByDisplayValue(ceramique.name)).toBeVisible();
    await userEvent.click(form.getByRole('button', { name: 'Close' }));
    await dialogClosed('dialog');
    // The dialog fills the screen and its buttons are reachable.
    await expectDialogFits(canvasElement, {
      button: 'Add Category',
      name: 'Add Category',
      submit: 'Create',
    });
  },
};
