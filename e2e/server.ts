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
