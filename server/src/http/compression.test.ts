// Bytes on the wire: compressed API answers, precompressed console assets, and which answers
// browsers may keep (hashed assets) or must revalidate (index.html and the SPA fallback).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategory } from '../../test-support/fixtures';
import { createTestApp, type TestApp } from '../../test-support/app';

const ASSET = '/assets/index-AbC123.js';
const ASSET_CODE = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;

describe('compression and caching', () => {
  let t: TestApp;
  let spaDir: string;

  beforeAll(async () => {
    spaDir = mkdtempSync(join(tmpdir(), 'spa-'));
    mkdirSync(join(spaDir, 'assets'));
    writeFileSync(join(spaDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(spaDir, ASSET), ASSET_CODE);
    // As the build writes them (vite-plugin-compression2): the same file, precompressed.
    writeFileSync(join(spaDir, `${ASSET}.br`), brotliCompressSync(ASSET_CODE));
    writeFileSync(join(spaDir, `${ASSET}.gz`), gzipSync(ASSET_CODE));
    t = await createTestApp('sqlite', { spaDir });
    // Enough categories for an answer above the 1 kB threshold.
    for (let i = 0; i < 20; i++) await insertCategory(t.database.db);
  });
  afterAll(async () => {
    await t.close();
    rmSync(spaDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('compresses JSON answers with Brotli or gzip as asked, and not when not asked', async () => {
    const plain = await get('/api/v1/categories/');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const categories = plain.json<unknown[]>();
    expect(categories).toHaveLength(20);

    const br = await get('/api/v1/categories/', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(categories);
    // The security headers still come with a compressed answer.
    expect(br.headers['x-content-type-options']).toBe('nosniff');

    const gzip = await get('/api/v1/categories/', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(categories);

    const identity = await get('/api/v1/categories/', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json<unknown[]>()).toEqual(categories);
  });

  it('leaves small answers, errors included, uncompressed', async () => {
    const res = await get('/api/v1/no-such-thing', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ detail: 'Not Found' });
  });

  it('serves a hashed asset precompressed and cacheable for a year', async () => {
    const br = await get(ASSET, 'br, gzip');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET_CODE);

    const gzip = await get(ASSET, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(ASSET_CODE);

    const plain = await get(ASSET);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(ASSET_CODE);
  });

  it('has index.html and the SPA fallback revalidated', async () => {
    for (const url of ['/index.html', '/', '/admin/products']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
