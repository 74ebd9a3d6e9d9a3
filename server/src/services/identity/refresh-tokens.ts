// Refresh tokens for both user types (admin and customer). The token is opaque (32 bytes,
// base64url); only its SHA-256 hash is stored. Every sign-in starts a family, which is a session
// (services/identity/sessions.ts); each refresh marks the token sent as used and issues the next one of the
// same family. Sending a token that was already used or revoked is treated as theft: the whole
// family (the session) is ended, so the newest token of that family (which the thief or the
// victim holds) stops working too.
//
// Reuse interval: within REUSE_INTERVAL_MS of its first use, a token answers the same successor
// again (two tabs or a retried request racing must not end the session). No token is stored in
// clear for that: the successor of a token is derived from it (an HMAC with the server's secret),
// so presenting the used token again recomputes the successor, whose hash is already stored.
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AccessTokens } from '../../auth/access-token';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/database';
import { ACCOUNT_GONE, unauthorized } from '../../api/problem';
import type { Schemas } from '../../api/types';
import { createSession, endSession, touchSession, type SessionClient } from './sessions';

/** Lifetime of each refresh token; a refresh starts a new 7-day period (sliding session). */
const REFRESH_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** How long a used token still answers its successor (the reuse interval). */
export const REUSE_INTERVAL_MS = 10 * 1000;

export const REFRESH_ERRORS = {
  invalid: 'Invalid refresh token',
  expired: 'Refresh token expired',
  reused: 'Refresh token was already used or revoked; please sign in again',
  inactive: ACCOUNT_GONE,
} as const;

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The successor of a refresh token: derived, so a retry within the reuse interval finds it. */
function successorOf(secret: string, token: string): string {
  return createHmac('sha256', secret).update(`refresh:${token}`, 'utf8').digest('base64url');
}

interface IssueInput {
  userType: Schemas['UserType'];
  userId: number;
  now: Date;
  familyId: string;
  /** The token's value; random when absent (the first token of a family). */
  token?: string;
}

/** Stores a refresh token and returns it in clear (the only time it exists in clear). */
async function issueRefreshToken(
  db: Db,
  input: IssueInput,
): Promise<{ token: string; expiresAt: string }> {
  const token = input.token ?? randomBytes(32).toString('base64url');
  const expiresAt = new Date(input.now.getTime() + REFRESH_TOKEN_TTL_MS).toISOString();
  await db
    .insertInto('refresh_tokens')
    .values({
      token_hash: hashRefreshToken(token),
      family_id: input.familyId,
      user_type: input.userType,
      user_id: input.userId,
      expires_at: expiresAt,
      revoked_at: null,
      used_at: null,
      created_at: input.now.toISOString(),
    })
    .execute();
  return { token, expiresAt };
}

/** A signed-in user's session: its id (the access tokens' `sid`) and its first refresh token. */
interface StartedSession {
  sessionId: string;
  refreshToken: string;
}

/** A sign-in: a new session (refresh family) from this client and its first refresh token. */
export async function startSession(
  db: Db,
  input: {
    userType: Schemas['UserType'];
    userId: number;
    now: Date;
    client: SessionClient;
  },
): Promise<StartedSession> {
  const sessionId = randomUUID();
  const { token, expiresAt } = await issueRefreshToken(db, { ...input, familyId: sessionId });
  await createSession(db, { ...input, id: sessionId, expiresAt });
  return { sessionId, refreshToken: token };
}

/**
 * A session for a script that acts as a user without signing in (the demo seed, benchmarks): its
 * Authorization header, and `end` to end the session when the script is done.
 */
export async function scriptSession(
  db: Kysely<Database>,
  tokens: AccessTokens,
  userType: Schemas['UserType'],
  userId: number,
): Promise<{ authorization: string; end: () => Promise<void> }> {
  const now = new Date();
  const { sessionId } = await startSession(db, {
    userType,
    userId,
    now,
    client: { ip: null, userAgent: null },
  });
  return {
    authorization: `Bearer ${await tokens.sign({ userType, userId, sessionId }, now)}`,
    end: () => db.transaction().execute((trx) => endSession(trx, sessionId, new Date())),
  };
}

/**
 * Sign-out: ends the session of a refresh token of this user type. Unknown, foreign or already
 * dead tokens are ignored, so the call reveals nothing about them.
 */
