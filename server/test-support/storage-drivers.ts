// The media storage drivers a suite runs against: the local disk (DATA_DIR/uploads) and an S3
// bucket (s3rver in this process), each with a look at what its backend really holds.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../src/config';
import { mediaStorage } from '../src/services/platform/media';
import type { Storage } from '../src/storage/storage';
import { useOpened } from './hooks';
import { startS3Server } from './s3-server';

export type StorageDriverName = 'local' | 's3';
export const storageDriverNames: StorageDriverName[] = ['local', 's3'];

export interface StorageDriver {
  name: StorageDriverName;
  /** A temporary DATA_DIR (removed afterwards). */
  dataDir: string;
  /** The settings of an app whose media live in this backend. */
  config: Pick<Config, 'dataDir'> & Partial<Config>;
  /** The driver mediaStorage(config) picks. */
  storage: Storage;
  /** What the backend holds, media or not (temporary files too), sorted. */
  stored(): string[];
  /** The bytes stored under a key, read from the backend directly. */
  read(key: string): Buffer;
  /** Deletes a file behind the driver's back. */
  remove(key: string): void;
  /** Dates a file's last write (what list() reports). */
  setModifiedAt(key: string, at: Date): void;
  /** Empties the backend. */
  clear(): void;
  close(): Promise<void>;
}

async function openStorageDriver(name: StorageDriverName): Promise<StorageDriver> {
  const dataDir = mkdtempSync(join(tmpdir(), `media-${name}-`));
  if (name === 's3') {
    const server = await startS3Server();
    const config = { dataDir, ...server.settings };
    return {
      name,
      dataDir,
      config,
      storage: mediaStorage(config),
      stored: server.keys,
      read: (key) => readFileSync(server.objectFile(key)),
      remove: (key) => rmSync(server.objectFile(key)),
      setModifiedAt: server.setModifiedAt,
      clear: server.clear,
      close: async () => {
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const root = join(dataDir, 'uploads');
  const config = { dataDir };
  return {
    name,
    dataDir,
    config,
    storage: mediaStorage(config),
    stored: () => (existsSync(root) ? readdirSync(root).sort() : []),
    read: (key) => readFileSync(join(root, key)),
    remove: (key) => rmSync(join(root, key)),
    setModifiedAt: (key, at) => utimesSync(join(root, key), at, at),
    clear: () => rmSync(root, { recursive: true, force: true }),
    close: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
  };
}

/** A driver with an empty backend for the describe block (see useOpened). */
export const useStorageDriver = (name: StorageDriverName): StorageDriver =>
  useOpened(
    () => openStorageDriver(name),
    (driver) => driver.close(),
  );

/** Keys a driver refuses before touching its backend: traversal and other non-key names. */
export const INVALID_KEYS = [
  '../secrets.json',
  '..',
  '.',
  '..%2F..%2Fsecrets.json',
  '..\\secrets.json',
  '/etc/passwd',
  join(tmpdir(), 'x.png'),
  'sub/dir.png',
  '.hidden.png',
  '',
  'a'.repeat(129),
  'nul\0.png',
  'img.png\n',
];
