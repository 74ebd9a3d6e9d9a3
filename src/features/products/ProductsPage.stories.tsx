import type { StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Category, Product, ProductBulkEdit } from '@generated/model';
import {
  adminUser,
  categories as categoryFixtures,
  products as productFixtures,
} from '@mocks/fixtures';
import { manyProducts } from '@mocks/fixtures/many-products';
import { bulk, categories, products } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { expectedMoney as money } from '@/testing/expected';
import { expectHeading, expectRightToLeft, localMoney } from '@/testing/languages';
import {
  dialog,
  dialogClosed,
  expectLoading,
  listScreen,
  replace,
  rowOf,
} from '@/testing/list-screen';
import {
  chooseFilter,
  clickSort,
  columnHeader,
  expectSent,
  serverListStories,
} from '@/testing/server-list';
import { expectCard, expectInView, PHONE_GLOBALS } from '@/testing/phone-cards';
import {
  expectLocation,
  expectScreenTitle,
  expectToast,
  findOpenDialog,
  screen,
  type Scope,
} from '@/testing/story';
import { productsListScreen } from './story-screen';

/** The product list of /admin/products (docs/product.md §2) in the admin layout, over the mock API. */
const meta = { title: 'Products/ProductsPage', ...productsListScreen() };
export default meta;
type Story = StoryObj<typeof meta>;

const LIST = '/api/v1/admin/products/';
const HEADERS = [
  'Name',
  'Image',
  'SKU',
  'Category',
  'Price',
  'Stock',
  'Variants',
  'Status',
  'Actions',
];
const EMPTY = 'No products found. Add your first product!';

/* Expected cells, computed here from the fixtures without the app's helpers. */
function expectedCells(product: Product, categoryList: readonly Category[] = categoryFixtures) {
  const category = categoryList.find((c) => c.id === product.category_id)?.name ?? 'Uncategorized';
  const price = product.price_incl_vat ? product.price_incl_vat : product.base_price;
  // The range a customer pays when the variants' prices differ (#26): '45.000 – 49.000 TND'.
  const range = product.price_range;
  const shown =
    range && range.min !== range.max
      ? `${money(range.min).replace(' TND', '')} – ${money(range.max)}`
      : money(price);
  return [
    product.name,
    // The thumbnail has no text: its alt is empty, the name is beside it.
    '',
    product.has_variants || product.sku === null ? '—' : product.sku,
    category,
    shown,
    expectedStock(product),
    String(product.variant_count),
    product.is_active ? 'Active' : 'Inactive',
  ];
}
/* The stock column's text: the summed units, 'Out of stock' spelt out, or 'Not tracked'. */
function expectedStock({ stock_quantity, stock_state }: Product) {
  if (stock_state === 'not_tracked') return 'Not tracked';
  return stock_state === 'out_of_stock'
    ? `${stock_quantity} · Out of stock`
    : String(stock_quantity);
}
const includesIgnoringCase = (name: string, query: string) =>
  name.toLowerCase().includes(query.trim().toLowerCase());
/** The server's search: name, slug or brand (docs/product.md §7). */
const matchesSearch = (p: Product, query: string) =>
  [p.name, p.slug, p.brand ?? ''].some((text) => includesIgnoringCase(text, query));

const { dataRows, rowNames, waitForRows, search, expectVirtualised, rowCells, tableCells } =
  listScreen({
    dataCells: 8,
    searchPlaceholder: 'Search products...',
  });
export const Filled: Story = {
  tags: ['visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expect(canvas.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(HEADERS);
    await waitFor(() =>
      expect(tableCells(canvasElement)).toEqual(productFixtures.map((p) => expectedCells(p))),
    );
    await expectScreenTitle(canvasElement, 'Products');
    await expect(canvas.getByTestId('product-count')).toHaveTextContent(
      `${productFixtures.length} products`,
    );
    const [call] = await requests.waitFor('GET', LIST);
    await expect(call?.query).toEqual({ skip: '0', limit: '100' });
    // Variant counts come with the products: no variant requests at all.
    await expect(requests.to('GET', /\/admin\/variants/)).toHaveLength(0);
    // Each row has its edit link and delete button.
    const row = rowOf(canvasElement, 'Portefeuille homme');
    await expect(
      within(row).getByRole('link', { name: 'Edit Portefeuille homme' }),
    ).toHaveAttribute('href', '/admin/products/6');
    await expect(
      within(row).getByRole('button', { name: 'Delete Portefeuille homme' }),
    ).toBeVisible();
  },
};

/**
 * A support agent (catalogue:read, no products:write) reads the list and exports it: no Add
 * Product, no Import CSV, no selection, no edit or delete on the rows.
 */
