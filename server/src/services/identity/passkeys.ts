// Passkeys (WebAuthn) as an admin's second factor (issue #24), with @simplewebauthn/server.
// - Relying party: PUBLIC_URL's host name is the RP ID and its origin the only origin accepted,
//   so a passkey made for this shop signs in nowhere else (and the console must be served there).
// - Challenges: each options answer stores its challenge (as a SHA-256 hash) for 5 minutes. A
//   response names its challenge in its clientDataJSON; that row is deleted, committed, before
//   the response is verified, so a challenge is used once whatever the outcome (a replayed or
//   retried response finds none). An admin keeps at most a few open challenges per purpose.
// - Counters: a sign-in must show a counter above the stored one (unless the authenticator
//   keeps none, 0, as synced passkeys do); the update is conditional, so two sign-ins racing with
//   one counter value cannot both pass.
// - admin_users.two_factor_enabled follows every registration and removal (refreshTwoFactorFlag).
import { createHash } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { AdminUserRow, Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/transaction';
import { conflict, invalid, notFound } from '../../api/problem';
import { AUTHENTICATOR_SELECTION, MAX_PASSKEYS, PASSKEY_ERRORS } from '../../domain/passkeys';
import type { Body, Schemas } from '../../api/types';
import { recordAudit } from '../platform/audit';
import { loadShopSettings } from '../platform/shop-settings';
import { requiredText } from '../platform/text-input';
import { lockAdminFactors, refreshTwoFactorFlag, secondFactorRequired } from './two-factor';

// The bound and the texts live in the domain, where the mocks read them too.
export { MAX_PASSKEYS, PASSKEY_ERRORS };

type Passkey = Schemas['Passkey'];
type PasskeyRow = Selectable<Database['admin_passkeys']>;
type Purpose = Database['webauthn_challenges']['purpose'];
/** What the passkey functions need of the app: its database, PUBLIC_URL and clock. */
export type PasskeyContext = Pick<AppContext, 'db' | 'dialect' | 'config' | 'now'>;

/** How long a challenge (and the browser's prompt) lasts. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Open challenges kept per admin and purpose (a few tabs or retries; older ones are dropped). */
const OPEN_CHALLENGES = 5;

/** The relying party: PUBLIC_URL's host and origin, named after the shop. */
function relyingParty(config: AppContext['config']) {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, origin: url.origin };
}

function challengeHash(challenge: string): string {
  return createHash('sha256').update(challenge, 'utf8').digest('hex');
}

function presentPasskey(
  row: Pick<PasskeyRow, 'id' | 'name' | 'created_at' | 'last_used_at'>,
): Passkey {
  return {
    id: Number(row.id),
    name: row.name,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
  };
}

