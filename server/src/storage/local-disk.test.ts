// The local disk driver's own behaviour; what every driver does is in storage.test.ts.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INVALID_KEYS } from '../../test-support/storage-drivers';
import { LocalDiskStorage } from './local-disk';
import { InvalidStorageKeyError, newMediaKey } from './storage';

describe('LocalDiskStorage', () => {
  let dataDir: string;
  let root: string;
  let storage: LocalDiskStorage;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'uploads-test-'));
    root = join(dataDir, 'uploads');
    storage = new LocalDiskStorage(root);
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates the folder on the first write, one plain file per key', async () => {
    expect(existsSync(root)).toBe(false);
    expect(await storage.get('img_x.png')).toBeNull(); // no folder yet: simply not found

    const key = newMediaKey('img', 'png');
    expect(await storage.put(key, Buffer.from('png bytes'), 'image/png')).toEqual({ size: 9 });
    expect(readdirSync(root)).toEqual([key]);
    expect(readFileSync(join(root, key), 'utf8')).toBe('png bytes');
  });

  it('creates its folders 0700 in the readiness check (DATA_DIR too when missing) and on a write', async () => {
    const mode = (path: string) => statSync(path).mode & 0o777;
    const nested = new LocalDiskStorage(join(dataDir, 'data', 'uploads'));
    await nested.check();
    expect(mode(join(dataDir, 'data'))).toBe(0o700);
    expect(mode(nested.root)).toBe(0o700);

    await storage.put(newMediaKey('img', 'png'), Buffer.from('png bytes'), 'image/png');
    expect(mode(root)).toBe(0o700);
    const [file] = readdirSync(root);
    expect(mode(join(root, file!))).toBe(0o600);
  });

  describe('refuses keys that could leave the folder', () => {
    it.each(INVALID_KEYS)('%j', (key) => {
      mkdirSync(root, { recursive: true });
      expect(() => storage.pathFor(key)).toThrow(InvalidStorageKeyError);
      expect(readdirSync(root)).toEqual([]);
    });

    it('accepts a flat name and resolves it directly inside the folder', () => {
      expect(storage.pathFor('img_ab.png')).toBe(join(root, 'img_ab.png'));
      expect(storage.pathFor('a..b.png')).toBe(join(root, 'a..b.png'));
    });
  });

  it('does not follow a symbolic link out of the folder', async () => {
    mkdirSync(root, { recursive: true });
    const outside = join(dataDir, 'secrets.json');
    writeFileSync(outside, 'secret');
    symlinkSync(outside, join(root, 'img_link.png'));
    expect(await storage.get('img_link.png')).toBeNull();
    expect(await storage.exists('img_link.png')).toBe(false);
  });

  it('treats a folder with a key name as no file', async () => {
    mkdirSync(join(root, 'img_dir.png'), { recursive: true });
    expect(await storage.get('img_dir.png')).toBeNull();
    expect(await storage.exists('img_dir.png')).toBe(false);
    expect(await storage.delete('img_dir.png')).toBe(false);
  });

  it('lists no temporary file, folder or link', async () => {
    expect(await storage.list()).toEqual([]); // no folder yet
    const a = newMediaKey('img', 'png');
    await storage.put(a, Buffer.from('a'), 'image/png');
    writeFileSync(join(root, `.${a}.123.tmp`), 'half written');
    mkdirSync(join(root, 'img_dir.png'));
    symlinkSync(join(root, a), join(root, 'img_link.png'));
    expect((await storage.list()).map((o) => o.key)).toEqual([a]);
    await storage.delete(a);
    expect(await storage.list()).toEqual([]); // the link now leads nowhere
  });
});
