// The logo an issued invoice or credit note prints, frozen in the database (table document_logos,
// migration 021), so that its PDF is drawn from the database alone and stays byte-identical for
// ever (issue #25).
//
// Why the logo's bytes and not the PDF: a document's PDF is drawn from its frozen content (JSON),
// its logo and nothing else (no clock, no settings, no storage; pdfkit's built-in Helvetica, the
// issue time as CreationDate, the frozen time zone); a golden test pins the bytes of a fixed
// document, so a dependency that would change them fails CI. Storing PDFs would keep a copy of the
// logo in every document in every language (en, fr); one row per logo key is kept instead.
//
// The bytes are copied when the logo is saved in the settings (before the row names the key), so
// every document issued from then on finds them. A document that names a logo without a frozen
// copy (issued before migration 021, or a logo written into the settings by other means) has it
// copied from the storage the first time its PDF is drawn; until then its file cannot be deleted
// (media.ts: an issued document uses it). A key never names other bytes (every upload gets a new
// random key), so the copy is exactly what the document printed.
import { createHash } from 'node:crypto';
import { invalid } from '../../api/problem';
import type { Db } from '../../db/database';
import { contentTypeForKey, type Storage } from '../../storage/storage';

/** The formats pdfkit draws. */
const LOGO_TYPES = new Set(['image/png', 'image/jpeg']);
/** A logo is printed 140 × 60 points: 2 MB is plenty, and its bytes live in the database. */
const MAX_LOGO_BYTES = 2 * 1024 * 1024;
const NOT_A_LOGO = 'The logo must be an uploaded PNG or JPEG image';
const LOGO_TOO_LARGE = 'The logo must be at most 2 MB';

interface StoredLogo {
  contentType: string;
  bytes: Buffer;
}

/** The stored file of this key when it is a PNG or JPEG of at most `maxBytes`, else why not. */
async function readStoredLogo(
  storage: Storage,
  key: string,
  maxBytes = Infinity,
): Promise<StoredLogo | 'not_a_logo' | 'too_large'> {
  const file = await storage.get(key).catch(() => null);
  if (!file) return 'not_a_logo';
  if (!LOGO_TYPES.has(file.contentType) || file.size > maxBytes) {
    file.stream.destroy();
    return file.size > maxBytes ? 'too_large' : 'not_a_logo';
  }
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return { contentType: file.contentType, bytes: Buffer.concat(chunks) };
}

async function frozenLogo(db: Db, key: string): Promise<Buffer | null> {
  const row = await db
    .selectFrom('document_logos')
    .select('bytes')
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? Buffer.from(row.bytes) : null;
}

async function insertLogo(db: Db, key: string, logo: StoredLogo): Promise<void> {
  await db
    .insertInto('document_logos')
    .values({
      key,
      content_type: logo.contentType,
      sha256: createHash('sha256').update(logo.bytes).digest('hex'),
      bytes: logo.bytes,
    })
    // Two saves (or two first downloads) at once: the key's bytes are the same, one row stays.
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/**
 * Freezes the logo the settings are about to name: 422 on `logo_key` when the file is not an
 * uploaded PNG or JPEG of at most 2 MB. Called by the settings save before it stores the key.
 */
export async function freezeLogo(db: Db, storage: Storage, key: string): Promise<void> {
  if (!LOGO_TYPES.has(contentTypeForKey(key))) throw invalid(['body', 'logo_key'], NOT_A_LOGO);
  if ((await frozenLogo(db, key)) !== null) return;
  const logo = await readStoredLogo(storage, key, MAX_LOGO_BYTES);
  if (logo === 'not_a_logo') throw invalid(['body', 'logo_key'], NOT_A_LOGO);
  if (logo === 'too_large') throw invalid(['body', 'logo_key'], LOGO_TOO_LARGE);
  await insertLogo(db, key, logo);
}

/**
 * The logo a document prints: its frozen bytes, or (a document whose logo was not frozen yet)
 * the stored file, whatever its size, frozen now. Null when the document has none or its file
 * is gone (the document then prints without, as it always did).
 */
export async function documentLogo(
  db: Db,
  storage: Storage,
  key: string | null,
): Promise<Buffer | null> {
  if (key === null) return null;
  const frozen = await frozenLogo(db, key);
  if (frozen) return frozen;
  const logo = await readStoredLogo(storage, key);
  if (typeof logo === 'string') return null;
  await insertLogo(db, key, logo);
  return logo.bytes;
}
