// Prometheus metrics (http/metrics.ts): per-app registry, the token on the main port, the
// METRICS_PORT listener, and each metric the issue names with its labels.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSibling, useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { updateProduct } from '../../test-support/fixtures';
import { addToCart, checkout, useShop } from '../../test-support/shop';
import { enqueueJob } from '../jobs/queue';
import { listenForMetrics } from './metrics';

const TOKEN = 'metrics-token-metrics-token-0123456789';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The sample lines of one metric in the exposition text. */
const samples = (text: string, name: string) =>
  text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));

/** The value of the sample with exactly these labels (0 when absent). */
function valueOf(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = samples(text, name).find((l) => {
    const inside = /\{(.*)\}/.exec(l)?.[1]?.split(',') ?? [];
    return wanted.length === inside.length && wanted.every((w) => inside.includes(w));
  });
  return line === undefined ? 0 : Number(line.split(' ').at(-1));
}

describe.each(testDialects)('metrics (%s)', (dialect) => {
  const t = useTestApp(dialect, {
    config: { metricsToken: TOKEN },
    queueDepth: () => Promise.resolve({ queued: 3, running: 1, done: 7, dead: 0 }),
  });
  const shop = useShop(t);
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('serves /metrics on the main port only with the token (401 otherwise)', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const headers of [{}, bearer(`${TOKEN}x`), bearer('short'), { authorization: TOKEN }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Not authenticated' });
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it('answers 404 at /metrics when METRICS_TOKEN is not set', async () => {
    const sibling = await buildSibling(t, { config: { metricsToken: undefined } });
    try {
      const res = await sibling.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not Found' });
    } finally {
      await sibling.close();
    }
  });

  it('times requests by method, route template and status', async () => {
    await t.app.inject({ method: 'GET', url: '/api/v1/categories/' });
    await t.app.inject({ method: 'GET', url: '/api/v1/products/999999' });
    await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    const text = await scrape();
    const count = 'http_request_duration_seconds_count';
    expect(
      valueOf(text, count, { method: 'GET', route: '/api/v1/categories/', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    // The template, not the URL: one series however many ids are asked for.
    expect(text).not.toContain('products/999999');
    expect(
      valueOf(text, count, { method: 'GET', route: '/api/v1/products/:slug', status: '404' }),
    ).toBe(1);
    expect(samples(text, count).some((l) => l.includes('status="404"'))).toBe(true);
    expect(valueOf(text, count, { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
  });

  it('reports the database connections and the job queue depth', async () => {
    const text = await scrape();
    const total = valueOf(text, 'db_pool_connections', { state: 'total' });
    if (dialect === 'sqlite') {
      expect(total).toBe(1);
    } else {
      // The pool has served the test's queries; idle + busy = total, none waiting now.
      expect(total).toBeGreaterThanOrEqual(1);
      expect(valueOf(text, 'db_pool_connections', { state: 'idle' })).toBeLessThanOrEqual(total);
      expect(valueOf(text, 'db_pool_connections', { state: 'waiting' })).toBe(0);
    }
    expect(valueOf(text, 'job_queue_depth', { status: 'queued' })).toBe(3);
    expect(valueOf(text, 'job_queue_depth', { status: 'running' })).toBe(1);
    expect(valueOf(text, 'job_queue_depth', { status: 'done' })).toBe(7);
  });

  it('counts checkouts by outcome, read from the checkout’s real answers', async () => {
    const before = await scrape();
    const lastUnit = await shop.simple({}, { stock_quantity: 1 });
    const withdrawn = await shop.simple();
    const line = (productId: number) => ({ product_id: productId, quantity: 1 });
    for (const session of ['metrics-first', 'metrics-second']) {
      expect((await addToCart(t.app, { session }, line(lastUnit.productId))).statusCode).toBe(201);
    }
    expect(
      (await addToCart(t.app, { session: 'metrics-gone' }, line(withdrawn.productId))).statusCode,
    ).toBe(201);
    await updateProduct(t.database.db, withdrawn.productId, { is_active: 0 });

    expect((await checkout(t.app, { session: 'metrics-first' })).statusCode).toBe(201);
    expect((await checkout(t.app, { session: 'metrics-second' })).statusCode).toBe(409);
    expect((await checkout(t.app, { session: 'metrics-gone' })).statusCode).toBe(409);
    expect((await checkout(t.app, { session: 'metrics-empty' })).statusCode).toBe(409);
    const noBody = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/?session_id=metrics-none',
    });
    expect(noBody.statusCode).toBe(422);

    const after = await scrape();
    const delta = (outcome: string) =>
      valueOf(after, 'checkout_orders_total', { outcome }) -
      valueOf(before, 'checkout_orders_total', { outcome });
    expect({
      ok: delta('ok'),
      out_of_stock: delta('out_of_stock'),
      empty_cart: delta('empty_cart'),
      invalid: delta('invalid'),
      unavailable: delta('unavailable'),
    }).toEqual({ ok: 1, out_of_stock: 1, empty_cart: 1, invalid: 1, unavailable: 1 });
  });

  it('reads the job queue depth from the job table by default', async () => {
    const sibling = await buildSibling(t);
    try {
      await t.database.db.deleteFrom('jobs').execute();
      await enqueueJob(t.database.db, { kind: 'metrics.test', payload: {} });
      await enqueueJob(t.database.db, { kind: 'metrics.test', payload: {} });
      const text = await sibling.metrics.registry.metrics();
      expect(valueOf(text, 'job_queue_depth', { status: 'queued' })).toBe(2);
      expect(valueOf(text, 'job_queue_depth', { status: 'dead' })).toBe(0);
      expect(samples(text, 'job_queue_depth')).toHaveLength(4);
    } finally {
      await sibling.close();
    }
  });

  it('keeps one registry per app: a sibling counts only its own requests', async () => {
    const sibling = await buildSibling(t);
    try {
      await sibling.inject({ method: 'GET', url: '/api/v1/categories/' });
      await sibling.inject({ method: 'GET', url: '/api/v1/categories/' });
      const text = await sibling.metrics.registry.metrics();
      expect(
        valueOf(text, 'http_request_duration_seconds_count', {
          method: 'GET',
          route: '/api/v1/categories/',
          status: '200',
        }),
      ).toBe(2);
    } finally {
      await sibling.close();
    }
  });
});

describe('the METRICS_PORT listener', () => {
  const t = useTestApp('sqlite');
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  });

  it('serves /metrics without a token and nothing else', async () => {
    const server = await listenForMetrics(t.app.metrics.registry, 0, '127.0.0.1');
    servers.push(server);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await t.app.inject({ method: 'GET', url: '/api/v1/categories/' });
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toContain('http_request_duration_seconds_bucket{');
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});
