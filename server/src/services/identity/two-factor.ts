// Second factors of admins (issue #24, migration 019): an authenticator app (TOTP) with its ten
// recovery codes, and passkeys (services/identity/passkeys.ts); the roles the shop requires one of; the
// sign-in's second step; a super admin's reset of another user's factors.
// - The TOTP secret is sealed with the server's key (jobs/sealed.ts, the magic links' mechanism);
//   an enrolment is pending (confirmed_at null) until a first code proves the app holds it.
//   admin_totp.last_step is the step of the last accepted code: a code passes once.
// - Recovery codes are shown once; only a keyed hash (HMAC under a key derived from the server's
//   secret) is kept, so a copy of the database alone cannot try their ~50 bits offline. Each
//   signs in once (one conditional UPDATE claims it).
// - admin_users.two_factor_enabled = (a confirmed TOTP or a passkey exists), kept by
//   refreshTwoFactorFlag in every transaction that adds or removes one: the access check reads
//   the flag from the cached admin row, without a query.
// - Wrong codes and wrong passwords asked here count against the sign-in's per-username limit
//   (PasswordGuessLimit), so a stolen access token cannot guess faster than the sign-in form.
import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import { verifyPassword } from '../../auth/passwords';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { AdminUserRow } from '../../db/schema';
import { isRole, permissionsOf, ROLES, type AdminRole } from '../../domain/roles';
import { conflict, invalid, notFound } from '../../api/problem';
import { json } from '../../api/present';
import type { Schemas } from '../../api/types';
import { seal, unseal } from '../../jobs/sealed';
import type { PasswordGuessLimit } from './account-password';
import { presentAdminUser } from './admin-users';
import { recordAudit, type AuditActor } from '../platform/audit';
import { TOO_MANY_FAILED_LOGINS } from './auth-throttle';
import { endUserSessions } from './sessions';
import { newTotpSecret, totpStep, totpUri } from './totp';

export const TWO_FACTOR_ERRORS = {
  totpEnrolled: 'An authenticator app is already set up; remove it before setting up another',
  noPendingTotp: 'Start setting up the authenticator app first',
  noTotp: 'No authenticator app is set up',
  lastRequiredFactor:
    'Your role requires two-factor sign-in: add a passkey before removing the authenticator app',
  wrongCode: 'Incorrect code',
  wrongPassword: 'Incorrect password',
  userNotFound: 'User not found',
  resetOwn: 'You cannot reset your own second factors; manage them on My account',
  setupRequired: 'Set up two-factor sign-in to continue',
} as const;

/** The issuer an authenticator app shows when the shop has no legal name yet. */
const DEFAULT_ISSUER = 'Back office';
const RECOVERY_CODE_COUNT = 10;
/** Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_CODE_LENGTH = 10;

type TwoFactorMethod = Schemas['TwoFactorMethod'];

// ---------------------------------------------------------------------------------------------
// The flag and the status

/**
 * Sets admin_users.two_factor_enabled from what the admin holds now (a confirmed authenticator
 * app or a passkey), in the caller's transaction; call it after adding or removing either.
 * Writes only when the flag changes (a write moves the admins data version). Returns the flag.
 */
export async function refreshTwoFactorFlag(trx: Db, adminId: number): Promise<boolean> {
  const [totp, passkey] = await Promise.all([
    trx
      .selectFrom('admin_totp')
      .select('admin_user_id')
      .where('admin_user_id', '=', adminId)
      .where('confirmed_at', 'is not', null)
      .executeTakeFirst(),
    trx
      .selectFrom('admin_passkeys')
      .select('id')
      .where('admin_user_id', '=', adminId)
      .limit(1)
      .executeTakeFirst(),
  ]);
  const enabled = totp !== undefined || passkey !== undefined ? 1 : 0;
  await trx
    .updateTable('admin_users')
    .set({ two_factor_enabled: enabled })
    .where('id', '=', adminId)
    .where('two_factor_enabled', '!=', enabled)
    .execute();
  return enabled === 1;
}

