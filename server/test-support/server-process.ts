// Real server processes (npm start's server/src/main.ts) for the tests and benches that need
// signals, several instances or real sockets.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openPostgres } from '../src/db/database';

const root = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:PORT/api/v1 */
  api: string;
  origin: string;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** What the process wrote to stderr so far (for failure messages). */
  stderr: () => string;
  /** Its JSON log lines (stdout) so far. */
  stdout: () => string;
}

/**
 * Starts main.ts with this environment (on 127.0.0.1, a free port unless PORT is given) and
 * resolves once /readyz answers 200. Node itself with tsx as a loader, not the tsx CLI: the CLI
 * would run the server in a grandchild that signals sent to the CLI do not reach.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'error', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // The log (a refused start's "Cannot start: …" too) is on stdout.
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => {
    // 'close': after the process ended and its stdout and stderr were read to the end.
    child.once('close', (code) => resolve(code));
  });
  const origin = `http://127.0.0.1:${port}`;
  const started: ServerProcess = {
    child,
    port,
    api: `${origin}/api/v1`,
    origin,
    exited,
    stderr: () => stderr,
    stdout: () => stdout,
  };
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`The server did not become ready:\n${stdout}${stderr}`);
}

/**
 * main.ts with exactly this environment until it exits by itself (a refused start): its exit code
 * and everything it printed on stdout (its JSON log). Killed after a minute so a start that was
 * not refused fails the test instead of hanging it.
 */
export function runServerToExit(
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout });
    }),
  );
}

/** Signs in as an admin over HTTP; the Authorization header value. */
export async function adminAuthorization(
  api: string,
  username: string,
  password: string,
): Promise<string> {
  const res = await fetch(`${api}/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`Sign-in failed: ${res.status} ${await res.text()}`);
  return `Bearer ${((await res.json()) as { access_token: string }).access_token}`;
}

/**
 * A database of its own (`<prefix>_<random>`) in the cluster of DATABASE_URL, for server
 * processes to share (they migrate it themselves); `drop` removes it, connections and all.
 */
export async function createPostgresDatabase(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const clusterUrl = process.env.DATABASE_URL;
  if (!clusterUrl) throw new Error('DATABASE_URL is not set (run under scripts/with-postgres.sh)');
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = openPostgres(clusterUrl, { max: 1 });
  await sql`create database ${sql.id(name)}`.execute(admin.db);
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      try {
        await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
      } finally {
        await admin.close();
      }
    },
  };
}

/**
 * Writers creating categories one after another on this API (an admin's Authorization) until
 * stopped or their connection is refused: the slugs of every acknowledged (201) write. A 503
 * (the server is shutting down) is not acknowledged; any other answer fails the burst.
 */
export function categoryBurst(api: string, authorization: string, prefix: string, writers = 4) {
  const acknowledged: string[] = [];
  let stopped = false;
  const writer = async (w: number) => {
    for (let i = 0; !stopped; i++) {
      const slug = `${prefix}-${w}-${i}`;
      let res: Response;
      try {
        res = await fetch(`${api}/categories/`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ name: slug, slug }),
        });
      } catch {
        return; // the connection was refused or dropped: not acknowledged
      }
      if (res.status === 201) acknowledged.push(slug);
      else if (res.status !== 503) throw new Error(`${res.status}: ${await res.text()}`);
    }
  };
  const running = Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
  return {
    acknowledged,
    async reach(count: number) {
      while (acknowledged.length < count) await new Promise((r) => setTimeout(r, 10));
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/** The slugs of every category the API lists. */
export async function categorySlugs(api: string): Promise<Set<string>> {
  const res = await fetch(`${api}/categories/`);
  return new Set(((await res.json()) as { slug: string }[]).map((c) => c.slug));
}