export const ReadOnlyForSupport: Story = {
  parameters: { auth: { userType: 'admin', user: { ...adminUser, role: 'support' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expect(canvas.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(
      HEADERS.filter((header) => header !== 'Actions'),
    );
    await waitFor(() =>
      expect(tableCells(canvasElement)).toEqual(productFixtures.map((p) => expectedCells(p))),
    );
    await expect(canvas.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Add Product' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Import CSV' })).toBeNull();
    await expect(canvas.queryAllByRole('checkbox')).toHaveLength(0);
    const row = rowOf(canvasElement, 'Portefeuille homme');
    await expect(within(row).queryByRole('link', { name: /Edit/ })).toBeNull();
    await expect(within(row).queryByRole('button', { name: /Delete/ })).toBeNull();
  },
};

/** The list in Arabic: right to left, translated heading and headers, prices in Arabic digits. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    await expectHeading(canvasElement, 'المنتجات');
    await expectRightToLeft();
    await waitForRows(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('columnheader', { name: 'السعر' })).toBeVisible();
    await expect(canvas.getByRole('columnheader', { name: 'المخزون' })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'التصفية حسب المخزون' })).toBeVisible();
    await expect(
      within(rowOf(canvasElement, 'Portefeuille homme')).getByText('غير متتبَّع'),
    ).toBeVisible();
    const [first] = productFixtures;
    const row = rowOf(canvasElement, first!.name);
    await expect(
      within(row).getByText(localMoney('ar-TN', first!.price_incl_vat ?? first!.base_price)),
    ).toBeVisible();
  },
};

export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await expectHeading(canvasElement, 'Produits');
    await expect(
      within(canvasElement).getByRole('link', { name: 'Ajouter un produit' }),
    ).toBeVisible();
  },
};

export const Dark: Story = { ...Filled, globals: { theme: 'dark' } };

export const SearchIsCaseInsensitive: Story = {
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    for (const query of ['SAC', 'huile', 'sIdI bOu', ' harissa ']) {
      await search(canvasElement, query);
      const expected = productFixtures.filter((p) => matchesSearch(p, query)).map((p) => p.name);
      await expect(expected.length).toBeGreaterThan(0);
      await waitFor(() => expect(rowNames(canvasElement)).toEqual(expected));
      await expect(within(canvasElement).getByTestId('product-count')).toHaveTextContent(
        `${expected.length} of ${productFixtures.length} products`,
      );
      // The server searches what was typed once the typing paused, trimmed.
      await expectSent(LIST, 'search', query.trim());
    }
    // Typing sends one request for the whole word, not one per letter.
    const searched = requests.to('GET', LIST).map((r) => r.query.search);
    await expect(searched).not.toContain('S');
    await expect(searched).not.toContain('SA');
    // Nothing matches: a message, not an empty table.
    await search(canvasElement, 'chéchia');
    await expect(
      await within(canvasElement).findByText('No products match "chéchia".'),
    ).toBeVisible();
    // Clearing the box shows every product again.
    await search(canvasElement, '');
    await waitFor(() => expect(rowNames(canvasElement)).toHaveLength(productFixtures.length));
  },
};

/** The server's search also finds a product by its slug or brand (docs/product.md §7). */
export const SearchBySlugAndBrand: Story = {
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    const product = productFixtures[1]!;
    for (const query of [product.slug, product.brand!.toUpperCase()]) {
      await search(canvasElement, query);
      await waitFor(() => expect(rowNames(canvasElement)).toContain(product.name));
      await expectSent(LIST, 'search', query);
    }
  },
};

const noCategory = { ...productFixtures[5]!, id: 41, name: 'Sans catégorie', category_id: null };
const deletedCategory = {
  ...productFixtures[1]!,
  id: 42,
  name: 'Catégorie disparue',
  category_id: 77,
};
/**
 * Category fallback 'Uncategorized'. (The price's fallback to base_price, for a product without
 * price_incl_vat, is in product-rows.test.ts: the contract's server always sends it.)
 */
export const Uncategorized: Story = {
  parameters: { msw: { handlers: [products.list([noCategory, deletedCategory])] } },
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await expect(rowCells(rowOf(canvasElement, 'Sans catégorie')).slice(3, 5)).toEqual([
      'Uncategorized',
      '59.000 TND',
    ]);
    await expect(rowCells(rowOf(canvasElement, 'Catégorie disparue'))[3]).toBe('Uncategorized');
  },
};

/** Without the category names, the column stays blank rather than saying 'Uncategorized'. */
export const CategoriesUnavailable: Story = {
  parameters: { msw: { handlers: [categories.adminList.error(500)] } },
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await waitFor(() =>
      expect(dataRows(canvasElement).map((row) => rowCells(row)[3])).toEqual(
        productFixtures.map(() => '—'),
      ),
    );
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [products.list([])] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(EMPTY)).toBeVisible();
    await expect(canvas.getByTestId('product-count')).toHaveTextContent('0 products');
    await expect(canvas.getByRole('link', { name: 'Add Product' })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [products.list.loading()] } },
  play: ({ canvasElement }) => expectLoading(canvasElement, 'Loading products...'),
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [products.list.error(500, 'Database unavailable')] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Failed to load products');
    await expect(alert).toHaveTextContent('Database unavailable');
    await expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(canvas.queryByText('Loading products...')).toBeNull();
  },
};

/** Without a server message (network failure) the alert only says what failed. */
export const LoadNetworkError: Story = {
  parameters: { msw: { handlers: [products.list.networkError()] } },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent(/^Failed to load productsRetry$/);
  },
};