/** The roles of shop_settings.two_factor_required_roles (JSON text), in the matrix's order. */
export function parseRequiredRoles(text: string): AdminRole[] {
  const parsed = json<unknown>(text, []);
  const listed = new Set(Array.isArray(parsed) ? parsed.filter(isRole) : []);
  return ROLES.filter((role) => listed.has(role));
}

/** The roles whose admins must have a second factor (the shop's settings). */
export async function loadRequiredRoles(db: Db): Promise<AdminRole[]> {
  const row = await db
    .selectFrom('shop_settings')
    .select('two_factor_required_roles')
    .where('id', '=', 1)
    .executeTakeFirst();
  return parseRequiredRoles(row?.two_factor_required_roles ?? '[]');
}

/** The shop requires a second factor of admins of this role. */
export async function secondFactorRequired(db: Db, role: AdminRole): Promise<boolean> {
  return (await loadRequiredRoles(db)).includes(role);
}

/**
 * Locks the admin's row until the transaction ends (PostgreSQL; SQLite has one writer), so that
 * two removals of second factors cannot both see the other factor and leave none.
 */
export async function lockAdminFactors(trx: Db, dialect: AppContext['dialect'], adminId: number) {
  const query = trx.selectFrom('admin_users').select('id').where('id', '=', adminId);
  await (dialect === 'postgres' ? query.forUpdate() : query).execute();
}

/** The admin must set a second factor up before anything else. */
export function twoFactorSetupRequired(
  admin: Pick<AdminUserRow, 'role' | 'two_factor_enabled'>,
  requiredRoles: readonly AdminRole[],
): boolean {
  return admin.two_factor_enabled !== 1 && requiredRoles.includes(admin.role);
}

/** What the admin holds as second factors (for /me and the sign-in). */
async function factorsOf(db: Db, adminId: number) {
  const [totp, passkeys, codes] = await Promise.all([
    db
      .selectFrom('admin_totp')
      .select('admin_user_id')
      .where('admin_user_id', '=', adminId)
      .where('confirmed_at', 'is not', null)
      .executeTakeFirst(),
    db
      .selectFrom('admin_passkeys')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('admin_user_id', '=', adminId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('admin_recovery_codes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('admin_user_id', '=', adminId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  const hasTotp = totp !== undefined;
  return {
    totp: hasTotp,
    passkeys: Number(passkeys.n),
    // Codes belong to the app: none count without it.
    recoveryCodesLeft: hasTotp ? Number(codes.n) : 0,
  };
}

/** TwoFactorStatus of /me. */
async function twoFactorStatus(db: Db, admin: AdminUserRow): Promise<Schemas['TwoFactorStatus']> {
  const [factors, requiredRoles] = await Promise.all([
    factorsOf(db, admin.id),
    loadRequiredRoles(db),
  ]);
  const required = requiredRoles.includes(admin.role);
  return {
    totp: factors.totp,
    passkeys: factors.passkeys,
    recovery_codes_left: factors.recoveryCodesLeft,
    required,
    setup_required: required && admin.two_factor_enabled !== 1,
  };
}

/**
 * GET /me: the admin, what their role may do (the server's matrix), their second factors and
 * the session of the access token.
 */
export async function adminMe(
  db: Db,
  admin: AdminUserRow,
  sessionId: string,
): Promise<Schemas['AdminMe']> {
  return {
    ...presentAdminUser(admin),
    permissions: permissionsOf(admin.role),
    two_factor: await twoFactorStatus(db, admin),
    session_id: sessionId,
  };
}

// ---------------------------------------------------------------------------------------------
// Recovery codes

/** A recovery code as shown: ten characters of RECOVERY_ALPHABET in two groups, "k7qm2-x9d4p". */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) {
    code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  }
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

const recoveryKeys = new Map<string, Buffer>();
function recoveryKey(secret: string): Buffer {
  let key = recoveryKeys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, '', 'store admins: recovery codes', 32));
    recoveryKeys.set(secret, key);
  }
  return key;
}

/**
 * The stored form of a recovery code, however it was typed (case, spaces, with or without the
 * hyphen); null for what cannot be one.
 */
