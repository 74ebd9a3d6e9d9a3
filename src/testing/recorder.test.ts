import { afterEach, expect, it } from 'vitest';
import { requests } from '@mocks/recorder';

const entry = (path: string) => ({
  method: 'GET',
  path,
  query: {},
  params: {},
  body: undefined,
  authorization: null,
});

afterEach(() => requests.clear());

it('does not record, after a clear, a request sent before it (the late request of a previous story)', () => {
  requests.clear();
  const earlier = requests.run();
  requests.record(entry('/api/v1/admin/settings/shop/changes'), earlier);
  requests.clear();
  requests.record(entry('/api/v1/admin/settings/shop/changes'), earlier);
  expect(requests.to('GET', '/api/v1/admin/settings/shop/changes')).toHaveLength(0);
  requests.record(entry('/api/v1/admin/settings/shop'), requests.run());
  requests.record(entry('/api/v1/admin/products/'));
  expect(requests.all().map((r) => r.path)).toEqual([
    '/api/v1/admin/settings/shop',
    '/api/v1/admin/products/',
  ]);
});
