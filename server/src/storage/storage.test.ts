// What every media storage driver promises (storage.ts), checked against each driver's backend:
// the local disk and an S3 bucket (s3rver in this process).
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import {
  INVALID_KEYS,
  storageDriverNames,
  useStorageDriver,
} from '../../test-support/storage-drivers';
import { contentTypeForKey, InvalidStorageKeyError, newMediaKey } from './storage';

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

const MB = 1024 * 1024;

/** `count` chunks of 1 MB: more than one part of an S3 multipart upload (5 MB) from 6 on. */
function* megabytes(count: number) {
  for (let i = 0; i < count; i += 1) yield Buffer.alloc(MB, i);
}

describe.each(storageDriverNames)('the %s storage driver', (name) => {
  const driver = useStorageDriver(name);
  afterEach(() => driver.clear());

  it('stores bytes and reads them back with size and type', async () => {
    const { storage } = driver;
    expect(await storage.get('img_x.png')).toBeNull(); // nothing stored yet: simply not found

    const key = newMediaKey('img', 'png');
    expect(await storage.put(key, Buffer.from('png bytes'), 'image/png')).toEqual({ size: 9 });
    expect(driver.stored()).toEqual([key]);
    expect(driver.read(key).toString('utf8')).toBe('png bytes');

    const got = await storage.get(key);
    expect(got?.size).toBe(9);
    expect(got?.contentType).toBe('image/png');
    expect(await text(got!.stream)).toBe('png bytes');
    expect(await storage.exists(key)).toBe(true);
  });

  it('stores a stream', async () => {
    const key = newMediaKey('vid', 'mp4');
    const { size } = await driver.storage.put(
      key,
      Readable.from([Buffer.from('ab'), Buffer.from('cde')]),
      'video/mp4',
    );
    expect(size).toBe(5);
    expect(driver.read(key).toString('utf8')).toBe('abcde');
    const got = await driver.storage.get(key);
    expect(got?.contentType).toBe('video/mp4');
    got?.stream.destroy();
  });

  it('stores a stream of several megabytes, byte for byte', async () => {
    const key = newMediaKey('vid', 'webm');
    const { size } = await driver.storage.put(key, Readable.from(megabytes(7)), 'video/webm');
    expect(size).toBe(7 * MB);
    expect(driver.read(key).equals(Buffer.concat([...megabytes(7)]))).toBe(true);
  });

  it('leaves nothing behind when the stream fails, and rethrows its error', async () => {
    const boom = new Error('limit hit');
    function* failing() {
      yield Buffer.from('partial');
      throw boom;
    }
    const key = newMediaKey('img', 'png');
    await expect(driver.storage.put(key, Readable.from(failing()), 'image/png')).rejects.toBe(boom);
    expect(driver.stored()).toEqual([]); // neither the file nor its temporary
  });

  it('leaves nothing behind when a stream of several megabytes fails after some of it was sent', async () => {
    const boom = new Error('limit hit');
    function* failing() {
      yield* megabytes(11);
      throw boom;
    }
    const key = newMediaKey('vid', 'mp4');
    await expect(driver.storage.put(key, Readable.from(failing()), 'video/mp4')).rejects.toBe(boom);
    expect(driver.stored()).toEqual([]);
    expect(await driver.storage.exists(key)).toBe(false);
  });

  it('deletes: true for a file, false for an unknown key', async () => {
    const { storage } = driver;
    const key = newMediaKey('img', 'gif');
    await storage.put(key, Buffer.from('x'), 'image/gif');
    expect(await storage.delete(key)).toBe(true);
    expect(driver.stored()).toEqual([]);
    expect(await storage.delete(key)).toBe(false);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
  });

  it.each(INVALID_KEYS)('refuses the key %j before touching the backend', async (key) => {
    const { storage } = driver;
    // A file next to the uploads folder that a traversal would reach.
    const secrets = join(driver.dataDir, 'secrets.json');
    writeFileSync(secrets, '{"jwtSecret":"s"}');

    await expect(storage.get(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.exists(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.put(key, Buffer.from('evil'), 'image/png')).rejects.toThrow(
      InvalidStorageKeyError,
    );
    expect(readFileSync(secrets, 'utf8')).toBe('{"jwtSecret":"s"}');
    expect(driver.stored()).toEqual([]);
  });

  it('lists the stored files with their write time', async () => {
    const { storage } = driver;
    expect(await storage.list()).toEqual([]);
    const before = Date.now();
    const a = newMediaKey('img', 'png');
    const b = newMediaKey('vid', 'mp4');
    await storage.put(a, Buffer.from('a'), 'image/png');
    await storage.put(b, Buffer.from('b'), 'video/mp4');

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

  it('is ready: check() resolves and leaves nothing stored', async () => {
    await expect(driver.storage.check()).resolves.toBeUndefined();
    expect(driver.stored()).toEqual([]);
  });
});