/** The X-Total-Count header every skip/limit list answers with. */
const total = (items: readonly unknown[]) => ({ 'X-Total-Count': String(items.length) });

let listCalls = 0;
/** The list fails, then loads on Retry. */
export const RetryAfterLoadError: Story = {
  beforeEach: () => {
    listCalls = 0;
  },
  parameters: {
    msw: {
      handlers: [
        products.list.reply(() =>
          ++listCalls === 1
            ? HttpResponse.json({ detail: 'Database unavailable' }, { status: 500 })
            : HttpResponse.json(productFixtures, { headers: total(productFixtures) }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rowNames(canvasElement)).toHaveLength(productFixtures.length));
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
};

const harissa = productFixtures.find((p) => p.name.startsWith('Harissa'))!;

async function openDelete(canvasElement: HTMLElement, product: Product) {
  await waitForRows(canvasElement);
  await userEvent.click(
    within(canvasElement).getByRole('button', { name: `Delete ${product.name}` }),
  );
  return findOpenDialog('Delete Product', 'alertdialog');
}

export const DeleteDialog: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDelete(canvasElement, harissa);
    const sentence = `Are you sure you want to delete "${harissa.name}"? This action cannot be undone.`;
    // Visible once the opening animation is over.
    await waitFor(() => expect(within(dialog).getByText(sentence)).toBeVisible());
    await expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(requests.to('DELETE', /\/admin\/products\//)).toHaveLength(0);
    await expect(rowNames(canvasElement)).toContain(harissa.name);
  },
};

let catalogue: Product[] = [];
/** Delete, then the list is fetched again (the server no longer has the product). */
export const DeleteSuccess: Story = {
  beforeEach: () => {
    catalogue = [...productFixtures];
  },
  parameters: {
    msw: {
      handlers: [
        products.list.reply(() => HttpResponse.json(catalogue, { headers: total(catalogue) })),
        products.delete.reply(({ params }) => {
          catalogue = catalogue.filter((p) => String(p.id) !== params.id);
          return new HttpResponse(null, { status: 204 });
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = await openDelete(canvasElement, harissa);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const [call] = await requests.waitFor('DELETE', `/api/v1/admin/products/${harissa.id}`);
    await expect(call?.params.id).toBe(String(harissa.id));
    await expectToast('Success', 'Product deleted successfully', 'success');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The list was reloaded and no longer shows the product.
    await requests.waitFor('GET', LIST, { count: 2 });
    await waitFor(() =>
      expect(rowNames(canvasElement)).toEqual(
        productFixtures.filter((p) => p.id !== harissa.id).map((p) => p.name),
      ),
    );
    await expect(within(canvasElement).getByTestId('product-count')).toHaveTextContent(
      `${productFixtures.length - 1} products`,
    );
  },
};

export const DeleteFailure: Story = {
  parameters: { msw: { handlers: [products.delete.error(500, 'Boom')] } },
  play: async ({ canvasElement }) => {
    const dialog = await openDelete(canvasElement, harissa);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await requests.waitFor('DELETE', `/api/v1/admin/products/${harissa.id}`);
    await expectToast('Error', 'Failed to delete product', 'error');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(rowNames(canvasElement)).toContain(harissa.name);
    await expect(requests.to('GET', LIST)).toHaveLength(1);
  },
};

/** While the deletion is under way the dialog waits. */
export const DeletePending: Story = {
  parameters: { msw: { handlers: [products.delete.loading()] } },
  play: async ({ canvasElement }) => {
    const dialog = await openDelete(canvasElement, harissa);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: /Deleting/ })).toBeDisabled(),
    );
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

export const AddProductNavigates: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('link', { name: 'Add Product' }));
    await expectLocation(canvasElement, '/admin/products/new');
  },
};

export const EditNavigates: Story = {
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    const product = productFixtures[2]!;
    await userEvent.click(
      within(canvasElement).getByRole('link', { name: `Edit ${product.name}` }),
    );
    await expectLocation(canvasElement, `/admin/products/${product.id}`);
  },
};

const large = manyProducts(1000);

/** 1,000 products: only the rows in view are rendered, and search still narrows the list. */
export const ThousandProducts: Story = {
  parameters: { msw: { handlers: [products.list(large)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectVirtualised(canvasElement, {
      total: 1000,
      first: large[0]!.name,
      last: large[999]!.name,
      scroller: 'products-scroll',
    });
    await expect(canvas.getByTestId('product-count')).toHaveTextContent('1,000 products');

    const query = 'TAPIS KILIM djerba';
    const matches = large.filter((p) => includesIgnoringCase(p.name, query));
    await expect(matches.length).toBeGreaterThan(1);
    await search(canvasElement, query);
    await waitFor(() =>
      expect(canvas.getByTestId('product-count')).toHaveTextContent(
        `${matches.length} of 1,000 products`,
      ),
    );
    await waitFor(() =>
      expect(rowNames(canvasElement)).toEqual(
        matches.slice(0, rowNames(canvasElement).length).map((p) => p.name),
      ),
    );

    await search(canvasElement, '#0777');
    await expectSent(LIST, 'search', '#0777');
    await waitFor(() => expect(rowNames(canvasElement)).toEqual([large[776]!.name]));
    await expect(canvas.getByTestId('product-count')).toHaveTextContent('1 of 1,000 products');
  },
};

const overThousand = manyProducts(1150);

/**
 * A search more than 1,000 products match: the server stops counting there (#35,
 * X-Total-Count-Capped), so the count reads "More than 1,000 products", and the list still loads
 * page after page past the 1,000th row as it scrolls, to the last match; a narrower search is
 * counted exactly again.
 */
export const MoreThanThousandMatches: Story = {
  parameters: { msw: { handlers: [products.list(overThousand)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expect(canvas.getByTestId('product-count')).toHaveTextContent('1,150 products');
    // Every name holds "#" ("… #0001" to "#1150").
    await search(canvasElement, '#');
    await expectSent(LIST, 'search', '#');
    await waitFor(() =>
      expect(canvas.getByTestId('product-count')).toHaveTextContent('More than 1,000 products'),
    );
    const region = canvas.getByTestId('products-scroll');
    // Each scroll to the end asks for the next page, until the last product is in view.
    await waitFor(
      () => {
        region.scrollTop = region.scrollHeight;
        return expect(rowNames(canvasElement)).toContain(overThousand[1149]!.name);
      },
      { timeout: 20_000 },
    );
    await expect(requests.to('GET', LIST).filter((r) => r.query.search === '#')).toHaveLength(12);
    await expect(canvas.getByTestId('product-count')).toHaveTextContent('More than 1,000 products');

    const narrower = overThousand.filter((p) => p.name.includes('#11'));
    await search(canvasElement, '#11');
    await waitFor(() =>
      expect(canvas.getByTestId('product-count')).toHaveTextContent(
        `${narrower.length} of 1,150 products`,
      ),
    );
  },
};

/**
 * On a 375 px phone each product is a card (docs/product.md §2): thumbnail, name, category, price,
 * stock and status in view, not cut; its checkbox selects it for a bulk edit and its pencil opens
 * it.
 */
export const Mobile: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Add Product' })).toBeVisible();
    await expect(canvas.getByPlaceholderText('Search products...')).toBeVisible();
    const product = productFixtures[0]!;
    const card = await expectCard(canvasElement, {
      table: 'Products',
      name: product.name,
      // Name, thumbnail, category, price, stock, status; the actions' cell holds icons only.
      fields: [product.name, '', 'Sacs', '189.000 TND', '15', 'Active', ''],
    });
    const select = within(card).getByRole('checkbox', { name: `Select ${product.name}` });
    const edit = within(card).getByRole('link', { name: `Edit ${product.name}` });
    for (const control of [
      select,
      edit,
      within(card).getByRole('button', { name: `Delete ${product.name}` }),
    ])
      await expectInView(control);
    // The thumbnail beside the lines, and the low-stock mark beside the stock (#26).
    await expectInView(card.querySelector('img.thumb')!);
    await expectInView(within(card).getByRole('img', { name: 'Low stock' }));
    // The select-all checkbox stays above the cards.
    await expectInView(canvas.getByRole('checkbox', { name: 'Select all products' }));
    await userEvent.click(select);
    await expect(await canvas.findByText('1 selected')).toBeVisible();
    await userEvent.click(edit);
    await expectLocation(canvasElement, `/admin/products/${product.id}`);
  },
};

const {
  SortByHeader: SortByPrice,
  LoadsMoreOnScroll,
  FilteredEmpty,
} = serverListStories<Product>({
  list: products.list,
  path: LIST,
  firstCell: (p) => p.name,
  searchPlaceholder: 'Search products...',
  countTestId: 'product-count',
  scroller: 'products-scroll',
  sort: {
    header: 'Price',
    param: 'base_price',
    ascending: (a, b) => Number(a.base_price) - Number(b.base_price) || a.id - b.id,
    items: manyProducts(40),
  },
  many: { items: manyProducts(2345), count: '2,345 products' },
  empty: { search: 'chéchia', text: 'No products match "chéchia".', count: '0 of 6 products' },
});
/** Price sorts by the price as entered (base_price), ascending then descending. */
export { SortByPrice, LoadsMoreOnScroll, FilteredEmpty };

/** Name sorts by name. */
export const SortByName: Story = {
  parameters: { msw: { handlers: [products.list(manyProducts(40))] } },
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await clickSort(canvasElement, 'Name');
    await expectSent(LIST, 'sort', 'name');
    await expect(columnHeader(canvasElement, 'Name')).toHaveAttribute('aria-sort', 'ascending');
    await expect(columnHeader(canvasElement, 'Price')).toHaveAttribute('aria-sort', 'none');
    const names = manyProducts(40)
      .map((p) => p.name)
      .sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    await waitFor(() =>
      expect(rowNames(canvasElement)).toEqual(names.slice(0, rowNames(canvasElement).length)),
    );
  },
};

/* Stock, SKU, thumbnail, filters and sort by stock (issue #26 point 6) */

const PLATE = 'Assiette de Nabeul Ø 28 cm';
const TSHIRT = 'T-shirt coton bio « Sidi Bou Saïd »';
const soldOut: Product = {
  ...productFixtures[1]!,
  id: 7,
  name: 'Zrir aux fruits secs',
  slug: 'zrir-aux-fruits-secs',
  sku: 'ZRIR-250',
  stock_quantity: 0,
  stock_state: 'out_of_stock',
  images: [],
};

/** The last list request's query: what the server was asked for. */
const expectListQuery = (query: Record<string, string>) =>
  waitFor(() => expect(requests.to('GET', LIST).at(-1)?.query).toEqual(query));

/**
 * Thumbnail, SKU and stock (#26): the first image or a neutral square, a simple product's SKU or
 * a dash that says why, the summed stock in its state's colour with the low-stock mark, 'Out of
 * stock' spelt out and 'Not tracked'.
 */
export const StockSkuAndThumbnail: Story = {
  parameters: { msw: { handlers: [products.list([...productFixtures, soldOut])] } },
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    const cells = (name: string) => rowCells(rowOf(canvasElement, name));
    await expect(cells(BAG)).toEqual([BAG, '', '—', 'Sacs', '189.000 TND', '15', '3', 'Active']);
    await expect(cells(OIL)).toEqual([
      OIL,
      '',
      'HUILE-1L',
      'Épicerie fine',
      '28.355 TND',
      '140',
      '1',
      'Active',
    ]);
    await expect(cells(PLATE)).toEqual([
      PLATE,
      '',
      '—',
      'Céramique',
      '38.900 TND',
      'Not tracked',
      '1',
      'Active',
    ]);
    await expect(cells(soldOut.name)).toEqual([
      soldOut.name,
      '',
      'ZRIR-250',
      'Épicerie fine',
      '28.355 TND',
      '0 · Out of stock',
      '1',
      'Active',
    ]);
    const bag = rowOf(canvasElement, BAG);
    const oil = rowOf(canvasElement, OIL);
    await expect(within(bag).getByTitle('Each variant has its own SKU')).toHaveTextContent('—');
    await expect(within(rowOf(canvasElement, PLATE)).getByTitle('No SKU yet')).toBeVisible();
    // The mark of a product to restock, none on one in stock; out of stock is marked too.
    await expect(within(bag).getByRole('img', { name: 'Low stock' })).toBeVisible();
    await expect(
      within(rowOf(canvasElement, soldOut.name)).getByRole('img', { name: 'Out of stock' }),
    ).toBeVisible();
    await expect(within(oil).queryByRole('img')).toBeNull();
    const colour = (row: HTMLElement, text: string) =>
      getComputedStyle(within(row).getByText(text)).color;
    await expect(colour(bag, '15')).not.toBe(colour(oil, '140'));
    // The product's first image, no alt text (its name is beside it); a placeholder without one.
    const thumb = bag.querySelector('img.thumb');
    await expect(thumb).toHaveAttribute('src', productFixtures[0]!.images[0]);
    await expect(thumb).toHaveAttribute('alt', '');
    await expect(
      within(rowOf(canvasElement, PLATE)).getByTestId('thumb-placeholder'),
    ).toBeVisible();
  },
};

/** At 1366 px every column is in view beside the sidebar, without sideways scrolling. */
export const Laptop1366: Story = {
  globals: { viewport: { value: 'desktop1366' } },
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    const scroll = within(canvasElement).getByTestId('products-scroll');
    await expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth);
    const right = scroll.getBoundingClientRect().right;
    for (const header of within(canvasElement).getAllByRole('columnheader'))
      await expect(header.getBoundingClientRect().right).toBeLessThanOrEqual(right + 1);
    // The range of a product with variants, whole.
    const price = within(rowOf(canvasElement, TSHIRT)).getByText('45.000 – 49.000 TND');
    await expect(price.scrollWidth).toBeLessThanOrEqual(price.clientWidth);
  },
};

