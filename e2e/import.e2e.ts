// The CSV import, end to end against the real server: a 50-row file (30 products without
// variants, 10 products with 2 variants each) is checked (dry run) and applied through the
// products screen's dialog, then every product and variant is read back through the API. The
// same file with two prices changed then updates exactly those two rows.
import { expect, test, type Page, type Response } from './fixtures';
import { adminToken, api, baseURL } from './api';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './server';

interface Category {
  id: number;
  name: string;
}
interface VatRate {
  id: number;
  name: string;
  country_code: string;
  is_default: boolean;
  status: string;
}
interface Product {
  id: number;
  name: string;
  slug: string;
  category_id: number | null;
  base_price: string;
  vat_rate_id: number;
  has_variants: boolean;
  is_active: boolean;
}
interface Variant {
  sku: string;
  variant_title: string;
  price: string;
  stock_quantity: number;
}
interface VariantPage {
  items: Variant[];
  total: number;
}

// Other e2e files share the server: every name of this run is unique.
const RUN = Date.now().toString(36);
const CATEGORY = { name: `E2E Import ${RUN}`, slug: `e2e-import-${RUN}` };
const FILE_NAME = `import-${RUN}.csv`;
const IMPORT = '/api/v1/admin/imports/products';
const HEADER = [
  'slug',
  'product_name',
  'category',
  'is_active',
  'price_includes_vat',
  'base_price',
  'vat_rate_name',
  'sku',
  'variant_title',
  'option_values',
  'price',
  'stock_quantity',
];

interface Line {
  slug: string;
  name: string;
  basePrice: string;
  sku: string;
  title: string;
  price: string;
  stock: number | null;
}

/** 30 products without variants, then 10 products with a Small and a Large variant: 50 rows. */
function lines(): Line[] {
  const simple = Array.from({ length: 30 }, (_, i) => ({
    slug: `e2e-imp-${RUN}-p${i + 1}`,
    name: `E2E Import ${RUN} product ${i + 1}`,
    basePrice: `${10 + i}.250`,
    sku: '',
    title: '',
    price: '',
    stock: null,
  }));
  const withVariants = Array.from({ length: 10 }, (_, i) =>
    (['Small', 'Large'] as const).map((size, j) => ({
      slug: `e2e-imp-${RUN}-v${i + 1}`,
      name: `E2E Import ${RUN} bag ${i + 1}`,
      basePrice: '40.000',
      sku: `E2E-IMP-${RUN}-${i + 1}-${size[0]}`.toUpperCase(),
      title: size,
      price: j === 0 ? '40.000' : '45.500',
      stock: 3 * i + j,
    })),
  ).flat();
  return [...simple, ...withVariants];
}

/** The file: comma-separated, UTF-8, the name quoted by the rules of CSV when it needs it. */
function csv(rows: readonly Line[], vatRate: string): Buffer {
  const cell = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const body = rows.map((row) =>
    [
      row.slug,
      row.name,
      CATEGORY.name,
      'true',
      'true',
      row.basePrice,
      vatRate,
      row.sku,
      row.title,
      row.title ? `Size=${row.title}` : '',
      row.price,
      row.stock,
    ]
      .map(cell)
      .join(','),
  );
  return Buffer.from([HEADER.join(','), ...body].join('\r\n') + '\r\n', 'utf8');
}

const importSent = (page: Page, mode: 'dry_run' | 'apply') =>
  page.waitForResponse(
    (res: Response) =>
      res.request().method() === 'POST' &&
      new URL(res.url()).pathname === IMPORT &&
      new URL(res.url()).searchParams.get('mode') === mode,
  );

/** The dialog's four counts: create, update, unchanged, refused. */
async function expectCounts(page: Page, counts: readonly [number, number, number, number]) {
  const dialog = page.getByRole('dialog', { name: 'Import products' });
  for (const [i, action] of (['create', 'update', 'unchanged', 'refused'] as const).entries())
    await expect(dialog.getByTestId(`import-count-${action}`)).toHaveText(String(counts[i]));
}

/** Opens the import, chooses the file and waits for its dry run. */
async function dryRun(page: Page, file: Buffer) {
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import products' });
  await expect(dialog).toBeVisible();
  const checked = importSent(page, 'dry_run');
  await dialog
    .getByTestId('import-file-input')
    .setInputFiles({ name: FILE_NAME, mimeType: 'text/csv', buffer: file });
  expect((await checked).status()).toBe(200);
  return dialog;
}

/** Applies the checked file, then waits for the success toast and the dialog to close. */
async function applyFile(page: Page, toast: string) {
  const dialog = page.getByRole('dialog', { name: 'Import products' });
  const applied = importSent(page, 'apply');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  const response = await applied;
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ mode: 'apply', applied: true });
  const shown = page.getByTestId('toast').filter({ hasText: toast });
  await expect(shown).toBeVisible();
  await expect(shown).toHaveAttribute('data-type', 'success');
  await expect(dialog).toHaveCount(0);
  await shown.getByRole('button').click();
}

