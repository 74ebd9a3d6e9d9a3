// Sign-in throttling counters, shared by every server instance on the database and kept across
// restarts (services/identity/auth-throttle.ts). One row per throttled key; times are epoch milliseconds.
import type { Kysely, Migration } from 'kysely';
import { indexColumn } from './helpers';
import type { DialectName } from '../database';

export function authThrottle(dialect: DialectName): Migration {
  // Epoch milliseconds exceed 32 bits: BIGINT on PostgreSQL (SQLite's INTEGER is 64-bit).
  const ms = dialect === 'sqlite' ? 'integer' : 'bigint';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('auth_throttle')
        // SHA-256 (hex) of scope and value, so typed usernames and addresses are not kept.
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('window_start', ms, (c) => c.notNull())
        .addColumn('last_at', ms, (c) => c.notNull())
        .addColumn('blocked_until', ms, (c) => c.notNull().defaultTo(0))
        .execute();
      await indexColumn(db, 'auth_throttle', 'last_at');
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('auth_throttle').execute();
    },
  };
}
