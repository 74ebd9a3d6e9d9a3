#!/usr/bin/env node
// The development loop:
//   npm run dev:server   the API server from its TypeScript sources, restarted on every change
//                        (tsx watch; also when `npm run generate` rewrites the contract)
//   npm run dev:all      that server and Vite's dev server (`npm run dev`) together; one Ctrl-C
//                        stops both, and when one of them stops the other is stopped too
// The server gets `npm start`'s settings (PORT 3000, DATA_DIR ./data…) but listens on loopback
// only, where Vite's proxy sends /api (vite.config.ts: API_URL, which dev:all derives from PORT),
// and builds its links (magic links, passkeys' origin) from Vite's address: PUBLIC_URL defaults
// to http://localhost:<VITE_PORT> (5173). Any of these set in the environment wins.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);
/** Vite's dev server port (Vite's default unless VITE_PORT says). */
const VITE_PORT = process.env.VITE_PORT || '5173';
const PORT = process.env.PORT || '3000';

/** The dev server's environment: the defaults above under whatever the shell set. */
const serverEnv = {
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://localhost:${VITE_PORT}`,
  ...process.env,
};

function startServer() {
  return spawn(
    bin('tsx'),
    ['watch', '--clear-screen=false', '--include', 'generated/openapi.json', 'server/src/main.ts'],
    // stdin stays Vite's (its keyboard shortcuts); tsx's "Return to rerun" is not needed.
    { cwd: root, env: serverEnv, stdio: ['ignore', 'inherit', 'inherit'] },
  );
}

function startVite() {
  // --strictPort: on another port than PUBLIC_URL's, passkeys and links would not work.
  return spawn(bin('vite'), ['--port', VITE_PORT, '--strictPort'], {
    cwd: root,
    env: { API_URL: `http://127.0.0.1:${PORT}`, ...process.env },
    stdio: 'inherit',
  });
}

const mode = process.argv[2];
if (mode !== 'server' && mode !== 'all') {
  console.error('usage: node scripts/dev.mjs server|all');
  process.exit(2);
}
const children = mode === 'server' ? [startServer()] : [startServer(), startVite()];
let exitCode;
const stopAll = (signal) => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
};
for (const child of children) {
  child.once('exit', (code, signal) => {
    // The first to stop sets the exit code; the others are stopped with it.
    exitCode ??= code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1);
    stopAll('SIGTERM');
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) {
      process.exit(exitCode);
    }
  });
}
// Ctrl-C reaches every process of the terminal's group (ours and the children): the children
// stop themselves (the server's graceful shutdown); a SIGTERM (e.g. from a process manager)
// reaches only us, so it is passed on.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => stopAll('SIGTERM'));
