// Probes for a load balancer or an orchestrator, outside the API contract (they are not part of
// the shop's API, the SDK has no use for them, and they must answer without a token):
// - GET /healthz: the process is alive and serving (200 until shutdown starts).
// - GET /readyz: this instance can take traffic: the database answers, every migration is
//   applied, the media storage can be written. 503 names the failing parts.
// Once shutdown starts (app.close()), Fastify answers every request 503 (return503OnClosing, on by
// default), probes included, while the requests in flight finish: shutdown.test.ts checks it.
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/database';
import { allMigrations } from '../db/migrations';
import type { Database } from '../db/schema';
import type { Storage } from '../storage/storage';

/** A probe answers within this even when a dependency hangs (e.g. an unreachable PostgreSQL). */
const CHECK_TIMEOUT_MS = 3000;

/**
 * How long a storage check that passed is trusted. The check writes and deletes an object: on S3
 * that is two billed requests per probe per instance (an orchestrator probes every few seconds),
 * and storage does not come and go by the second. A failed check is tried again at every probe.
 */
export const STORAGE_CHECK_TTL_MS = 30_000;

type Check = () => Promise<void>;

export function registerHealth(
  app: FastifyInstance,
  options: { db: Kysely<Database>; dialect: DialectName; storage: Storage },
): void {
  const checks: Record<string, Check> = {
    database: async () => {
      await sql`select 1`.execute(options.db);
    },
    migrations: migrationsApplied(options.db, options.dialect),
    storage: trustedFor(STORAGE_CHECK_TTL_MS, () => options.storage.check()),
  };

  app.get('/healthz', (_request, reply) => reply.send({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), CHECK_TIMEOUT_MS);
          return null;
        } catch (error) {
          return { name, reason: error instanceof Error ? error.message : String(error) };
        }
      }),
    );
    const failing = results.filter((r) => r !== null);
    if (failing.length === 0) return { status: 'ready' };
    return reply.code(503).send({
      status: 'not_ready',
      failing: failing.map((f) => f.name),
      reasons: Object.fromEntries(failing.map((f) => [f.name, f.reason])),
    });
  });
}

/** Migrations never come undone while the server runs: once all were applied, stop asking. */
function migrationsApplied(db: Kysely<Database>, dialect: DialectName): Check {
  const expected = Object.keys(allMigrations(dialect));
  let done = false;
  return async () => {
    if (done) return;
    // Kysely's bookkeeping table, in the connection's own schema (db/migrate.ts pins it there).
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const applied = new Set(rows.map((r) => r.name));
    const missing = expected.filter((name) => !applied.has(name));
    if (missing.length > 0) throw new Error(`not applied: ${missing.join(', ')}`);
    done = true;
  };
}

/** `check`, skipped while its last success is younger than `ms`. */
function trustedFor(ms: number, check: Check): Check {
  let passedAt = -Infinity;
  return async () => {
    if (Date.now() - passedAt < ms) return;
    await check();
    passedAt = Date.now();
  };
}

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
