// Unsaved changes are never lost silently, on the real server and the built console (browser
// history, not the stories' memory router): a changed product name makes a sidebar link and the
// Back button ask ('Stay on page' keeps everything), 'Discard changes' leaves, and a save leaves
// for the list without asking; once a dialog's changes are discarded, Back leaves at once.
import { expect, test, type Page } from './fixtures';
import { adminToken, api, baseURL } from './api';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './server';

const CONFIRM = 'Discard unsaved changes?';
const TEXT = 'You have unsaved changes. If you leave this page, they will be lost.';

interface Product {
  id: number;
  name: string;
}

async function signIn(page: Page) {
  await page.goto(`${baseURL()}/auth`);
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Management' }).getByRole('link', { name });

async function confirmation(page: Page) {
  const dialog = page.getByRole('alertdialog', { name: CONFIRM });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(TEXT, { exact: true })).toBeVisible();
  return dialog;
}

test('a changed product asks before a link or Back leaves it, and a save leaves without asking', async ({
  page,
}) => {
  const token = await adminToken();
  const category = await api<{ id: number }>(token, 'POST', '/categories/', {
    name: 'Guard Poterie',
    slug: 'guard-poterie',
  });
  const [rate] = await api<{ id: number }[]>(token, 'GET', '/admin/vat-rates/');
  const product = await api<Product>(token, 'POST', '/admin/products/', {
    name: 'Jarre de Guellala',
    slug: 'jarre-de-guellala',
    description: 'Jarre en terre cuite de Djerba.',
    category_id: category.id,
    base_price: '120.000',
    vat_rate_id: rate!.id,
  });
  const formUrl = new RegExp(`/admin/products/${product.id}$`);

  await signIn(page);
  // Through the console (browser history): Products, then the product's form.
  await sidebarLink(page, 'Products').click();
  await page.getByRole('link', { name: `Edit ${product.name}` }).click();
  await expect(page).toHaveURL(formUrl);
  const main = page.getByRole('main');
  const name = main.getByLabel(/^Product Name/);
  await expect(name).toHaveValue(product.name);
  await name.fill('Jarre de Guellala XL');

  // A sidebar link: asked; Stay keeps the page and the name.
  await sidebarLink(page, 'Orders').click();
  let dialog = await confirmation(page);
  await expect(page).toHaveURL(formUrl);
  await dialog.getByRole('button', { name: 'Stay on page' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(formUrl);
  await expect(name).toHaveValue('Jarre de Guellala XL');

  // Back: the address is restored and the user asked; Stay keeps everything.
  await page.evaluate(() => history.back());
  dialog = await confirmation(page);
  await expect(page).toHaveURL(formUrl);
  await dialog.getByRole('button', { name: 'Stay on page' }).click();
  await expect(dialog).toBeHidden();
  await expect(name).toHaveValue('Jarre de Guellala XL');

  // Several entries back at once (the Back button's history menu): /admin. Undone as well, the
  // form still there behind the dialog (which hides the rest from the accessibility tree).
  await page.evaluate(() => history.go(-3));
  dialog = await confirmation(page);
  await expect(page).toHaveURL(formUrl);
  await expect(page.locator('input[name="name"]')).toHaveValue('Jarre de Guellala XL');
  await dialog.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('alertdialog', { name: CONFIRM })).toHaveCount(0);

  // The list, then the form again; change, save: back to the list, nothing asked.
  await sidebarLink(page, 'Products').click();
  await page.getByRole('link', { name: `Edit ${product.name}` }).click();
  await expect(name).toHaveValue(product.name);
  await name.fill('Jarre de Guellala XL');
  await sidebarLink(page, 'Categories').click();
  dialog = await confirmation(page);
  await dialog.getByRole('button', { name: 'Stay on page' }).click();
  await expect(dialog).toBeHidden();
  await main.getByRole('button', { name: 'Update Product' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(page.getByText('Product updated successfully')).toBeVisible();
  await expect(page.getByRole('alertdialog', { name: CONFIRM })).toHaveCount(0);
  expect((await api<Product>(token, 'GET', `/admin/products/${product.id}`)).name).toBe(
    'Jarre de Guellala XL',
  );
  // Leaving the list asks nothing either.
  await sidebarLink(page, 'Orders').click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole('alertdialog', { name: CONFIRM })).toHaveCount(0);

  // A dialog's changes discarded by Cancel: closed, and Back then leaves the page at once.
  await sidebarLink(page, 'Categories').click();
  await page.getByRole('button', { name: 'Add Category' }).click();
  const form = page.getByRole('dialog', { name: 'Add Category' });
  await form.getByLabel(/Category Name/).fill('Verrerie');
  await form.getByRole('button', { name: 'Cancel' }).click();
  dialog = await confirmation(page);
  await dialog.getByRole('button', { name: 'Discard changes' }).click();
  await expect(form).toBeHidden();
  await page.evaluate(() => history.back());
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole('alertdialog', { name: CONFIRM })).toHaveCount(0);
});
