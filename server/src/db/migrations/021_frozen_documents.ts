// The logos that issued documents print, frozen in the database (issue #25). An invoice or a
// credit note names its logo by storage key in its frozen content (seller.logo_key); the key's
// bytes are copied here when the logo is saved in the settings (or, for a document issued before
// this migration, the first time its PDF is drawn), so the PDF is drawn from the database alone
// and stays byte-identical whatever happens to the uploaded file. Rows are never updated nor
// deleted: a storage key never names other bytes (every upload gets a new random key).
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { withTimestamps } from './helpers';

export function frozenDocuments(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withTimestamps(
        db.schema
          .createTable('document_logos')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('content_type', 'text', (c) => c.notNull())
          .addColumn('sha256', 'text', (c) => c.notNull())
          .addColumn('bytes', dialect === 'sqlite' ? 'blob' : 'bytea', (c) => c.notNull()),
        dialect,
        ['created_at'],
      ).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('document_logos').execute();
    },
  };
}
