#!/usr/bin/env node
// `npm start`: builds the console when dist/ is missing or older than its sources, and the server
// likewise (scripts/build-server.mjs), then runs the compiled API server, which serves the console
// and the API on one port (PORT, default 3000). What it says itself is a JSON line like the
// server's log (server/src/log.ts), so that `npm start` prints JSON lines only.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { buildServer, SERVER_BUNDLE, serverBundleIsStale } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);
// LOG_LEVEL as the server reads it (server/src/config.ts); a value pino refuses is left to the
// server to explain ("Cannot start: LOG_LEVEL must be one of …").
const log = (() => {
  try {
    return pino({ level: (process.env.LOG_LEVEL ?? '').trim().toLowerCase() || 'info' });
  } catch {
    return pino({ level: 'info' });
  }
})();

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), 0);
}

const built = join(root, 'dist', 'index.html');
const sources = ['src', 'generated', 'index.html', 'vite.config.ts', 'package.json'].map((p) =>
  join(root, p),
);
const stale = !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
if (stale) {
  log.info('Building the console (vite build)...');
  const build = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (serverBundleIsStale()) {
  log.info('Building the server (esbuild)...');
  await buildServer();
}

const server = spawnSync(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(server.status ?? 1);
