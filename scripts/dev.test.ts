// `npm run dev:all` (scripts/dev.mjs): Vite and the watched API server start together, Vite's
// /api proxy reaches that server on PORT, and one Ctrl-C (SIGINT to the terminal's process group)
// stops both, leaving neither port open.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections on this loopback port. */
function listening(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  );
}

async function waitFor<T>(what: string, attempt: () => Promise<T | undefined>, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const value = await attempt().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} within ${ms / 1000} s`);
}

describe('npm run dev:all', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dev-all-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves the console with /api proxied to the watched server; one Ctrl-C stops both', async () => {
    const [port, vitePort] = [await freePort(), await freePort()];
    const child = spawn(process.execPath, [join(root, 'scripts/dev.mjs'), 'all'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        VITE_PORT: String(vitePort),
        LOG_LEVEL: 'warn',
      },
      // Its own process group, as a terminal gives a command: Ctrl-C signals the whole group.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      // Through Vite's proxy: the API answers (a public list of the new shop: none yet).
      const categories = await waitFor(
        'the API through Vite',
        async () => {
          const res = await fetch(`http://127.0.0.1:${vitePort}/api/v1/categories/`);
          return res.status === 200 ? res.json() : undefined;
        },
        60_000,
      ).catch((error: Error) => {
        throw new Error(`${error.message}\n${output}`);
      });
      expect(categories).toEqual([]);
      // Vite serves the console's page itself (the server only listens on loopback for /api).
      const page = await fetch(`http://127.0.0.1:${vitePort}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('/@vite/client');
      // The server listens on loopback only (dev's HOST), on PORT.
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    } finally {
      process.kill(-child.pid!, 'SIGINT');
    }
    expect(await exited).toBe(0);
    expect(await listening(vitePort)).toBe(false);
    expect(await listening(port)).toBe(false);
  }, 90_000);
});
