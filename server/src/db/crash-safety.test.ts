// A shop cannot lose an order it confirmed: kill the server (SIGKILL) in the middle of a stream of
// writes, start it again on the same DATA_DIR, and every write that was acknowledged must be there
// (no answer before the commit). Power loss is covered by SQLite's synchronous = FULL, which a
// test cannot simulate.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'crash-safety-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function startServer(port: number): Promise<ChildProcess> {
  // node itself (tsx as a loader, not the tsx CLI, which would run the server in a grandchild
  // that SIGKILL on the CLI does not reach).
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'crash-test-pw',
      LOG_LEVEL: 'error',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  children.push(child);
  for (let i = 0; i < 200; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/categories/`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'crash-test-pw' }),
  });
  return `Bearer ${((await res.json()) as { access_token: string }).access_token}`;
}

it('keeps every acknowledged write after the process is killed mid-write', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/api/v1`;
  const first = await startServer(port);
  const authorization = await login(base);

  const acknowledged: string[] = [];
  let stop = false;
  // Four writers in parallel, each creating categories one after another until the kill.
  const writer = async (w: number) => {
    for (let i = 0; !stop; i++) {
      const slug = `crash-${w}-${i}`;
      try {
        const res = await fetch(`${base}/categories/`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ name: slug, slug }),
        });
        if (res.status === 201) acknowledged.push(slug);
      } catch {
        return; // connection dropped by the kill: not acknowledged
      }
    }
  };
  const writers = [0, 1, 2, 3].map(writer);
  while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 20));
  first.kill('SIGKILL');
  stop = true;
  await Promise.all(writers);
  if (first.exitCode === null && first.signalCode === null) {
    await new Promise((r) => first.once('exit', r));
  }

  await startServer(port);
  const res = await fetch(`${base}/categories/`);
  const stored = new Set(((await res.json()) as { slug: string }[]).map((c) => c.slug));
  const lost = acknowledged.filter((slug) => !stored.has(slug));
  expect(acknowledged.length).toBeGreaterThanOrEqual(40);
  expect(lost).toEqual([]);
}, 60_000);
