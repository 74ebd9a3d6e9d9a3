// The packed SDK (npm run sdk:pack, #31) as an integrating developer gets it: installed from its
// tarball into an empty project, its example signs in and reads the shop through the real server
// (run as `npm start` runs it), with the figures the API itself gives.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { adminToken, api, baseURL } from './api';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './server';

const root = fileURLToPath(new URL('..', import.meta.url));

test('the packed SDK installs into an empty project and its example reads the shop', async () => {
  test.setTimeout(180_000);
  execFileSync('npm', ['run', '--silent', 'sdk:pack'], { cwd: root, stdio: 'pipe' });
  const tarball = readdirSync(join(root, 'build', 'sdk')).find((f) => f.endsWith('.tgz'));
  const contract = (await import('../generated/openapi.json', { with: { type: 'json' } })).default;
  expect(tarball).toBe(`vat-back-office-sdk-${contract.info.version}.tgz`);

  const project = mkdtempSync(join(tmpdir(), 'sdk-user-'));
  try {
    writeFileSync(join(project, 'package.json'), '{"name":"integration","private":true}\n');
    execFileSync(
      'npm',
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        join(root, 'build', 'sdk', tarball!),
      ],
      { cwd: project, stdio: 'pipe' },
    );
    const output = execFileSync(
      process.execPath,
      [join(project, 'node_modules', 'vat-back-office-sdk', 'example.mjs')],
      {
        cwd: project,
        env: {
          PATH: process.env.PATH ?? '',
          SHOP_URL: baseURL(),
          SHOP_USERNAME: ADMIN_USERNAME,
          SHOP_PASSWORD: ADMIN_PASSWORD,
        },
      },
    ).toString();

    const token = await adminToken();
    const stats = await api<{ product_count: number; order_count: number; revenue: string }>(
      token,
      'GET',
      '/admin/stats/',
    );
    const products = await api<{ name: string; slug: string }[]>(
      token,
      'GET',
      '/admin/products/?limit=3',
    );
    expect(output.trimEnd().split('\n')).toEqual([
      `products: ${stats.product_count}, orders: ${stats.order_count}, revenue: ${stats.revenue} TND`,
      ...products.map((p) => `- ${p.name} (${p.slug})`),
    ]);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});
