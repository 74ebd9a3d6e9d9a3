import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  csvUpload,
  goodImportCsv,
  manyRowsImportCsv,
  refusedImportCsv,
  shopifyImportCsv,
  unknownColumnCsv,
} from '@mocks/fixtures/imports';
import { imports } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { adminScreenMeta } from '@/testing/admin-screen';
import { captureDownloads } from '@/testing/csv-export';
import { cellTexts, dialog, dialogClosed } from '@/testing/list-screen';
import { expectToast, mockedBy, screen, type Scope } from '@/testing/story';
import { paths } from '@/lib/paths';
import { expectRightToLeft } from '@/testing/languages';
import { ProductsPage } from '../ProductsPage';

/**
 * 'Import CSV' on /admin/products: a dialog with a drop zone, the dry run's report, then Apply.
 * The mock reads the uploaded file against the fixtures (mocks/handlers/imports.ts).
 */
const meta = {
  title: 'Products/ProductsPage/Import CSV',
  ...adminScreenMeta(ProductsPage, paths.products.list),
};
export default meta;
type Story = StoryObj<typeof meta>;

const IMPORT = '/api/v1/admin/imports/products';
const LIST = '/api/v1/admin/products/';
const DROP_TEXT = 'Drop a CSV file here, or click to choose one';

/** The import's button and dialog title in each language the stories open it in. */
const IMPORT_NAMES = {
  en: { button: 'Import CSV', dialog: 'Import products' },
  fr: { button: 'Importer un CSV', dialog: 'Importer des produits' },
  ar: { button: 'استيراد ملف CSV', dialog: 'استيراد المنتجات' },
};

/** Opens the import from the products screen, once the list is shown (in the story's language). */
async function openImport(
  canvasElement: HTMLElement,
  language: keyof typeof IMPORT_NAMES = 'en',
): Promise<Scope> {
  const canvas = within(canvasElement);
  await canvas.findByTestId('product-count');
  await userEvent.click(canvas.getByRole('button', { name: IMPORT_NAMES[language].button }));
  return dialog(IMPORT_NAMES[language].dialog);
}

/** Opens the import and chooses `file` in the drop zone. */
async function importFile(canvasElement: HTMLElement, file: File, applyAccept = true) {
  const scope = await openImport(canvasElement);
  await userEvent.setup({ applyAccept }).upload(scope.getByTestId('import-file-input'), file);
  return scope;
}

/** The report's counts (create, update, unchanged, refused), once shown. */
async function expectCounts(scope: Scope, counts: readonly [string, string, string, string]) {
  const summary = await scope.findByTestId('import-summary', {}, { timeout: 3000 });
  const shown = ['create', 'update', 'unchanged', 'refused'].map(
    (action) => within(summary).getByTestId(`import-count-${action}`).textContent,
  );
  await expect(shown).toEqual(counts);
}

