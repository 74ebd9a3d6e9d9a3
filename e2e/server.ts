// Starts the real product, as `npm start` runs it (the compiled server, dist-server/main.mjs,
// serving the built console), on a fresh DATA_DIR and a free loopback port, for the e2e tests,
// the screenshots and the page benchmarks.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'e2e-admin-password';
const SERVER_BUNDLE = join(root, 'dist-server', 'main.mjs');

export interface RunningShop {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function run(args: string[], env: Record<string, string> = {}): void {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed with ${result.status}`);
}

/** Compiles the server when its sources changed since the last build (as `npm start` does). */
export function buildServerIfStale(): void {
  run([join(root, 'scripts/build-server.mjs'), '--if-stale']);
}

/** The shop's settings for a data folder (the admin's credentials are the tests'). */
const shopEnv = (dataDir: string) => ({
  DATA_DIR: dataDir,
  ADMIN_USERNAME,
  ADMIN_PASSWORD,
  DATABASE_URL: '',
});

/** Loads the demo shop (npm run seed:demo) into a data folder before the server starts. */
export function seedDemo(dataDir: string): void {
  run(['--import', 'tsx', join(root, 'server/src/seed/run-demo.ts')], shopEnv(dataDir));
}

/**
 * Runs the compiled server on `dataDir` and resolves once it answered a request, with the time
 * that took from the spawn (build it first: buildServerIfStale).
 */
export async function runServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ baseURL: string; bootMs: number; stop(): Promise<void> }> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...shopEnv(dataDir),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  };
  for (let i = 0; i < 3000; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/v1/categories/`)).ok)
        return { baseURL, bootMs: performance.now() - started, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  await stop();
  throw new Error('the server did not answer within 30 s');
}

export async function startShop(
  env: Record<string, string> = {},
  { demo = false }: { demo?: boolean } = {},
): Promise<RunningShop> {
  buildServerIfStale();
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  if (demo) seedDemo(dataDir);
  const server = await runServer(dataDir, env);
  return {
    baseURL: server.baseURL,
    dataDir,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
