// manifest.json, the first member of every backup archive: what the archive holds and the sha256
// of each of its other files, so a restore can tell a damaged or altered archive from a good one.
import type { Schemas } from '../api/types';
import type { DatabaseFacts } from './snapshot';

export type BackupTrigger = Schemas['Backup']['trigger'];

/** The archive's layout (members), fixed so that every version of the restore can read it. */
export const MEMBERS = {
  manifest: 'manifest.json',
  sqlite: 'database/shop.db',
  postgres: 'database/shop.pgdump',
  uploads: 'uploads',
  /** With media in S3: the keys of the bucket at the time (the objects stay in the bucket). */
  s3Keys: 'uploads.json',
  secrets: 'secrets.json',
} as const;

export interface Manifest extends DatabaseFacts {
  /** The layout's version (MEMBERS); a restore refuses one it does not know. */
  format: 1;
  name: string;
  created_at: string;
  trigger: BackupTrigger;
  product_version: string;
  database: 'sqlite' | 'postgres';
  /** PostgreSQL: the schema dumped (a restore brings it back under the same name). */
  schema: string | null;
  /**
   * PostgreSQL: the extensions the database had (pg_trgm…), which a dump of one schema leaves
   * out; the restore creates them first.
   */
  extensions?: { name: string; schema: string }[];
  uploads: { storage: 'local' | 's3'; count: number };
  /** sha256 (hex) of every member but the manifest, by its path in the archive. */
  files: Record<string, string>;
}

/** The contract's Backup of a kept archive. */
export function presentBackup(manifest: Manifest, size: number): Schemas['Backup'] {
  return {
    name: manifest.name,
    created_at: manifest.created_at,
    size_bytes: size,
    trigger: manifest.trigger,
    product_version: manifest.product_version,
    migration_level: manifest.migration_level,
    database: manifest.database,
    last_invoice_number: manifest.last_invoice_number,
    last_credit_note_number: manifest.last_credit_note_number,
    row_counts: manifest.row_counts,
  };
}
