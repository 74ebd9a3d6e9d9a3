// SIGTERM on a real server process: it stops taking connections, answers /readyz 503, lets the
// request in flight finish and commit, closes the database and exits 0; a request that outlives
// SHUTDOWN_TIMEOUT_S is cut and the exit code is 1.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { openSqlite } from './db/database';
import {
  adminAuthorization,
  startServerProcess,
  type ServerProcess,
} from '../test-support/server-process';

const dataDirs: string[] = [];
const servers: ServerProcess[] = [];
afterAll(() => {
  for (const s of servers) s.child.kill('SIGKILL');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'shutdown-test-'));
  dataDirs.push(dataDir);
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_PASSWORD: 'shutdown-test-pw',
    // The request log and the shutdown's own lines are what the tests wait for.
    LOG_LEVEL: 'info',
    ...env,
  });
  servers.push(server);
  return { server, dataDir };
}

/**
 * A server given SIGTERM while a request is still arriving on a raw connection: `head` (headers
 * and the start of the body) was sent, the rest is the test's to send, or not.
 */
async function sigtermDuringRequest(
  env: Record<string, string>,
  head: string | ((server: ServerProcess) => Promise<string>),
) {
  const { server, dataDir } = await start(env);
  const text = typeof head === 'string' ? head : await head(server);
  let data = '';
  const socket = await new Promise<Socket>((resolve, reject) => {
    const opened: Socket = connect(server.port, '127.0.0.1', () => resolve(opened));
    opened.on('error', reject);
  });
  socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
  const before = logged(server, 'incoming request');
  socket.write(text);
  // In flight: the server has read the headers and logged the request (the body may lag).
  await vi.waitFor(() => expect(logged(server, 'incoming request')).toBe(before + 1), WAIT);
  const signalled = Date.now();
  server.child.kill('SIGTERM');
  return { server, dataDir, socket, received: () => data, signalled };
}

/** How many of the server's JSON log lines so far have this message. */
function logged(server: ServerProcess, msg: string): number {
  return server
    .stdout()
    .split('\n')
    .filter((line) => line.includes(`"msg":${JSON.stringify(msg)}`)).length;
}

const WAIT = { timeout: 20_000, interval: 20 };
/** The server has taken the SIGTERM: its listener is closing and /readyz answers 503. */
const SHUTTING_DOWN = 'Shutting down: finishing the requests in flight';

const refused = (url: string) =>
  fetch(url).then(
    () => false,
    () => true,
  );

const BODY = JSON.stringify({ name: 'Sent during shutdown', slug: 'sent-during-shutdown' });

it('finishes the request in flight, answers /readyz 503, closes and exits 0', async () => {
  const { server, dataDir, socket, received } = await sigtermDuringRequest(
    { SHUTDOWN_TIMEOUT_S: '10' },
    async ({ api }) =>
      `POST /api/v1/categories/ HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `Authorization: ${await adminAuthorization(api, 'admin', 'shutdown-test-pw')}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${BODY.length}\r\n\r\n${BODY.slice(0, 10)}`,
  );
  await vi.waitFor(() => expect(logged(server, SHUTTING_DOWN)).toBe(1), WAIT);
  // Shut to new connections, and still waiting for the request in flight (its body is ours to
  // send: the 201 below comes after it).
  await vi.waitFor(async () => expect(await refused(`${server.origin}/healthz`)).toBe(true), WAIT);
  expect(server.child.exitCode).toBeNull();

  // The rest of the body, and a readiness probe pipelined on the same connection.
  socket.write(`${BODY.slice(10)}GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  expect(await server.exited).toBe(0);
  const answers = received();
  expect(answers).toMatch(/^HTTP\/1\.1 201 /);
  expect(answers).toMatch(/HTTP\/1\.1 503 Service Unavailable\r\n/);
  // {detail} like every error answer, not Fastify's own body (#25).
  expect(answers).toContain('{"detail":"The server is shutting down: try again in a moment"}');
  socket.destroy();

  const db = openSqlite(join(dataDir, 'shop.db'));
  try {
    const row = await db.db
      .selectFrom('categories')
      .select('slug')
      .where('slug', '=', 'sent-during-shutdown')
      .executeTakeFirst();
    expect(row).toEqual({ slug: 'sent-during-shutdown' });
  } finally {
    await db.close();
  }
}, 60_000);

it('cuts a request that outlives SHUTDOWN_TIMEOUT_S and exits 1', async () => {
  // Headers of a body that never comes.
  const { server, socket, signalled } = await sigtermDuringRequest(
    { SHUTDOWN_TIMEOUT_S: '1' },
    'POST /api/v1/categories/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Content-Length: 100\r\n\r\n{',
  );
  expect(await server.exited).toBe(1);
  const took = Date.now() - signalled;
  expect(took).toBeGreaterThanOrEqual(900);
  expect(took).toBeLessThan(10_000);
  socket.destroy();
}, 60_000);

it('does not wait for the keep-alive connection of a request answered during the shutdown', async () => {
  // A keep-alive request that is still arriving when SIGTERM comes (its answer is a 401).
  const { server, socket, received, signalled } = await sigtermDuringRequest(
    { SHUTDOWN_TIMEOUT_S: '30' },
    'POST /api/v1/categories/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n' +
      'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{',
  );
  // The rest of the body once the shutdown has begun.
  await vi.waitFor(() => expect(logged(server, SHUTTING_DOWN)).toBe(1), WAIT);
  socket.write('}');
  expect(await server.exited).toBe(0);
  // Closed once idle, not after the keep-alive timeout (72 s) or SHUTDOWN_TIMEOUT_S.
  expect(Date.now() - signalled).toBeLessThan(5000);
  expect(received()).toMatch(/^HTTP\/1\.1 401 /);
  socket.destroy();
}, 60_000);