test.describe.serial('CSV import of products', () => {
  let page: Page;
  let token: string;
  let category: Category;
  let vatRate: VatRate;
  const rows = lines();

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
  });
  test.afterAll(async () => {
    await page.close();
  });

  test('1. a category exists and a VAT rate is in force (through the API)', async () => {
    token = await adminToken();
    category = await api<Category>(token, 'POST', '/categories/', CATEGORY);
    const rates = await api<VatRate[]>(token, 'GET', '/admin/vat-rates/');
    const tn = rates.find((r) => r.country_code === 'TN' && r.is_default);
    expect(tn).toMatchObject({ status: 'in_force' });
    vatRate = tn!;
    expect(rows).toHaveLength(50);
  });

  test('2. the admin signs in and opens the products', async () => {
    await page.goto(`${baseURL()}/auth`);
    await page.getByLabel('Username').fill(ADMIN_USERNAME);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto(`${baseURL()}/admin/products`);
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  });

  test('3. the dry run reports 50 rows to create and writes nothing', async () => {
    const dialog = await dryRun(page, csv(rows, vatRate.name));
    await expectCounts(page, [50, 0, 0, 0]);
    await expect(dialog.getByTestId('import-file')).toHaveText(`${FILE_NAME} · 50 rows`);
    const found = await api<Product[]>(token, 'GET', `/admin/products/?search=e2e-imp-${RUN}`);
    expect(found).toEqual([]);
  });

  test('4. Apply writes the 40 products and 20 variants', async () => {
    await applyFile(page, `${FILE_NAME} imported: 50 created, 0 updated, 0 unchanged`);
    const products = await api<Product[]>(
      token,
      'GET',
      `/admin/products/?search=e2e-imp-${RUN}&limit=100`,
    );
    expect(products).toHaveLength(40);
    const bySlug = new Map(products.map((p) => [p.slug, p]));
    for (const row of rows) {
      const product = bySlug.get(row.slug);
      expect(product, row.slug).toMatchObject({
        name: row.name,
        category_id: category.id,
        vat_rate_id: vatRate.id,
        is_active: true,
        has_variants: row.sku !== '',
      });
      if (!row.sku) expect(product!.base_price).toBe(row.basePrice);
    }
    for (let i = 1; i <= 10; i++) {
      const product = bySlug.get(`e2e-imp-${RUN}-v${i}`)!;
      const variants = await api<VariantPage>(
        token,
        'GET',
        `/admin/variants/?product_id=${product.id}`,
      );
      const expected = rows.filter((row) => row.slug === product.slug);
      expect(
        variants.items
          .map((v) => ({
            sku: v.sku,
            variant_title: v.variant_title,
            price: v.price,
            stock_quantity: v.stock_quantity,
          }))
          .sort((a, b) => a.sku.localeCompare(b.sku)),
      ).toEqual(
        expected
          .map((row) => ({
            sku: row.sku,
            variant_title: row.title,
            price: row.price,
            stock_quantity: row.stock,
          }))
          .sort((a, b) => a.sku.localeCompare(b.sku)),
      );
    }
    // The list shows the new products (it was reloaded).
    await page.getByRole('searchbox').fill(`e2e-imp-${RUN}-p1`);
    await expect(
      page.getByRole('cell', { name: `E2E Import ${RUN} product 1`, exact: true }),
    ).toBeVisible();
  });

  test('5. the same file with two prices changed updates those two rows only', async () => {
    const changed = rows.map((row, i) =>
      i === 0 ? { ...row, basePrice: '99.990' } : i === 30 ? { ...row, price: '41.000' } : row,
    );
    const dialog = await dryRun(page, csv(changed, vatRate.name));
    await expectCounts(page, [0, 2, 48, 0]);
    const report = dialog.getByRole('region', { name: 'Import report' });
    await expect(report.getByRole('row')).toHaveCount(3);
    await applyFile(page, `${FILE_NAME} imported: 0 created, 2 updated, 48 unchanged`);

    const products = await api<Product[]>(
      token,
      'GET',
      `/admin/products/?search=e2e-imp-${RUN}&limit=100`,
    );
    const bySlug = new Map(products.map((p) => [p.slug, p]));
    expect(bySlug.get(rows[0]!.slug)?.base_price).toBe('99.990');
    expect(bySlug.get(rows[1]!.slug)?.base_price).toBe(rows[1]!.basePrice);
    const bag = bySlug.get(rows[30]!.slug)!;
    const variants = await api<VariantPage>(token, 'GET', `/admin/variants/?product_id=${bag.id}`);
    expect(variants.items.find((v) => v.sku === rows[30]!.sku)?.price).toBe('41.000');
  });
});
