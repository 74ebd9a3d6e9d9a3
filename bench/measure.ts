// One measurement of `npm run bench`: autocannon against an endpoint of the app, then against
// the limit, a minimal Fastify route sending the same response bytes from a buffer with the
// same settings (what this server can do at most for a response of that size), and for a GET
// against the same app with the list cache off (what an answer costs when it is not cached).
import autocannon from 'autocannon';
import Fastify, { type FastifyReply } from 'fastify';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/**
 * Loads of the app and of its limit, taken in turns, whose medians are the figures: one load of
 * the limit varied from 17k to 41k req/s for the same bytes, with another process busy.
 */
export const RUNS = Number(process.env.BENCH_RUNS ?? 3);

export interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, and connection errors and timeouts. */
  failures: number;
}

export interface Measurement {
  endpoint: string;
  /** What the database held: "1000 products", "200000 orders". */
  rows: string;
  /** null: the endpoint did not answer 200 (not implemented on this branch). */
  status: number;
  bytes: number | null;
  figures: Figures | null;
  limit: Figures | null;
  /** The same request on a server with the list cache off (LIST_CACHE_MB=0); null for writes. */
  cold: Figures | null;
}

type Request = Pick<autocannon.Options, 'method' | 'headers' | 'body' | 'requests'>;

/** The load generator runs in a worker thread, so it does not share the server's event loop. */
async function load(url: string, request: Request): Promise<Figures> {
  const result = await autocannon({
    url,
    duration: SECONDS,
    connections: CONNECTIONS,
    workers: 1,
    ...request,
  } as autocannon.Options);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** The run of median requests per second (its own p50 and p99 with it). */
function median(runs: Figures[]): Figures {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no run');
  return middle;
}

/**
 * The limit's server: GET and POST /limit answer the body given last, as is (a POST's JSON body
 * is parsed, as the app parses it, and dropped).
 */
export async function startLimitServer() {
  const app = Fastify();
  let body: Buffer = Buffer.alloc(0);
  let contentType = 'application/json';
  const answer = (_request: unknown, reply: FastifyReply) => reply.type(contentType).send(body);
  app.get('/limit', answer);
  app.post('/limit', answer);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  /** From now on /limit answers this response. */
  const serve = (response: Buffer, type: string) => {
    body = response;
    contentType = type;
  };
  return {
    url: `${address}/limit`,
    serve,
    /** The figures of the limit for this response. */
    measure(response: Buffer, type: string, headers: Record<string, string>) {
      serve(response, type);
      return load(`${address}/limit`, { headers });
    },
    close: () => app.close(),
  };
}

export type LimitServer = Awaited<ReturnType<typeof startLimitServer>>;

/**
 * Measures GET `path` on the app and its limit; an endpoint that does not answer 200 is
 * reported with its status and no figures.
 */
export async function measureGet(
  servers: { app: string; cold: string },
  limit: LimitServer,
  endpoint: { path: string; rows: string; headers: Record<string, string> },
): Promise<Measurement> {
  const url = `${servers.app}${endpoint.path}`;
  const probe = await fetch(url, { headers: endpoint.headers });
  const body = Buffer.from(await probe.arrayBuffer());
  const result = { endpoint: endpoint.path, rows: endpoint.rows, status: probe.status };
  if (probe.status !== 200) {
    return { ...result, bytes: null, figures: null, limit: null, cold: null };
  }
  /** The load on one server, warm (statements, pages, answers) and ending idle. */
  const measure = async (server: string) => {
    const at = `${server}${endpoint.path}`;
    const once = async () => (await fetch(at, { headers: endpoint.headers })).arrayBuffer();
    for (let i = 0; i < 5; i++) await once();
    const figures = await load(at, { headers: endpoint.headers });
    // The requests still in flight when the load stopped are served before this one: what is
    // measured next finds an idle server.
    await once();
    return figures;
  };
  const type = probe.headers.get('content-type') ?? 'application/json';
  const app: Figures[] = [];
  const limits: Figures[] = [];
  for (let run = 0; run < RUNS; run++) {
    app.push(await measure(servers.app));
    limits.push(await limit.measure(body, type, endpoint.headers));
  }
  return {
    ...result,
    bytes: body.length,
    figures: median(app),
    limit: median(limits),
    cold: await measure(servers.cold),
  };
}

/** A write (POST with alternating bodies) measured on the app alone. */
export async function measureWrite(
  app: string,
  endpoint: { path: string; rows: string; headers: Record<string, string>; bodies: unknown[] },
): Promise<Measurement> {
  const figures = await load(`${app}${endpoint.path}`, {
    requests: endpoint.bodies.map((b) => ({
      method: 'POST',
      path: endpoint.path,
      headers: { ...endpoint.headers, 'content-type': 'application/json' },
      body: JSON.stringify(b),
    })),
  });
  return {
    endpoint: `POST ${endpoint.path}`,
    rows: endpoint.rows,
    status: 200,
    bytes: null,
    figures,
    limit: null,
    cold: null,
  };
}