function recoveryCodeHash(secret: string, typed: string): string | null {
  const code = typed.toLowerCase().replace(/[\s-]/g, '');
  if (code.length !== RECOVERY_CODE_LENGTH) return null;
  if ([...code].some((c) => !RECOVERY_ALPHABET.includes(c))) return null;
  return createHmac('sha256', recoveryKey(secret)).update(code, 'utf8').digest('hex');
}

/** Replaces every recovery code of the admin by ten new ones; returns them in clear. */
async function replaceRecoveryCodes(
  trx: Db,
  secret: string,
  adminId: number,
  now: Date,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await trx.deleteFrom('admin_recovery_codes').where('admin_user_id', '=', adminId).execute();
  await trx
    .insertInto('admin_recovery_codes')
    .values(
      codes.map((code) => ({
        admin_user_id: adminId,
        code_hash: recoveryCodeHash(secret, code)!,
        used_at: null,
        created_at: now.toISOString(),
      })),
    )
    .execute();
  return codes;
}

// ---------------------------------------------------------------------------------------------
// The audit entries (entity admin_user): what the admin holds before and after, never a secret.

interface FactorsView {
  authenticator_app?: boolean;
  recovery_codes?: string | null;
  passkeys?: number;
  sessions?: string | null;
  two_factor_enabled?: boolean;
}

const unusedCodes = (left: number) => (left > 0 ? `${left} unused` : null);
const NEW_CODES = `${RECOVERY_CODE_COUNT} new`;

function auditFactors(
  trx: Db,
  actor: AuditActor,
  target: Pick<AdminUserRow, 'id' | 'username'>,
  before: FactorsView,
  after: FactorsView,
  now: Date,
) {
  return recordAudit(
    trx,
    actor,
    {
      action: 'update',
      entity: 'admin_user',
      entity_id: target.id,
      label: target.username,
      before: { ...before },
      after: { ...after },
    },
    now,
  );
}

// ---------------------------------------------------------------------------------------------
// The admin's own authenticator app

/** The shop's legal name, as the issuer an authenticator app lists the account under. */
async function issuerName(db: Db): Promise<string> {
  const row = await db
    .selectFrom('shop_settings')
    .select('legal_name')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row?.legal_name?.trim() || DEFAULT_ISSUER;
}

/** A new pending secret (replacing a pending one); 409 when an app is enrolled already. */
export async function startTotpEnrolment(
  ctx: AppContext,
  admin: AdminUserRow,
): Promise<Schemas['TotpEnrolment']> {
  const secret = newTotpSecret();
  const sealed = seal(ctx.config.jwtSecret, secret);
  const now = ctx.now().toISOString();
  // One statement: a confirmed row is left alone (nothing returned), a pending one replaced.
  const stored = await ctx.db
    .insertInto('admin_totp')
    .values({ admin_user_id: admin.id, secret: sealed, confirmed_at: null, created_at: now })
    .onConflict((oc) =>
      oc
        .column('admin_user_id')
        .doUpdateSet({ secret: sealed, last_step: 0, created_at: now })
        .where('admin_totp.confirmed_at', 'is', null),
    )
    .returning('admin_user_id')
    .executeTakeFirst();
  if (!stored) throw conflict(TWO_FACTOR_ERRORS.totpEnrolled);
  return { secret, otpauth_uri: totpUri(secret, await issuerName(ctx.db), admin.username) };
}

/** The per-username count of a wrong code or password asked of a signed-in admin. */
function countGuess(limit: PasswordGuessLimit, admin: AdminUserRow) {
  return limit.throttle.consume(
    [{ scope: limit.scope, value: admin.username.trim().toLowerCase(), policy: limit.policy }],
    TOO_MANY_FAILED_LOGINS,
  );
}

/** 422 on `password` (counted as a failed sign-in) unless it is the admin's. */
async function assertPassword(limit: PasswordGuessLimit, admin: AdminUserRow, password: string) {
  const counted = await countGuess(limit, admin);
  if (!(await verifyPassword(admin.password_hash, password))) {
    throw invalid(['body', 'password'], TWO_FACTOR_ERRORS.wrongPassword);
  }
  await limit.throttle.giveBack(counted);
}

/**
 * Enrols the pending app when `otp` is its code now (422 on otp otherwise, counted as a failed
 * sign-in; 409 without a pending secret); answers ten new recovery codes, this once.
 */
