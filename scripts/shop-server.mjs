// Runs the real product as `npm start` does (the compiled server, dist-server/main.mjs, serving
// the built console) on a data folder and a free loopback port: for the e2e tests, the
// screenshots and the benchmarks. Plain JavaScript so that every TypeScript project can use it
// (types in shop-server.d.mts).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SERVER_BUNDLE } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'e2e-admin-password';

function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function run(args, env = {}) {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed with ${result.status}`);
}

export function buildServerIfStale() {
  run([join(root, 'scripts/build-server.mjs'), '--if-stale']);
}

/**
 * The shop's settings for a data folder (the admin's credentials are the tests'): SQLite unless
 * the caller's `env` names a DATABASE_URL (never the one the calling process happens to have).
 */
const shopEnv = (dataDir) => ({
  DATA_DIR: dataDir,
  ADMIN_USERNAME,
  ADMIN_PASSWORD,
  DATABASE_URL: '',
});

export function seedDemo(dataDir, args = [], env = {}) {
  run(['--import', 'tsx', join(root, 'server/src/seed/run-demo.ts'), ...args], {
    ...shopEnv(dataDir),
    ...env,
  });
}

/** One statement on the cluster's own database (CREATE/DROP DATABASE cannot run in a transaction). */
async function onCluster(clusterUrl, statement) {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createShopDatabase(clusterUrl) {
  const name = `shop_e2e_${randomBytes(5).toString('hex')}`;
  await onCluster(clusterUrl, `create database ${pg.escapeIdentifier(name)}`);
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      onCluster(clusterUrl, `drop database if exists ${pg.escapeIdentifier(name)} with (force)`),
  };
}

export async function runServer(dataDir, env = {}) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
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
