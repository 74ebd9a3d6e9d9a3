// Uploads over HTTP: multipart bodies as a browser sends them, files checked in the storage's
// backend, on the local disk and in an S3 bucket (s3rver in this process).
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, expectStatus, issuesOf, problemDetail } from '../../test-support/contract';
import { createTestApp, testConfig, type TestApp } from '../../test-support/app';
import { expectResponseMatches } from '../../test-support/openapi-validator';
import { storageDriverNames, useStorageDriver } from '../../test-support/storage-drivers';
import {
  DEFAULT_UPLOAD_LIMITS,
  MAX_FILE_BYTES,
  MAX_FILES_PER_REQUEST,
} from '../domain/media-limits';
import { formatBytes } from '../services/platform/uploads';
import { uploadsHandlers } from './uploads';

// Real 1×1 images and minimal video containers.
const b64 = (s: string) => Buffer.from(s, 'base64');
const PNG = b64(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
);
const JPEG = b64(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
);
const GIF = b64('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==');
const WEBP = b64('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==');
const box = (type: string, payload: Buffer) => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
};
const isoMedia = (brand: string) =>
  Buffer.concat([
    box('ftyp', Buffer.concat([Buffer.from(brand), Buffer.from([0, 0, 2, 0]), Buffer.from(brand)])),
    box('free', Buffer.alloc(0)),
    box('mdat', Buffer.alloc(0)),
  ]);
const MP4 = isoMedia('isom');
const MOV = isoMedia('qt  ');
const WEBM = (() => {
  // EBML header: version 1, DocType "webm", then an empty Segment.
  const children = Buffer.concat([
    Buffer.from([0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04]),
    Buffer.from([0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84]),
    Buffer.from('webm'),
    Buffer.from([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
  ]);
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | children.length]),
    children,
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x80]),
  ]);
})();
const TEXT = Buffer.from('just some text pretending to be an image\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);

type Entry = [field: string, filename: string, bytes: Buffer];

/** A multipart body built by the platform's FormData, as a browser would send it. */
async function formData(entries: Entry[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [field, filename, bytes] of entries) {
    form.append(
      field,
      new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }),
      filename,
    );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') as string },
  };
}