export async function confirmTotpEnrolment(
  ctx: AppContext,
  limit: PasswordGuessLimit,
  admin: AdminUserRow,
  otp: string,
): Promise<Schemas['RecoveryCodes']> {
  const pending = await ctx.db
    .selectFrom('admin_totp')
    .select(['secret', 'confirmed_at'])
    .where('admin_user_id', '=', admin.id)
    .executeTakeFirst();
  if (!pending || pending.confirmed_at !== null) throw conflict(TWO_FACTOR_ERRORS.noPendingTotp);
  const counted = await countGuess(limit, admin);
  const now = ctx.now();
  const step = totpStep(unseal(ctx.config.jwtSecret, pending.secret), otp, now);
  if (step === null) throw invalid(['body', 'otp'], TWO_FACTOR_ERRORS.wrongCode);
  await limit.throttle.giveBack(counted);

  return ctx.db.transaction().execute(async (trx) => {
    await lockAdminFactors(trx, ctx.dialect, admin.id);
    const confirmed = await trx
      .updateTable('admin_totp')
      .set({ confirmed_at: now.toISOString(), last_step: step })
      .where('admin_user_id', '=', admin.id)
      .where('secret', '=', pending.secret)
      .where('confirmed_at', 'is', null)
      .executeTakeFirst();
    // Another request confirmed it, or started a new secret, meanwhile.
    if (Number(confirmed.numUpdatedRows) === 0) throw conflict(TWO_FACTOR_ERRORS.noPendingTotp);
    const codes = await replaceRecoveryCodes(trx, ctx.config.jwtSecret, admin.id, now);
    await refreshTwoFactorFlag(trx, admin.id);
    await auditFactors(
      trx,
      admin,
      admin,
      {
        authenticator_app: false,
        recovery_codes: null,
        two_factor_enabled: admin.two_factor_enabled === 1,
      },
      { authenticator_app: true, recovery_codes: NEW_CODES, two_factor_enabled: true },
      now,
    );
    return { recovery_codes: codes };
  });
}

/**
 * Removes the app and its recovery codes (the password first: 422, counted). 409 when none is
 * enrolled, or when it is the last second factor of an admin whose role requires one.
 */
export async function disableTotp(
  ctx: AppContext,
  limit: PasswordGuessLimit,
  admin: AdminUserRow,
  password: string,
): Promise<void> {
  await assertPassword(limit, admin, password);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await lockAdminFactors(trx, ctx.dialect, admin.id);
    const factors = await factorsOf(trx, admin.id);
    if (!factors.totp) throw conflict(TWO_FACTOR_ERRORS.noTotp);
    if (factors.passkeys === 0 && (await secondFactorRequired(trx, admin.role))) {
      throw conflict(TWO_FACTOR_ERRORS.lastRequiredFactor);
    }
    await trx.deleteFrom('admin_totp').where('admin_user_id', '=', admin.id).execute();
    await trx.deleteFrom('admin_recovery_codes').where('admin_user_id', '=', admin.id).execute();
    const enabled = await refreshTwoFactorFlag(trx, admin.id);
    await auditFactors(
      trx,
      admin,
      admin,
      {
        authenticator_app: true,
        recovery_codes: unusedCodes(factors.recoveryCodesLeft),
        two_factor_enabled: true,
      },
      { authenticator_app: false, recovery_codes: null, two_factor_enabled: enabled },
      now,
    );
  });
}

/** Ten new recovery codes in place of all the old ones (password first); 409 without an app. */
export async function regenerateRecoveryCodes(
  ctx: AppContext,
  limit: PasswordGuessLimit,
  admin: AdminUserRow,
  password: string,
): Promise<Schemas['RecoveryCodes']> {
  await assertPassword(limit, admin, password);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    await lockAdminFactors(trx, ctx.dialect, admin.id);
    const factors = await factorsOf(trx, admin.id);
    if (!factors.totp) throw conflict(TWO_FACTOR_ERRORS.noTotp);
    const codes = await replaceRecoveryCodes(trx, ctx.config.jwtSecret, admin.id, now);
    await auditFactors(
      trx,
      admin,
      admin,
      { recovery_codes: unusedCodes(factors.recoveryCodesLeft) },
      { recovery_codes: NEW_CODES },
      now,
    );
    return { recovery_codes: codes };
  });
}

