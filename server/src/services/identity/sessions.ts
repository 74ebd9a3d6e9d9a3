// Sessions (issue #24, migration 018): one auth_sessions row per sign-in, keyed by its
// refresh-token family id. Access tokens carry the session id (`sid`); ending a session revokes
// its refresh family and marks the row, and every instance refuses the session's access tokens
// at its next request: `sessionLookup` keeps what it read of a session only while the `sessions`
// data version (moved by every write to auth_sessions, whichever instance wrote) stays the same.
import Bowser from 'bowser';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { AccessClaims } from '../../auth/access-token';
import type { Db } from '../../db/database';
import type { DataVersions } from '../../db/data-versions';
import type { Database } from '../../db/schema';
import { notFound } from '../../api/problem';
import type { Schemas } from '../../api/types';

/** Longest user agent stored (the contract's bound on AdminSession.user_agent). */
const USER_AGENT_MAX = 512;
/** Sessions whose state an instance keeps between requests (a bound against forged ids). */
const KEPT_SESSIONS = 10_000;

/** Where a sign-in or a refresh came from, as stored on its session. */
export interface SessionClient {
  ip: string | null;
  /** The User-Agent header as sent (cut to USER_AGENT_MAX here). */
  userAgent: string | null | undefined;
}

/** What the refused access token of an ended or expired session is told. */
export const SESSION_ENDED = 'Your session has ended; please sign in again';
const SESSION_NOT_FOUND = 'Session not found';

const userAgentOf = (client: SessionClient) =>
  client.userAgent ? client.userAgent.slice(0, USER_AGENT_MAX) : null;

/** Stores the session of a new refresh family (a sign-in). */
export async function createSession(
  db: Db,
  input: {
    id: string;
    userType: Schemas['UserType'];
    userId: number;
    now: Date;
    expiresAt: string;
    client: SessionClient;
  },
): Promise<void> {
  const nowIso = input.now.toISOString();
  await db
    .insertInto('auth_sessions')
    .values({
      id: input.id,
      user_type: input.userType,
      user_id: input.userId,
      created_at: nowIso,
      last_used_at: nowIso,
      expires_at: input.expiresAt,
      ip_address: input.client.ip,
      user_agent: userAgentOf(input.client),
      revoked_at: null,
    })
    .execute();
}

/** A refresh: the session was used now, from this client, and lives until `expiresAt`. */
export async function touchSession(
  db: Db,
  sessionId: string,
  now: Date,
  expiresAt: string,
  client: SessionClient,
): Promise<void> {
  await db
    .updateTable('auth_sessions')
    .set({
      last_used_at: now.toISOString(),
      expires_at: expiresAt,
      ip_address: client.ip,
      user_agent: userAgentOf(client),
    })
    .where('id', '=', sessionId)
    .execute();
}

/**
 * Ends one session: its refresh family can no longer be used and its access tokens are refused.
 * Idempotent (an ended or unknown session is left as it is).
 */
export async function endSession(db: Db, sessionId: string, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowIso })
    .where('family_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('auth_sessions')
    .set({ revoked_at: nowIso })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Ends every session of a user (password change or reset, deactivation, deletion), but the one
 * `exceptSessionId` names (a password change keeps the session that made it).
 */
export async function endUserSessions(
  db: Db,
  userType: Schemas['UserType'],
  userId: number,
  now: Date,
  exceptSessionId?: string,
): Promise<void> {
  const nowIso = now.toISOString();
  let tokens = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowIso })
    .where('user_type', '=', userType)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  let sessions = db
    .updateTable('auth_sessions')
    .set({ revoked_at: nowIso })
    .where('user_type', '=', userType)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) {
    tokens = tokens.where('family_id', '!=', exceptSessionId);
    sessions = sessions.where('id', '!=', exceptSessionId);
  }
  await tokens.execute();
  await sessions.execute();
}

/** Whether the session of an access token's claims is still open. */
export type SessionCheck = (claims: AccessClaims) => Promise<boolean>;

interface KeptSession {
  version: string;
  row: { user_type: string; user_id: number; expires_at: string; revoked_at: string | null } | null;
}

/**
 * The session check of every request with an access token. A row read under the current
 * sessions data version is still the database's (see adminLookup in http/access.ts for why the
 * version is read first); the version moves with every refresh and every ended session.
 */
export function sessionLookup(
  db: Kysely<Database>,
  versions: DataVersions,
  now: () => Date,
): SessionCheck {
  const kept = new LRUCache<string, KeptSession>({ max: KEPT_SESSIONS });
  return async (claims) => {
    const { sessions: version } = await versions.current();
    let held = kept.get(claims.sessionId);
    if (held?.version !== version) {
      const row = await db
        .selectFrom('auth_sessions')
        .select(['user_type', 'user_id', 'expires_at', 'revoked_at'])
        .where('id', '=', claims.sessionId)
        .executeTakeFirst();
      held = { version, row: row ?? null };
      kept.set(claims.sessionId, held);
    }
    const { row } = held;
    return (
      row !== null &&
      row.revoked_at === null &&
      row.user_type === claims.userType &&
      Number(row.user_id) === claims.userId &&
      row.expires_at > now().toISOString()
    );
  };
}

/** "Chrome 131 on Windows" from a user agent; "Unknown device" without one. */
function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]]
    .filter(Boolean)
    .join(' ');
  const os = parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || 'Unknown device';
}

/** The admin's open sessions, most recently used first, the one of `currentSessionId` marked. */
export async function listAdminSessions(
  db: Kysely<Database>,
  adminId: number,
  currentSessionId: string,
  now: Date,
): Promise<Schemas['AdminSessionList']> {
  const rows = await db
    .selectFrom('auth_sessions')
    .selectAll()
    .where('user_type', '=', 'admin')
    .where('user_id', '=', adminId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('last_used_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(1000)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    current: row.id === currentSessionId,
    device: deviceName(row.user_agent),
    user_agent: row.user_agent,
    ip_address: row.ip_address,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
  }));
}

/** Ends one of the admin's own open sessions; 404 for any other (unknown, ended, another's). */
export async function endAdminSession(
  db: Kysely<Database>,
  adminId: number,
  sessionId: string,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('auth_sessions')
      .select('id')
      .where('id', '=', sessionId)
      .where('user_type', '=', 'admin')
      .where('user_id', '=', adminId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    if (!row) throw notFound(SESSION_NOT_FOUND);
    await endSession(trx, sessionId, now);
  });
}