/** The category filter: its choices, then `category_id` sent; the count says '2 of 6'. */
export const FilterByCategory: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    const filter = canvas.getByRole('combobox', { name: 'Filter by category' });
    await waitFor(() =>
      expect(
        within(filter)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([
        'All categories',
        ...categoryFixtures.map((c) => (c.is_active ? c.name : `${c.name} (inactive)`)),
      ]),
    );
    await chooseFilter(canvasElement, 'Filter by category', 'Épicerie fine');
    await expectListQuery({ skip: '0', limit: '100', category_id: '2' });
    await waitFor(() => expect(rowNames(canvasElement)).toEqual([OIL, HARISSA]));
    await expect(canvas.getByTestId('product-count')).toHaveTextContent('2 of 6 products');
  },
};

/** The status filter sends is_active=false for Inactive, true for Active. */
export const FilterByStatus: Story = {
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await chooseFilter(canvasElement, 'Filter by status', 'Inactive');
    await expectListQuery({ skip: '0', limit: '100', is_active: 'false' });
    await waitFor(() => expect(rowNames(canvasElement)).toEqual([HARISSA]));
    await chooseFilter(canvasElement, 'Filter by status', 'Active');
    await expectListQuery({ skip: '0', limit: '100', is_active: 'true' });
    await waitFor(() => expect(rowNames(canvasElement)).not.toContain(HARISSA));
  },
};