function passkeysOf(db: Db, adminId: number) {
  return db
    .selectFrom('admin_passkeys')
    .selectAll()
    .where('admin_user_id', '=', adminId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

function transportsOf(row: Pick<PasskeyRow, 'transports'>): string[] | undefined {
  if (row.transports === null) return undefined;
  const parsed: unknown = JSON.parse(row.transports);
  return Array.isArray(parsed)
    ? parsed.filter((t): t is string => typeof t === 'string')
    : undefined;
}

/** Stores an options answer's challenge, dropping the admin's expired and oldest open ones. */
async function storeChallenge(
  db: Kysely<Database>,
  adminId: number,
  purpose: Purpose,
  challenge: string,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('webauthn_challenges')
      .where('admin_user_id', '=', adminId)
      .where('expires_at', '<=', now.toISOString())
      .execute();
    await trx
      .insertInto('webauthn_challenges')
      .values({
        admin_user_id: adminId,
        purpose,
        challenge: challengeHash(challenge),
        expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
    await trx
      .deleteFrom('webauthn_challenges')
      .where('admin_user_id', '=', adminId)
      .where('purpose', '=', purpose)
      .where(
        'id',
        'not in',
        trx
          .selectFrom('webauthn_challenges')
          .select('id')
          .where('admin_user_id', '=', adminId)
          .where('purpose', '=', purpose)
          .orderBy('id', 'desc')
          .limit(OPEN_CHALLENGES),
      )
      .execute();
  });
}

/** The challenge a response signed (from its clientDataJSON), or null when unreadable. */
function signedChallenge(response: Schemas['WebAuthnResponse']): string | null {
  const clientDataJSON = response.response.clientDataJSON;
  if (typeof clientDataJSON !== 'string' || !isoBase64URL.isBase64URL(clientDataJSON)) return null;
  try {
    const data: unknown = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length <= 512 ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Deletes (commits) the open challenge a response signed and answers it, or null when there is
 * none for this admin and purpose or it has expired. Done before verifying, on the database
 * itself (never in the caller's transaction): a challenge is used up whatever follows.
 */
async function consumeChallenge(
  ctx: PasskeyContext,
  adminId: number,
  purpose: Purpose,
  response: Schemas['WebAuthnResponse'],
): Promise<string | null> {
  const challenge = signedChallenge(response);
  if (challenge === null) return null;
  const row = await ctx.db
    .deleteFrom('webauthn_challenges')
    .where('admin_user_id', '=', adminId)
    .where('purpose', '=', purpose)
    .where('challenge', '=', challengeHash(challenge))
    .returning('expires_at')
    .executeTakeFirst();
  if (!row || row.expires_at <= ctx.now().toISOString()) return null;
  return challenge;
}

/**
 * Serialises the admin's second-factor writes (the 20-passkey bound, the last-factor rule) with
 * lockAdminFactors, and answers whether a second factor is on as the locked row says.
 */
async function lockAdmin(trx: Db, dialect: AppContext['dialect'], adminId: number) {
  await lockAdminFactors(trx, dialect, adminId);
  const row = await trx
    .selectFrom('admin_users')
    .select('two_factor_enabled')
    .where('id', '=', adminId)
    .executeTakeFirstOrThrow();
  return { twoFactorEnabled: row.two_factor_enabled === 1 };
}

/** What a passkey change shows in the audit log (services/identity/two-factor.ts's vocabulary). */
interface PasskeysView {
  passkeys?: number;
  passkey?: string | null;
  two_factor_enabled?: boolean;
}

/**
 * The log has no passkey entity: a change is recorded on the admin (entity admin_user) with how
 * many passkeys they hold, the name of the one changed and whether a second factor is on.
 */
function auditPasskeys(trx: Db, admin: AdminUserRow, before: PasskeysView, after: PasskeysView) {
  return recordAudit(trx, admin, {
    action: 'update',
    entity: 'admin_user',
    entity_id: admin.id,
    label: admin.username,
    before: { ...before },
    after: { ...after },
  });
}

// ---------------------------------------------------------------------------------------------
// My account: list, register, rename, remove

export async function listMyPasskeys(db: Db, admin: AdminUserRow): Promise<Passkey[]> {
  return (await passkeysOf(db, admin.id)).map(presentPasskey);
}

/** Creation options for the browser's startRegistration; the challenge is kept 5 minutes. */
export async function startPasskeyRegistration(
  ctx: PasskeyContext,
  admin: AdminUserRow,
): Promise<Schemas['PasskeyCreationOptions']> {
  const rp = relyingParty(ctx.config);
  const [settings, existing] = await Promise.all([
    loadShopSettings(ctx.db),
    passkeysOf(ctx.db, admin.id),
  ]);
  const options = await generateRegistrationOptions({
    rpName: settings.legal_name?.trim() || 'Back office',
    rpID: rp.id,
    // A stable handle per admin: an authenticator asked again for the same admin replaces its
    // passkey instead of keeping two. The id is opaque enough (no name, no e-mail).
    userID: isoUint8Array.fromUTF8String(`admin:${admin.id}`),
    userName: admin.username,
    userDisplayName: admin.full_name,
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
    authenticatorSelection: AUTHENTICATOR_SELECTION,
  });
  await storeChallenge(ctx.db, admin.id, 'registration', options.challenge, ctx.now());
  // Every field as the library made it (the contract lets them all through).
  const wire: Schemas['PasskeyCreationOptions'] = { ...options };
  return wire;
}

/**
 * Verifies what startRegistration answered and keeps the passkey under its name (trimmed). 422
 * on response when the challenge is unknown, used or expired, or the response does not verify;
 * 409 when the credential is registered already (to anyone) or the admin has 20.
 */
export async function registerPasskey(
  ctx: PasskeyContext,
  admin: AdminUserRow,
  input: Body<'registerPasskey'>,
): Promise<Passkey> {
  const name = requiredText(input.name, 'name', PASSKEY_ERRORS.nameBlank);
  const challenge = await consumeChallenge(ctx, admin.id, 'registration', input.response);
  if (challenge === null) throw invalid(['body', 'response'], PASSKEY_ERRORS.challenge);
  const rp = relyingParty(ctx.config);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // A second factor after the password: presence is enough, verification (PIN, biometrics)
      // is asked for ('preferred') but not required of every authenticator.
      requireUserVerification: false,
    });
  } catch {
    throw invalid(['body', 'response'], PASSKEY_ERRORS.notVerified);
  }
  if (!verification.verified) throw invalid(['body', 'response'], PASSKEY_ERRORS.notVerified);
  const { credential } = verification.registrationInfo;
  const now = ctx.now().toISOString();

  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const locked = await lockAdmin(trx, ctx.dialect, admin.id);
      const before = await passkeysOf(trx, admin.id);
      if (before.length >= MAX_PASSKEYS) throw conflict(PASSKEY_ERRORS.tooMany);
      const taken = await trx
        .selectFrom('admin_passkeys')
        .select('id')
        .where('credential_id', '=', credential.id)
        .executeTakeFirst();
      if (taken) throw conflict(PASSKEY_ERRORS.alreadyRegistered);
      const row = await trx
        .insertInto('admin_passkeys')
        .values({
          admin_user_id: admin.id,
          credential_id: credential.id,
          public_key: isoBase64URL.fromBuffer(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ? JSON.stringify(credential.transports) : null,
          name,
          created_at: now,
          last_used_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const enabled = await refreshTwoFactorFlag(trx, admin.id);
      await auditPasskeys(
        trx,
        admin,
        { passkeys: before.length, passkey: null, two_factor_enabled: locked.twoFactorEnabled },
        { passkeys: before.length + 1, passkey: name, two_factor_enabled: enabled },
      );
      return presentPasskey(row);
    });
  } catch (e) {
    // Two registrations of one credential racing: the UNIQUE constraint decides.
    if (isUniqueViolation(e)) throw conflict(PASSKEY_ERRORS.alreadyRegistered);
    throw e;
  }
}

async function ownPasskey(db: Db, admin: AdminUserRow, id: number) {
  const row = await db
    .selectFrom('admin_passkeys')
    .selectAll()
    .where('id', '=', id)
    .where('admin_user_id', '=', admin.id)
    .executeTakeFirst();
  if (!row) throw notFound(PASSKEY_ERRORS.notFound);
  return row;
}

export async function renamePasskey(
  ctx: PasskeyContext,
  admin: AdminUserRow,
  id: number,
  input: Body<'renamePasskey'>,
): Promise<Passkey> {
  const name = requiredText(input.name, 'name', PASSKEY_ERRORS.nameBlank);
  return ctx.db.transaction().execute(async (trx) => {
    await lockAdmin(trx, ctx.dialect, admin.id);
    const before = await ownPasskey(trx, admin, id);
    const row = await trx
      .updateTable('admin_passkeys')
      .set({ name })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditPasskeys(trx, admin, { passkey: before.name }, { passkey: name });
    return presentPasskey(row);
  });
}

/**
 * Removes a passkey; 409 when it is the admin's last second factor (no confirmed TOTP, no other
 * passkey) and the shop requires one for their role.
 */
export async function deletePasskey(
  ctx: PasskeyContext,
  admin: AdminUserRow,
  id: number,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockAdmin(trx, ctx.dialect, admin.id);
    const removed = await ownPasskey(trx, admin, id);
    const passkeys = (await passkeysOf(trx, admin.id)).length;
    if (passkeys === 1 && (await secondFactorRequired(trx, admin.role))) {
      const totp = await trx
        .selectFrom('admin_totp')
        .select('admin_user_id')
        .where('admin_user_id', '=', admin.id)
        .where('confirmed_at', 'is not', null)
        .executeTakeFirst();
      if (!totp) throw conflict(PASSKEY_ERRORS.lastRequired);
    }
    await trx.deleteFrom('admin_passkeys').where('id', '=', id).execute();
    const enabled = await refreshTwoFactorFlag(trx, admin.id);
    await auditPasskeys(
      trx,
      admin,
      { passkeys, passkey: removed.name, two_factor_enabled: locked.twoFactorEnabled },
      { passkeys: passkeys - 1, passkey: null, two_factor_enabled: enabled },
    );
  });
}

