// A shop cannot lose an order it confirmed: kill the server (SIGKILL) in the middle of a stream of
// writes, start it again on the same DATA_DIR, and every write that was acknowledged must be there
// (no answer before the commit). Power loss is covered by SQLite's synchronous = FULL, which a
// test cannot simulate.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import {
  adminAuthorization,
  categoryBurst,
  categorySlugs,
  freePort,
  startServerProcess,
  type ServerProcess,
} from '../../test-support/server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'crash-safety-'));
const servers: ServerProcess[] = [];
afterAll(() => {
  for (const s of servers) s.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(port: number): Promise<ServerProcess> {
  const server = await startServerProcess({
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'crash-test-pw',
    DATABASE_URL: '',
  });
  servers.push(server);
  return server;
}

it('keeps every acknowledged write after the process is killed mid-write', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/api/v1`;
  const first = await startServer(port);
  const authorization = await adminAuthorization(base, 'admin', 'crash-test-pw');

  // Four writers in parallel, each creating categories one after another until the kill.
  const burst = categoryBurst(base, authorization, 'crash');
  await burst.reach(40);
  first.child.kill('SIGKILL');
  await burst.stop();
  await first.exited;

  await startServer(port);
  const stored = await categorySlugs(base);
  const lost = burst.acknowledged.filter((slug) => !stored.has(slug));
  expect(burst.acknowledged.length).toBeGreaterThanOrEqual(40);
  expect(lost).toEqual([]);
}, 60_000);
