// A data version for the shop settings (issue #24): every admin request checks whether the
// shop requires a second factor of the admin's role (shop_settings.two_factor_required_roles,
// migration 019). The server keeps the roles it read and reads them again only when this version
// moved (http/access.ts), so the check costs no query of its own: the version is read with the
// others, in the one shared query, and a change made on any instance is seen at once.
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { createPostgresTriggers, createSqliteTriggers, dropTriggers } from './007_data_versions';

export const SCOPES_020 = { settings: ['shop_settings'] } as const;
const scopes = Object.entries(SCOPES_020);

export function settingsVersion(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('data_versions')
        .addColumn('settings', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      if (dialect === 'sqlite') await createSqliteTriggers(db, scopes);
      else await createPostgresTriggers(db, scopes);
    },
    async down(db: Kysely<unknown>) {
      await dropTriggers(db, dialect, scopes);
      await db.schema.alterTable('data_versions').dropColumn('settings').execute();
    },
  };
}
