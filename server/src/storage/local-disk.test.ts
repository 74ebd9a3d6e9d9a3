import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk';
import { contentTypeForKey, InvalidStorageKeyError, newMediaKey } from './storage';

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

  it('creates the folder on the first write and reads the file back with size and type', async () => {
    expect(existsSync(root)).toBe(false);
    expect(await storage.get('img_x.png')).toBeNull(); // no folder yet: simply not found

    const key = newMediaKey('img', 'png');
    expect(await storage.put(key, Buffer.from('png bytes'), 'image/png')).toEqual({ size: 9 });
    expect(readdirSync(root)).toEqual([key]);
    expect(readFileSync(join(root, key), 'utf8')).toBe('png bytes');

    const got = await storage.get(key);
    expect(got?.size).toBe(9);
    expect(got?.contentType).toBe('image/png');
    expect(await text(got!.stream)).toBe('png bytes');
    expect(await storage.exists(key)).toBe(true);
  });

  it('stores a stream', async () => {
    const key = newMediaKey('vid', 'mp4');
    const { size } = await storage.put(
      key,
      Readable.from([Buffer.from('ab'), Buffer.from('cde')]),
      'video/mp4',
    );
    expect(size).toBe(5);
    expect(readFileSync(join(root, key), 'utf8')).toBe('abcde');
    const got = await storage.get(key);
    expect(got?.contentType).toBe('video/mp4');
    got?.stream.destroy();
  });

  it('leaves nothing behind when the stream fails, and rethrows its error', async () => {
    const boom = new Error('limit hit');
    function* failing() {
      yield Buffer.from('partial');
      throw boom;
    }
    const key = newMediaKey('img', 'png');
    await expect(storage.put(key, Readable.from(failing()), 'image/png')).rejects.toBe(boom);
    expect(readdirSync(root)).toEqual([]); // neither the file nor its temporary
  });

  it('deletes: true for a file, false for an unknown key', async () => {
    const key = newMediaKey('img', 'gif');
    await storage.put(key, Buffer.from('x'), 'image/gif');
    expect(await storage.delete(key)).toBe(true);
    expect(existsSync(join(root, key))).toBe(false);
    expect(await storage.delete(key)).toBe(false);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
  });

  it('makes random flat keys of the MediaKey shape', () => {
    const a = newMediaKey('img', 'png');
    const b = newMediaKey('img', 'png');
    expect(a).toMatch(/^img_[0-9a-f]{32}\.png$/);
    expect(newMediaKey('vid', 'mp4')).toMatch(/^vid_[0-9a-f]{32}\.mp4$/);
    expect(a).not.toBe(b);
    expect(() => newMediaKey('img', '../x')).toThrow();
  });

  it('names the content type from the key extension', () => {
    expect(contentTypeForKey('a.jpg')).toBe('image/jpeg');
    expect(contentTypeForKey('a.PNG')).toBe('image/png');
    expect(contentTypeForKey('a.webm')).toBe('video/webm');
    expect(contentTypeForKey('a.avi')).toBe('video/x-msvideo');
    expect(contentTypeForKey('a.html')).toBe('application/octet-stream');
    expect(contentTypeForKey('noext')).toBe('application/octet-stream');
  });

  describe('refuses keys that could leave the folder', () => {
    const attempts = [
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

    it.each(attempts)('%j', async (key) => {
      // A file next to the uploads folder that a traversal would reach.
      mkdirSync(root, { recursive: true });
      writeFileSync(join(dataDir, 'secrets.json'), '{"jwtSecret":"s"}');

      expect(() => storage.pathFor(key)).toThrow(InvalidStorageKeyError);
      await expect(storage.get(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.exists(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.put(key, Buffer.from('evil'), 'image/png')).rejects.toThrow(
        InvalidStorageKeyError,
      );
      expect(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).toBe('{"jwtSecret":"s"}');
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

  it('lists the stored files with their write time, skipping temporary files, folders and links', async () => {
    expect(await storage.list()).toEqual([]); // no folder yet
    const before = Date.now();
    const a = newMediaKey('img', 'png');
    const b = newMediaKey('vid', 'mp4');
    await storage.put(a, Buffer.from('a'), 'image/png');
    await storage.put(b, Buffer.from('b'), 'video/mp4');
    writeFileSync(join(root, `.${a}.123.tmp`), 'half written');
    mkdirSync(join(root, 'img_dir.png'));
    symlinkSync(join(root, a), join(root, 'img_link.png'));

    const listed = await storage.list();
    expect(listed.map((o) => o.key).sort()).toEqual([a, b].sort());
    for (const o of listed) {
      expect(o.modifiedAt).toBeInstanceOf(Date);
      expect(o.modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(o.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    await storage.delete(a);
    expect((await storage.list()).map((o) => o.key)).toEqual([b]);
  });
});
