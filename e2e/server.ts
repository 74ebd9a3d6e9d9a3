// Starts the real product (`server/src/main.ts` serving the built console) on a fresh DATA_DIR
// and a free loopback port, for the e2e tests and the screenshots.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'e2e-admin-password';

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

/** Loads the demo shop (npm run seed:demo) into a data folder before the server starts. */
function seedDemo(dataDir: string): void {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'server/src/seed/run-demo.ts')],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, ADMIN_USERNAME, ADMIN_PASSWORD, DATABASE_URL: '' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (run.status !== 0) throw new Error(`seed:demo failed with ${run.status}`);
}

export async function startShop(
  env: Record<string, string> = {},
  { demo = false }: { demo?: boolean } = {},
): Promise<RunningShop> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  if (demo) seedDemo(dataDir);
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'server/src/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_USERNAME,
        ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const baseURL = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/v1/categories/`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseURL,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
