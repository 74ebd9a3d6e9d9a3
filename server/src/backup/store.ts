// Where backups are kept: DATA_DIR/backups, or the `backups/` prefix of the media bucket when
// media live in S3 (STORAGE is then shared by every instance, and a lost server keeps its
// backups). Beside each archive `<name>` lies `<name>.json`, a copy of its manifest, so a listing
// reads a few bytes per backup instead of every archive.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3ServiceException,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import type { Config } from '../config';
import { S3Storage } from '../storage/s3';
import { mediaStorage } from '../services/platform/media';
import type { Manifest } from './manifest';

const run = promisify(execFile);

/** The contract's BackupName. */
const BACKUP_NAME = /^shop-[0-9]{8}T[0-9]{6}Z(-[0-9]{1,3})?\.tar\.gz$/;

const isBackupName = (name: string): boolean => BACKUP_NAME.test(name);

export interface StoredBackup {
  name: string;
  size: number;
  manifest: Manifest;
}

export interface BackupStore {
  /** A folder on the local disk where archives are written before they are kept. */
  readonly workDir: string;
  /** Where backups are kept, for messages. */
  readonly place: string;
  /** Every kept backup whose manifest can be read, in no set order. */
  list(): Promise<StoredBackup[]>;
  exists(name: string): Promise<boolean>;
  /** Where the backup `name` is kept: a path, or an s3:// URL. */
  locate(name: string): string;
  /** Keeps the archive written at `file` (moved or uploaded) under `name`, with its manifest. */
  keep(file: string, name: string, manifest: Manifest): Promise<number>;
  open(name: string): Promise<{ stream: Readable; size: number } | null>;
  remove(name: string): Promise<void>;
}

type StoreSettings = Pick<Config, 'dataDir'> &
  Partial<Pick<Config, 's3Bucket' | 's3Endpoint' | 's3Region' | 's3AccessKeyId'>> &
  Partial<Pick<Config, 's3SecretAccessKey' | 's3ForcePathStyle'>>;

export function backupStore(config: StoreSettings): BackupStore {
  const workDir = join(config.dataDir, 'backups');
  const media = config.s3Bucket ? mediaStorage(config) : undefined;
  if (media instanceof S3Storage && config.s3Bucket) {
    return new S3BackupStore(media.client, config.s3Bucket, workDir);
  }
  return new LocalBackupStore(workDir);
}

class LocalBackupStore implements BackupStore {
  readonly place: string;
  constructor(readonly workDir: string) {
    this.place = workDir;
  }

  async list(): Promise<StoredBackup[]> {
    let names: string[];
    try {
      names = (await readdir(this.workDir)).filter(isBackupName);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const found: StoredBackup[] = [];
    for (const name of names) {
      const path = join(this.workDir, name);
      const manifest = await this.manifestOf(path);
      if (manifest) found.push({ name, size: (await stat(path)).size, manifest });
    }
    return found;
  }

  /** The copy beside the archive, else the archive's own (copied in by hand). */
  private async manifestOf(path: string): Promise<Manifest | null> {
    try {
      return JSON.parse(await readFile(`${path}.json`, 'utf8')) as Manifest;
    } catch {
      try {
        const { stdout } = await run('tar', [
          '--extract',
          '--gzip',
          '--to-stdout',
          '--occurrence=1',
          '--file',
          path,
          'manifest.json',
        ]);
        return JSON.parse(stdout) as Manifest;
      } catch {
        return null;
      }
    }
  }

  locate(name: string): string {
    return join(this.workDir, name);
  }

  async exists(name: string): Promise<boolean> {
    return stat(join(this.workDir, name)).then(
      () => true,
      () => false,
    );
  }

  async keep(file: string, name: string, manifest: Manifest): Promise<number> {
    const path = join(this.workDir, name);
    // The manifest first: a listed archive always has one.
    await writeFile(`${path}.json`, JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
    await rename(file, path);
    return (await stat(path)).size;
  }

  async open(name: string) {
    if (!isBackupName(name)) return null;
    const path = join(this.workDir, name);
    try {
      const { size } = await stat(path);
      return { stream: createReadStream(path), size };
    } catch {
      return null;
    }
  }

  async remove(name: string): Promise<void> {
    const path = join(this.workDir, name);
    await rm(path, { force: true });
    await rm(`${path}.json`, { force: true });
  }
}

const PREFIX = 'backups/';

class S3BackupStore implements BackupStore {
  readonly place: string;
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    readonly workDir: string,
  ) {
    this.place = `s3://${bucket}/${PREFIX}`;
  }

  async list(): Promise<StoredBackup[]> {
    const sizes = new Map<string, number>();
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: PREFIX, ContinuationToken: token }),
      );
      for (const { Key: key, Size: size } of page.Contents ?? []) {
        if (key !== undefined) sizes.set(key.slice(PREFIX.length), size ?? 0);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
    const found: StoredBackup[] = [];
    for (const [name, size] of sizes) {
      if (!isBackupName(name) || !sizes.has(`${name}.json`)) continue;
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: `${PREFIX}${name}.json` }),
      );
      const text = await object.Body?.transformToString();
      if (text) found.push({ name, size, manifest: JSON.parse(text) as Manifest });
    }
    return found;
  }

  locate(name: string): string {
    return `${this.place}${name}`;
  }

  async exists(name: string): Promise<boolean> {
    try {
      await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: `${PREFIX}${name}` }),
      );
      return true;
    } catch (err) {
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return false;
      throw err;
    }
  }

  async keep(file: string, name: string, manifest: Manifest): Promise<number> {
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: `${PREFIX}${name}`,
        Body: createReadStream(file),
        ContentType: 'application/gzip',
      },
    });
    await upload.done();
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: `${PREFIX}${name}.json`,
        Body: JSON.stringify(manifest, null, 2) + '\n',
        ContentType: 'application/json',
      }),
    );
    const { size } = await stat(file);
    await rm(file, { force: true });
    return size;
  }

  async open(name: string) {
    if (!isBackupName(name)) return null;
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: `${PREFIX}${name}` }),
      );
      if (!(object.Body instanceof Readable)) return null;
      return { stream: object.Body, size: object.ContentLength ?? 0 };
    } catch (err) {
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
      throw err;
    }
  }

  async remove(name: string): Promise<void> {
    for (const key of [`${PREFIX}${name}`, `${PREFIX}${name}.json`]) {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    }
  }
}

/** Makes the folder archives are written in (0700: they hold the shop's secrets). */
export async function ensureWorkDir(store: BackupStore): Promise<void> {
  await mkdir(store.workDir, { recursive: true, mode: 0o700 });
}