// ---------------------------------------------------------------------------------------------
// The sign-in's second step (called by adminLogin, routes/auth.ts)

/**
 * The request options for startAuthentication when an admin whose password was right has
 * passkeys (allowCredentials: theirs), storing the challenge for 5 minutes (single use); null
 * when they have none. Goes into the 401's `passkey_options`.
 */
export async function passkeySignInOptions(
  ctx: PasskeyContext,
  adminId: number,
): Promise<Schemas['PasskeyRequestOptions'] | null> {
  const passkeys = await passkeysOf(ctx.db, adminId);
  if (passkeys.length === 0) return null;
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx.config).id,
    allowCredentials: passkeys.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
    timeout: CHALLENGE_TTL_MS,
    userVerification: AUTHENTICATOR_SELECTION.userVerification,
  });
  await storeChallenge(ctx.db, adminId, 'authentication', options.challenge, ctx.now());
  const wire: Schemas['PasskeyRequestOptions'] = { ...options };
  return wire;
}

/**
 * Whether `response` (what startAuthentication answered, the login's `passkey`) proves one of
 * this admin's passkeys: the challenge it signed was handed to this admin by
 * passkeySignInOptions, is unexpired and is used up now (whatever the result); origin, RP ID,
 * signature and counter check out. On success the passkey's counter and last_used_at are
 * saved. Never throws for a bad response (false); the caller answers the 401.
 */
