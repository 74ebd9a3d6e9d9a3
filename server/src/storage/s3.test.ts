// The S3 driver's own behaviour against s3rver in this process; what every driver does is in
// storage.test.ts.
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../test-support/app';
import { useS3Server } from '../../test-support/s3-server';
import { INVALID_KEYS } from '../../test-support/storage-drivers';
import { mediaReadOrigins, mediaStorage } from '../services/platform/media';
import { LocalDiskStorage } from './local-disk';
import { S3Storage, type S3StorageOptions } from './s3';
import { InvalidStorageKeyError, newMediaKey } from './storage';

describe('S3Storage', () => {
  const server = useS3Server();
  afterEach(() => server.clear());

  const options = (more: Partial<S3StorageOptions> = {}): S3StorageOptions => ({
    bucket: server.settings.s3Bucket!,
    endpoint: server.endpoint,
    region: 'us-east-1',
    accessKeyId: server.settings.s3AccessKeyId!,
    secretAccessKey: server.settings.s3SecretAccessKey!,
    forcePathStyle: true,
    ...more,
  });

  it('lists every page, and only the objects whose names are media keys', async () => {
    const storage = new S3Storage(options({ listPageSize: 2 }));
    const keys = Array.from({ length: 5 }, () => newMediaKey('img', 'png'));
    for (const key of keys) await storage.put(key, Buffer.from(key), 'image/png');
    // Objects someone else put in the bucket.
    for (const other of ['.readiness-probe', 'sub/dir.png', '_private']) {
      await storage.client.send(
        new PutObjectCommand({ Bucket: 'media', Key: other, Body: Buffer.from('x') }),
      );
    }
    const send = vi.spyOn(storage.client, 'send');
    const listed = await storage.list();
    expect(listed.map((o) => o.key).sort()).toEqual([...keys].sort());
    expect(send).toHaveBeenCalledTimes(4); // 8 objects, 2 a page
    expect(server.keys()).toHaveLength(8);
  });

  it('refuses an invalid key without sending any request', async () => {
    const storage = new S3Storage(options());
    const send = vi.spyOn(storage.client, 'send');
    for (const key of INVALID_KEYS) {
      await expect(storage.get(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.exists(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.put(key, Buffer.from('evil'), 'image/png')).rejects.toThrow(
        InvalidStorageKeyError,
      );
      expect(() => storage.presignedReadUrl(key, 60)).toThrow(InvalidStorageKeyError);
    }
    expect(send).not.toHaveBeenCalled();
  });

  it('presigns a URL of the object that serves its bytes with their type', async () => {
    const storage = new S3Storage(options());
    const key = newMediaKey('img', 'webp');
    const bytes = Buffer.from('RIFF....WEBP bytes');
    await storage.put(key, bytes, 'image/webp');
    const url = await storage.presignedReadUrl(key, 60);
    expect(url.startsWith(`${server.endpoint}/media/${key}?`)).toBe(true);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('60');

    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="${key}"`);
  });

  it('gives up the rest of the input when the store refuses an upload', async () => {
    const storage = new S3Storage(options({ bucket: 'no-such-bucket' }));
    function* endless() {
      for (;;) yield Buffer.alloc(1024 * 1024);
    }
    const input = Readable.from(endless());
    await expect(storage.put(newMediaKey('vid', 'mp4'), input, 'video/mp4')).rejects.toThrow(
      'The specified bucket does not exist',
    );
    expect(input.destroyed).toBe(true);
  });

  describe('check()', () => {
    it('resolves when the bucket can be written', async () => {
      await expect(new S3Storage(options()).check()).resolves.toBeUndefined();
      expect(server.keys()).toEqual([]); // the probe is deleted again
    });

    it('says when the bucket does not exist', async () => {
      const storage = new S3Storage(options({ bucket: 'no-such-bucket' }));
      await expect(storage.check()).rejects.toThrow(
        `S3 bucket "no-such-bucket" at ${server.endpoint} cannot be written: the bucket does not exist`,
      );
    });

    it('says when the credentials are refused', async () => {
      // s3rver checks the key id, not SigV4 signatures.
      const storage = new S3Storage(options({ accessKeyId: 'NOT-A-KEY' }));
      await expect(storage.check()).rejects.toThrow(
        `S3 bucket "media" at ${server.endpoint} cannot be written: access denied (InvalidAccessKeyId); ` +
          "check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the bucket's policy",
      );
    });

    it('says when the store cannot be reached', async () => {
      // A port nothing listens on (s3rver's own, once closed, could be taken again).
      const storage = new S3Storage(options({ endpoint: 'http://127.0.0.1:9' }));
      await expect(storage.check()).rejects.toThrow(
        'S3 bucket "media" at http://127.0.0.1:9 cannot be written: the store is unreachable (ECONNREFUSED)',
      );
    });
  });
});

describe('mediaStorage', () => {
  it('is the local disk by default, an S3 bucket when S3_BUCKET is set; one per configuration', () => {
    const local = testConfig({ dataDir: '/tmp/shop' });
    expect(mediaStorage(local)).toBeInstanceOf(LocalDiskStorage);
    expect((mediaStorage(local) as LocalDiskStorage).root).toBe('/tmp/shop/uploads');

    const s3 = testConfig({
      s3Bucket: 'media',
      s3Endpoint: 'https://s3.example.com',
      s3AccessKeyId: 'id',
      s3SecretAccessKey: 'secret',
    });
    expect(mediaStorage(s3)).toBeInstanceOf(S3Storage);
    expect(mediaStorage(s3)).toBe(mediaStorage(s3));
  });

  it('names the origin the console reads media from: the bucket’s host, path-style or not', async () => {
    expect(await mediaReadOrigins(testConfig())).toEqual([]);
    const s3 = {
      s3Bucket: 'shop-media',
      s3Endpoint: 'https://s3.example.com:8443',
      s3AccessKeyId: 'id',
      s3SecretAccessKey: 'secret',
    };
    expect(await mediaReadOrigins(testConfig(s3))).toEqual([
      'https://shop-media.s3.example.com:8443',
    ]);
    expect(await mediaReadOrigins(testConfig({ ...s3, s3ForcePathStyle: true }))).toEqual([
      'https://s3.example.com:8443',
    ]);
    expect(
      await mediaReadOrigins(testConfig({ ...s3, s3Endpoint: undefined, s3Region: 'eu-west-3' })),
    ).toEqual(['https://shop-media.s3.eu-west-3.amazonaws.com']);
  });
});
