// API tokens (#31): how an integration (an ERP, a carrier, a storefront's back end) calls the
// admin API without a person's password. A token is `shp_` + 12 characters (its public prefix,
// found by a unique index) + `_` + 32 characters (its secret, of which only the SHA-256 is kept).
// The recognisable start lets secret scanners find one pasted where it should not be.
//
// A token carries scopes: permissions its creator had when creating it (domain/api-token-scopes.ts).
// At each request it may do what is both in its scopes and still in its creator's role, and it
// stops working when the creator's account is deactivated or
// deleted, when it expires, or once revoked. It never reaches the operations without a
// permission (sign-in, sessions, My account): those are a person's.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { invalid, notFound, unauthorized } from '../../api/problem';
import type { Schemas } from '../../api/types';
import type { Db } from '../../db/database';
import type { AdminUserRow } from '../../db/schema';
import { scopeProblem } from '../../domain/api-token-scopes';
import type { Permission } from '../../domain/roles';
import { recordAudit } from '../platform/audit';
import type { AuthThrottle, ThrottlePolicy } from './auth-throttle';

type ApiToken = Schemas['ApiToken'];

const API_TOKEN_PREFIX = 'shp_';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const ID_LENGTH = 12;
const SECRET_LENGTH = 32;
const TOKEN_FORMAT = /^shp_([A-Za-z0-9]{12})_([A-Za-z0-9]{32})$/;
/** last_used_at is written when it is older than this: not one write per request. */
const LAST_USED_EVERY_MS = 60_000;

/**
 * Wrong tokens sent from one client address: ten pass, then each waits, doubling from 1 s to a
 * minute (as sign-in failures do). Counted on failures only, so a right token is never refused
 * because strangers behind the same address sent wrong ones.
 */
const WRONG_TOKEN_POLICY: ThrottlePolicy = {
  kind: 'delay',
  freeFailures: 10,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  resetMs: 15 * 60_000,
};
const TOO_MANY_WRONG_TOKENS = 'Too many wrong API tokens';
const TOKEN_REFUSED = 'Invalid, expired or revoked API token';

const randomText = (length: number) =>
  Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
const hashOf = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** A bearer credential that is an API token (not a signed access token). */
export const isApiToken = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);

interface TokenRow {
  id: number;
  name: string;
  prefix: string;
  scopes: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  last_used_ip: string | null;
  created_by: string | null;
}

function present(row: TokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: JSON.parse(row.scopes) as Permission[],
    created_at: row.created_at,
    created_by: row.created_by,
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
    last_used_ip: row.last_used_ip,
    revoked_at: row.revoked_at,
  };
}

const listed = (db: Db) =>
  db
    .selectFrom('api_tokens as t')
    .leftJoin('admin_users as a', 'a.id', 't.created_by_admin_id')
    .select([
      't.id',
      't.name',
      't.prefix',
      't.scopes',
      't.created_at',
      't.expires_at',
      't.revoked_at',
      't.last_used_at',
      't.last_used_ip',
      'a.username as created_by',
    ]);

export async function listApiTokens(db: Db): Promise<ApiToken[]> {
  const rows = await listed(db).orderBy('t.id', 'desc').limit(1000).execute();
  return rows.map(present);
}

/** What the audit log records of a token (never its secret nor its hash). */
const audited = (t: ApiToken) => ({
  name: t.name,
  prefix: t.prefix,
  scopes: t.scopes,
  expires_at: t.expires_at,
  revoked_at: t.revoked_at,
});

