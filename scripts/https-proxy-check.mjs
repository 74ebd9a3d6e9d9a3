#!/usr/bin/env node
// Checks the example reverse proxy (deploy/nginx/shop.conf) in front of the real server:
//   node scripts/https-proxy-check.mjs
// Installs nginx when missing (scripts/ensure-nginx.sh: Debian's nginx, as root), makes a
// self-signed certificate for localhost in a temporary folder, starts the compiled server as
// `npm start` runs it (scripts/shop-server.mjs, a fresh DATA_DIR, loopback only, TRUST_PROXY set to
// nginx's address) and nginx in front of it with the example configuration on free ports, then
// checks over HTTPS what the README promises. Prints one `ok - …` or `not ok - …` line per check;
// exit code 0 when all pass, 1 otherwise (or when something could not start, saying why). Stops
// and deletes everything it started, also on Ctrl-C.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { request as plainRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD, ADMIN_USERNAME, buildServerIfStale, runServer } from './shop-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/**
 * The client connects from this loopback address, nginx from 127.0.0.1: the server can only have
 * learnt the client's from nginx's X-Forwarded-For.
 */
const CLIENT_ADDRESS = '127.0.0.3';
/** What a client may claim in its own X-Forwarded-For: the server must never believe it. */
const FORGED_ADDRESS = '203.0.113.9';
const HSTS = 'max-age=31536000';

const cleanups = [];
async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error(`cleanup: ${error.message}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void cleanUp().then(() => process.exit(130));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = s.address();
        s.close(() => resolve(port));
      });
  });
}

/** The example configuration with this machine's values (as envsubst would render it). */
function renderConfig(values) {
  const template = readFileSync(join(root, 'deploy/nginx/shop.conf'), 'utf8');
  return template.replace(/\$\{([A-Z_]+)\}/g, (whole, name) => {
    if (!(name in values)) throw new Error(`deploy/nginx/shop.conf: no value for ${whole}`);
    return String(values[name]);
  });
}

/** One HTTPS request to nginx, trusting only our certificate, from CLIENT_ADDRESS. */
function https(ca, port, path, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        servername: 'localhost',
        port,
        path,
        method,
        ca,
        localAddress: CLIENT_ADDRESS,
        headers: { host: `localhost:${port}`, ...headers },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks) }),
        );
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

function http(port, path) {
  return new Promise((resolve, reject) => {
    const req = plainRequest(
      { host: '127.0.0.1', port, path, headers: { host: `localhost:${port}` } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers }));
      },
    );
    req.once('error', reject);
    req.end();
  });
}

async function waitForTls(ca, port, nginx) {
  for (let i = 0; i < 300; i++) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode}`);
    try {
      return await https(ca, port, '/healthz');
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  throw new Error('nginx did not answer over HTTPS within 6 s');
}

let failures = 0;
function check(name, ok, detail) {
  console.log(
    `${ok ? 'ok' : 'not ok'} - ${name}${ok || detail === undefined ? '' : `: ${detail}`}`,
  );
  if (!ok) failures += 1;
}

async function main() {
  const nginxBin = execFileSync('bash', [join(root, 'scripts/ensure-nginx.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();

  const dir = mkdtempSync(join(tmpdir(), 'https-proxy-check-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  // nginx's workers (www-data when started as root) must reach its temp folders in here; the
  // private key stays 0600, read by the master alone.
  chmodSync(dir, 0o755);
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const ca = readFileSync(cert);

  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  buildServerIfStale();
  const server = await runServer(join(dir, 'data'), {
    TRUST_PROXY: '127.0.0.1',
    PUBLIC_URL: `https://localhost:${httpsPort}`,
  });
  cleanups.push(() => server.stop());
  const shopPort = new URL(server.baseURL).port;

  writeFileSync(
    join(dir, 'shop.conf'),
    renderConfig({
      SHOP_PORT: shopPort,
      HTTP_PORT: httpPort,
      HTTPS_PORT: httpsPort,
      SERVER_NAME: 'localhost',
      TLS_CERT: cert,
      TLS_KEY: key,
    }),
  );
  // The main configuration a Debian nginx would have, reduced to what the site needs, with every
  // file nginx writes in the temporary folder.
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 64; }',
      'http {',
      `  access_log ${join(dir, 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${join(dir, `${kind}-temp`)};`,
      ),
      `  include ${join(dir, 'shop.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const nginx = spawn(
    nginxBin,
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  cleanups.push(
    () =>
      new Promise((resolve) => {
        if (nginx.exitCode !== null) return resolve();
        nginx.once('exit', resolve);
        nginx.kill('SIGQUIT');
      }),
  );
  try {
    await waitForTls(ca, httpsPort, nginx);
  } catch (error) {
    let log = '';
    try {
      log = readFileSync(join(dir, 'error.log'), 'utf8');
    } catch {
      // no log written
    }
    throw new Error(`${error.message}\n${log}`);
  }

  // 1. HSTS: the server sends it only for requests that came over TLS, so seeing it through
  //    nginx proves X-Forwarded-Proto https was trusted (request.protocol is https).
  const page = await https(ca, httpsPort, '/api/v1/categories/');
  check('HTTPS answers through nginx', page.status === 200, `status ${page.status}`);
  check(
    'HSTS over HTTPS (Strict-Transport-Security from the server)',
    page.headers['strict-transport-security'] === HSTS,
    `got ${page.headers['strict-transport-security']}`,
  );

  // 2. Plain HTTP is sent to HTTPS.
  const plain = await http(httpPort, '/admin?x=1');
  check(
    'plain HTTP redirects to HTTPS',
    plain.status === 301 && plain.headers.location === `https://localhost:${httpsPort}/admin?x=1`,
    `${plain.status} ${plain.headers.location}`,
  );

  // 3. A sign-in over HTTPS: its device cookie is Secure (the server saw https), and its session
  //    records the client's address (from nginx's X-Forwarded-For, trusted through TRUST_PROXY),
  //    not nginx's and not the one the client forged.
  const login = await https(ca, httpsPort, '/api/v1/admin/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': FORGED_ADDRESS },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  });
  check('an admin signs in over HTTPS', login.status === 200, `status ${login.status}`);
  const device = [login.headers['set-cookie'] ?? []]
    .flat()
    .find((c) => c.startsWith('admin_device='));
  check(
    'the device cookie is Secure (request.protocol is https)',
    device !== undefined && /;\s*Secure(;|$)/i.test(device),
    `Set-Cookie: ${device}`,
  );
  if (login.status === 200) {
    const { access_token: token } = JSON.parse(login.text.toString());
    const sessions = await https(ca, httpsPort, '/api/v1/admin/auth/me/sessions', {
      headers: { authorization: `Bearer ${token}` },
    });
    const current = JSON.parse(sessions.text.toString()).find?.((s) => s.current);
    check(
      `the server sees the client's address (${CLIENT_ADDRESS}), not nginx's nor a forged one`,
      current?.ip_address === CLIENT_ADDRESS,
      `session ip_address ${current?.ip_address}`,
    );
  }
}

try {
  await main();
} catch (error) {
  console.log(`not ok - the check could not run: ${error.message}`);
  failures += 1;
} finally {
  await cleanUp();
}
process.exit(failures === 0 ? 0 : 1);
