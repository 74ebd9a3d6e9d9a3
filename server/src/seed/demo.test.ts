import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { bootstrap } from '../bootstrap';
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from './demo-catalogue';
import { seedDemo } from './demo';

describe.each(testDialects)('seed:demo on %s', (dialect) => {
  let t: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'seed-demo-'));
    t = await createTestApp(dialect, { config: { dataDir } });
    await bootstrap(t.database.db, t.ctx.config);
    const { authorization } = await t.authAs('super_admin');
    await seedDemo(t.app, authorization, () => {});
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates every category and product through the API, with an image each', async () => {
    const db = t.database.db;
    expect((await db.selectFrom('categories').select('id').execute()).length).toBe(
      DEMO_CATEGORIES.length,
    );
    const products = await db
      .selectFrom('products')
      .select(['images', 'has_variants', 'is_active'])
      .execute();
    expect(products.length).toBe(DEMO_PRODUCTS.length);
    expect(products.every((p) => JSON.parse(p.images).length === 1)).toBe(true);
    expect(products.some((p) => p.has_variants === 1)).toBe(true);
    expect(products.some((p) => p.has_variants === 0)).toBe(true);
    expect(products.some((p) => p.is_active === 0)).toBe(true);
  });

  it('has stock levels that are fine, low and out of stock', async () => {
    const { authorization } = await t.authAs('super_admin');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/variants/inventory/status?page_size=100',
      headers: { authorization },
    });
    const { summary } = res.json() as { summary: Record<string, number> };
    expect(summary.in_stock).toBeGreaterThan(20);
    expect(summary.low_stock).toBeGreaterThan(5);
    expect(summary.out_of_stock).toBeGreaterThan(5);
  });
});