/**
 * The stock filter sends stock_state, with the search; a new filter starts the selection over,
 * as a new search does.
 */
export const FilterByStock: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expect(
      within(canvas.getByRole('combobox', { name: 'Filter by stock' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All stock levels', 'In stock', 'Low stock', 'Out of stock', 'Not tracked']);
    await userEvent.click(canvas.getByRole('checkbox', { name: `Select ${OIL}` }));
    await expect(await canvas.findByText('1 selected')).toBeVisible();
    await chooseFilter(canvasElement, 'Filter by stock', 'Low stock');
    await expectListQuery({ skip: '0', limit: '100', stock_state: 'low_stock' });
    await waitFor(() => expect(rowNames(canvasElement)).toEqual([BAG, TSHIRT, HARISSA]));
    await expect(canvas.queryByText('1 selected')).toBeNull();
    await chooseFilter(canvasElement, 'Filter by stock', 'Not tracked');
    await expectListQuery({ skip: '0', limit: '100', stock_state: 'not_tracked' });
    await waitFor(() => expect(rowNames(canvasElement)).toEqual([PLATE, WALLET]));
    await search(canvasElement, 'assiette');
    await expectListQuery({
      skip: '0',
      limit: '100',
      search: 'assiette',
      stock_state: 'not_tracked',
    });
    await waitFor(() => expect(rowNames(canvasElement)).toEqual([PLATE]));
  },
};

/** Filters that hide every product: the message says so and Clear filters shows them all again. */
export const ClearFilters: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await chooseFilter(canvasElement, 'Filter by category', 'Sacs');
    await chooseFilter(canvasElement, 'Filter by stock', 'Out of stock');
    await expectListQuery({
      skip: '0',
      limit: '100',
      category_id: '5',
      stock_state: 'out_of_stock',
    });
    await expect(await canvas.findByText('No products match these filters.')).toBeVisible();
    await expect(canvas.getByTestId('product-count')).toHaveTextContent('0 of 6 products');
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rowNames(canvasElement)).toHaveLength(productFixtures.length));
    await expect(canvas.getByRole('combobox', { name: 'Filter by category' })).toHaveValue('');
    await expect(canvas.getByRole('combobox', { name: 'Filter by stock' })).toHaveValue('');
    await expect(canvas.getByTestId('product-count')).toHaveTextContent('6 products');
    await expect(canvas.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  },
};

