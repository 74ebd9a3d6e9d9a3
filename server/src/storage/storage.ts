// Where uploaded media live. Routes and services only see this interface; mediaStorage(config)
// picks the driver: the local disk (DATA_DIR/uploads, local-disk.ts) or an S3-compatible object
// store (s3.ts).
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * A storage key: a flat file name (no slashes, no leading dot), the contract's MediaKey pattern.
 * Keys come from URLs, so every driver refuses anything else before touching its backend.
 */
const MEDIA_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function isValidMediaKey(key: string): boolean {
  return MEDIA_KEY_PATTERN.test(key);
}

/** Thrown by a driver for a key that does not match MEDIA_KEY_PATTERN (traversal attempts etc.). */
export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** What every driver does first with a key: refuse one that is not a MediaKey. */
export function assertMediaKey(key: string): void {
  if (typeof key !== 'string' || !isValidMediaKey(key)) throw new InvalidStorageKeyError(key);
}

/** Media type of a stored file, by its key's extension (keys get the canonical extension of their content). */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  wmv: 'video/x-ms-wmv',
  flv: 'video/x-flv',
  webm: 'video/webm',
};

export function contentTypeForKey(key: string): string {
  const dot = key.lastIndexOf('.');
  const ext = dot < 0 ? '' : key.slice(dot + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/**
 * A new random key, e.g. `img_3f2a…(32 hex).png`. Never derived from the client's file name, so
 * it cannot collide, be guessed from a product name, or carry path characters.
 */
export function newMediaKey(prefix: 'img' | 'vid', extension: string): string {
  if (!/^[a-z0-9]{1,8}$/.test(extension)) throw new Error(`Bad extension ${extension}`);
  return `${prefix}_${randomBytes(16).toString('hex')}.${extension}`;
}

export interface StoredObject {
  stream: Readable;
  /** Bytes. */
  size: number;
  contentType: string;
}

/** A stored file as listed: its key and when it was last written. */
export interface ListedObject {
  key: string;
  modifiedAt: Date;
}

export interface Storage {
  /**
   * Stores the bytes under the key (replacing any file with that key) and resolves with their
   * size. When the stream fails (e.g. a size limit was hit), nothing is left behind and the
   * stream's error is rethrown as is.
   */
  put(key: string, data: Readable | Buffer, contentType: string): Promise<{ size: number }>;
  /** The file, or null when no file has this key. */
  get(key: string): Promise<StoredObject | null>;
  /** Deletes the file; false when there was none. */
  delete(key: string): Promise<boolean>;
  exists(key: string): Promise<boolean>;
  /** Every stored file (valid keys only; files being written are not listed), in no set order. */
  list(): Promise<ListedObject[]>;
  /** Resolves when the backend can be written and read (readiness probe); rejects with why not. */
  check(): Promise<void>;
  /**
   * A URL of the backend itself where anyone may read the file during `expiresInSeconds` (an
   * object store's presigned URL), so that the server need not stream it. Absent when the server
   * serves the files itself (the local disk). Does not check that the file exists.
   */
  presignedReadUrl?(key: string, expiresInSeconds: number): Promise<string>;
}
