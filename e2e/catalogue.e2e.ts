// The catalogue, end to end against the real server: a product with variants created through the
// console (slug, pickers, two uploaded PNGs reordered), one image removed (Cancel keeps its file,
// Update deletes it), its variants added, stock adjusted (and refused), one variant deleted, then
// sign-out. Every step is checked through the API as well.
import { expect, test, type Locator, type Page, type Response } from './fixtures';
import { crc32, deflateSync } from 'node:zlib';
import { adminToken, api, baseURL } from './api';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './server';

interface Category {
  id: number;
  name: string;
}
interface VatRate {
  id: number;
  name: string;
}
interface Product {
  id: number;
  name: string;
  slug: string;
  description: string;
  category_id: number | null;
  has_variants: boolean;
  base_price: string;
  compare_at_price: string | null;
  price_incl_vat: string;
  vat_rate_id: number;
  vat_rate: number;
  price_includes_vat: boolean;
  images: string[];
  is_active: boolean;
}
interface Variant {
  id: number;
  product_id: number;
  sku: string;
  variant_title: string;
  option_values: Record<string, string>;
  price: string;
  cost_price: string;
  stock_quantity: number;
  track_inventory: boolean;
}
interface VariantInput {
  sku: string;
  title: string;
  price: string;
  cost: string;
  stock: number;
  option: readonly [string, string];
}
interface VariantPage {
  items: Variant[];
  total: number;
}

/* ---------- Test data ---------- */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

