// Refresh tokens for both user types (admin and customer). The token is opaque (32 random bytes,
// base64url); only its SHA-256 hash is stored. Every sign-in starts a family; each refresh marks
// the token sent as used and issues the next one of the same family. Sending a token that was
// already used or revoked is treated as theft: the whole family is revoked, so the newest token
// of that family (which the thief or the victim holds) stops working too.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AccessTokens } from '../auth/access-token';
import type { Database } from '../db/schema';
import type { Db } from '../db/database';
import { ACCOUNT_GONE, unauthorized } from '../api/problem';
import type { Schemas } from '../api/types';

/** Lifetime of each refresh token; a refresh starts a new 7-day period (sliding session). */
const REFRESH_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const REFRESH_ERRORS = {
  invalid: 'Invalid refresh token',
  expired: 'Refresh token expired',
  reused: 'Refresh token was already used or revoked; please sign in again',
  inactive: ACCOUNT_GONE,
} as const;

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

interface IssueInput {
  userType: Schemas['UserType'];
  userId: number;
  now: Date;
  /** Continue this family (rotation); a new family when absent (sign-in). */
  familyId?: string;
}

/** Stores a new refresh token and returns it in clear (the only time it exists in clear). */
export async function issueRefreshToken(db: Db, input: IssueInput): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('refresh_tokens')
    .values({
      token_hash: hashRefreshToken(token),
      family_id: input.familyId ?? randomUUID(),
      user_type: input.userType,
      user_id: input.userId,
      expires_at: new Date(input.now.getTime() + REFRESH_TOKEN_TTL_MS).toISOString(),
      revoked_at: null,
      used_at: null,
      created_at: input.now.toISOString(),
    })
    .execute();
  return token;
}

/** Revokes every token of a family that is not revoked yet. */
async function revokeRefreshTokenFamily(db: Db, familyId: string, now: Date) {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Sign-out: revokes the family of a refresh token of this user type. Unknown, foreign or already
 * dead tokens are ignored, so the call reveals nothing about them.
 */
export async function revokeRefreshTokenFamilyOf(
  db: Kysely<Database>,
  token: string,
  userType: Schemas['UserType'],
  now: Date,
): Promise<void> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('token_hash', '=', hashRefreshToken(token))
    .where('user_type', '=', userType)
    .executeTakeFirst();
  if (row) await revokeRefreshTokenFamily(db, row.family_id, now);
}

/** Revokes every token of a user (deactivation, deletion). */
export async function revokeUserRefreshTokens(
  db: Db,
  userType: Schemas['UserType'],
  userId: number,
  now: Date,
) {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('user_type', '=', userType)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

interface RotateInput {
  token: string;
  /** The user type of the refresh endpoint; a token of the other type is refused. */
  userType: Schemas['UserType'];
  now: Date;
  /** Whether the token's user may still sign in (exists, active); checked in the transaction. */
  userAllowed: (trx: Transaction<Database>, userId: number) => Promise<boolean>;
}

type RotateOutcome = { ok: true; userId: number; token: string } | { ok: false; detail: string };

/**
 * Exchanges a valid, unused refresh token for the next one of its family, in one transaction.
 * Throws 401 (after committing any revocation) when the token is unknown, of the other user
 * type, expired, already used or revoked (the family is then revoked), or its user may no longer
 * sign in (the family is revoked too).
 */
export async function rotateRefreshToken(
  db: Kysely<Database>,
  input: RotateInput,
): Promise<{ userId: number; token: string }> {
  const nowIso = input.now.toISOString();
  const tokenHash = hashRefreshToken(input.token);
  const outcome = await db.transaction().execute(async (trx): Promise<RotateOutcome> => {
    // One conditional UPDATE claims the token, so two concurrent refreshes with the same token
    // cannot both succeed: the second one finds it used and is treated as reuse.
    const claimed = await trx
      .updateTable('refresh_tokens')
      .set({ used_at: nowIso })
      .where('token_hash', '=', tokenHash)
      .where('user_type', '=', input.userType)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', nowIso)
      .returning(['id', 'family_id', 'user_id'])
      .executeTakeFirst();
    if (!claimed) {
      const row = await trx
        .selectFrom('refresh_tokens')
        .select(['family_id', 'user_type', 'used_at', 'revoked_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row || row.user_type !== input.userType) {
        return { ok: false, detail: REFRESH_ERRORS.invalid };
      }
      if (row.used_at !== null || row.revoked_at !== null) {
        await revokeRefreshTokenFamily(trx, row.family_id, input.now);
        return { ok: false, detail: REFRESH_ERRORS.reused };
      }
      return { ok: false, detail: REFRESH_ERRORS.expired };
    }
    if (!(await input.userAllowed(trx, claimed.user_id))) {
      await revokeRefreshTokenFamily(trx, claimed.family_id, input.now);
      return { ok: false, detail: REFRESH_ERRORS.inactive };
    }
    const token = await issueRefreshToken(trx, {
      userType: input.userType,
      userId: claimed.user_id,
      now: input.now,
      familyId: claimed.family_id,
    });
    return { ok: true, userId: claimed.user_id, token };
  });
  if (!outcome.ok) throw unauthorized(outcome.detail);
  return { userId: outcome.userId, token: outcome.token };
}

/** The answer of a sign-in or refresh: a fresh access token plus the given refresh token. */
export async function tokenPair(
  tokens: AccessTokens,
  userType: Schemas['UserType'],
  userId: number,
  refreshToken: string,
  now: Date,
): Promise<Schemas['TokenPair']> {
  return {
    access_token: await tokens.sign({ userType, userId }, now),
    refresh_token: refreshToken,
    token_type: 'bearer',
    expires_in: tokens.ttlSeconds,
    user_type: userType,
  };
}
