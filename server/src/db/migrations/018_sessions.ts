// Sessions (issue #24): one row per sign-in, keyed by its refresh-token family id. Access tokens
// carry the session id (`sid`), and a request whose session was ended is refused at once, on
// every instance: the `sessions` data version moves with every write to this table, so an
// instance keeps what it read of a session until the version moves (http/access.ts).
// - expires_at follows the newest refresh token of the family (sliding 7 days);
// - ip_address and user_agent are those of the sign-in, then of the last refresh;
// - revoked_at is set by logout, "end this session", a password change or reset, deactivation.
// Families that exist already become sessions, so nobody is signed out by the upgrade.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { createPostgresTriggers, createSqliteTriggers, dropTriggers } from './007_data_versions';

export const SCOPES_018 = { sessions: ['auth_sessions'] } as const;
const scopes = Object.entries(SCOPES_018);

export function sessions(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('auth_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_type', 'text', (c) =>
          c.notNull().check(sql`user_type in ('admin', 'customer')`),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('ip_address', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createIndex('auth_sessions_user')
        .on('auth_sessions')
        .columns(['user_type', 'user_id'])
        .execute();
      await sql`
        insert into auth_sessions (id, user_type, user_id, created_at, last_used_at, expires_at)
        select family_id, min(user_type), min(user_id), min(created_at), max(created_at),
               max(expires_at)
        from refresh_tokens
        group by family_id
        having count(revoked_at) < count(*)
      `.execute(db);
      await db.schema
        .alterTable('data_versions')
        .addColumn('sessions', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      if (dialect === 'sqlite') await createSqliteTriggers(db, scopes);
      else await createPostgresTriggers(db, scopes);
    },
    async down(db: Kysely<unknown>) {
      await dropTriggers(db, dialect, scopes);
      await db.schema.alterTable('data_versions').dropColumn('sessions').execute();
      await db.schema.dropTable('auth_sessions').execute();
    },
  };
}
