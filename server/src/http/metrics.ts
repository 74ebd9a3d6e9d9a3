// Prometheus metrics of one app instance, in a Registry of its own (tests start several apps in
// one process; prom-client's global registry would mix them). Scraped on METRICS_PORT (a second
// listener, for a network only the scraper reaches) and/or on the main port at /metrics with
// `Authorization: Bearer METRICS_TOKEN`.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { HttpProblem } from '../api/problem';
import { connectionStats } from '../db/database';
import type { Database } from '../db/schema';

/** Jobs by status (job_queue_depth): jobQueueDepth of jobs/queue.ts. */
export type QueueDepth = () => Promise<Record<string, number>>;

export interface AppMetrics {
  registry: Registry;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** What a checkout ended in (checkout_orders_total's outcome label). */
type CheckoutOutcome =
  | 'ok'
  | 'out_of_stock'
  | 'unavailable'
  | 'empty_cart'
  | 'no_vat_rate'
  | 'conflict'
  | 'invalid'
  | 'refused'
  | 'error';

/** The checkout operation (createOrder), as Fastify names its route. */
const CHECKOUT_ROUTE = { method: 'POST', url: '/api/v1/orders/' };

/**
 * The refusals of services/orders/checkout.ts, told apart by their 409 texts (quoted from the product
 * spec, so they are stable; http/metrics.test.ts checks each against the real checkout).
 */
const CHECKOUT_CONFLICTS: [RegExp, CheckoutOutcome][] = [
  [/^Only \d+ in stock for /, 'out_of_stock'],
  [/ is no longer available$/, 'unavailable'],
  [/^Your cart is empty$/, 'empty_cart'],
  [/no VAT rate is in force|^No default VAT rate is in force/, 'no_vat_rate'],
];

function checkoutOutcome(status: number, error: Error | undefined): CheckoutOutcome {
  if (status < 400) return 'ok';
  if (status >= 500) return 'error';
  if (status === 409) {
    const message = error instanceof HttpProblem ? error.message : '';
    return CHECKOUT_CONFLICTS.find(([pattern]) => pattern.test(message))?.[1] ?? 'conflict';
  }
  if (status === 401 || status === 403 || status === 429) return 'refused';
  return 'invalid';
}

/** Route templates only: a label per URL would grow without bound. */
const routeLabel = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';

export function registerMetrics(
  app: FastifyInstance,
  options: { db: Kysely<Database>; metricsToken: string | undefined; queueDepth: QueueDepth },
): AppMetrics {
  const registry = new Registry();
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by route template and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections by state (PostgreSQL pool: total, idle, waiting; SQLite: one).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const { total, idle, waiting } = connectionStats(options.db);
      this.set({ state: 'total' }, total);
      if (idle !== undefined) this.set({ state: 'idle' }, idle);
      if (waiting !== undefined) this.set({ state: 'waiting' }, waiting);
    },
  });
  const { queueDepth } = options;
  new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs of the shared job table by status.',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      // A database that does not answer must not fail the whole scrape (db_pool_connections
      // and the request figures tell that story): the depth is then left out.
      this.reset();
      const depth: Record<string, number> = await queueDepth().catch(() => ({}));
      for (const [status, count] of Object.entries(depth)) this.set({ status }, count);
    },
  });
  const checkouts = new Counter({
    name: 'checkout_orders_total',
    help: 'Checkouts by outcome (ok, out_of_stock, unavailable, empty_cart, no_vat_rate, ...).',
    labelNames: ['outcome'],
    registers: [registry],
  });

  const errors = new WeakMap<FastifyRequest, Error>();
  app.addHook('onError', (request, _reply, error, done) => {
    errors.set(request, error);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request);
    duration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    if (request.method === CHECKOUT_ROUTE.method && route === CHECKOUT_ROUTE.url) {
      checkouts.inc({ outcome: checkoutOutcome(reply.statusCode, errors.get(request)) });
    }
    done();
  });

  const { metricsToken } = options;
  app.get('/metrics', async (request, reply) => {
    if (metricsToken === undefined) throw new HttpProblem(404, 'Not Found');
    if (!bearerMatches(request.headers.authorization, metricsToken)) {
      throw new HttpProblem(401, 'Not authenticated', { 'www-authenticate': 'Bearer' });
    }
    reply.type(registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
  const metrics = { registry };
  app.decorate('metrics', metrics);
  return metrics;
}

/** Constant time: the answer must not tell how much of a guessed token was right. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(token));
}

/** The METRICS_PORT listener: /metrics only, no token (its network is the access control). */
export async function listenForMetrics(
  registry: Registry,
  port: number,
  host: string,
): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"detail":"Not Found"}');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType });
        response.end(text);
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(error instanceof Error ? error.message : 'metrics failed');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
