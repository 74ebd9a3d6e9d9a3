import { describe, expect, it } from 'vitest';
import { unstable_serialize, type Cache, type ScopedMutator, type State } from 'swr';
import { unstable_serialize as infiniteKey } from 'swr/infinite';
import { getListAdminOrdersKey } from '@generated/hooks/orders/orders';
import { getListAdminProductsKey } from '@generated/hooks/products/products';
import type { Product } from '@generated/model';
import { manyProducts } from '@mocks/fixtures/many-products';
import { products } from '@mocks/handlers';
import { requests, server } from '@mocks/node';
import { withMockApi } from '@/testing/mock-api';
import { fetchPage, pageParams, totalCount, updateCachedRows, type Page } from './paged-list';

withMockApi();

describe('totalCount', () => {
  it('reads the X-Total-Count header, else falls back', () => {
    expect(totalCount('2345', 100)).toBe(2345);
    expect(totalCount(' 7 ', 1)).toBe(7);
    expect(totalCount(undefined, 3)).toBe(3);
    expect(totalCount('many', 3)).toBe(3);
    expect(totalCount('-1', 3)).toBe(3);
  });
});

describe('fetchPage', () => {
  it('answers the page and the total of matching rows, sending the key’s params', async () => {
    const catalogue = manyProducts(250);
    server.use(products.list(catalogue));
    const page = await fetchPage<Product>(
      getListAdminProductsKey({ ...pageParams(1), sort: 'name' }),
    );
    expect(page.total).toBe(250);
    expect(page.items).toHaveLength(100);
    expect(requests.last('GET', '/api/v1/admin/products/')?.query).toEqual({
      skip: '100',
      limit: '100',
      sort: 'name',
    });
  });

  it('marks a page whose count the server capped (X-Total-Count-Capped), and no other', async () => {
    server.use(products.list(manyProducts(1_001)));
    const capped = await fetchPage<Product>(getListAdminProductsKey({ search: '#', limit: 10 }));
    expect(capped).toMatchObject({ total: 1000, capped: true });
    expect(capped.items).toHaveLength(10);
    // The same catalogue without a search: counted exactly.
    const exact = await fetchPage<Product>(getListAdminProductsKey({ limit: 10 }));
    expect(exact.total).toBe(1001);
    expect(exact.capped).toBeUndefined();
  });

  it('rejects with the ApiError of a failed request', async () => {
    server.use(products.list.error(503, 'Down for maintenance'));
    await expect(fetchPage(getListAdminProductsKey())).rejects.toMatchObject({
      status: 503,
      message: 'Down for maintenance',
    });
  });
});

describe('updateCachedRows', () => {
  it('patches every cached page and paged list of that URL, and nothing else', async () => {
    const cache = new Map<string, State>() as unknown as Cache;
    const row = (id: number, status: string) => ({ id, status });
    const page = (...items: { id: number; status: string }[]): Page<(typeof items)[number]> => ({
      items,
      total: 3,
    });
    const first = getListAdminOrdersKey(pageParams(0));
    const pageKey = unstable_serialize(first);
    const listKey = infiniteKey(() => first);
    const detailKey = unstable_serialize(['/api/v1/admin/orders/1']);
    cache.set(pageKey, { data: page(row(1, 'pending'), row(2, 'pending')) });
    cache.set(listKey, { data: [page(row(1, 'pending'), row(2, 'pending'))] });
    cache.set(detailKey, { data: row(1, 'pending') });
    // A mutator of this cache applying the updater (SWR's own does so, and tells the hooks).
    const scoped = ((key: string, update: (data: unknown) => unknown) => {
      cache.set(key, { data: update(cache.get(key)?.data) });
      return Promise.resolve();
    }) as unknown as ScopedMutator;
    await updateCachedRows<{ id: number; status: string }>(
      cache,
      scoped,
      '/api/v1/admin/orders/',
      (o) => (o.id === 1 ? { ...o, status: 'shipped' } : o),
    );
    expect(cache.get(pageKey)?.data).toEqual(page(row(1, 'shipped'), row(2, 'pending')));
    expect(cache.get(listKey)?.data).toEqual([page(row(1, 'shipped'), row(2, 'pending'))]);
    expect(cache.get(detailKey)?.data).toEqual(row(1, 'pending'));
  });
});
