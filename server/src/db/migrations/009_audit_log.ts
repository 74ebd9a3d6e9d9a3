// The audit log (issue #14): one row per admin write, written by services/platform/audit.ts in the
// write's own transaction, so a rolled-back write leaves no entry.
// - admin_user_id may lose its admin (ON DELETE SET NULL); admin_username is copied when the
//   entry is written, so the log still says who after the account is gone;
// - entity and entity_id name what was written ('product' 12, 'shop_settings' 1, ...), label a
//   human name for it at the time (product name, SKU, username), copied for the same reason;
// - changes is JSON: [{ field, before, after }] with values as the contract writes them, never
//   a secret (services/platform/audit.ts redacts them before they get here);
// - entries older than the configured retention are deleted by the server (AUDIT_RETENTION_DAYS).
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { nowIso, withId } from './helpers';

export function auditLog(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('audit_log'), dialect)
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso(dialect)))
        .addColumn('admin_user_id', 'integer', (c) =>
          c.references('admin_users.id').onDelete('set null'),
        )
        .addColumn('admin_username', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'integer')
        .addColumn('label', 'text')
        .addColumn('changes', 'text', (c) => c.notNull())
        .execute();
      // The screen pages newest first, alone or filtered by entity (and id) or by admin.
      await db.schema
        .createIndex('audit_log_created_at_id')
        .on('audit_log')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_log_entity_id')
        .on('audit_log')
        .columns(['entity', 'entity_id', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_log_admin_user_id')
        .on('audit_log')
        .columns(['admin_user_id', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('audit_log').execute();
    },
  };
}
