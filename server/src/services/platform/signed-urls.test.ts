import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../../api/problem';
import { createMediaUrlSigner, DEFAULT_SIGNED_URL_SECONDS, mediaUrl } from './signed-urls';

const SECRET = 'test-url-signing-key-test-url-signing-0123';
const KEY = 'img_0123456789abcdef0123456789abcdef.png';
const NOW = new Date('2026-03-01T10:00:00.400Z');
const NOW_S = Math.floor(NOW.getTime() / 1000);

function parse(url: string) {
  const u = new URL(url, 'http://shop.test');
  return {
    path: u.pathname,
    expires: Number(u.searchParams.get('expires')),
    signature: u.searchParams.get('signature') ?? '',
  };
}

function problemOf(fn: () => void): HttpProblem {
  try {
    fn();
  } catch (e) {
    if (e instanceof HttpProblem) return e;
    throw e;
  }
  throw new Error('expected an HttpProblem');
}

describe('signed media URLs', () => {
  const signer = createMediaUrlSigner(SECRET);

  it('signs key and expiry with HMAC-SHA256 of the URL signing key', () => {
    const signed = signer.signMediaUrl(KEY, 3600, NOW);
    expect(signed.url).toMatch(
      /^\/api\/v1\/media\/img_[0-9a-f]{32}\.png\?expires=\d+&signature=[0-9a-f]{64}$/,
    );
    const { path, expires, signature } = parse(signed.url);
    expect(path).toBe(mediaUrl(KEY));
    expect(expires).toBe(NOW_S + 3600);
    expect(signed.expires_at).toBe('2026-03-01T11:00:00.000Z');
    const expected = createHmac('sha256', SECRET)
      .update(`media-url:v1:${KEY}:${expires}`)
      .digest('hex');
    expect(signature).toBe(expected);
    expect(DEFAULT_SIGNED_URL_SECONDS).toBe(3600);
  });

  it('verifies its own URLs until they expire', () => {
    const { expires, signature } = parse(signer.signMediaUrl(KEY, 60, NOW).url);
    expect(() => signer.verifyMediaSignature(KEY, expires, signature, NOW)).not.toThrow();
    const lastValid = new Date(expires * 1000);
    expect(() => signer.verifyMediaSignature(KEY, expires, signature, lastValid)).not.toThrow();

    const after = problemOf(() =>
      signer.verifyMediaSignature(KEY, expires, signature, new Date(expires * 1000 + 1000)),
    );
    expect(after.statusCode).toBe(403);
    expect(after.detail).toBe('This signed URL has expired');
  });

  it('refuses tampered URLs with 403', () => {
    const { expires, signature } = parse(signer.signMediaUrl(KEY, 60, NOW).url);
    const flipped = (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1);
    const cases: [string, number, string][] = [
      [KEY, expires, flipped], // changed signature
      [KEY, expires + 3600, signature], // extended expiry
      ['img_ffffffffffffffffffffffffffffffff.png', expires, signature], // other file
      [KEY, expires, signature.toUpperCase()], // not the lower-case hex form
      [KEY, expires, signature.slice(0, 62)], // too short
      [KEY, expires, ''],
    ];
    for (const [key, exp, sig] of cases) {
      const problem = problemOf(() => signer.verifyMediaSignature(key, exp, sig, NOW));
      expect(problem.statusCode).toBe(403);
      expect(problem.detail).toBe('Invalid signature for this file');
    }
  });

  it('refuses a URL signed with another key', () => {
    const other = createMediaUrlSigner('another-signing-key-another-signing-key-0');
    const { expires, signature } = parse(other.signMediaUrl(KEY, 60, NOW).url);
    expect(
      problemOf(() => signer.verifyMediaSignature(KEY, expires, signature, NOW)).statusCode,
    ).toBe(403);
  });

  it('checks the signature before the expiry (a forged URL never reads as merely expired)', () => {
    const problem = problemOf(() => signer.verifyMediaSignature(KEY, 1, '0'.repeat(64), NOW));
    expect(problem.detail).toBe('Invalid signature for this file');
  });

  it('refuses a non-positive or fractional validity and an empty secret', () => {
    expect(() => signer.signMediaUrl(KEY, 0, NOW)).toThrow();
    expect(() => signer.signMediaUrl(KEY, 1.5, NOW)).toThrow();
    expect(() => createMediaUrlSigner('')).toThrow();
  });
});