// ---------------------------------------------------------------------------------------------
// A super admin resets another user's factors

/**
 * Removes the user's app, recovery codes and passkeys, and ends their sessions (they sign in
 * again with their password alone). 404 for an unknown user, 409 for the actor's own account.
 */
export async function resetUserTwoFactor(
  ctx: AppContext,
  actor: AdminUserRow,
  userId: number,
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const target = await trx
      .selectFrom('admin_users')
      .select(['id', 'username', 'two_factor_enabled'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!target) throw notFound(TWO_FACTOR_ERRORS.userNotFound);
    if (target.id === actor.id) throw conflict(TWO_FACTOR_ERRORS.resetOwn);
    await lockAdminFactors(trx, ctx.dialect, target.id);
    const factors = await factorsOf(trx, target.id);
    for (const table of [
      'admin_totp',
      'admin_recovery_codes',
      'admin_passkeys',
      'webauthn_challenges',
    ] as const) {
      await trx.deleteFrom(table).where('admin_user_id', '=', target.id).execute();
    }
    await refreshTwoFactorFlag(trx, target.id);
    await endUserSessions(trx, 'admin', target.id, now);
    await auditFactors(
      trx,
      actor,
      target,
      {
        authenticator_app: factors.totp,
        recovery_codes: unusedCodes(factors.recoveryCodesLeft),
        passkeys: factors.passkeys,
        sessions: null,
        two_factor_enabled: target.two_factor_enabled === 1,
      },
      {
        authenticator_app: false,
        recovery_codes: null,
        passkeys: 0,
        sessions: 'ended',
        two_factor_enabled: false,
      },
      now,
    );
  });
}

// ---------------------------------------------------------------------------------------------
// The sign-in's second step

/** The ways the admin can pass the second step; empty when they have no second factor. */
export async function signInMethods(db: Db, adminId: number): Promise<TwoFactorMethod[]> {
  const factors = await factorsOf(db, adminId);
  const methods: TwoFactorMethod[] = [];
  if (factors.totp) methods.push('totp');
  if (factors.recoveryCodesLeft > 0) methods.push('recovery_code');
  if (factors.passkeys > 0) methods.push('passkey');
  return methods;
}

/**
 * Uses `otp` as the admin's second step: a 6-digit code of their app, accepted once (a code of a
 * step already used is refused), or one of their unused recovery codes, used up. Returns which
 * it was, or null when it is neither.
 */
export async function redeemSignInCode(
  ctx: Pick<AppContext, 'db' | 'config'>,
  adminId: number,
  otp: string,
  now: Date,
): Promise<'totp' | 'recovery_code' | null> {
  const secret = ctx.config.jwtSecret;
  if (/^\d{6}$/.test(otp.trim())) {
    const totp = await ctx.db
      .selectFrom('admin_totp')
      .select(['secret', 'last_step'])
      .where('admin_user_id', '=', adminId)
      .where('confirmed_at', 'is not', null)
      .executeTakeFirst();
    if (!totp) return null;
    const step = totpStep(unseal(secret, totp.secret), otp.trim(), now);
    if (step === null) return null;
    // Claimed with one conditional UPDATE: the same code sent twice, even at once, passes once.
    const claimed = await ctx.db
      .updateTable('admin_totp')
      .set({ last_step: step })
      .where('admin_user_id', '=', adminId)
      .where('last_step', '<', step)
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) > 0 ? 'totp' : null;
  }
  const hash = recoveryCodeHash(secret, otp);
  if (hash === null) return null;
  const used = await ctx.db
    .updateTable('admin_recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('admin_user_id', '=', adminId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    // Codes outlive nothing: without a confirmed app they are gone (disableTotp), but check.
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('admin_totp')
          .select('admin_user_id')
          .where('admin_totp.admin_user_id', '=', adminId)
          .where('admin_totp.confirmed_at', 'is not', null),
      ),
    )
    .executeTakeFirst();
  return Number(used.numUpdatedRows) > 0 ? 'recovery_code' : null;
}
