// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListAdminProductsParams, Product } from '@generated/model';
import { getListAdminProductsKey } from '@generated/hooks/products/products';
import { manyProducts } from '@mocks/fixtures/many-products';
import { products } from '@mocks/handlers';
import { requests, server } from '@mocks/node';
import { withMockApi } from '@/testing/mock-api';
import { afterRequestsSentSoFar } from '@/testing/waits';
import { gcCacheProvider, swrDefaults } from '@/lib/swr';
import { searchParam, useListSort, useServerList } from './use-server-list';

const LIST = '/api/v1/admin/products/';
const catalogue = manyProducts(250);

withMockApi();
afterEach(() => cleanup());

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ ...swrDefaults, provider: gcCacheProvider }}>{children}</SWRConfig>
);

function renderList(params: ListAdminProductsParams, unfiltered: ListAdminProductsParams | null) {
  return renderHook(
    () =>
      useServerList<Product, ListAdminProductsParams>({
        keyOf: getListAdminProductsKey,
        params,
        unfiltered,
      }),
    { wrapper },
  );
}

const queries = () => requests.to('GET', LIST).map((r) => r.query);

describe('useServerList', () => {
  it('loads the first page of 100 and counts from X-Total-Count', async () => {
    server.use(products.list(catalogue));
    const { result } = renderList({}, null);
    await waitFor(() => expect(result.current.rows).toHaveLength(100));
    expect(result.current.count).toEqual({ shown: 250, all: 250, filtered: false, capped: false });
    expect(result.current.table.total).toBe(250);
    expect(queries()).toEqual([{ skip: '0', limit: '100' }]);
  });

  it('loads one page per call near the end, never the same page twice, none past the total', async () => {
    server.use(products.list(catalogue));
    const { result } = renderList({}, null);
    await waitFor(() => expect(result.current.rows).toHaveLength(100));
    act(() => {
      result.current.table.onEndReached();
      result.current.table.onEndReached();
    });
    await waitFor(() => expect(result.current.rows).toHaveLength(200));
    act(() => result.current.table.onEndReached());
    await waitFor(() => expect(result.current.rows).toHaveLength(250));
    expect(result.current.rows?.map((p) => p.id)).toEqual(catalogue.map((p) => p.id));
    // Past the total: what the call sent (once its effects have run) would have arrived before a
    // request sent now. Nothing was.
    await act(() => Promise.resolve(result.current.table.onEndReached()));
    await afterRequestsSentSoFar();
    expect(queries()).toEqual([
      { skip: '0', limit: '100' },
      { skip: '100', limit: '100' },
      { skip: '200', limit: '100' },
    ]);
  });

  it('sends the params with every page and counts the unfiltered list for "3 of 12"', async () => {
    server.use(products.list(catalogue));
    const { result } = renderList({ search: '#000', sort: '-name' }, {});
    await waitFor(() => expect(result.current.count).not.toBeNull());
    const matching = catalogue.filter((p) => p.name.includes('#000')).length;
    expect(result.current.count).toEqual({
      shown: matching,
      all: 250,
      filtered: true,
      capped: false,
    });
    expect(queries()).toContainEqual({ skip: '0', limit: '100', search: '#000', sort: '-name' });
    expect(queries()).toContainEqual({ skip: '0', limit: '100' });
  });

  it('goes on past a capped count while the last page was full, and says it is capped', async () => {
    // 1,150 products all named "… #0001" to "#1150": a search for "#" matches every one, more
    // than the server counts (1,000: X-Total-Count-Capped).
    const many = manyProducts(1_150);
    server.use(products.list(many));
    const { result } = renderList({ search: '#' }, {});
    await waitFor(() => expect(result.current.count).not.toBeNull());
    expect(result.current.count).toEqual({ shown: 1000, all: 1150, filtered: true, capped: true });
    // The table counts the rows it has: the total is unknown.
    expect(result.current.table.total).toBeUndefined();
    for (let pages = 2; pages <= 12; pages++) {
      act(() => result.current.table.onEndReached());
      await waitFor(() => expect(result.current.rows).toHaveLength(Math.min(pages * 100, 1_150)));
    }
    expect(result.current.rows?.map((p) => p.id)).toEqual(many.map((p) => p.id));
    // The last page was not full: no page after it.
    await act(() => Promise.resolve(result.current.table.onEndReached()));
    await afterRequestsSentSoFar();
    expect(queries().filter((q) => q.search === '#')).toEqual(
      Array.from({ length: 12 }, (_, page) => ({
        skip: String(page * 100),
        limit: '100',
        search: '#',
      })),
    );
  });

  it('stops at an exact count of 1,000 (not capped) like any other', async () => {
    server.use(products.list(manyProducts(1_000)));
    const { result } = renderList({ search: '#' }, null);
    await waitFor(() => expect(result.current.count).not.toBeNull());
    expect(result.current.count).toEqual({
      shown: 1000,
      all: 1000,
      filtered: false,
      capped: false,
    });
    expect(result.current.table.total).toBe(1000);
  });

  it('reports a failed first page as the error', async () => {
    server.use(products.list.error(500, 'Database unavailable'));
    const { result } = renderList({}, null);
    await waitFor(() => expect(result.current.error).toMatchObject({ status: 500 }));
    expect(result.current.rows).toBeUndefined();
    expect(result.current.count).toBeNull();
  });
});

describe('useListSort', () => {
  it('sends nothing for the default order, the key ascending, then -key descending', () => {
    const { result } = renderHook(() =>
      useListSort<string, string>({ key: 'created_at', direction: 'desc' }),
    );
    expect(result.current.param).toBeUndefined();
    act(() => result.current.onSortChange({ key: 'total_amount', direction: 'asc' }));
    expect(result.current.param).toBe('total_amount');
    act(() => result.current.onSortChange({ key: 'total_amount', direction: 'desc' }));
    expect(result.current.param).toBe('-total_amount');
    act(() => result.current.onSortChange({ key: 'created_at', direction: 'asc' }));
    expect(result.current.param).toBe('created_at');
  });
});

describe('searchParam', () => {
  it('trims, keeps at most 100 characters, and sends nothing for blanks', () => {
    expect(searchParam('  sac ')).toBe('sac');
    expect(searchParam('   ')).toBeUndefined();
    expect(searchParam('x'.repeat(120))).toBe('x'.repeat(100));
  });
});
