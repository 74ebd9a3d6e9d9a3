// The mock API of mocks/ answers the generated SDK in Node too (mocks/node.ts), and records what
// was sent. Node has no localStorage: the auth store treats that as empty.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { adminLogin } from '@generated/clients/auth/auth';
import { listAdminProducts } from '@generated/clients/products/products';
import { bulkDeleteVariants, updateVariantInventory } from '@generated/clients/variants/variants';
import { configureHttpClient } from '@/lib/http';
import { ApiError } from '@/lib/http/errors';
import { fixtures } from '@mocks/fixtures';
import { products } from '@mocks/handlers';
import { requests, server } from '@mocks/node';

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureHttpClient({ baseURL: 'http://localhost:3000' });
});
afterEach(() => {
  server.resetHandlers();
  requests.clear();
});
afterAll(() => server.close());

it('answers with the fixtures by default and records the request', async () => {
  await expect(listAdminProducts({ skip: 0, limit: 2 })).resolves.toEqual(
    fixtures.products.slice(0, 2),
  );
  expect(requests.last('GET', '/api/v1/admin/products/')?.query).toEqual({ skip: '0', limit: '2' });
});

it('lets a test override an operation with an error', async () => {
  server.use(products.list.error(500, 'Database unavailable'));
  const error = await listAdminProducts().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 500, message: 'Database unavailable' });
});

it('records JSON bodies', async () => {
  await adminLogin({ username: 'admin', password: 'secret' });
  expect(requests.last('POST', '/api/v1/admin/auth/login')?.body).toEqual({
    username: 'admin',
    password: 'secret',
  });
});

it('keeps /variants/bulk/... apart from /variants/{id}/...', async () => {
  await expect(bulkDeleteVariants({ ids: [4, 5] })).resolves.toEqual({
    deleted_ids: [4, 5],
    count: 2,
  });
  const updated = await updateVariantInventory(2, { stock_quantity: 9 });
  expect(updated).toMatchObject({ id: 2, stock_quantity: 9 });
});
