import { errors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Schemas } from '../api/types';
import { ACCESS_TOKEN_SECONDS } from '../config';

export interface AccessClaims {
  userType: Schemas['UserType'];
  userId: number;
  /** The session (refresh-token family) the token was issued for: claim `sid`. */
  sessionId: string;
}

const ISSUER = 'vat-back-office';
/** Clock skew accepted between the instance that signed a token and the one checking it. */
const CLOCK_TOLERANCE_SECONDS = 5;
/** Tokens whose signature was checked, kept: a client sends the same token for 15 minutes. */
const VERIFIED_TOKENS = 10_000;

interface Verified {
  claims: AccessClaims;
  /** Seconds since the epoch. */
  iat: number;
  exp: number;
}

export class AccessTokens {
  /**
   * Imported once: given the raw secret, jose imports it again for every token, which was two
   * thirds of the cost of checking one (every admin request checks one).
   */
  private readonly key: ReturnType<typeof crypto.subtle.importKey>;
  /**
   * Checking a token's HMAC was a sixth of the server's time on a cached list answer. Keyed by
   * the whole token, so only the very string that was verified skips the check; its times are
   * checked again at every use, with jose's rules.
   */
  private readonly verified = new LRUCache<string, Verified>({ max: VERIFIED_TOKENS });

  constructor(
    secret: string,
    /** Lifetime of each access token, in seconds. */
    readonly ttlSeconds: number = ACCESS_TOKEN_SECONDS,
  ) {
    this.key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(claims: AccessClaims, now = new Date()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ typ: claims.userType, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(await this.key);
  }

  /** The claims of a valid token; throws with a user-facing message otherwise. */
  async verify(token: string, now = new Date()): Promise<AccessClaims> {
    const known = this.verified.get(token);
    if (known) return this.inTime(known, now);
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: now,
        // A token without exp or iat, issued in the future, or older than the lifetime is
        // refused (a few seconds of tolerance for clocks of several instances).
        requiredClaims: ['exp', 'iat', 'sub'],
        maxTokenAge: this.ttlSeconds,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      });
      const userId = Number(payload.sub);
      // A token without its session (issued before sessions existed) is refused: it could not
      // be ended by a logout.
      if (
        (payload.typ !== 'admin' && payload.typ !== 'customer') ||
        !Number.isSafeInteger(userId) ||
        typeof payload.sid !== 'string' ||
        payload.sid === ''
      ) {
        throw new Error('Invalid token');
      }
      const claims: AccessClaims = { userType: payload.typ, userId, sessionId: payload.sid };
      this.verified.set(token, { claims, iat: payload.iat!, exp: payload.exp! });
      return claims;
    } catch (e) {
      if (e instanceof errors.JWTExpired) throw new Error('Token expired');
      throw new Error('Invalid token');
    }
  }

  /** jose's time rules for a token whose signature and claims were verified before. */
  private inTime({ claims, iat, exp }: Verified, now: Date): AccessClaims {
    const at = Math.floor(now.getTime() / 1000);
    if (iat > at + CLOCK_TOLERANCE_SECONDS) throw new Error('Invalid token');
    if (
      exp <= at - CLOCK_TOLERANCE_SECONDS ||
      at - iat - CLOCK_TOLERANCE_SECONDS > this.ttlSeconds
    ) {
      throw new Error('Token expired');
    }
    return claims;
  }
}
