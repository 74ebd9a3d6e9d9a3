// Bytes on the wire of the running product: the console's page revalidated, its hashed assets
// precompressed and kept for a year, API answers compressed.
import { expect, test } from './fixtures';
import { adminToken, baseURL } from './api';

const BROTLI = { 'accept-encoding': 'br, gzip' };

test('the console page is revalidated, its hashed scripts come precompressed and immutable', async ({
  request,
}) => {
  for (const path of ['/', '/auth', '/admin/products']) {
    const page = await request.get(`${baseURL()}${path}`, { headers: BROTLI });
    expect(page.status(), path).toBe(200);
    expect(page.headers()['cache-control'], path).toBe('no-cache');
  }
  const html = await (await request.get(`${baseURL()}/`)).text();
  const entry = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(entry).toBeDefined();

  const script = await request.get(`${baseURL()}${entry}`, { headers: BROTLI });
  expect(script.status()).toBe(200);
  expect(script.headers()['content-encoding']).toBe('br');
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(script.headers()['content-type']).toMatch(/javascript/);
  expect((await script.text()).length).toBeGreaterThan(1000); // decoded by the client

  const gzip = await request.get(`${baseURL()}${entry}`, {
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
});

test('API answers of 1 kB and more are compressed when the client accepts it', async ({
  request,
}) => {
  const headers = { authorization: `Bearer ${await adminToken()}` };
  // The VAT rates a new shop starts with: above the 1 kB threshold.
  const compressed = await request.get(`${baseURL()}/api/v1/admin/vat-rates/?limit=100`, {
    headers: { ...headers, ...BROTLI },
  });
  expect(compressed.status()).toBe(200);
  const plain = await request.get(`${baseURL()}/api/v1/admin/vat-rates/?limit=100`, {
    headers: { ...headers, 'accept-encoding': 'identity' },
  });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  const body = await plain.body();
  expect(body.length).toBeGreaterThanOrEqual(1024);
  expect(compressed.headers()['content-encoding']).toBe('br');
  expect(compressed.headers()['vary']).toMatch(/accept-encoding/i);
  expect(await compressed.json()).toEqual(JSON.parse(body.toString()));
});
