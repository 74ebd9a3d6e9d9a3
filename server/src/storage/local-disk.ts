// Uploaded files as plain files in one flat folder (DATA_DIR/uploads).
import { randomBytes } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import {
  access,
  chmod,
  lstat,
  mkdir,
  open,
  readdir,
  rename,
  rm,
  stat,
  unlink,
  type FileHandle,
} from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertMediaKey,
  contentTypeForKey,
  InvalidStorageKeyError,
  isValidMediaKey,
  type ListedObject,
  type Storage,
  type StoredObject,
} from './storage';

/** Media kept under `root` (created on the first write), one file per key. */
export class LocalDiskStorage implements Storage {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /**
   * The file of a key. Two independent guards: the key must match the MediaKey pattern (a flat
   * name: no slash, no leading dot, so no `..`, absolute or hidden names), and the resolved path
   * must sit directly inside the root.
   */
  pathFor(key: string): string {
    assertMediaKey(key);
    const path = resolve(this.root, key);
    if (dirname(path) !== this.root) throw new InvalidStorageKeyError(key);
    return path;
  }

  async check(): Promise<void> {
    // The folder is created on the first write: readiness means it can be, and is writable.
    // Created here, it (and DATA_DIR above it, if missing) is the server's user's only (0700).
    await mkdir(this.root, { recursive: true, mode: 0o700 });
    await access(this.root, constants.R_OK | constants.W_OK);
  }

  async put(key: string, data: Readable | Buffer, _contentType: string): Promise<{ size: number }> {
    // The content type is not stored: it follows from the key's extension (contentTypeForKey),
    // which the caller picked from the sniffed content.
    const path = this.pathFor(key);
    await mkdir(this.root, { recursive: true, mode: 0o700 });
    await chmod(this.root, 0o700);
    // Written under a hidden temporary name (a leading dot is never a valid key, so it cannot be
    // served), then renamed: a reader never sees half a file and a failed upload leaves nothing.
    const temp = join(this.root, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      const source = Buffer.isBuffer(data) ? Readable.from([data]) : data;
      await pipeline(source, createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
      const { size } = await stat(temp);
      await rename(temp, path);
      return { size };
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const path = this.pathFor(key);
    let handle: FileHandle;
    try {
      // O_NOFOLLOW: a symbolic link placed in the folder is not followed out of it.
      handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      return {
        stream: handle.createReadStream(), // closes the handle when done
        size: info.size,
        contentType: contentTypeForKey(key),
      };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async delete(key: string): Promise<boolean> {
    const path = this.pathFor(key);
    try {
      await unlink(path);
      return true;
    } catch (err) {
      if (isMissing(err) || (err as NodeJS.ErrnoException).code === 'EISDIR') return false;
      throw err;
    }
  }

  async list(): Promise<ListedObject[]> {
    let names: string[];
    try {
      names = await readdir(this.root);
    } catch (err) {
      if (isMissing(err)) return []; // nothing uploaded yet
      throw err;
    }
    const listed: ListedObject[] = [];
    // Temporary files (a leading dot) and anything else that is no key are left alone.
    for (const key of names.filter(isValidMediaKey)) {
      try {
        const info = await lstat(join(this.root, key));
        if (info.isFile()) listed.push({ key, modifiedAt: info.mtime });
      } catch (err) {
        if (!isMissing(err)) throw err; // deleted meanwhile: not listed
      }
    }
    return listed;
  }

  async exists(key: string): Promise<boolean> {
    const path = this.pathFor(key);
    try {
      return (await lstat(path)).isFile();
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  // ELOOP: a symbolic link (refused by O_NOFOLLOW); ENOTDIR: the root is not a folder.
  return code === 'ENOENT' || code === 'ELOOP' || code === 'ENOTDIR';
}