export async function verifyPasskeySignIn(
  ctx: PasskeyContext,
  adminId: number,
  response: Schemas['WebAuthnResponse'],
): Promise<boolean> {
  const challenge = await consumeChallenge(ctx, adminId, 'authentication', response);
  if (challenge === null) return false;
  const passkey = await ctx.db
    .selectFrom('admin_passkeys')
    .selectAll()
    .where('admin_user_id', '=', adminId)
    .where('credential_id', '=', response.id)
    .executeTakeFirst();
  if (!passkey) return false;
  const rp = relyingParty(ctx.config);
  let newCounter: number;
  try {
    const verification = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: isoBase64URL.toBuffer(passkey.public_key),
        counter: Number(passkey.counter),
        transports: transportsOf(passkey),
      },
      requireUserVerification: false,
    });
    if (!verification.verified) return false;
    newCounter = verification.authenticationInfo.newCounter;
  } catch {
    // Bad signature, origin, RP ID, a counter that did not grow, or a malformed response.
    return false;
  }
  let update = ctx.db
    .updateTable('admin_passkeys')
    .set({ counter: newCounter, last_used_at: ctx.now().toISOString() })
    .where('id', '=', passkey.id);
  // A sign-in racing with the same counter value loses (authenticators without one send 0).
  if (newCounter > 0) update = update.where('counter', '<', newCounter);
  const updated = await update.executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}
