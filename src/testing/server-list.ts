/**
 * Stories of a list the server searches, sorts and pages (useServerList): sorting by a header,
 * loading the next page on scroll, and the filtered empty state. Stories only.
 */
import type { HttpHandler } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { requests } from '@mocks/recorder';
import { listScreen } from './list-screen';

type Play = (context: { canvasElement: HTMLElement }) => Promise<void>;

/**
 * The query of a server list's first page: no search, filter or sort, and useServerList's page
 * of 100 rows. Written out rather than read from PAGE_SIZE, so that a change of the page size
 * shows in the stories.
 */
export const FIRST_PAGE = { skip: '0', limit: '100' };

interface ServerListStoriesOptions<T> {
  /** The list's mock handler factory (`products.list`) and the path it answers. */
  list: (items: T[]) => HttpHandler;
  path: string;
  /** The text of a row's first cell. */
  firstCell: (item: T) => string;
  searchPlaceholder: string;
  /** The test id of the count ('product-count') and the DataTable's scroll region. */
  countTestId: string;
  scroller: string;
  /** A sortable column: its header, sort key, and the ascending order of the rows. */
  sort: { header: string; param: string; ascending: (a: T, b: T) => number; items: T[] };
  /** More rows than a page, and the count they read as ('2,345 products'). */
  many: { items: T[]; count: string };
  /** A search that matches nothing: the message and the count shown. */
  empty: { search: string; text: string; count: string };
}

/** A GET request to `path` was sent with the query parameter `name` = `value`. */
export function expectSent(path: string, name: string, value: string): Promise<void> {
  return waitFor(() => expect(requests.to('GET', path).map((r) => r.query[name])).toContain(value));
}

/**
 * Chooses `option` in the filter select named `filter`, once the option is there: a filter's
 * choices (the categories) may come from a request of their own that lands after the rows.
 */
export async function chooseFilter(
  canvasElement: HTMLElement,
  filter: string,
  option: string,
): Promise<void> {
  const select = within(canvasElement).getByRole('combobox', { name: filter });
  await within(select).findByRole('option', { name: option });
  await userEvent.selectOptions(select, option);
}

/** The header cell of the column `header`. */
export function columnHeader(canvasElement: HTMLElement, header: string): HTMLElement {
  const found = within(canvasElement)
    .getAllByRole('columnheader')
    .find((cell) => cell.textContent === header);
  if (!found) throw new Error(`No column ${header}`);
  return found;
}

/** Clicks the sort button of the column `header`. */
export async function clickSort(canvasElement: HTMLElement, header: string): Promise<void> {
  await userEvent.click(
    within(columnHeader(canvasElement, header)).getByRole('button', { name: header }),
  );
}

/** The SortByHeader, LoadsMoreOnScroll and FilteredEmpty stories of a server-side list. */
export function serverListStories<T>(options: ServerListStoriesOptions<T>) {
  const { list, path, firstCell, countTestId, scroller, sort, many, empty } = options;
  const { rowNames, waitForRows, search } = listScreen({
    searchPlaceholder: options.searchPlaceholder,
  });
  const msw = (handler: HttpHandler) => ({ msw: { handlers: [handler] } });
  const sent = (name: string, value: string) => expectSent(path, name, value);

  /** The rows in the DOM are the first ones of `expected`. */
  const expectRows = (canvasElement: HTMLElement, expected: readonly T[]) =>
    waitFor(async () => {
      const names = rowNames(canvasElement);
      await expect(names.length).toBeGreaterThan(1);
      await expect(names).toEqual(expected.slice(0, names.length).map(firstCell));
    });

  const sortPlay: Play = async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    const ascending = [...sort.items].sort(sort.ascending);
    await clickSort(canvasElement, sort.header);
    await sent('sort', sort.param);
    await expectRows(canvasElement, ascending);
    await expect(columnHeader(canvasElement, sort.header)).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await clickSort(canvasElement, sort.header);
    await sent('sort', `-${sort.param}`);
    await expectRows(canvasElement, [...ascending].reverse());
    await expect(columnHeader(canvasElement, sort.header)).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  };

  const loadMorePlay: Play = async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expect(canvas.getByTestId(countTestId)).toHaveTextContent(many.count);
    await expect(canvas.getByRole('table')).toHaveAttribute(
      'aria-rowcount',
      String(many.items.length + 1),
    );
    const [first] = await requests.waitFor('GET', path);
    await expect(first?.query).toEqual({ skip: '0', limit: '100' });
    const region = canvas.getByTestId(scroller);
    region.scrollTop = region.scrollHeight;
    const calls = await requests.waitFor('GET', path, { count: 2 });
    await expect(calls[1]?.query).toEqual({ skip: '100', limit: '100' });
    await waitFor(() => expect(rowNames(canvasElement)).toContain(firstCell(many.items[100]!)));
    // One request per page: nothing asked twice.
    await expect(requests.to('GET', path)).toHaveLength(2);
    await expect(canvas.getByTestId(countTestId)).toHaveTextContent(many.count);
  };

  const emptyPlay: Play = async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await search(canvasElement, empty.search);
    await expect(await canvas.findByText(empty.text)).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(canvas.getByTestId(countTestId)).toHaveTextContent(empty.count);
    await sent('search', empty.search.trim());
  };

  return {
    SortByHeader: { parameters: msw(list(sort.items)), play: sortPlay },
    LoadsMoreOnScroll: { parameters: msw(list(many.items)), play: loadMorePlay },
    FilteredEmpty: { play: emptyPlay },
  };
}
