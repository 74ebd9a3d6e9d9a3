// Two real server processes (A and B), started together on one PostgreSQL database and one
// S3-compatible store (s3rver, in this process), behave as one shop: they migrate once, an image
// uploaded through A is served by B, buyers split across them race for the last units, the
// sign-in throttle counts across both, a job enqueued by A runs once, and a SIGTERM to A in the
// middle of a burst of writes loses no acknowledged write. PostgreSQL only:
// vite.config.ts leaves this file out when DATABASE_URL is unset (npm run test:unit), and
// test:db runs it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres, type DatabaseHandle } from './db/database';
import { allMigrations } from './db/migrations';
import { MAIL_JOB } from './services/identity/magic-links';
import { defaultVatRateId, insertSimpleProduct } from '../test-support/fixtures';
import {
  adminAuthorization,
  categoryBurst,
  categorySlugs,
  createPostgresDatabase,
  startServerProcess,
  type ServerProcess,
} from '../test-support/server-process';
import { startS3Server, type TestS3Server } from '../test-support/s3-server';

const ADMIN_PASSWORD = 'scale-out-admin-pw';

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('two instances on one PostgreSQL', () => {
  let database: { url: string; drop: () => Promise<void> };
  let db: DatabaseHandle;
  const dataDirs: string[] = [];
  let s3: TestS3Server;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createPostgresDatabase('scale_out');
    s3 = await startS3Server();
    // What the instances share: the database, the bucket and the secrets. Nothing on disk.
    const shared = {
      DATABASE_URL: database.url,
      S3_BUCKET: s3.settings.s3Bucket ?? '',
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.settings.s3Region,
      S3_ACCESS_KEY_ID: s3.settings.s3AccessKeyId ?? '',
      S3_SECRET_ACCESS_KEY: s3.settings.s3SecretAccessKey ?? '',
      S3_FORCE_PATH_STYLE: 'true',
      JWT_SECRET: randomBytes(32).toString('hex'),
      URL_SIGNING_KEY: randomBytes(32).toString('hex'),
      ADMIN_PASSWORD,
      SHUTDOWN_TIMEOUT_S: '10',
      JOB_POLL_MS: '50',
    };
    const instance = () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'scale-out-'));
      dataDirs.push(dataDir);
      return startServerProcess({ ...shared, DATA_DIR: dataDir });
    };
    // Together, on a database nobody has migrated yet.
    [a, b] = await Promise.all([instance(), instance()]);
    db = openPostgres(database.url, { max: 2 });
  }, 120_000);

  afterAll(async () => {
    for (const s of [a, b]) s?.child.kill('SIGKILL');
    await Promise.all([a, b].map((s) => s?.exited));
    await db?.close();
    await database?.drop();
    await s3?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('migrates and bootstraps once when both start together', async () => {
    const migrations = await db.db
      .selectFrom('kysely_migration' as never)
      .select(sql<string>`name`.as('name'))
      .execute();
    expect(migrations.map((m) => m.name).sort()).toEqual(
      Object.keys(allMigrations('postgres')).sort(),
    );
    const admins = await db.db.selectFrom('admin_users').select('username').execute();
    expect(admins).toEqual([{ username: 'admin' }]);
    const rates = await db.db.selectFrom('vat_rates').select('rate_bp').execute();
    expect(rates.map((r) => Number(r.rate_bp)).sort((x, y) => x - y)).toEqual([0, 700, 1300, 1900]);
  });

  it('serves through B an image uploaded through A (one bucket)', async () => {
    const authorization = await adminAuthorization(a.api, 'admin', ADMIN_PASSWORD);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'dot.png');
    const uploaded = await fetch(`${a.api}/admin/uploads/images/single`, {
      method: 'POST',
      headers: { authorization },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { key } = ((await uploaded.json()) as { files: { key: string }[] }).files[0] ?? {};
    expect(s3.keys()).toContain(key);

    const media = await fetch(`${b.api}/media/${key}`, { redirect: 'manual' });
    expect(media.status).toBe(302);
    const location = media.headers.get('location') ?? '';
    expect(location.startsWith(s3.endpoint)).toBe(true);
    const bytes = Buffer.from(await (await fetch(location)).arrayBuffer());
    expect(bytes.equals(PNG)).toBe(true);
  });

  it('sells the last 5 units exactly once to 20 buyers split across A and B', async () => {
    const { productId, variantId } = await insertSimpleProduct(
      db.db,
      { vat_rate_id: await defaultVatRateId(db.db) },
      { stock_quantity: 5 },
    );
    const buyers = Array.from({ length: 20 }, (_, i) => ({
      api: (i % 2 === 0 ? a : b).api,
      session: `scale-out-buyer-${i}`,
    }));
    for (const { api, session } of buyers) {
      const res = await post(`${api}/cart/items?session_id=${session}`, {
        product_id: productId,
        quantity: 1,
      });
      expect(res.status).toBe(201);
    }
    const answers = await Promise.all(
      buyers.map(({ api, session }) =>
        post(`${api}/orders/?session_id=${session}`, {
          payment_method: 'cash_on_delivery',
          shipping_address: {
            first_name: 'Buyer',
            last_name: session,
            street_address: '1 Rue de Marseille',
            city: 'Tunis',
            postal_code: '1000',
            country: 'TN',
            phone: '+216 71 000 000',
            email: `${session}@example.com`,
          },
        }).then(async (res) => ({ status: res.status, body: await res.text() })),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(201), ...Array<number>(15).fill(409)]);
    for (const refused of answers.filter((r) => r.status === 409)) {
      expect(JSON.parse(refused.body)).toEqual({
        detail: expect.stringMatching(/^Only 0 in stock for /) as unknown,
      });
    }
    const orders = await db.db
      .selectFrom('order_items')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('variant_id', '=', variantId)
      .executeTakeFirstOrThrow();
    expect(Number(orders.n)).toBe(5);
    const variant = await db.db
      .selectFrom('variants')
      .select('stock_quantity')
      .where('id', '=', variantId)
      .executeTakeFirstOrThrow();
    expect(Number(variant.stock_quantity)).toBe(0);
    const movements = await db.db
      .selectFrom('stock_movements')
      .select(['delta', 'stock_before', 'stock_after'])
      .where('variant_id', '=', variantId)
      .orderBy('id')
      .execute();
    expect(movements.map((m) => Number(m.delta))).toEqual([-1, -1, -1, -1, -1]);
    expect(movements.map((m) => Number(m.stock_after))).toEqual([4, 3, 2, 1, 0]);
  }, 60_000);

  it('counts failed sign-ins across A and B', async () => {
    const attempt = (s: ServerProcess, password: string) =>
      post(`${s.api}/admin/auth/login`, { username: 'admin', password });
    // Five failures pass, alternating instances; the sixth attempt is held back on both.
    for (const s of [a, b, a, b, a]) expect((await attempt(s, 'wrong-guess')).status).toBe(401);
    for (const s of [b, a]) {
      const refused = await attempt(s, ADMIN_PASSWORD);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('2');
    }
    // The count lives in the database: clear it there and both instances let the admin in.
    await db.db.deleteFrom('auth_throttle').execute();
    expect((await attempt(b, ADMIN_PASSWORD)).status).toBe(200);
  }, 60_000);

  it('runs a job enqueued through A once, on either instance', async () => {
    const email = 'once@example.com';
    const sent = await post(`${a.api}/auth/send-magic-link`, { email });
    expect(sent.status).toBe(202);
    const mailJobs = () =>
      db.db
        .selectFrom('jobs')
        .select(['status', 'attempts'])
        .where('kind', '=', MAIL_JOB)
        .orderBy('id')
        .execute();
    const polled = { timeout: 20_000, interval: 50 };
    await vi.waitFor(async () => expect((await mailJobs())[0]?.status).toBe('done'), polled);
    expect((await mailJobs())[0]).toEqual({ status: 'done', attempts: 1 });
    // A second run would come before a later job (the workers take the oldest due job first): once
    // a later one is done, the first one was not run again.
    expect(
      (await post(`${a.api}/auth/send-magic-link`, { email: 'later@example.com' })).status,
    ).toBe(202);
    await vi.waitFor(async () => expect((await mailJobs())[1]?.status).toBe('done'), polled);
    expect(await mailJobs()).toEqual([
      { status: 'done', attempts: 1 },
      { status: 'done', attempts: 1 },
    ]);
    const outboxes = dataDirs.flatMap((dir) => {
      try {
        return readdirSync(join(dir, 'outbox'))
          .filter((f) => f.endsWith('.eml'))
          .filter((f) => readFileSync(join(dir, 'outbox', f), 'utf8').includes(email));
      } catch {
        return [];
      }
    });
    expect(outboxes).toHaveLength(1);
  });

  it('loses no acknowledged write when A gets SIGTERM in the middle of a burst', async () => {
    const authorization = await adminAuthorization(a.api, 'admin', ADMIN_PASSWORD);
    // Four writers on A, each creating categories one after another until A is gone.
    const burst = categoryBurst(a.api, authorization, 'burst');
    await burst.reach(40);
    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    await burst.stop();

    // B serves every acknowledged row.
    const stored = await categorySlugs(b.api);
    expect(burst.acknowledged.length).toBeGreaterThanOrEqual(40);
    expect(burst.acknowledged.filter((slug) => !stored.has(slug))).toEqual([]);
  }, 60_000);
});
