// The example reverse proxy (deploy/nginx/shop.conf) in front of the real server, through
// scripts/https-proxy-check.mjs: nginx is installed when missing (as root on Debian; elsewhere the
// test fails saying what to install, it is never skipped), then every check of the script must
// pass. The script's own output is the failure message.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');

/** The script's output and exit code (a failing exit is an answer here, not an error). */
function runCheck(): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(root, 'scripts/https-proxy-check.mjs')],
      // The shop the script starts is its own (a fresh DATA_DIR, SQLite).
      { cwd: root, env: { ...process.env, DATABASE_URL: '' }, timeout: 170_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe('HTTPS in front of the server (deploy/nginx/shop.conf)', () => {
  it('nginx serves the shop over TLS with HSTS, https seen by the server and the client address', async () => {
    const { code, stdout, stderr } = await runCheck();
    const report = `${stdout}\n${stderr}`;
    // The server's own lines go to the same stdout: only the checks' lines are compared.
    const checks = stdout.split('\n').filter((line) => /^(not )?ok - /.test(line));
    expect(checks, report).toEqual([
      'ok - HTTPS answers through nginx',
      'ok - HSTS over HTTPS (Strict-Transport-Security from the server)',
      'ok - plain HTTP redirects to HTTPS',
      'ok - an admin signs in over HTTPS',
      'ok - the device cookie is Secure (request.protocol is https)',
      "ok - the server sees the client's address (127.0.0.3), not nginx's nor a forged one",
    ]);
    expect(code, report).toBe(0);
    // A first install of nginx (apt-get) takes longer than the checks themselves.
  }, 180_000);
});
