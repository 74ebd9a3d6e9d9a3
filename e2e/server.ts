// Starts the real product, as `npm start` runs it (scripts/shop-server.mjs), on a fresh DATA_DIR
// and a free loopback port, for the e2e tests and the screenshots.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServerIfStale, runServer, seedDemo } from '../scripts/shop-server.mjs';

export { ADMIN_PASSWORD, ADMIN_USERNAME } from '../scripts/shop-server.mjs';

export interface RunningShop {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** `demo`: the demo shop; `seed`: seed:demo's arguments (`['--products', '5000', …]`). */
export async function startShop(
  env: Record<string, string> = {},
  { demo = false, seed = [] }: { demo?: boolean; seed?: readonly string[] } = {},
): Promise<RunningShop> {
  buildServerIfStale();
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  if (demo || seed.length > 0) seedDemo(dataDir, seed);
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
