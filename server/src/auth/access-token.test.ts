// Access tokens: what the server signs is accepted; a token without exp or iat, issued in the
// future or older than the lifetime is refused, even with a valid signature.
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AccessTokens } from './access-token';

const SECRET = 'access-token-test-secret-0123456789-abcdef';
const key = new TextEncoder().encode(SECRET);
const NOW = new Date('2026-11-24T10:00:00Z');
const nowS = Math.floor(NOW.getTime() / 1000);

/** A correctly signed token with exactly the given claims (numbers in seconds). */
function forge(claims: {
  iat?: number;
  exp?: number;
  sub?: string;
  iss?: string;
  typ?: string;
  sid?: string | null;
}) {
  const { sub = '7', iss = 'vat-back-office', typ = 'admin', sid = 'session-1', iat, exp } = claims;
  const jwt = new SignJWT({ typ, ...(sid === null ? {} : { sid }) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub);
  jwt.setIssuer(iss);
  if (iat !== undefined) jwt.setIssuedAt(iat);
  if (exp !== undefined) jwt.setExpirationTime(exp);
  return jwt.sign(key);
}

/** The claims of a forged token with the defaults. */
const FORGED = { userType: 'admin', userId: 7, sessionId: 'session-1' };

describe('AccessTokens', () => {
  const tokens = new AccessTokens(SECRET, 900);

  it('accepts its own tokens until they expire', async () => {
    const claims = { userType: 'customer', userId: 42, sessionId: 'abc-123' } as const;
    const token = await tokens.sign(claims, NOW);
    expect(await tokens.verify(token, NOW)).toEqual(claims);
    expect(await tokens.verify(token, new Date(NOW.getTime() + 899_000))).toEqual(claims);
    await expect(tokens.verify(token, new Date(NOW.getTime() + 906_000))).rejects.toThrow(
      'Token expired',
    );
  });

  it('applies the time rules to a token it has verified before', async () => {
    const token = await forge({ iat: nowS + 60, exp: nowS + 900 });
    // Valid a minute later, when its iat has come...
    expect(await tokens.verify(token, new Date(NOW.getTime() + 60_000))).toEqual(FORGED);
    // ...but still issued in the future for a clock a minute behind, and expired after exp.
    await expect(tokens.verify(token, NOW)).rejects.toThrow('Invalid token');
    await expect(tokens.verify(token, new Date((nowS + 905) * 1000))).rejects.toThrow(
      'Token expired',
    );
    const old = await forge({ iat: nowS - 3600, exp: nowS + 60 });
    await expect(tokens.verify(old, NOW)).rejects.toThrow('Token expired');
    const lifetime = await forge({ iat: nowS, exp: nowS + 3600 });
    expect(await tokens.verify(lifetime, NOW)).toEqual(FORGED);
    await expect(tokens.verify(lifetime, new Date((nowS + 906) * 1000))).rejects.toThrow(
      'Token expired',
    );
  });

  it('accepts a hand-signed token with iat and exp', async () => {
    const token = await forge({ iat: nowS - 10, exp: nowS + 600 });
    expect(await tokens.verify(token, NOW)).toEqual(FORGED);
  });

  it('refuses a token without exp', async () => {
    const token = await forge({ iat: nowS });
    await expect(tokens.verify(token, NOW)).rejects.toThrow('Invalid token');
  });

  it('refuses a token without iat', async () => {
    const token = await forge({ exp: nowS + 600 });
    await expect(tokens.verify(token, NOW)).rejects.toThrow('Invalid token');
  });

  it('refuses a token issued in the future (beyond a few seconds of clock skew)', async () => {
    const token = await forge({ iat: nowS + 60, exp: nowS + 900 });
    await expect(tokens.verify(token, NOW)).rejects.toThrow('Invalid token');
    const skewed = await forge({ iat: nowS + 2, exp: nowS + 900 });
    expect(await tokens.verify(skewed, NOW)).toEqual(FORGED);
  });

  it('refuses a token whose exp lies beyond the configured lifetime', async () => {
    const token = await forge({ iat: nowS - 3600, exp: nowS + 365 * 86_400 });
    await expect(tokens.verify(token, NOW)).rejects.toThrow('Token expired');
  });

  it('refuses a token without its session (sid), as tokens from before sessions were', async () => {
    await expect(
      tokens.verify(await forge({ iat: nowS, exp: nowS + 60, sid: null }), NOW),
    ).rejects.toThrow('Invalid token');
    await expect(
      tokens.verify(await forge({ iat: nowS, exp: nowS + 60, sid: '' }), NOW),
    ).rejects.toThrow('Invalid token');
  });

  it('refuses another issuer, another user type and a bad signature', async () => {
    await expect(
      tokens.verify(await forge({ iat: nowS, exp: nowS + 60, iss: 'other' }), NOW),
    ).rejects.toThrow('Invalid token');
    await expect(
      tokens.verify(await forge({ iat: nowS, exp: nowS + 60, typ: 'root' }), NOW),
    ).rejects.toThrow('Invalid token');
    const other = new AccessTokens('another-secret-another-secret-0123456789', 900);
    const foreign = await other.sign({ userType: 'admin', userId: 1, sessionId: 's' }, NOW);
    await expect(tokens.verify(foreign, NOW)).rejects.toThrow('Invalid token');
  });
});
