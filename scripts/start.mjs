#!/usr/bin/env node
// `npm start`: builds the console when dist/ is missing or older than its sources, and the server
// likewise (scripts/build-server.mjs), then runs the compiled API server, which serves the console
// and the API on one port (PORT, default 3000).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_BUNDLE, serverBundleIsStale } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);

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
  console.log('Building the console (vite build)...');
  const build = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (serverBundleIsStale()) {
  console.log('Building the server (esbuild)...');
  await buildServer();
}

const server = spawnSync(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(server.status ?? 1);