/** Stock sorts by the summed stock, products without counted stock last either way. */
export const SortByStock: Story = {
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await clickSort(canvasElement, 'Stock');
    await expectListQuery({ skip: '0', limit: '100', sort: 'stock' });
    await expect(columnHeader(canvasElement, 'Stock')).toHaveAttribute('aria-sort', 'ascending');
    await waitFor(() =>
      expect(rowNames(canvasElement)).toEqual([HARISSA, BAG, TSHIRT, OIL, PLATE, WALLET]),
    );
    await clickSort(canvasElement, 'Stock');
    await expectListQuery({ skip: '0', limit: '100', sort: '-stock' });
    await expect(columnHeader(canvasElement, 'Stock')).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() =>
      expect(rowNames(canvasElement)).toEqual([OIL, TSHIRT, BAG, HARISSA, WALLET, PLATE]),
    );
  },
};

/* Bulk edit (issue #14): select rows, pick an action, fill its dialog */

const BULK = '/api/v1/admin/products/bulk';
const BAG = 'Sac cabas en cuir';
const OIL = "Huile d'olive extra vierge 1 L";
const HARISSA = 'Harissa traditionnelle 200 g';
const WALLET = 'Portefeuille homme';

const bulkBar = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('region', { name: 'Bulk actions' }));

/** Ticks the rows of these products, once the list is shown. */
async function selectRows(canvasElement: HTMLElement, ...names: string[]) {
  await waitForRows(canvasElement);
  for (const name of names) {
    await userEvent.click(within(canvasElement).getByRole('checkbox', { name: `Select ${name}` }));
  }
}

interface BulkEdit {
  rows: string[];
  /** The action's button, and its dialog's title. */
  action: string;
  fill?: (form: Scope) => Promise<void>;
  /** The body the server must be sent. */
  sent: ProductBulkEdit;
}

/** Selects the rows, opens the action's dialog, fills and applies it; checks what was sent. */
async function bulkEdit(canvasElement: HTMLElement, { rows, action, fill, sent }: BulkEdit) {
  await selectRows(canvasElement, ...rows);
  await userEvent.click(bulkBar(canvasElement).getByRole('button', { name: action }));
  const form = await dialog(action);
  await expect(form.getByTestId('bulk-target')).toHaveTextContent(
    `Applies to ${rows.length} ${rows.length === 1 ? 'product' : 'products'}.`,
  );
  await fill?.(form);
  const priced = action === 'Set Price' || action === 'Shift Price';
  if (priced) {
    // A price action is first previewed by a dry run (#26; ProductsBulkPrices.stories.tsx).
    await userEvent.click(form.getByRole('button', { name: 'Preview' }));
    const [dry] = await requests.waitFor('POST', BULK);
    await expect(dry!.body).toEqual({ ...sent, dry_run: true });
    const shown = await form.findByTestId(/^bulk-(preview|refusal)$/);
    if (shown.dataset.testid === 'bulk-refusal') return form;
  }
  await userEvent.click(form.getByRole('button', { name: 'Apply' }));
  const calls = await requests.waitFor('POST', BULK, { count: priced ? 2 : 1 });
  await expect(calls.at(-1)!.body).toEqual(sent);
  return form;
}

