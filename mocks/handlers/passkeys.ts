import type {
  Passkey,
  PasskeyCreationOptions,
  PasskeyRegistration,
  PasskeyUpdate,
  TwoFactorStatus,
} from '@generated/model';
import { adminMe, adminPasskeys as fixtures, passkeyCreationOptions } from '../fixtures';
import { MAX_PASSKEYS, PASSKEY_ERRORS } from '../../server/src/domain/passkeys';
import { conflict } from './conflicts';
import { endpoint, json, newId, noContent, notFound, now } from './endpoint';

/** Passkeys registered on the server when a registration arrives. */
export interface RegisteredPasskeys {
  /** The signed-in admin's own (at most MAX_PASSKEYS). */
  mine: readonly Passkey[];
  /** The credential ids registered to anyone (the response's `id` must be none of them). */
  credentialIds: readonly string[];
}

/** The fixtures: the signed-in admin's passkeys, whose credentials the creation options exclude. */
const FIXTURE_PASSKEYS: RegisteredPasskeys = {
  mine: fixtures,
  // The contract leaves the options open (the library's shape); the fixture lists them.
  credentialIds: (passkeyCreationOptions.excludeCredentials as { id: string }[]).map((c) => c.id),
};

/**
 * Registration challenges handed out and not used yet: the server takes a registration only
 * against one (422 otherwise) and keeps at most 5 per admin. The mocks verify no WebAuthn answer.
 */
let openChallenges = 0;
const OPEN_CHALLENGES = 5;

/** Forgets the challenges handed out (a new story, a new server in a test). */
export const resetPasskeyState = () => {
  openChallenges = 0;
};

/** The signed-in admin's passkeys (My account). */
export const passkeys = {
  /** GET /admin/auth/me/passkeys: the admin's passkeys, oldest first. */
  list: endpoint(
    'get',
    '/admin/auth/me/passkeys',
    (items: readonly Passkey[] = fixtures) =>
      () =>
        json(items),
  ),
  /** POST /admin/auth/me/passkeys/options: creation options for startRegistration. */
  options: endpoint(
    'post',
    '/admin/auth/me/passkeys/options',
    (options: PasskeyCreationOptions = passkeyCreationOptions) =>
      () => {
        openChallenges = Math.min(openChallenges + 1, OPEN_CHALLENGES);
        return json(options);
      },
  ),
  /**
   * POST /admin/auth/me/passkeys (201): the passkey kept under the trimmed name, against a
   * challenge of `options`; without one, the server's 422. The challenge is used whatever comes
   * next, as on the server; then its 409s: the admin has MAX_PASSKEYS of `registered.mine`, or
   * the response's credential is one of `registered.credentialIds` (default: the fixtures').
   */
  register: endpoint(
    'post',
    '/admin/auth/me/passkeys',
    (result?: Passkey, registered: RegisteredPasskeys = FIXTURE_PASSKEYS) =>
      ({ body }) => {
        const registration = body as PasskeyRegistration;
        if (openChallenges === 0)
          return json(
            {
              detail: [
                { loc: ['body', 'response'], msg: PASSKEY_ERRORS.challenge, type: 'value_error' },
              ],
            },
            422,
          );
        openChallenges -= 1;
        if (registered.mine.length >= MAX_PASSKEYS) return conflict(PASSKEY_ERRORS.tooMany);
        if (registered.credentialIds.includes(registration.response.id))
          return conflict(PASSKEY_ERRORS.alreadyRegistered);
        return json(
          result ?? {
            id: newId(),
            name: registration.name.trim(),
            created_at: now(),
            last_used_at: null,
          },
          201,
        );
      },
  ),
  /**
   * PATCH /admin/auth/me/passkeys/{id}: `result`, or the fixture with that id renamed (else
   * 404).
   */
  rename: endpoint(
    'patch',
    '/admin/auth/me/passkeys/:id',
    (result?: Passkey) =>
      ({ params, body }) => {
        if (result !== undefined) return json(result);
        const passkey = fixtures.find((p) => String(p.id) === params.id);
        return passkey
          ? json({ ...passkey, name: (body as PasskeyUpdate).name.trim() })
          : notFound(PASSKEY_ERRORS.notFound);
      },
  ),
  /**
   * DELETE /admin/auth/me/passkeys/{id} (204) of one of `items` (default: the fixtures), else
   * 404; 409 when it is the admin's last second factor (no other passkey, no authenticator app)
   * and their role requires one (`factors`, default: the fixtures' signed-in admin, not required).
   */
  delete: endpoint(
    'delete',
    '/admin/auth/me/passkeys/:id',
    (
      items: readonly Passkey[] = fixtures,
      factors: Pick<TwoFactorStatus, 'totp' | 'required'> = adminMe.two_factor,
    ) =>
      ({ params }) => {
        if (!items.some((p) => String(p.id) === params.id))
          return notFound(PASSKEY_ERRORS.notFound);
        if (items.length === 1 && factors.required && !factors.totp)
          return conflict(PASSKEY_ERRORS.lastRequired);
        return noContent();
      },
  ),
};
