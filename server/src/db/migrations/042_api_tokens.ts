// API tokens (#31; services/identity/api-tokens.ts): an integration's credentials.
// - prefix: `shp_` and 12 random characters, unique, shown in lists and found by an index at each
//   request; secret_hash: SHA-256 of the 32-character secret after it (the secret carries 190
//   random bits, so a slow hash would add nothing but time to every request);
// - scopes: JSON array of permissions, a subset of the creator's;
// - created_by_admin_id: the admin whose role bounds the token at each request (deleting the
//   admin deletes their tokens: a token must never outlive whoever answers for it);
// - expires_at, revoked_at (never deleted: the list and the audit log keep naming them);
// - last_used_at / last_used_ip, written at most once a minute per token.
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId, withTimestamps } from './helpers';

export function apiTokens(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withTimestamps(
        withId(db.schema.createTable('api_tokens'), dialect)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('prefix', 'text', (c) => c.notNull().unique())
          .addColumn('secret_hash', 'text', (c) => c.notNull())
          .addColumn('scopes', 'text', (c) => c.notNull())
          .addColumn('created_by_admin_id', 'integer', (c) =>
            c.notNull().references('admin_users.id').onDelete('cascade'),
          )
          .addColumn('expires_at', 'text')
          .addColumn('revoked_at', 'text')
          .addColumn('last_used_at', 'text')
          .addColumn('last_used_ip', 'text'),
        dialect,
        ['created_at'],
      ).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('api_tokens').execute();
    },
  };
}