/** The summary toast, the dialog gone, the selection cleared and the list asked again. */
async function expectBulkDone(canvasElement: HTMLElement, summary: string) {
  await expectToast('Success', summary, 'success');
  await dialogClosed('dialog');
  await waitFor(() =>
    expect(within(canvasElement).queryByRole('region', { name: 'Bulk actions' })).toBeNull(),
  );
  const log = requests.all();
  const sentAt = log.findLastIndex((r) => r.method === 'POST' && r.path === BULK);
  const isList = (path: string) => path.replace(/\/$/, '') === LIST.replace(/\/$/, '');
  await waitFor(() =>
    expect(
      requests
        .all()
        .slice(sentAt + 1)
        .some((r) => r.method === 'GET' && isList(r.path)),
    ).toBe(true),
  );
}

/** The refusal's detail in the dialog, which stays open with what was typed. */
async function expectRefused(form: Scope, action: string, detail: string) {
  await expect((await form.findByTestId('bulk-refusal')).textContent).toBe(detail);
  await expect(form.getByText('Nothing was changed')).toBeVisible();
  await expect(screen.getByRole('dialog', { name: action })).toBeVisible();
  await expect(screen.queryAllByTestId('toast')).toHaveLength(0);
}

const idOf = (name: string) => productFixtures.find((p) => p.name === name)!.id;

/** A story that applies `action` to `rows` (the body sent: their ids and `sent`), then its toast. */
const bulkStory = (
  edit: Omit<BulkEdit, 'sent'> & { sent: ProductBulkEdit['action'] },
  summary: string,
): Story => ({
  play: async ({ canvasElement }) => {
    await bulkEdit(canvasElement, {
      ...edit,
      sent: { ids: edit.rows.map(idOf), action: edit.sent },
    });
    await expectBulkDone(canvasElement, summary);
  },
});

export const BulkSelectionAndActionBar: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await selectRows(canvasElement, BAG);
    await expect(await canvas.findByText('1 selected')).toBeVisible();
    const buttons = bulkBar(canvasElement).getAllByRole('button');
    await expect(buttons.map((b) => b.textContent).join(', ')).toBe(
      'Set Price, Shift Price, Set Stock, Adjust Stock, Set Status, Set Category, Set VAT Rate, Clear Selection',
    );
    await selectRows(canvasElement, HARISSA);
    await expect(await canvas.findByText('2 selected')).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: `Select ${HARISSA}` })).toBeChecked();
    // Some rows: the header's box is mixed; ticking it selects every row shown.
    const all = canvas.getByRole<HTMLInputElement>('checkbox', { name: 'Select all products' });
    await expect(all.indeterminate).toBe(true);
    await userEvent.click(all);
    await expect(await canvas.findByText(`${productFixtures.length} selected`)).toBeVisible();
    await expect(all).toBeChecked();
    await userEvent.click(bulkBar(canvasElement).getByRole('button', { name: 'Clear Selection' }));
    await waitFor(() => expect(canvas.queryByRole('region', { name: 'Bulk actions' })).toBeNull());
    await expect(canvas.getByRole('checkbox', { name: `Select ${BAG}` })).not.toBeChecked();
    // The rows keep their names and the columns are those of the list without selection.
    await expect(rowCells(rowOf(canvasElement, WALLET))[0]).toBe(WALLET);
    await expect(canvas.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(HEADERS);
  },
};

export const BulkSetPrice = bulkStory(
  {
    rows: [BAG, OIL],
    action: 'Set Price',
    fill: (form) => replace(form, /^Price/, '12.5'),
    sent: { type: 'set_price', price: '12.5' },
  },
  '2 products updated',
);

export const BulkShiftPriceByPercent = bulkStory(
  {
    rows: [OIL, HARISSA],
    action: 'Shift Price',
    fill: async (form) => {
      await expect(form.getByLabelText('Change by')).toHaveValue('percent');
      await replace(form, /Change \(%\)/, '-10');
    },
    sent: { type: 'shift_price', unit: 'percent', value: '-10' },
  },
  '2 products updated',
);

/** Shift by an amount in TND. */
const byAmount = (value: string) => async (form: Scope) => {
  await userEvent.selectOptions(form.getByLabelText('Change by'), 'amount');
  await replace(form, /Change \(TND\)/, value);
};

export const BulkShiftPriceByAmount = bulkStory(
  {
    rows: [WALLET],
    action: 'Shift Price',
    fill: byAmount('2.5'),
    sent: { type: 'shift_price', unit: 'amount', value: '2.5' },
  },
  '1 product updated',
);

/** The quantity (or adjustment) and the reason of a stock action. */
const stock = (label: RegExp, value: string, reason: string) => async (form: Scope) => {
  await replace(form, label, value);
  await replace(form, /Reason/, reason);
};

