import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Category, Product } from '@generated/model';
import { categories as categoryFixtures, products as productFixtures } from '@mocks/fixtures';
import { manyProducts } from '@mocks/fixtures/many-products';
import { categories, products } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { expectedMoney as money } from '@/testing/expected';
import { expectLoading, expectScrollsInside, listScreen, rowOf } from '@/testing/list-screen';
import { clickSort, columnHeader, expectSent, serverListStories } from '@/testing/server-list';
import { expectLocation, expectToast, screen, expectScreenTitle } from '@/testing/story';
import { ProductsPage } from './ProductsPage';
import { adminScreen } from '@/testing/admin-screen';

/** The product list of /admin/products (docs/product.md §2) in the admin layout, over the mock API. */
const meta = {
  title: 'Products/ProductsPage',
  component: ProductsPage,
  ...adminScreen('/admin/products'),
} satisfies Meta<typeof ProductsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const LIST = '/api/v1/admin/products/';
const HEADERS = ['Name', 'Category', 'Price', 'Variants', 'Status', 'Actions'];
const EMPTY = 'No products found. Add your first product!';

/* Expected cells, computed here from the fixtures without the app's helpers. */
function expectedCells(product: Product, categoryList: readonly Category[] = categoryFixtures) {
  const category = categoryList.find((c) => c.id === product.category_id)?.name ?? 'Uncategorized';
  const price = product.price_incl_vat ? product.price_incl_vat : product.base_price;
  return [
    product.name,
    category,
    money(price),
    String(product.variant_count),
    product.is_active ? 'Active' : 'Inactive',
  ];
}
const includesIgnoringCase = (name: string, query: string) =>
  name.toLowerCase().includes(query.trim().toLowerCase());
/** The server's search: name, slug or brand (docs/product.md §7). */
const matchesSearch = (p: Product, query: string) =>
  [p.name, p.slug, p.brand ?? ''].some((text) => includesIgnoringCase(text, query));

const { dataRows, rowNames, waitForRows, search, expectVirtualised, rowCells, tableCells } =
  listScreen({
    dataCells: 5,
    searchPlaceholder: 'Search products...',
  });
export const Filled: Story = {
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
    await expect(rowCells(rowOf(canvasElement, 'Sans catégorie')).slice(1, 3)).toEqual([
      'Uncategorized',
      '59.000 TND',
    ]);
    await expect(rowCells(rowOf(canvasElement, 'Catégorie disparue'))[1]).toBe('Uncategorized');
  },
};

/** Without the category names, the column stays blank rather than saying 'Uncategorized'. */
export const CategoriesUnavailable: Story = {
  parameters: { msw: { handlers: [categories.adminList.error(500)] } },
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await waitFor(() =>
      expect(dataRows(canvasElement).map((row) => rowCells(row)[1])).toEqual(
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
  return screen.findByRole('alertdialog', { name: 'Delete Product' });
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

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile375' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Add Product' })).toBeVisible();
    await expect(canvas.getByPlaceholderText('Search products...')).toBeVisible();
    await expectScrollsInside(canvas.getByTestId('products-scroll'));
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
