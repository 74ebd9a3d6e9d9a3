// Second factors of admins (issue #24): an authenticator app (TOTP) with its recovery codes, and
// passkeys (WebAuthn), with the challenges the server handed out; and the roles the shop requires
// a second factor for.
// - admin_users.two_factor_enabled is kept by the services (1 while a confirmed TOTP or a passkey
//   exists): it rides on the admins data version, so the access check knows it without a query;
// - admin_totp.secret is sealed with the server's key, never stored in clear; confirmed_at is
//   null while the enrolment waits for its first code; last_step refuses a code used twice;
// - recovery codes and challenges are stored as hashes / single-use rows;
// - shop_settings.two_factor_required_roles is a JSON array of roles ('[]': not opted in).
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { nowIso, withId } from './helpers';

const adminRef = 'admin_users.id';

export function twoFactor(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('admin_users')
        .addColumn('two_factor_enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('shop_settings')
        .addColumn('two_factor_required_roles', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema
        .createTable('admin_totp')
        .addColumn('admin_user_id', 'integer', (c) =>
          c.primaryKey().references(adminRef).onDelete('cascade'),
        )
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('confirmed_at', 'text')
        .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso(dialect)))
        .execute();
      await withId(db.schema.createTable('admin_recovery_codes'), dialect)
        .addColumn('admin_user_id', 'integer', (c) =>
          c.notNull().references(adminRef).onDelete('cascade'),
        )
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso(dialect)))
        .execute();
      await db.schema
        .createIndex('admin_recovery_codes_admin_user_id')
        .on('admin_recovery_codes')
        .column('admin_user_id')
        .execute();
      await withId(db.schema.createTable('admin_passkeys'), dialect)
        .addColumn('admin_user_id', 'integer', (c) =>
          c.notNull().references(adminRef).onDelete('cascade'),
        )
        .addColumn('credential_id', 'text', (c) => c.notNull().unique())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('transports', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso(dialect)))
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema
        .createIndex('admin_passkeys_admin_user_id')
        .on('admin_passkeys')
        .column('admin_user_id')
        .execute();
      await withId(db.schema.createTable('webauthn_challenges'), dialect)
        .addColumn('admin_user_id', 'integer', (c) =>
          c.notNull().references(adminRef).onDelete('cascade'),
        )
        .addColumn('purpose', 'text', (c) =>
          c.notNull().check(sql`purpose in ('registration', 'authentication')`),
        )
        .addColumn('challenge', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso(dialect)))
        .execute();
      await db.schema
        .createIndex('webauthn_challenges_admin_user_id')
        .on('webauthn_challenges')
        .column('admin_user_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'webauthn_challenges',
        'admin_passkeys',
        'admin_recovery_codes',
        'admin_totp',
      ]) {
        await db.schema.dropTable(table).execute();
      }
      await db.schema.alterTable('shop_settings').dropColumn('two_factor_required_roles').execute();
      await db.schema.alterTable('admin_users').dropColumn('two_factor_enabled').execute();
    },
  };
}