export const BulkSetStock = bulkStory(
  {
    rows: [OIL, WALLET],
    action: 'Set Stock',
    fill: stock(/Stock quantity/, '20', ' Stocktake '),
    sent: { type: 'set_stock', quantity: 20, reason: 'Stocktake' },
  },
  '2 products updated',
);

export const BulkAdjustStock = bulkStory(
  {
    rows: [OIL],
    action: 'Adjust Stock',
    fill: stock(/Adjustment/, '-3', 'Damaged'),
    sent: { type: 'adjust_stock', delta: -3, reason: 'Damaged' },
  },
  '1 product updated',
);

/** Set Status: Active by default; the oil was already active. */
export const BulkSetStatus = bulkStory(
  {
    rows: [OIL, HARISSA],
    action: 'Set Status',
    fill: (form) => expect(form.getByLabelText('Status')).toHaveValue('true'),
    sent: { type: 'set_status', is_active: true },
  },
  '1 product updated, 1 unchanged',
);

export const BulkSetCategory = bulkStory(
  {
    rows: [OIL, WALLET],
    action: 'Set Category',
    fill: (form) => userEvent.selectOptions(form.getByLabelText(/^Category/), 'Épicerie fine'),
    sent: { type: 'set_category', category_id: 2 },
  },
  '1 product updated, 1 unchanged',
);

/** Only the rates in force are offered (not expired, scheduled or inactive ones). */
export const BulkSetVatRate = bulkStory(
  {
    rows: [OIL],
    action: 'Set VAT Rate',
    fill: async (form) => {
      const select = form.getByLabelText<HTMLSelectElement>(/^VAT rate/);
      await waitFor(() => expect(select.options.length).toBeGreaterThan(1));
      const offered = [...select.options].map((o) => o.textContent);
      await expect(offered[0]).toBe('Choose a VAT rate');
      await expect(offered.join()).not.toMatch(/until 2025|old|TVA 30|France/);
      await userEvent.selectOptions(select, 'TVA intermédiaire (13.00%, TN)');
    },
    sent: { type: 'set_vat_rate', vat_rate_id: 2 },
  },
  '1 product updated',
);

export const BulkInvalidInput: Story = {
  play: async ({ canvasElement }) => {
    await selectRows(canvasElement, OIL);
    const tries: [string, (form: Scope) => Promise<void>, string[]][] = [
      ['Set Price', async () => {}, ['Price is required']],
      [
        'Set Price',
        (form) => replace(form, /^Price/, '1.2345'),
        ['Enter an amount in TND with up to 3 decimals'],
      ],
      [
        'Shift Price',
        (form) => replace(form, /Change \(%\)/, '2000'),
        ['Enter a percentage from -100 to 1000 with up to 2 decimals'],
      ],
      [
        'Adjust Stock',
        (form) => replace(form, /Adjustment/, '0'),
        ['Adjustment cannot be 0', 'Reason is required'],
      ],
    ];
    for (const [action, fill, messages] of tries) {
      await userEvent.click(bulkBar(canvasElement).getByRole('button', { name: action }));
      const form = await dialog(action);
      await fill(form);
      await userEvent.click(form.getByRole('button', { name: /^(Apply|Preview)$/ }));
      for (const message of messages) await expect(await form.findByText(message)).toBeVisible();
      await userEvent.click(form.getByRole('button', { name: 'Cancel' }));
      await dialogClosed('dialog');
    }
    // Nothing is sent while the values are invalid.
    await expect(requests.to('POST', BULK)).toHaveLength(0);
  },
};

/** The server refuses some rows: the dialog names them; nothing changed. */
export const BulkRefusedRowsNamed: Story = {
  play: async ({ canvasElement }) => {
    const form = await bulkEdit(canvasElement, {
      rows: [OIL, HARISSA],
      action: 'Shift Price',
      fill: byAmount('-20'),
      sent: { ids: [2, 5], action: { type: 'shift_price', unit: 'amount', value: '-20' } },
    });
    await expectRefused(
      form,
      'Shift Price',
      'Product 5 (Harissa traditionnelle 200 g): price would be negative',
    );
    await expect(form.getByLabelText(/Change \(TND\)/)).toHaveValue('-20');
    await expect(within(canvasElement).getByText('2 selected')).toBeVisible();
  },
};

/** Stock of a product with variants is refused by the server, which names it. */
export const BulkRefusedStockOfProductWithVariants: Story = {
  parameters: {
    msw: {
      handlers: [
        bulk.products.error(
          409,
          'Product 1 (Sac cabas en cuir): has variants: change the stock of its variants',
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const form = await bulkEdit(canvasElement, {
      rows: [BAG, OIL],
      action: 'Adjust Stock',
      fill: stock(/Adjustment/, '5', 'Delivery'),
      sent: { ids: [1, 2], action: { type: 'adjust_stock', delta: 5, reason: 'Delivery' } },
    });
    await expectRefused(
      form,
      'Adjust Stock',
      'Product 1 (Sac cabas en cuir): has variants: change the stock of its variants',
    );
  },
};
