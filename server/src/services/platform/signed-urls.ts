// Signed, expiring URLs of stored media: /api/v1/media/<key>?expires=<unix s>&signature=<hex>.
// The signature is HMAC-SHA256 (config.urlSigningKey) over the key and the expiry, so neither can
// be changed without the secret.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { forbidden } from '../../api/problem';
import { isValidMediaKey } from '../../storage/storage';

export const DEFAULT_SIGNED_URL_SECONDS = 3600;

/** The public URL of a stored file (no signature), as kept in product and variant images. */
export function mediaUrl(key: string): string {
  return `/api/v1/media/${encodeURIComponent(key)}`;
}

const MEDIA_PATH = /\/api\/v1\/media\/([^/?#]+)(?:[?#]|$)/;

/**
 * The storage key of a media URL of this server (relative, absolute or signed; the inverse of
 * mediaUrl), or null (another site's URL, malformed, not a valid key).
 */
export function mediaKeyOf(url: string): string | null {
  const match = MEDIA_PATH.exec(url);
  if (!match) return null;
  let key: string;
  try {
    key = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  return isValidMediaKey(key) ? key : null;
}

interface SignedMediaUrl {
  url: string;
  /** ISO 8601. */
  expires_at: string;
}

export interface MediaUrlSigner {
  signMediaUrl(key: string, expiresInSeconds: number, now: Date): SignedMediaUrl;
  /** Throws 403 when the signature does not match the key and expiry, or the expiry has passed. */
  verifyMediaSignature(key: string, expires: number, signature: string, now: Date): void;
}

export function createMediaUrlSigner(urlSigningKey: string): MediaUrlSigner {
  if (!urlSigningKey) throw new Error('A URL signing key is required');

  // A purpose prefix keeps these signatures apart from anything else signed with the same key.
  const sign = (key: string, expires: number) =>
    createHmac('sha256', urlSigningKey).update(`media-url:v1:${key}:${expires}`).digest();

  return {
    signMediaUrl(key, expiresInSeconds, now) {
      if (!Number.isInteger(expiresInSeconds) || expiresInSeconds <= 0) {
        throw new Error(`expiresInSeconds must be a positive integer, got ${expiresInSeconds}`);
      }
      const expires = Math.floor(now.getTime() / 1000) + expiresInSeconds;
      const signature = sign(key, expires).toString('hex');
      return {
        url: `${mediaUrl(key)}?expires=${expires}&signature=${signature}`,
        expires_at: new Date(expires * 1000).toISOString(),
      };
    },

    verifyMediaSignature(key, expires, signature, now) {
      const expected = sign(key, expires);
      const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : null;
      if (!given || !timingSafeEqual(given, expected)) {
        throw forbidden('Invalid signature for this file');
      }
      if (now.getTime() > expires * 1000) throw forbidden('This signed URL has expired');
    },
  };
}