export async function endSessionOfRefreshToken(
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
  if (row) await db.transaction().execute((trx) => endSession(trx, row.family_id, now));
}

interface RotateInput {
  token: string;
  /** The user type of the refresh endpoint; a token of the other type is refused. */
  userType: Schemas['UserType'];
  now: Date;
  /** The server's secret, from which successors are derived (see the head of this file). */
  secret: string;
  /** Where the refresh comes from (stored on the session). */
  client: SessionClient;
  /** Whether the token's user may still sign in (exists, active); checked in the transaction. */
  userAllowed: (trx: Transaction<Database>, userId: number) => Promise<boolean>;
}

/** A refreshed session: its user, its id and its new refresh token. */
interface Rotated {
  userId: number;
  sessionId: string;
  token: string;
}

type RotateOutcome = ({ ok: true } & Rotated) | { ok: false; detail: string };

/**
 * Exchanges a valid, unused refresh token for the next one of its family, in one transaction;
 * within the reuse interval of its first use, a used token answers that same next one again.
 * Throws 401 (after committing any revocation) when the token is unknown, of the other user
 * type, expired, used before the reuse interval or revoked (the session is then ended), or its
 * user may no longer sign in (the session is ended too).
 */
export async function rotateRefreshToken(
  db: Kysely<Database>,
  input: RotateInput,
): Promise<Rotated> {
  const nowIso = input.now.toISOString();
  const tokenHash = hashRefreshToken(input.token);
  const successor = successorOf(input.secret, input.token);
  const outcome = await db.transaction().execute(async (trx): Promise<RotateOutcome> => {
    // One conditional UPDATE claims the token, so two concurrent refreshes with the same token
    // cannot both rotate it: the second one finds it used (and gets the same successor).
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
        .select(['family_id', 'user_type', 'user_id', 'used_at', 'revoked_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row || row.user_type !== input.userType) {
        return { ok: false, detail: REFRESH_ERRORS.invalid };
      }
      if (row.used_at !== null || row.revoked_at !== null) {
        if (
          row.revoked_at === null &&
          row.used_at !== null &&
          input.now.getTime() - new Date(row.used_at).getTime() < REUSE_INTERVAL_MS &&
          (await liveToken(trx, successor, row.family_id, nowIso))
        ) {
          return {
            ok: true,
            userId: Number(row.user_id),
            sessionId: row.family_id,
            token: successor,
          };
        }
        await endSession(trx, row.family_id, input.now);
        return { ok: false, detail: REFRESH_ERRORS.reused };
      }
      return { ok: false, detail: REFRESH_ERRORS.expired };
    }
    if (!(await input.userAllowed(trx, claimed.user_id))) {
      await endSession(trx, claimed.family_id, input.now);
      return { ok: false, detail: REFRESH_ERRORS.inactive };
    }
    const { token, expiresAt } = await issueRefreshToken(trx, {
      userType: input.userType,
      userId: claimed.user_id,
      now: input.now,
      familyId: claimed.family_id,
      token: successor,
    });
    await touchSession(trx, claimed.family_id, input.now, expiresAt, input.client);
    return { ok: true, userId: claimed.user_id, sessionId: claimed.family_id, token };
  });
  if (!outcome.ok) throw unauthorized(outcome.detail);
  return { userId: outcome.userId, sessionId: outcome.sessionId, token: outcome.token };
}

/** Whether this token is stored in the family, neither revoked nor expired. */
async function liveToken(
  trx: Transaction<Database>,
  token: string,
  familyId: string,
  nowIso: string,
) {
  const row = await trx
    .selectFrom('refresh_tokens')
    .select('id')
    .where('token_hash', '=', hashRefreshToken(token))
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  return row !== undefined;
}

/** The answer of a sign-in or refresh: a fresh access token of the session plus its refresh token. */
export async function tokenPair(
  tokens: AccessTokens,
  userType: Schemas['UserType'],
  session: { userId: number; sessionId: string; refreshToken: string },
  now: Date,
): Promise<Schemas['TokenPair']> {
  return {
    access_token: await tokens.sign(
      { userType, userId: session.userId, sessionId: session.sessionId },
      now,
    ),
    refresh_token: session.refreshToken,
    token_type: 'bearer',
    expires_in: tokens.ttlSeconds,
    user_type: userType,
  };
}
