// A data version for the admin accounts (issue #12): every admin request checks that its admin
// still exists, is active and holds its role. The server keeps the admins it has loaded and
// reads them again only when this version moved (http/access.ts), which spares PostgreSQL a
// round trip per request; the version is read with the others, in the one shared query.
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { createPostgresTriggers, createSqliteTriggers, dropTriggers } from './007_data_versions';

export const SCOPES_014 = { admins: ['admin_users'] } as const;
const scopes = Object.entries(SCOPES_014);

export function adminVersion(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('data_versions')
        .addColumn('admins', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      if (dialect === 'sqlite') await createSqliteTriggers(db, scopes);
      else await createPostgresTriggers(db, scopes);
    },
    async down(db: Kysely<unknown>) {
      await dropTriggers(db, dialect, scopes);
      await db.schema.alterTable('data_versions').dropColumn('admins').execute();
    },
  };
}
