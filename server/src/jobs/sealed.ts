// A secret a job needs but the job table must not hold in clear (a magic link's token: the
// database keeps only its hash). AES-256-GCM under a key derived from JWT_SECRET, which every
// instance shares already (each verifies the others' tokens).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

const keyFrom = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, '', 'store jobs: sealed payload', 32));

/** `text` encrypted and authenticated: base64url of iv, tag and ciphertext. */
export function seal(secret: string, text: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The text sealed by `seal` with the same secret; throws when it was altered or another key sealed it. */
export function unseal(secret: string, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([
    decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}
