#!/usr/bin/env node
// Compiles the API server (server/src/main.ts) to one JavaScript file, dist-server/main.mjs, so
// that `npm start` does not compile TypeScript at every start. Only our code is bundled: packages
// stay in node_modules. `node scripts/build-server.mjs --if-stale` builds only when a source is
// newer than the output (what scripts/start.mjs and the e2e server do).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUNDLE = join(root, 'dist-server', 'main.mjs');
const SOURCES = ['server/src', 'contract', 'generated', 'package.json', 'tsconfig.node.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), 0);
}

export function serverBundleIsStale() {
  if (!existsSync(SERVER_BUNDLE)) return true;
  const newest = Math.max(...SOURCES.map((p) => newestMtime(join(root, p))));
  return newest > statSync(SERVER_BUNDLE).mtimeMs;
}

/**
 * Modules find files next to themselves through import.meta.url (the OpenAPI document, dist/):
 * in the bundle each keeps its own source file's URL, taken relative to the bundle.
 */
const sourceLocations = {
  name: 'source-locations',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      const contents = await readFile(path, 'utf8');
      if (!contents.includes('import.meta.url')) return undefined;
      const fromBundle = relative(dirname(SERVER_BUNDLE), path).split('\\').join('/');
      return {
        contents: contents.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
        ),
        loader: 'ts',
      };
    });
  },
};

export async function buildServer() {
  await build({
    entryPoints: [join(root, 'server', 'src', 'main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [sourceLocations],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--if-stale') || serverBundleIsStale()) await buildServer();
}