/** A hand-written multipart body, for parts FormData will not produce (empty file name). */
function rawMultipart(parts: { name: string; filename?: string; body: Buffer | string }[]) {
  const boundary = '----test-boundary-7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition =
      `form-data; name="${p.name}"` +
      (p.filename === undefined ? '' : `; filename="${p.filename}"`);
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n`));
    if (p.filename !== undefined)
      chunks.push(Buffer.from('Content-Type: application/octet-stream\r\n'));
    chunks.push(Buffer.from('\r\n'), Buffer.from(p.body), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A valid PNG of exactly `size` bytes (the signature counts, trailing bytes do not matter). */
const pngOfSize = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 7)]);

interface UploadBody {
  files: { url: string; key: string; content_type: string; size: number }[];
  count: number;
}

const URLS = {
  uploadImage: '/api/v1/admin/uploads/images/single',
  uploadImages: '/api/v1/admin/uploads/images',
  uploadVideo: '/api/v1/admin/uploads/videos/single',
  uploadVideos: '/api/v1/admin/uploads/videos',
} as const;
type UploadOp = keyof typeof URLS;

describe.each(storageDriverNames)('uploads (%s storage)', (driverName) => {
  const driver = useStorageDriver(driverName);
  let t: TestApp;
  let admin: { authorization: string };

  const stored = () => driver.stored();

  async function post(
    op: UploadOp,
    body: { payload: Buffer; headers: Record<string, string> },
    auth: Record<string, string> = admin,
  ) {
    return t.app.inject({
      method: 'POST',
      url: URLS[op],
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  }
  const upload = async (op: UploadOp, entries: Entry[]) => post(op, await formData(entries));

  function expectProblem(op: string, res: LightMyRequestResponse, status: number, detail: unknown) {
    expect({ status: res.statusCode, body: res.json<unknown>() }).toEqual({
      status,
      body: { detail },
    });
    expectResponseMatches(op, res);
  }

  beforeAll(async () => {
    t = await createTestApp('sqlite', { config: driver.config });
    admin = await t.authAs('super_admin');
  });
  afterEach(() => driver.clear());
  afterAll(() => t.close());

  describe('storing', () => {
    it('stores one image under a new random key and answers 201 with its URL', async () => {
      const res = await upload('uploadImage', [['file', 'My Photo.png', PNG]]);
      const body = expectStatus<UploadBody>(res, 201, 'uploadImage');
      expect(body.count).toBe(1);
      const [file] = body.files;
      expect(file?.key).toMatch(/^img_[0-9a-f]{32}\.png$/);
      expect(file).toEqual({
        url: `/api/v1/media/${file?.key}`,
        key: file?.key,
        content_type: 'image/png',
        size: PNG.length,
      });
      expect(stored()).toEqual([file?.key]);
      expect(driver.read(file!.key).equals(PNG)).toBe(true);
    });

    it('stores several images of every format in request order', async () => {
      const res = await upload('uploadImages', [
        ['files', 'a.PNG', PNG],
        ['files', 'b.jpeg', JPEG],
        ['files', 'c.jpg', JPEG],
        ['files', 'd.gif', GIF],
        ['files', 'e.webp', WEBP],
      ]);
      const body = expectStatus<UploadBody>(res, 201, 'uploadImages');
      expect(body.count).toBe(5);
      expect(body.files.map((f) => [f.content_type, f.size, f.key.split('.')[1]])).toEqual([
        ['image/png', PNG.length, 'png'],
        ['image/jpeg', JPEG.length, 'jpg'], // .jpeg is stored with the canonical extension
        ['image/jpeg', JPEG.length, 'jpg'],
        ['image/gif', GIF.length, 'gif'],
        ['image/webp', WEBP.length, 'webp'],
      ]);
      expect(stored()).toEqual(body.files.map((f) => f.key).sort());
      expect(driver.read(body.files[3]!.key).equals(GIF)).toBe(true);
    });

    it('stores videos', async () => {
      const one = await upload('uploadVideo', [['file', 'clip.MP4', MP4]]);
      const single = expectStatus<UploadBody>(one, 201, 'uploadVideo');
      expect(single.files[0]?.key).toMatch(/^vid_[0-9a-f]{32}\.mp4$/);
      expect(single.files[0]?.content_type).toBe('video/mp4');

      const many = await upload('uploadVideos', [
        ['files', 'a.webm', WEBM],
        ['files', 'b.mov', MOV],
      ]);
      const body = expectStatus<UploadBody>(many, 201, 'uploadVideos');
      expect(body.files.map((f) => f.content_type)).toEqual(['video/webm', 'video/quicktime']);
      expect(stored()).toHaveLength(3);
    });

    it('lets an inventory manager upload, not support (403), nor anyone without a token (401)', async () => {
      const body = await formData([['file', 'a.png', PNG]]);
      const ok = await post('uploadImage', body, await t.authAs('inventory_manager'));
      expect(ok.statusCode).toBe(201);

      const support = await post('uploadImage', body, await t.authAs('support'));
      expectProblem('uploadImage', support, 403, 'Your role (support) does not allow this action');
      const anonymous = await post('uploadImage', body, {});
      expectProblem('uploadImage', anonymous, 401, 'Not authenticated');
      expect(stored()).toHaveLength(1);
    });

    it('ignores text fields and a file input left empty', async () => {
      const res = await post(
        'uploadImages',
        rawMultipart([
          { name: 'note', body: 'hello' },
          { name: 'files', filename: '', body: '' },
          { name: 'files', filename: 'a.png', body: PNG },
        ]),
      );
      expect(res.statusCode).toBe(201);
      expect(expectResponseMatches<UploadBody>('uploadImages', res).count).toBe(1);
    });
  });

  describe('refusing', () => {
    it('415 for a .png that is not a PNG', async () => {
      const res = await upload('uploadImage', [['file', 'photo.png', TEXT]]);
      expectProblem('uploadImage', res, 415, 'photo.png is not a valid PNG image');
      expect(stored()).toEqual([]);
    });

    it('415 for an image whose content is another format than its extension', async () => {
      const res = await upload('uploadImage', [['file', 'photo.jpg', PNG]]);
      expectProblem(
        'uploadImage',
        res,
        415,
        'photo.jpg is not a valid JPEG image (its content is image/png)',
      );
    });

    it('415 for an extension that is not allowed, even with image content', async () => {
      const exe = await upload('uploadImage', [['file', 'setup.exe', EXE]]);
      expectProblem(
        'uploadImage',
        exe,
        415,
        'setup.exe is not an allowed image file; allowed extensions: .jpg, .jpeg, .png, .gif, .webp',
      );
      const noExt = await upload('uploadImage', [['file', 'photo', PNG]]);
      expect(noExt.statusCode).toBe(415);
      const videoAsImage = await upload('uploadImage', [['file', 'clip.mp4', MP4]]);
      expect(videoAsImage.statusCode).toBe(415);
      const imageAsVideo = await upload('uploadVideo', [['file', 'clip.mp4', PNG]]);
      expectProblem(
        'uploadVideo',
        imageAsVideo,
        415,
        'clip.mp4 is not a valid MP4 video (its content is image/png)',
      );
      const exeVideo = await upload('uploadVideos', [['files', 'x.exe', EXE]]);
      expectProblem(
        'uploadVideos',
        exeVideo,
        415,
        'x.exe is not an allowed video file; allowed extensions: .mp4, .avi, .mov, .wmv, .flv, .webm',
      );
      expect(stored()).toEqual([]);
    });

    it('415 for an empty file', async () => {
      const res = await upload('uploadImage', [['file', 'empty.gif', Buffer.alloc(0)]]);
      expectProblem('uploadImage', res, 415, 'empty.gif is not a valid GIF image');
    });

    it('422 for 6 files, and none of the first 5 stays stored', async () => {
      const six: Entry[] = Array.from({ length: 6 }, (_, i) => ['files', `p${i}.png`, PNG]);
      const res = await upload('uploadImages', six);
      expectProblem('uploadImages', res, 422, [
        { loc: ['body', 'files'], msg: 'must NOT have more than 5 items', type: 'maxItems' },
      ]);
      expect(stored()).toEqual([]);

      const five = await upload('uploadImages', six.slice(0, 5));
      expect(five.statusCode).toBe(201);
      expect(stored()).toHaveLength(5);
    });

    it('is all or nothing: a bad third file removes the two already stored', async () => {
      const res = await upload('uploadImages', [
        ['files', 'a.png', PNG],
        ['files', 'b.gif', GIF],
        ['files', 'c.webp', TEXT],
        ['files', 'd.png', PNG],
      ]);
      expectProblem('uploadImages', res, 415, 'c.webp is not a valid WebP image');
      expect(stored()).toEqual([]);
    });

    it('422 when the file field is missing or misnamed, or two files go to a single upload', async () => {
      const none = await post('uploadImage', rawMultipart([{ name: 'note', body: 'x' }]));
      expectProblem('uploadImage', none, 422, [
        { loc: ['body', 'file'], msg: 'Field required', type: 'missing' },
      ]);
      const empty = await post(
        'uploadImages',
        rawMultipart([{ name: 'files', filename: '', body: '' }]),
      );
      expectProblem('uploadImages', empty, 422, [
        { loc: ['body', 'files'], msg: 'Field required', type: 'missing' },
      ]);

      const misnamed = await upload('uploadImage', [['files', 'a.png', PNG]]);
      expectProblem('uploadImage', misnamed, 422, [
        {
          loc: ['body', 'files'],
          msg: 'Unexpected file field; send the image in "file"',
          type: 'extra_forbidden',
        },
      ]);

      const two = await upload('uploadVideo', [
        ['file', 'a.mp4', MP4],
        ['file', 'b.mp4', MP4],
      ]);
      expectProblem('uploadVideo', two, 422, [
        { loc: ['body', 'file'], msg: 'Only one file may be sent', type: 'value_error' },
      ]);
      expect(stored()).toEqual([]);
    });

    it('415 for a body that is not multipart, 422 for no body', async () => {
      const json = await t.app.inject({
        method: 'POST',
        url: URLS.uploadImage,
        headers: admin,
        payload: { file: 'iVBORw0KGgo=' },
      });
      expectProblem(
        'uploadImage',
        json,
        415,
        'Send the image as multipart/form-data in the field "file"',
      );
      const none = await t.app.inject({ method: 'POST', url: URLS.uploadImages, headers: admin });
      expectProblem('uploadImages', none, 422, [
        { loc: ['body', 'files'], msg: 'Field required', type: 'missing' },
      ]);
    });

    it('400 for a malformed multipart body', async () => {
      const truncated = rawMultipart([{ name: 'file', filename: 'a.png', body: PNG }]);
      const cut = truncated.payload.subarray(0, truncated.payload.length - 60);
      const res = await post('uploadImage', { ...truncated, payload: cut });
      expectStatus(res, 400, 'uploadImage');
      expect(problemDetail(res)).toMatch(/^Malformed multipart body/);
      expect(stored()).toEqual([]);

      const noBoundary = await post('uploadImage', {
        payload: Buffer.from('x'),
        headers: { 'content-type': 'multipart/form-data' },
      });
      expectStatus(noBoundary, 400, 'uploadImage');
    });
  });

  describe('size limit', () => {
    it('is 100 MB per file and 5 files per request', () => {
      expect(MAX_FILE_BYTES).toBe(104_857_600);
      expect(MAX_FILES_PER_REQUEST).toBe(5);
      expect(DEFAULT_UPLOAD_LIMITS).toEqual({ maxFileBytes: 104_857_600, maxFiles: 5 });
      expect(formatBytes(MAX_FILE_BYTES)).toBe('100 MB');
    });

    // The same operations with a 1 MB limit, so the test need not send 100 MB.
    let small: TestApp;
    const MB = 1024 * 1024;
    beforeAll(async () => {
      const limited = uploadsHandlers(
        { config: testConfig(driver.config), now: () => new Date() },
        { limits: { maxFileBytes: MB } },
      );
      small = await createTestApp('sqlite', { config: driver.config, handlers: limited });
    });
    afterAll(() => small.close());

    /** Sends the body in 16 KB chunks, as a socket would, so files arrive in many pieces. */
    async function postTo(app: TestApp, op: UploadOp, entries: Entry[]) {
      const body = await formData(entries);
      const chunks: Buffer[] = [];
      for (let i = 0; i < body.payload.length; i += 16 * 1024) {
        chunks.push(body.payload.subarray(i, i + 16 * 1024));
      }
      return app.app.inject({
        method: 'POST',
        url: URLS[op],
        headers: {
          ...(await app.authAs('admin')),
          ...body.headers,
          'content-length': String(body.payload.length),
        },
        payload: Readable.from(chunks),
      });
    }

    it('413 for a file one byte over the limit, streamed past the sniffed head', async () => {
      const res = await postTo(small, 'uploadImage', [['file', 'big.png', pngOfSize(MB + 1)]]);
      expectProblem('uploadImage', res, 413, 'big.png is larger than 1 MB');
      expect(stored()).toEqual([]); // nor a temporary file
    });

    it('413 for a file two bytes over the limit (cut by the multipart parser), nothing stored', async () => {
      const res = await postTo(small, 'uploadImage', [['file', 'big.png', pngOfSize(MB + 2)]]);
      expectProblem('uploadImage', res, 413, 'big.png is larger than 1 MB');
      expect(stored()).toEqual([]);
    });

    it('accepts a file of exactly the limit, byte for byte', async () => {
      const bytes = pngOfSize(MB);
      const res = await postTo(small, 'uploadImage', [['file', 'max.png', bytes]]);
      expect(res.statusCode).toBe(201);
      const [file] = expectResponseMatches<UploadBody>('uploadImage', res).files;
      expect(file?.size).toBe(MB);
      expect(driver.read(file!.key).equals(bytes)).toBe(true);
    });

    it('413 for the second of two files, and the first is removed again', async () => {
      const res = await postTo(small, 'uploadVideos', [
        ['files', 'ok.mp4', MP4],
        ['files', 'huge.mp4', Buffer.concat([MP4, Buffer.alloc(2 * MB)])],
      ]);
      expectProblem('uploadVideos', res, 413, 'huge.mp4 is larger than 1 MB');
      expect(stored()).toEqual([]);
    });
  });

  describe('deleting', () => {
    it('deletes known keys and ignores unknown ones', async () => {
      const up = await upload('uploadImages', [
        ['files', 'a.png', PNG],
        ['files', 'b.png', PNG],
      ]);
      const [a, b] = expectResponseMatches<UploadBody>('uploadImages', up).files.map((f) => f.key);
      const unknown = 'img_00000000000000000000000000000000.png';
      const res = await t.app.inject({
        method: 'DELETE',
        url: '/api/v1/admin/uploads/files',
        headers: admin,
        payload: { keys: [a, unknown, a] },
      });
      expect(expectStatus(res, 200, 'deleteFiles')).toEqual({ deleted: [a], count: 1 });
      expect(stored()).toEqual([b]);
    });

    it('422 for a malformed key, 403 for support; nothing outside the folder is touched', async () => {
      writeFileSync(join(driver.dataDir, 'secrets.json'), '{}');
      const bad = await t.app.inject({
        method: 'DELETE',
        url: '/api/v1/admin/uploads/files',
        headers: admin,
        payload: { keys: ['../secrets.json'] },
      });
      expect(bad.statusCode).toBe(422);
      expect(issuesOf(bad, 'deleteFiles')[0]?.loc).toEqual(['body', 'keys', 0]);
      expect(existsSync(join(driver.dataDir, 'secrets.json'))).toBe(true);

      const support = await t.app.inject({
        method: 'DELETE',
        url: '/api/v1/admin/uploads/files',
        headers: await t.authAs('support'),
        payload: { keys: ['img_x.png'] },
      });
      expectProblem('deleteFiles', support, 403, 'Your role (support) does not allow this action');
    });
  });

  describe('serving', () => {
    // The outer afterEach empties the folder: each test stores its own file.
    async function storeFixture() {
      const res = await upload('uploadImage', [['file', 'a.png', PNG]]);
      return expectResponseMatches<UploadBody>('uploadImage', res).files[0]!.key;
    }

    /**
     * With media in S3 a media GET is a 302 to a presigned URL of the object that serves the
     * exact bytes; the redirect may be reused a tenth less long than the URL lives. Resolves
     * with the URL's lifetime in seconds.
     */
    async function expectRedirectToStore(res: LightMyRequestResponse, key: string) {
      expectStatus(res, 302, 'getMedia');
      const location = new URL(String(res.headers.location));
      expect(`${location.origin}${location.pathname}`).toBe(
        `${driver.config.s3Endpoint}/media/${key}`,
      );
      const seconds = Number(location.searchParams.get('X-Amz-Expires'));
      expect(res.headers['cache-control']).toBe(
        `private, max-age=${seconds - Math.ceil(seconds / 10)}`,
      );
      const fetched = await fetch(location);
      expect(fetched.status).toBe(200);
      expect(Buffer.from(await fetched.arrayBuffer()).equals(PNG)).toBe(true);
      expect(fetched.headers.get('content-type')).toBe('image/png');
      expect(fetched.headers.get('content-length')).toBe(String(PNG.length));
      return seconds;
    }

    it('serves a file publicly, without a token, with its type, length and cache headers', async () => {
      const key = await storeFixture();
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/media/${key}` });
      if (driverName === 's3') {
        expect(await expectRedirectToStore(res, key)).toBe(300); // S3_PRESIGN_SECONDS' default
        expect(res.headers['cache-control']).toBe('private, max-age=270');
        return;
      }
      expectStatus(res, 200, 'getMedia');
      expect(res.rawPayload.equals(PNG)).toBe(true);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-length']).toBe(String(PNG.length));
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });

    it('lets the console show images and videos from where media are served (CSP)', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-route' });
      const csp = String(res.headers['content-security-policy']);
      const store = driverName === 's3' ? ` ${driver.config.s3Endpoint}` : '';
      expect(csp).toContain(`img-src 'self' data: blob:${store};`);
      expect(csp).toContain(`media-src 'self' blob:${store};`);
    });

    it('404 for an unknown key, 422 for a malformed one (no path traversal)', async () => {
      writeFileSync(join(driver.dataDir, 'secrets.json'), '{"jwtSecret":"x"}');
      const unknown = await t.app.inject({
        method: 'GET',
        url: '/api/v1/media/img_00000000000000000000000000000000.png',
      });
      expectProblem('getMedia', unknown, 404, 'File not found');
      for (const url of [
        '/api/v1/media/..%2Fsecrets.json',
        '/api/v1/media/..%2F..%2Fetc%2Fpasswd',
        '/api/v1/media/%2Fetc%2Fpasswd',
        '/api/v1/media/.hidden',
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect([url, res.statusCode]).toEqual([url, 422]);
        expect(res.body).not.toContain('jwtSecret');
        expectResponseMatches('getMedia', res);
      }
    });

    it('signs a URL that serves the file until it expires', async () => {
      const key = await storeFixture();
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/uploads/presigned-url/${key}`,
        headers: await t.authAs('support'), // any admin role may read the catalogue
      });
      expect(res.statusCode).toBe(200);
      const signed = expectResponseMatches<{ url: string; expires_at: string }>(
        'getPresignedUrl',
        res,
      );
      expect(signed.url).toMatch(
        new RegExp(
          `^/api/v1/media/${key.replace('.', '\\.')}\\?expires=\\d+&signature=[0-9a-f]{64}$`,
        ),
      );
      const expires = Number(new URL(signed.url, 'http://x').searchParams.get('expires'));
      const expectedExpiry = Math.floor(t.ctx.now().getTime() / 1000) + 3600;
      expect(Math.abs(expires - expectedExpiry)).toBeLessThanOrEqual(1);
      expect(signed.expires_at).toBe(new Date(expires * 1000).toISOString());

      const ok = await t.app.inject({ method: 'GET', url: signed.url });
      if (driverName === 's3') {
        expect(await expectRedirectToStore(ok, key)).toBe(300);
        // Near its expiry, the signed URL bounds the presigned one.
        t.advanceClock(3500 * 1000);
        try {
          const late = await t.app.inject({ method: 'GET', url: signed.url });
          expect(await expectRedirectToStore(late, key)).toBeOneOf([99, 100]);
        } finally {
          t.advanceClock(-3500 * 1000);
        }
      } else {
        expect(ok.statusCode).toBe(200);
        expect(ok.rawPayload.equals(PNG)).toBe(true);
        expect(ok.headers['cache-control']).toMatch(/^private, max-age=(3599|3600)$/);
      }

      const tampered = signed.url.replace(
        /signature=(.)/,
        (_, c: string) => `signature=${c === 'a' ? 'b' : 'a'}`,
      );
      expectProblem(
        'getMedia',
        await t.app.inject({ method: 'GET', url: tampered }),
        403,
        'Invalid signature for this file',
      );
      const extended = signed.url.replace(/expires=\d+/, `expires=${expires + 100}`);
      expectProblem(
        'getMedia',
        await t.app.inject({ method: 'GET', url: extended }),
        403,
        'Invalid signature for this file',
      );

      t.advanceClock(3601 * 1000);
      try {
        const late = await t.app.inject({ method: 'GET', url: signed.url });
        expectProblem('getMedia', late, 403, 'This signed URL has expired');
      } finally {
        t.advanceClock(-3601 * 1000);
      }
    });

    it('honours the expiration parameter (60 s to 7 days)', async () => {
      const key = await storeFixture();
      const url = `/api/v1/admin/uploads/presigned-url/${key}`;
      const short = await t.app.inject({
        method: 'GET',
        url: `${url}?expiration=60`,
        headers: admin,
      });
      const { expires_at } = expectResponseMatches<{ expires_at: string }>(
        'getPresignedUrl',
        short,
      );
      const seconds = (Date.parse(expires_at) - t.ctx.now().getTime()) / 1000;
      expect(seconds).toBeGreaterThan(58);
      expect(seconds).toBeLessThanOrEqual(60);

      for (const bad of ['59', '604801', 'soon']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${url}?expiration=${bad}`,
          headers: admin,
        });
        expect(res.statusCode).toBe(422);
        expect(issuesOf(res, 'getPresignedUrl')[0]?.loc).toEqual(['query', 'expiration']);
      }
    });

    it('404 for a presigned URL of an unknown key, 401 without a token', async () => {
      const unknown = await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/uploads/presigned-url/img_00000000000000000000000000000000.png',
        headers: admin,
      });
      expectProblem('getPresignedUrl', unknown, 404, 'File not found');
      const anonymous = await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/uploads/presigned-url/img_00000000000000000000000000000000.png',
      });
      expectProblem('getPresignedUrl', anonymous, 401, 'Not authenticated');
    });

    it('422 when only one of expires and signature is given', async () => {
      const key = await storeFixture();
      const media = (query: string) =>
        t.app.inject({ method: 'GET', url: `/api/v1/media/${key}?${query}` });
      /** The answer's issue: `name` is missing, the other one of the pair was given. */
      const missing = (name: 'expires' | 'signature') => [
        {
          loc: ['query', name],
          msg: 'expires and signature must be given together',
          type: 'missing',
        },
      ];
      expectProblem('getMedia', await media('expires=9999999999'), 422, missing('signature'));
      expectProblem(
        'getMedia',
        await media(`signature=${'0'.repeat(64)}`),
        422,
        missing('expires'),
      );
      expectStatus(await media('expires=1&signature=xyz'), 422, 'getMedia');
    });

    it('a signed URL of a deleted file is 404', async () => {
      const key = await storeFixture();
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/uploads/presigned-url/${key}`,
        headers: admin,
      });
      const { url } = expectResponseMatches<{ url: string }>('getPresignedUrl', res);
      driver.remove(key);
      expectProblem('getMedia', await t.app.inject({ method: 'GET', url }), 404, 'File not found');
    });
  });
});

describe('raw media bodies', () => {
  it('are refused with 415: files come as multipart parts', async () => {
    const t = await createTestApp('sqlite');
    try {
      const headers = await t.authAs('super_admin');
      for (const type of ['image/png', 'application/pdf', 'text/csv']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/admin/uploads/images/single',
          headers: { ...headers, 'content-type': type },
          payload: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
        });
        expectProblem(res, 415, 'Send files as multipart/form-data');
      }
    } finally {
      await t.close();
    }
  });
});
