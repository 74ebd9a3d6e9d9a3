#!/usr/bin/env node
// `npm run generate`: openapi/ → generated/ (bundled document, Orval axios clients + SWR hooks +
// models, openapi-typescript types for the server).
// `npm run generate:check`: generates into a scratch folder and fails when generated/ differs,
// so a stale generated/ can never be committed unnoticed.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { diffDirs } from './diff-dirs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const check = process.argv.includes('--check');
// The scratch folder sits at the repo root so relative imports of the mutator and Prettier's
// config resolve exactly as they do for generated/.
const dir = check ? '.generate-check' : 'generated';
const out = join(root, dir);
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (cmd, args, env = {}) =>
  execFileSync(cmd, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });

rmSync(out, { recursive: true, force: true });
run(bin('redocly'), [
  'bundle',
  'openapi/openapi.yaml',
  '--ext',
  'json',
  '-o',
  `${dir}/openapi.json`,
]);
run(bin('orval'), ['--config', 'orval.config.ts'], { GENERATED_DIR: dir });
run(bin('openapi-typescript'), [`${dir}/openapi.json`, '-o', `${dir}/api-schema.d.ts`]);
run(bin('prettier'), ['--write', '--log-level', 'warn', '--ignore-path', '', dir]);

if (!check) {
  console.log(`generated/ is up to date with openapi/`);
  process.exit(0);
}

const stale = diffDirs(out, join(root, 'generated'));
rmSync(out, { recursive: true, force: true });
if (stale.length > 0) {
  console.error('generated/ is stale; run `npm run generate` and commit the result. Differs:');
  for (const f of stale) console.error(`  ${f}`);
  process.exit(1);
}
console.log('generated/ matches openapi/');
