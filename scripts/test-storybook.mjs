#!/usr/bin/env node
// Runs every story's play function in Chromium: serves storybook-static (npm run build-storybook)
// on a free loopback port, runs `test-storybook --url` against it (test-runner-jest.config.js
// points it at /usr/bin/chromium), stops the server and exits with the runner's code.
// Extra arguments go to test-storybook, e.g. `node scripts/test-storybook.mjs --includeTags x`.
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clearVisualReport, REPORT_DIR, writeVisualReport } from './visual-report.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
// STORYBOOK_DIR: another build folder (parallel work must not share storybook-static/).
const dir = process.env.STORYBOOK_DIR
  ? resolve(process.env.STORYBOOK_DIR)
  : join(root, 'storybook-static');
if (!existsSync(join(dir, 'index.json'))) {
  console.error(
    'test-storybook: storybook-static/ is missing; run `npm run build-storybook` first',
  );
  process.exit(1);
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  let file = normalize(join(dir, path));
  if (file !== dir && !file.startsWith(dir + sep)) return void res.writeHead(403).end();
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  if (!existsSync(file)) return void res.writeHead(404).end('Not found');
  res.writeHead(200, {
    'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
    'Cache-Control': 'no-store',
  });
  createReadStream(file).pipe(res);
});

await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const { port } = server.address();
const url = `http://127.0.0.1:${port}`;
console.log(`test-storybook: serving storybook-static on ${url}`);

clearVisualReport(root);
const bin = join(root, 'node_modules', '.bin', 'test-storybook');
const started = Date.now();
const runner = spawn(bin, ['--url', url, '--maxWorkers=2', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
});

const stop = (signal) => runner.kill(signal);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

const code = await new Promise((done) =>
  runner.on('close', (c, signal) => done(c ?? (signal ? 1 : 0))),
);
server.close();
const differences = writeVisualReport(root);
if (differences > 0) {
  console.log(
    `test-storybook: ${differences} visual difference(s): ${join(root, REPORT_DIR, 'index.html')}`,
  );
}
console.log(
  `test-storybook: finished in ${((Date.now() - started) / 1000).toFixed(1)} s (exit ${code})`,
);
process.exit(code);