export async function createApiToken(
  db: Db,
  admin: AdminUserRow,
  body: Schemas['ApiTokenCreate'],
  now: Date,
): Promise<Schemas['ApiTokenCreated']> {
  const name = body.name.trim();
  if (name === '') throw invalid(['body', 'name'], 'The name must not be blank');
  const problem = scopeProblem(admin.role, body.scopes);
  if (problem) throw invalid(['body', 'scopes', problem.index], problem.msg);
  const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw invalid(['body', 'expires_at'], 'The expiry must be in the future');
  }
  const prefix = `${API_TOKEN_PREFIX}${randomText(ID_LENGTH)}`;
  const secret = randomText(SECRET_LENGTH);
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('api_tokens')
      .values({
        name,
        prefix,
        secret_hash: hashOf(secret),
        scopes: JSON.stringify(body.scopes),
        created_by_admin_id: admin.id,
        created_at: now.toISOString(),
        expires_at: expiresAt?.toISOString() ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = present(await listed(trx).where('t.id', '=', id).executeTakeFirstOrThrow());
    await recordAudit(
      trx,
      admin,
      { action: 'create', entity: 'api_token', entity_id: id, label: name, after: audited(token) },
      now,
    );
    return { ...token, token: `${prefix}_${secret}` };
  });
}

export async function revokeApiToken(
  db: Db,
  admin: AdminUserRow,
  id: number,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await listed(trx).where('t.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('API token not found');
    if (row.revoked_at !== null) return;
    const before = present(row);
    await trx
      .updateTable('api_tokens')
      .set({ revoked_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
    await recordAudit(
      trx,
      admin,
      {
        action: 'update',
        entity: 'api_token',
        entity_id: id,
        label: row.name,
        before: audited(before),
        after: audited({ ...before, revoked_at: now.toISOString() }),
      },
      now,
    );
  });
}

/** A request's API token, once checked: who answers for it and what it may do. */
export interface ApiTokenAuth {
  id: number;
  name: string;
  scopes: readonly Permission[];
  adminId: number;
}

/**
 * Checks a bearer API token: its format, its secret (compared in constant time), its expiry and
 * revocation; records when and from where it was last used. A wrong one throws 401 and counts
 * against the client's address (429 past the policy); past it, a wrong token gets 429.
 */
export function apiTokenChecker(db: Db, throttle: AuthThrottle, now: () => Date) {
  const refuse = async (ip: string): Promise<never> => {
    await throttle.consume(
      [{ scope: 'api_token', value: ip, policy: WRONG_TOKEN_POLICY }],
      TOO_MANY_WRONG_TOKENS,
    );
    throw unauthorized(TOKEN_REFUSED);
  };
  return async (bearer: string, ip: string): Promise<ApiTokenAuth> => {
    const match = TOKEN_FORMAT.exec(bearer);
    if (!match) return refuse(ip);
    const row = await db
      .selectFrom('api_tokens')
      .select([
        'id',
        'name',
        'scopes',
        'secret_hash',
        'created_by_admin_id',
        'expires_at',
        'revoked_at',
        'last_used_at',
      ])
      .where('prefix', '=', `${API_TOKEN_PREFIX}${match[1]}`)
      .executeTakeFirst();
    const at = now();
    const right =
      row !== undefined &&
      timingSafeEqual(Buffer.from(hashOf(match[2]!), 'hex'), Buffer.from(row.secret_hash, 'hex'));
    if (!row || !right) return refuse(ip);
    if (row.revoked_at !== null || (row.expires_at !== null && new Date(row.expires_at) <= at)) {
      throw unauthorized(TOKEN_REFUSED);
    }
    const stale = new Date(at.getTime() - LAST_USED_EVERY_MS).toISOString();
    if (row.last_used_at === null || row.last_used_at < stale) {
      await db
        .updateTable('api_tokens')
        .set({ last_used_at: at.toISOString(), last_used_ip: ip })
        .where('id', '=', row.id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', stale)]))
        .execute();
    }
    return {
      id: row.id,
      name: row.name,
      scopes: JSON.parse(row.scopes) as Permission[],
      adminId: row.created_by_admin_id,
    };
  };
}

/** Why an API token may not call an operation (null: it may). */
export function apiTokenRefusal(token: ApiTokenAuth, permission: Permission | undefined) {
  if (!permission) return 'API tokens cannot be used for this operation';
  if (!token.scopes.includes(permission)) {
    return `This API token's scopes do not include ${permission}`;
  }
  return null;
}