/** A real, valid size×size PNG of one RGB colour (the server sniffs the bytes). */
function solidPng([r, g, b]: [number, number, number], size = 16): Buffer {
  const row = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB triples
  for (let x = 0; x < size; x++) row.set([r, g, b], 1 + x * 3);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// Other e2e files share the server: every name of this run is unique.
const RUN = Date.now().toString(36);
const CATEGORY = { name: `E2E Bags ${RUN}`, slug: `e2e-bags-${RUN}` };
const VAT = { name: `TVA E2E ${RUN}`, rate: 17, label: `TVA E2E ${RUN} (17.00%, TN)` };
const PRODUCT = {
  name: `E2E Tote ${RUN} Deluxe`,
  slug: `e2e-tote-${RUN}-deluxe`,
  description: 'A sturdy tote bag woven by hand, checked end to end.',
  basePrice: '25.500',
};
const RED: VariantInput = {
  sku: `E2E-${RUN}-RED`.toUpperCase(),
  title: 'Red',
  price: '30.000',
  cost: '12.500',
  stock: 10,
  option: ['color', 'Red'],
};
const BLUE: VariantInput = {
  sku: `E2E-${RUN}-BLU`.toUpperCase(),
  title: 'Blue',
  price: '32.750',
  cost: '13.000',
  stock: 4,
  option: ['color', 'Blue'],
};
const IMAGES = [
  { name: 'tote-front.png', mimeType: 'image/png', buffer: solidPng([200, 40, 40]) },
  { name: 'tote-back.png', mimeType: 'image/png', buffer: solidPng([40, 60, 200]) },
];

/* ---------- Helpers ---------- */

/** Waits for the toast with this text and type ('Success' / 'Error' title) and returns it. */
async function expectToast(page: Page, text: string, type: 'success' | 'error') {
  const toast = page.getByTestId('toast').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-type', type);
  await expect(toast).toContainText(type === 'success' ? 'Success' : 'Error');
  return toast;
}

/**
 * Dismisses a toast so that the next check is fresh and nothing covers the page. Only with no
 * dialog open: a click on the toast is a click outside the dialog, which closes it.
 */
async function dismiss(toast: Locator) {
  await toast.getByRole('button').click();
  await expect(toast).toHaveCount(0);
}

const apiCall = (page: Page, method: string, path: string | RegExp) =>
  page.waitForResponse(
    (res: Response) =>
      res.request().method() === method &&
      (typeof path === 'string'
        ? new URL(res.url()).pathname === path
        : path.test(new URL(res.url()).pathname)),
  );

/** The open dialog (portalled) with this title, once visible. */
async function dialog(page: Page, name: string): Promise<Locator> {
  const found = page.getByRole('dialog', { name });
  await expect(found).toBeVisible();
  return found;
}

const variantRow = (page: Page, sku: string) => page.getByRole('row', { name: new RegExp(sku) });

async function addVariant(page: Page, productId: number, v: VariantInput) {
  await page.getByRole('button', { name: 'Add Variant' }).click();
  const form = await dialog(page, 'Add Variant');
  await form.getByLabel('Option name').fill(v.option[0]);
  await form.getByLabel('Option value').fill(v.option[1]);
  await form.getByRole('button', { name: 'Add Option' }).click();
  await expect(form.getByText(`${v.option[0]}: ${v.option[1]}`)).toBeVisible();
  await form.getByLabel(/^SKU/).fill(v.sku);
  await form.getByLabel(/^Variant Title/).fill(v.title);
  await form.getByLabel(/^Price/).fill(v.price);
  await form.getByLabel(/^Cost Price/).fill(v.cost);
  await form.getByLabel('Stock Quantity').fill(String(v.stock));
  const created = apiCall(page, 'POST', `/api/v1/admin/variants/${productId}/variants`);
  await form.getByRole('button', { name: 'Create Variant' }).click();
  expect((await created).status()).toBe(201);
  const toast = await expectToast(page, 'Variant created successfully', 'success');
  await expect(form).toHaveCount(0);
  await dismiss(toast);
  await expect(variantRow(page, v.sku)).toBeVisible();
}

async function openAdjustStock(page: Page, sku: string): Promise<Locator> {
  await variantRow(page, sku).getByRole('button', { name: 'Adjust Stock' }).click();
  return dialog(page, 'Adjust Stock');
}

/* ---------- The flow ---------- */

test.describe.serial('catalogue: a product with variants, from creation to stock', () => {
  let token: string;
  let category: Category;
  let vatRate: VatRate;
  let page: Page;
  let productId: number;
  let uploaded: string[];

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
  });
  test.afterAll(async () => {
    await page.close();
  });

  test('1. a category and a VAT rate exist (through the API)', async () => {
    token = await adminToken();
    category = await api<Category>(token, 'POST', '/categories/', CATEGORY);
    vatRate = await api<VatRate>(token, 'POST', '/admin/vat-rates/', {
      name: VAT.name,
      rate: VAT.rate,
      country_code: 'TN',
      is_default: false,
      effective_from: '2024-01-01T00:00:00.000Z',
    });
    expect(category.id).toBeGreaterThan(0);
    expect(vatRate.id).toBeGreaterThan(0);
  });

  test('2. the admin signs in', async () => {
    await page.goto(`${baseURL()}/auth`);
    await page.getByLabel('Username').fill(ADMIN_USERNAME);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await dismiss(await expectToast(page, 'Logged in successfully', 'success'));
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('3. a product with variants and two reordered images is created', async () => {
    await page.goto(`${baseURL()}/admin/products/new`);
    await expect(page.getByRole('heading', { name: 'Create Product' })).toBeVisible();
    // Inside <main>: the sidebar's links carry labels too ('VAT Rates').
    const main = page.getByRole('main');

    await main.getByLabel(/^Product Name/).fill(PRODUCT.name);
    await expect(main.getByLabel(/^Slug/)).toHaveValue(PRODUCT.slug);
    await main.getByLabel(/^Full Description/).fill(PRODUCT.description);
    await main.getByLabel(/^Category/).selectOption({ label: CATEGORY.name });
    await main.getByLabel(/^Base Price/).fill(PRODUCT.basePrice);
    await main.getByLabel(/^VAT Rate/).selectOption({ label: VAT.label });
    // The switch's input is visually hidden: click its label, as a user does.
    await main.getByText('This product has variants', { exact: true }).click();
    await expect(main.getByLabel('This product has variants')).toBeChecked();

    // Two real PNGs, uploaded in one request (field `files`), appended in order.
    const media = page.getByRole('region', { name: 'Product Media' });
    const upload = apiCall(page, 'POST', '/api/v1/admin/uploads/images');
    await media.getByTestId('upload-image-input').setInputFiles(IMAGES);
    const uploadRes = await upload;
    expect(uploadRes.status()).toBe(201);
    uploaded = ((await uploadRes.json()) as { files: { url: string }[] }).files.map((f) => f.url);
    expect(uploaded).toHaveLength(2);
    for (const url of uploaded) expect(url).toMatch(/^\/api\/v1\/media\/[\w.-]+\.png$/);
    const items = media.getByTestId('media-item');
    await expect(items).toHaveCount(2);
    expect(await items.evaluateAll((els) => els.map((el) => el.getAttribute('data-url')))).toEqual(
      uploaded,
    );
    await expect(items.nth(0).getByText('Primary')).toBeVisible();

    // Keyboard reorder: pick image 2 up, move it left, drop it (dnd-kit announces each step).
    const handle = media.getByRole('button', { name: 'Reorder image 2' });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    // Picked up and measured: it is over its own place.
    await expect(
      page.getByText('Image 2 is over position 2 of 2.', { exact: true }),
    ).toBeAttached();
    await page.keyboard.press('ArrowLeft');
    await expect(
      page.getByText('Image 2 is over position 1 of 2.', { exact: true }),
    ).toBeAttached();
    await page.keyboard.press('Space');
    await expect(
      page.getByText('Image 2 was dropped at position 1 of 2.', { exact: true }),
    ).toBeAttached();
    const reordered: [string, string] = [uploaded[1]!, uploaded[0]!];
    await expect(items.nth(0)).toHaveAttribute('data-url', reordered[0]);
    await expect(items.nth(1)).toHaveAttribute('data-url', reordered[1]);
    await expect(items.nth(0).getByText('Primary')).toBeVisible();
    await expect(items.nth(1).getByText('Primary')).toHaveCount(0);

    // The pickers kept their values (the default-rate preselection must not override ours).
    await expect(main.getByLabel(/^Category/)).toHaveValue(String(category.id));
    await expect(main.getByLabel(/^VAT Rate/)).toHaveValue(String(vatRate.id));

    const created = apiCall(page, 'POST', '/api/v1/admin/products/');
    await page.getByRole('button', { name: 'Create Product' }).click();
    const createdRes = await created;
    expect(createdRes.status()).toBe(201);
    productId = ((await createdRes.json()) as Product).id;
    await dismiss(await expectToast(page, 'Product created successfully', 'success'));
    await expect(page).toHaveURL(/\/admin\/products$/);

    // What the server stored.
    const product = await api<Product>(token, 'GET', `/admin/products/${productId}`);
    expect(product).toMatchObject({
      name: PRODUCT.name,
      slug: PRODUCT.slug,
      description: PRODUCT.description,
      category_id: category.id,
      vat_rate_id: vatRate.id,
      vat_rate: VAT.rate,
      base_price: PRODUCT.basePrice,
      compare_at_price: null,
      price_includes_vat: true,
      price_incl_vat: PRODUCT.basePrice,
      has_variants: true,
      is_active: true,
      images: reordered,
    });
    // The files are served as they were uploaded.
    for (const [i, url] of reordered.entries()) {
      const res = await fetch(`${baseURL()}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const expected = IMAGES[1 - i]!.buffer;
      expect(Buffer.from(await res.arrayBuffer()).equals(expected)).toBe(true);
    }
  });

  test('3b. a removed image: Cancel keeps it and its file, Update deletes the file', async () => {
    const before = await api<Product>(token, 'GET', `/admin/products/${productId}`);
    const [kept, removed] = before.images as [string, string];
    const served = async (url: string) => (await fetch(`${baseURL()}${url}`)).status;
    const removeSecond = async () => {
      await page.goto(`${baseURL()}/admin/products/${productId}`);
      await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
      const media = page.getByRole('region', { name: 'Product Media' });
      const items = media.getByTestId('media-item');
      await expect(items).toHaveCount(2);
      await items.nth(1).hover();
      await media.getByRole('button', { name: 'Remove image 2' }).click();
      await expect(items).toHaveCount(1);
      await expect(items.nth(0)).toHaveAttribute('data-url', kept);
    };

    // Removed, then Cancel: nothing changed, both files still served.
    await removeSecond();
    await page.getByRole('main').getByRole('link', { name: 'Cancel' }).click();
    // The removal is an unsaved change: the console asks before leaving.
    await page
      .getByRole('alertdialog', { name: 'Discard unsaved changes?' })
      .getByRole('button', { name: 'Discard changes' })
      .click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    expect((await api<Product>(token, 'GET', `/admin/products/${productId}`)).images).toEqual([
      kept,
      removed,
    ]);
    expect([await served(kept), await served(removed)]).toEqual([200, 200]);

    // Removed, then Update: the product keeps one image and the other file is gone.
    await removeSecond();
    const updated = apiCall(page, 'PATCH', `/api/v1/admin/products/${productId}`);
    await page.getByRole('button', { name: 'Update Product' }).click();
    expect((await updated).status()).toBe(200);
    await dismiss(await expectToast(page, 'Product updated successfully', 'success'));
    await expect(page).toHaveURL(/\/admin\/products$/);
    expect((await api<Product>(token, 'GET', `/admin/products/${productId}`)).images).toEqual([
      kept,
    ]);
    expect([await served(kept), await served(removed)]).toEqual([200, 404]);
  });

  test('4. two variants are added on the edit page', async () => {
    await page.getByRole('link', { name: `Edit ${PRODUCT.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/products/${productId}$`));
    await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
    await expect(page.getByText('No variants yet. Add your first variant!')).toBeVisible();

    await addVariant(page, productId, RED);
    await addVariant(page, productId, BLUE);

    const list = await api<VariantPage>(token, 'GET', `/admin/variants/?product_id=${productId}`);
    expect(list.total).toBe(2);
    const bySku = Object.fromEntries(list.items.map((v) => [v.sku, v]));
    for (const v of [RED, BLUE])
      expect(bySku[v.sku]).toMatchObject({
        product_id: productId,
        variant_title: v.title,
        price: v.price,
        cost_price: v.cost,
        stock_quantity: v.stock,
        track_inventory: true,
        option_values: { [v.option[0]]: v.option[1] },
      });
    const product = await api<Product>(token, 'GET', `/admin/products/${productId}`);
    expect(product.has_variants).toBe(true);
  });

  test('5. stock is adjusted, and a removal beyond it is refused', async () => {
    const red = () =>
      api<VariantPage>(token, 'GET', `/admin/variants/?product_id=${productId}`).then((list) =>
        list.items.find((v) => v.sku === RED.sku)!,
      );
    const { id } = await red();
    const adjustPath = `/api/v1/admin/variants/${id}/inventory/adjust`;

    let form = await openAdjustStock(page, RED.sku);
    await expect(form.getByTestId('current-stock')).toHaveText(`Current stock: ${RED.stock}`);
    await form.getByLabel(/^Adjustment/).fill('5');
    await expect(form.getByTestId('current-stock')).toHaveText(
      `Current stock: ${RED.stock} → New stock: ${RED.stock + 5}`,
    );
    await form.getByLabel('Reason').fill('Restock from the workshop');
    const added = apiCall(page, 'POST', adjustPath);
    await form.getByRole('button', { name: 'Adjust Stock' }).click();
    expect((await added).status()).toBe(200);
    const done = await expectToast(page, 'Stock adjusted successfully', 'success');
    await expect(form).toHaveCount(0);
    await dismiss(done);
    await expect(variantRow(page, RED.sku).getByTestId('stock-quantity')).toHaveText(
      String(RED.stock + 5),
    );

    form = await openAdjustStock(page, RED.sku);
    await form.getByLabel(/^Adjustment/).fill('-100');
    await form.getByLabel('Reason').fill('Too many');
    const refused = apiCall(page, 'POST', adjustPath);
    await form.getByRole('button', { name: 'Adjust Stock' }).click();
    const refusedRes = await refused;
    expect(refusedRes.status()).toBe(409);
    const { detail } = (await refusedRes.json()) as { detail: string };
    expect(detail).toContain(`${RED.stock + 5} in stock`);
    const error = await expectToast(page, detail, 'error');
    // The dialog stays open after a failure; close it.
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toHaveCount(0);
    await dismiss(error);

    expect((await red()).stock_quantity).toBe(RED.stock + 5);
  });

  test('6. the other variant is deleted', async () => {
    await variantRow(page, BLUE.sku).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Variant' });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(
      `Are you sure you want to delete the variant "${BLUE.title}" (${BLUE.sku})?`,
    );
    const deleted = apiCall(page, 'DELETE', /^\/api\/v1\/admin\/variants\/\d+$/);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    expect((await deleted).status()).toBe(204);
    const toast = await expectToast(page, 'Variant deleted successfully', 'success');
    await expect(confirm).toHaveCount(0);
    await dismiss(toast);
    await expect(variantRow(page, BLUE.sku)).toHaveCount(0);
    await expect(variantRow(page, RED.sku)).toBeVisible();

    const list = await api<VariantPage>(token, 'GET', `/admin/variants/?product_id=${productId}`);
    expect(list.total).toBe(1);
    expect(list.items.map((v) => v.sku)).toEqual([RED.sku]);
    expect(list.items[0]!.stock_quantity).toBe(RED.stock + 5);
    const product = await api<Product>(token, 'GET', `/admin/products/${productId}`);
    expect(product.has_variants).toBe(true);
  });

  test('7. the admin signs out', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });
});
