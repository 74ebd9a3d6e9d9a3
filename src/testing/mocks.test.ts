// The mock API of mocks/ answers the generated SDK in Node too (mocks/node.ts), and records what
// was sent. Node has no localStorage: the auth store treats that as empty.
import { expect, it } from 'vitest';
import { adminLogin } from '@generated/clients/auth/auth';
import { listAdminProducts } from '@generated/clients/products/products';
import { bulkDeleteVariants, updateVariantInventory } from '@generated/clients/variants/variants';
import { ApiError } from '@/lib/http/errors';
import { HttpResponse } from 'msw';
import { fixtures } from '@mocks/fixtures';
import { products } from '@mocks/handlers';
import { contractViolations } from '@mocks/contract';
import { requests, server } from '@mocks/node';
import { mockAdminAuth, withMockApi } from './mock-api';

withMockApi();

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

it('answers every read of the fixtures as the contract describes (else the test fails)', async () => {
  const {
    products: p,
    categories: c,
    vatRates: v,
    adminUsers: u,
    variants: vs,
    orders: o,
  } = fixtures;
  const urls = [
    '/api/v1/admin/auth/me',
    '/api/v1/admin/products/?skip=0&limit=1000',
    `/api/v1/admin/products/${p[0]!.id}`,
    '/api/v1/categories/',
    `/api/v1/categories/${c[0]!.slug}`,
    '/api/v1/admin/vat-rates/',
    `/api/v1/admin/vat-rates/${v[0]!.id}`,
    '/api/v1/admin/users/',
    `/api/v1/admin/users/${u[0]!.id}`,
    '/api/v1/admin/variants/?page=1&page_size=10',
    `/api/v1/admin/variants/${vs[0]!.id}`,
    '/api/v1/admin/variants/inventory/status',
    '/api/v1/admin/orders/?skip=0&limit=1000',
    `/api/v1/admin/orders/${o[0]!.id}`,
  ];
  for (const url of urls) {
    const res = await fetch(`http://localhost:3000${url}`, { headers: mockAdminAuth });
    expect(res.status, url).toBe(200);
  }
  expect(contractViolations.all()).toEqual([]);
});

it('answers a request the server would refuse as the server does, and reports it', async () => {
  const res = await fetch('http://localhost:3000/api/v1/admin/variants/2/inventory', {
    method: 'PATCH',
    headers: { ...mockAdminAuth, 'content-type': 'text/plain' },
    body: JSON.stringify({ stock_quantity: 9 }),
  });
  expect(res.status).toBe(415);
  expect(await res.json()).toEqual({
    detail: 'Unsupported content type text/plain: send application/json',
  });
  const infinite = await fetch('http://localhost:3000/api/v1/admin/variants/2/inventory', {
    method: 'PATCH',
    headers: { ...mockAdminAuth, 'content-type': 'application/json' },
    body: '{"stock_quantity": "Infinity"}',
  });
  expect(infinite.status).toBe(422);
  expect(await infinite.json()).toEqual({
    detail: [{ loc: ['body', 'stock_quantity'], msg: 'must be integer', type: 'type' }],
  });
  // Both are reported (mocks/vitest-setup.ts fails any test that leaves violations behind).
  expect(contractViolations.take().map((v) => `${v.kind} ${v.method} ${v.url}`)).toEqual([
    'request PATCH /api/v1/admin/variants/2/inventory',
    'request PATCH /api/v1/admin/variants/2/inventory',
  ]);
});

it('reports a fixture answer the contract does not describe', async () => {
  server.use(products.list.reply(() => HttpResponse.json([{ id: 1 }])));
  await expect(listAdminProducts()).resolves.toEqual([{ id: 1 }]);
  const [violation] = contractViolations.take();
  expect(violation).toMatchObject({ kind: 'response', method: 'GET' });
  expect(violation?.message).toMatch(/^listAdminProducts 200 body does not match the contract/);
});