/** The report's rows: line, action, slug, SKU, changed columns, errors. */
const reportRows = (scope: Scope) =>
  within(scope.getByRole('region', { name: 'Import report' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => cellTexts(row));

async function expectSent(mode: 'dry_run' | 'apply', count = 1) {
  const sent = await requests.waitFor('POST', IMPORT, { count });
  await expect(sent.at(-1)).toMatchObject({ query: { mode }, body: { file: 'products.csv' } });
}

/** The new candle, line 2 of both the good and the refused file. */
const CANDLE_ROW = [
  '2',
  'create',
  'bougie-parfumee-jasmin',
  '',
  'product_name, slug, category, is_active, price_includes_vat, base_price, vat_rate_name',
  '',
];

const GOOD_ROWS = [
  CANDLE_ROW,
  [
    '3',
    'create',
    'sac-cabas-en-cuir',
    'SAC-CABAS-BLG',
    'product_name, slug, category, is_active, price_includes_vat, base_price, vat_rate_name, sku, variant_title, option_values, price, stock_quantity, track_inventory, allow_backorder, variant_is_active',
    '',
  ],
  ['4', 'update', 'huile-d-olive-extra-vierge-1-l', '', 'base_price', ''],
];

const REFUSED_ROWS = [
  [
    '3',
    'refused',
    'tapis-kilim',
    '',
    '',
    'category: Unknown category "Tapis"; vat_rate_name: VAT rate "TVA 13 (until 2025)" is not in force',
  ],
  ['4', 'refused', 'chechia-rouge', '', '', 'base_price: An amount has at most 3 decimals'],
  ['5', 'refused', 'plateau-cuivre', '', '', 'category: A formula is not accepted here'],
];

/** Opened: the drop zone and the template, nothing sent, nothing to apply yet. */
export const EmptyDropzone: Story = {
  play: async ({ canvasElement }) => {
    const scope = await openImport(canvasElement);
    await expect(scope.getByText(DROP_TEXT)).toBeVisible();
    await expect(
      scope.getByText(
        "One .csv file of at most 10 MB: the template's columns, or a product export from Shopify, WooCommerce or PrestaShop.",
      ),
    ).toBeVisible();
    // The options, as a file is checked by default: prices with VAT, nothing created or fetched.
    await expect(
      scope.getByRole('checkbox', { name: 'Prices in the file include VAT' }),
    ).toBeChecked();
    await expect(
      scope.getByRole('checkbox', { name: 'Create missing categories' }),
    ).not.toBeChecked();
    await expect(
      scope.getByRole('checkbox', { name: 'Fetch product images from their URLs' }),
    ).not.toBeChecked();
    await expect(scope.getByRole('button', { name: 'Download template' })).toBeEnabled();
    await expect(scope.queryByRole('button', { name: 'Apply' })).toBeNull();
    await userEvent.click(scope.getByRole('button', { name: 'Cancel' }));
    await dialogClosed('dialog');
    await expect(requests.to('POST', IMPORT)).toHaveLength(0);
  },
};

/** The template is saved under the server's name. */
export const DownloadTemplate: Story = {
  play: async ({ canvasElement }) => {
    const downloads = captureDownloads();
    const scope = await openImport(canvasElement);
    await userEvent.click(scope.getByRole('button', { name: 'Download template' }));
    await requests.waitFor('GET', `${IMPORT}/template`);
    await waitFor(() => expect(downloads).toEqual(['products-template.csv']));
  },
};

/** Above the contract's 10 MB, the file is refused in the browser: nothing is sent. */
export const FileTooLarge: Story = {
  play: async ({ canvasElement }) => {
    const big = csvUpload(goodImportCsv, 'catalogue.csv');
    // An 11 MB file without allocating it: the check only reads `size`.
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    const scope = await importFile(canvasElement, big);
    await expect(await scope.findByRole('alert')).toHaveTextContent(
      'catalogue.csv is larger than 10 MB.',
    );
    await expect(scope.getByText(DROP_TEXT)).toBeVisible();
    await expect(requests.to('POST', IMPORT)).toHaveLength(0);
  },
};

/** A file the picker's filter would hide (dropped, say) is refused in the browser too. */
export const NotACsvFile: Story = {
  play: async ({ canvasElement }) => {
    const scope = await importFile(canvasElement, new File(['x'], 'products.xlsx'), false);
    await expect(await scope.findByRole('alert')).toHaveTextContent(
      'products.xlsx is not a CSV file (.csv).',
    );
    await expect(requests.to('POST', IMPORT)).toHaveLength(0);
  },
};

/** Arabic: right to left; the report's counts and its blocker translated. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const scope = await openImport(canvasElement, 'ar');
    await expectRightToLeft();
    await userEvent.upload(scope.getByTestId('import-file-input'), csvUpload(refusedImportCsv));
    await expectCounts(scope, ['1', '0', '0', '3']);
    await expect(scope.getByTestId('import-blocker')).toHaveTextContent(
      'عدد الأسطر المرفوضة: 3. صحّحها في الملف ثم ارفعه من جديد.',
    );
    await expect(scope.getByRole('button', { name: 'تطبيق' })).toBeDisabled();
  },
};

export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const scope = await openImport(canvasElement, 'fr');
    await expect(
      scope.getByText('Déposez un fichier CSV ici, ou cliquez pour en choisir un'),
    ).toBeVisible();
  },
};

/** While the file goes up and the server checks it: its progress instead of the drop zone. */
export const Uploading: Story = {
  parameters: mockedBy(imports.products.loading()),
  play: async ({ canvasElement }) => {
    const scope = await importFile(canvasElement, csvUpload(goodImportCsv));
    const progress = await scope.findByRole('status', { name: 'Import progress' });
    await expect(progress).toHaveTextContent('Checking products.csv...');
    await expect(within(progress).getByRole('progressbar')).toBeVisible();
    await expect(scope.queryByText(DROP_TEXT)).toBeNull();
    await expectSent('dry_run');
  },
};

/** The dry run refuses three rows: Apply waits for a corrected file; 'Refused only' filters. */
export const DryRunWithErrors: Story = {
  play: async ({ canvasElement }) => {
    const scope = await importFile(canvasElement, csvUpload(refusedImportCsv));
    await expectSent('dry_run');
    await expectCounts(scope, ['1', '0', '0', '3']);
    await expect(scope.getByTestId('import-file')).toHaveTextContent('products.csv · 4 rows');
    await expect(scope.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await expect(scope.getByTestId('import-blocker')).toHaveTextContent(
      '3 rows are refused: correct them in the file and upload it again.',
    );
    await expect(reportRows(scope)).toEqual([CANDLE_ROW, ...REFUSED_ROWS]);
    await userEvent.click(scope.getByRole('checkbox', { name: 'Refused only' }));
    await waitFor(() => expect(reportRows(scope)).toEqual(REFUSED_ROWS));
    // Another file: back to the drop zone.
    await userEvent.click(scope.getByRole('button', { name: 'Choose another file' }));
    await expect(await scope.findByText(DROP_TEXT)).toBeVisible();
  },
};

/**
 * A report of 10,000 rows keeps the page responsive: only the rows in view are in the page, the
 * filter and the scroll to the last row included.
 */
export const TenThousandRows: Story = {
  play: async ({ canvasElement }) => {
    const scope = await importFile(canvasElement, csvUpload(manyRowsImportCsv(10_000)));
    await expectCounts(scope, ['9,900', '0', '0', '100']);
    await expect(scope.getByTestId('import-file')).toHaveTextContent('products.csv · 10,000 rows');
    const table = scope.getByRole('table', { name: 'Import report' });
    await expect(table).toHaveAttribute('aria-rowcount', '10001');
    await expect(reportRows(scope).length).toBeLessThan(60);
    await userEvent.click(scope.getByRole('checkbox', { name: 'Refused only' }));
    await waitFor(() => expect(table).toHaveAttribute('aria-rowcount', '101'));
    await expect(reportRows(scope)[0]).toEqual([
      '101',
      'refused',
      'produit-100',
      '',
      '',
      'base_price: An amount has at most 3 decimals',
    ]);
    const region = scope.getByRole('region', { name: 'Import report' });
    region.scrollTop = region.scrollHeight;
    await waitFor(() => expect(reportRows(scope).at(-1)?.[0]).toBe('10001'));
    await expect(reportRows(scope).length).toBeLessThan(60);
  },
};

/** Every row accepted: the counts, what each row changes, and Apply ready. */
export const ReportAllGood: Story = {
  play: async ({ canvasElement }) => {
    const scope = await importFile(canvasElement, csvUpload(goodImportCsv));
    await expectCounts(scope, ['2', '1', '1', '0']);
    await expect(reportRows(scope)).toEqual(GOOD_ROWS);
    await expect(scope.queryByRole('checkbox', { name: 'Refused only' })).toBeNull();
    await expect(scope.queryByTestId('import-blocker')).toBeNull();
    await expect(scope.getByRole('button', { name: 'Apply' })).toBeEnabled();
  },
};

const apply = async (scope: Scope) => {
  await expectCounts(scope, ['2', '1', '1', '0']);
  await userEvent.click(scope.getByRole('button', { name: 'Apply' }));
};

/** Apply sends the file again; meanwhile its progress shows and the dialog cannot be left. */
export const Applying: Story = {
  parameters: mockedBy(imports.products({ applyDelay: 'infinite' })),
  play: async ({ canvasElement }) => {
    const scope = await importFile(canvasElement, csvUpload(goodImportCsv));
    await apply(scope);
    await expectSent('apply', 2);
    const progress = await scope.findByRole('status', { name: 'Import progress' });
    await expect(progress).toHaveTextContent('Importing products.csv...');
    await expect(scope.getByRole('button', { name: 'Importing...' })).toBeDisabled();
    await expect(scope.getByRole('button', { name: 'Choose another file' })).toBeDisabled();
    // The server writes the file whatever the page does: the dialog stays until it answers.
    await expect(scope.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(scope.getByRole('button', { name: 'Close' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(scope.getByRole('status', { name: 'Import progress' })).toBeVisible();
  },
};

/** Applied: a toast with the counts, the dialog closed and the products list reloaded. */
export const Applied: Story = {
  play: async ({ canvasElement }) => {
    const scope = await importFile(canvasElement, csvUpload(goodImportCsv));
    const listRequests = requests.to('GET', LIST).length;
    await apply(scope);
    await expectSent('apply', 2);
    await expectToast(
      'Success',
      'products.csv imported: 2 created, 1 updated, 1 unchanged',
      'success',
    );
    await dialogClosed('dialog');
    await requests.waitFor('GET', LIST, { count: listRequests + 1 });
  },
};

/**
 * The catalogue changed between the dry run and Apply: the server refuses the apply, writes
 * nothing and sends its report, shown in place of the dry run's.
 */
export const RefusedApply: Story = {
  parameters: mockedBy(imports.products({ applyCsv: refusedImportCsv })),
  play: async ({ canvasElement }) => {
    const scope = await importFile(canvasElement, csvUpload(goodImportCsv));
    await apply(scope);
    await expectSent('apply', 2);
    await expect(await scope.findByTestId('import-failure')).toHaveTextContent(
      '3 rows are refused; nothing was imported',
    );
    await expectCounts(scope, ['1', '0', '0', '3']);
    await expect(scope.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await expect(screen.queryByTestId('toast')).toBeNull();
  },
};

/** The server refuses the file itself: its detail under the drop zone. */
export const ServerFileError: Story = {
  play: async ({ canvasElement }) => {
    const scope = await importFile(canvasElement, csvUpload(unknownColumnCsv));
    await expectSent('dry_run');
    await expect(await scope.findByRole('alert')).toHaveTextContent('Unknown column: colour');
    await expect(scope.getByText(DROP_TEXT)).toBeVisible();
  },
};

/** A file error on apply (the file changed on disk since) is shown above the report, which stays. */
export const ApplyFileError: Story = {
  parameters: mockedBy(imports.products({ applyCsv: unknownColumnCsv })),
  play: async ({ canvasElement }) => {
    const scope = await importFile(canvasElement, csvUpload(goodImportCsv));
    await apply(scope);
    await expect(await scope.findByTestId('import-failure')).toHaveTextContent(
      'Unknown column: colour',
    );
    await expectCounts(scope, ['2', '1', '1', '0']);
    await expect(scope.getByRole('button', { name: 'Apply' })).toBeEnabled();
  },
};

export const Dark: Story = { ...DryRunWithErrors, globals: { theme: 'dark' } };

/** The shirt's two sizes: their variants, under the product's first row. */
const SHIRT_ROWS = [
  [
    '3',
    'create',
    'chemise-lin',
    'CHEM-S',
    'product_name, category, is_active, price_includes_vat, base_price, vat_rate_name, sku, variant_title, option_values, price, stock_quantity',
    '',
  ],
  [
    '4',
    'create',
    'chemise-lin',
    'CHEM-M',
    'sku, variant_title, option_values, price, stock_quantity',
    '',
  ],
];

/**
 * A Shopify export, its missing category created and its images fetched on request: the dialog
 * says which format it recognised, what it creates, and sends the options with the file.
 */
export const ShopifyPreview: Story = {
  play: async ({ canvasElement }) => {
    const scope = await openImport(canvasElement);
    await userEvent.click(scope.getByRole('checkbox', { name: 'Create missing categories' }));
    await userEvent.click(
      scope.getByRole('checkbox', { name: 'Fetch product images from their URLs' }),
    );
    await userEvent.click(scope.getByRole('checkbox', { name: 'Prices in the file include VAT' }));
    await userEvent.upload(scope.getByTestId('import-file-input'), csvUpload(shopifyImportCsv));
    await expectCounts(scope, ['4', '0', '0', '0']);
    const sent = await requests.waitFor('POST', IMPORT);
    await expect(sent.at(-1)).toMatchObject({
      query: {
        mode: 'dry_run',
        prices_include_vat: 'false',
        create_categories: 'true',
        fetch_images: 'true',
      },
    });
    await expect(scope.getByTestId('import-format')).toHaveTextContent(
      'Recognised: Shopify product export',
    );
    await expect(scope.getByTestId('import-new-categories')).toHaveTextContent(
      'Category to create: Pottery',
    );
    await expect(scope.getByTestId('import-images')).toHaveTextContent(
      '2 images will be fetched after the import.',
    );
    await expect(reportRows(scope).slice(1, 3)).toEqual(SHIRT_ROWS);
    await userEvent.click(scope.getByRole('button', { name: 'Apply' }));
    const applied = await requests.waitFor('POST', IMPORT, { count: 2 });
    // The apply sends the options the dry run was checked with.
    await expect(applied.at(-1)).toMatchObject({
      query: { mode: 'apply', prices_include_vat: 'false', create_categories: 'true' },
    });
    await expectToast(
      'Success',
      'products.csv imported: 4 created, 0 updated, 0 unchanged',
      'success',
    );
  },
};

/** The same export without "Create missing categories": the bowl's type is refused by name. */
export const ShopifyRefusal: Story = {
  play: async ({ canvasElement }) => {
    const scope = await importFile(canvasElement, csvUpload(shopifyImportCsv));
    await expectCounts(scope, ['3', '0', '0', '1']);
    await expect(scope.getByTestId('import-format')).toHaveTextContent(
      'Recognised: Shopify product export',
    );
    await expect(scope.queryByTestId('import-new-categories')).toBeNull();
    await expect(reportRows(scope).at(-1)).toEqual([
      '5',
      'refused',
      'bol-nabeul',
      'BOL-1',
      '',
      'Type: Unknown category "Pottery"',
    ]);
    await expect(scope.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await expect(scope.getByTestId('import-blocker')).toHaveTextContent(
      '1 row is refused: correct it in the file and upload it again.',
    );
  },
};

/** Arabic: the options and the recognised format, right to left. */
export const ShopifyArabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const scope = await openImport(canvasElement, 'ar');
    await expectRightToLeft();
    await userEvent.click(scope.getByRole('checkbox', { name: 'إنشاء الفئات غير الموجودة' }));
    await userEvent.upload(scope.getByTestId('import-file-input'), csvUpload(shopifyImportCsv));
    await expectCounts(scope, ['4', '0', '0', '0']);
    await expect(scope.getByTestId('import-format')).toHaveTextContent(
      'الصيغة المتعرَّف عليها: تصدير منتجات Shopify',
    );
    await expect(scope.getByTestId('import-new-categories')).toHaveTextContent(
      'فئة ستُنشأ: Pottery',
    );
  },
};
