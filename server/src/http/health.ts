// Probes for a load balancer or an orchestrator, outside the API contract (they are not part of
// the shop's API, the SDK has no use for them, and they must answer without a token):
// - GET /healthz: the process is alive and serving (200 until shutdown starts).
// - GET /readyz: this instance can take traffic: the database takes a write (a real one,
//   services/platform/health.ts says why it is safe), every migration is applied, the last integrity
//   check found nothing, the disk under DATA_DIR has DISK_MIN_FREE_MB free, the media storage
//   can be written. 503 names the failing parts and says why (issue #25).
// Once shutdown starts (app.close()), every request gets 503 {detail} (http/error-handler.ts),
// probes included, while the requests in flight finish: shutdown.test.ts checks it.
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/database';
import { allMigrations } from '../db/migrations';
import type { Database } from '../db/schema';
import { freeBytesUnder, probeWrite, type WriteProbe } from '../services/platform/health';
import type { Storage } from '../storage/storage';
import type { DiskFullAlarm } from './error-handler';

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
  options: {
    db: Kysely<Database>;
    dialect: DialectName;
    storage: Storage;
    /** The disk whose free space is checked (DATA_DIR: the SQLite database, uploads, backups). */
    dataDir: string;
    /** DISK_MIN_FREE_MB in bytes; 0 turns the disk check off. */
    diskMinFreeBytes: number;
    /** Told when writes work again after a disk-full refusal. */
    diskFull: DiskFullAlarm;
    now: () => Date;
  },
): void {
  const checks: Record<string, Check> = {
    migrations: migrationsApplied(options.db, options.dialect),
    disk: async () => {
      if (options.diskMinFreeBytes === 0) return;
      const free = await freeBytesUnder(options.dataDir);
      if (free < options.diskMinFreeBytes)
        throw new Error(
          `${mb(free)} MB free under DATA_DIR, below DISK_MIN_FREE_MB (${mb(options.diskMinFreeBytes)})`,
        );
    },
    storage: trustedFor(STORAGE_CHECK_TTL_MS, () => options.storage.check()),
  };

  app.get('/healthz', (_request, reply) => reply.send({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    // The write probe also reads what the last integrity check found (any instance's worker).
    let probe: WriteProbe | null = null;
    const database: Check = async () => {
      probe = await probeWrite(options.db, options.now());
    };
    const results = await Promise.all(
      Object.entries({ database, ...checks }).map(async ([name, check]) => {
        try {
          await withTimeout(check(), CHECK_TIMEOUT_MS);
          return null;
        } catch (error) {
          return { name, reason: error instanceof Error ? error.message : String(error) };
        }
      }),
    );
    const failing = results.filter((r) => r !== null);
    const integrityProblem = (probe as WriteProbe | null)?.integrityProblem ?? null;
    if (integrityProblem !== null) failing.push({ name: 'integrity', reason: integrityProblem });
    if (failing.length === 0) {
      options.diskFull.recovered(app.log);
      return { status: 'ready' };
    }
    return reply.code(503).send({
      status: 'not_ready',
      failing: failing.map((f) => f.name),
      reasons: Object.fromEntries(failing.map((f) => [f.name, f.reason])),
    });
  });
}

const mb = (bytes: number) => Math.floor(bytes / (1024 * 1024));

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
