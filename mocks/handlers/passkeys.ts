import type {
  Passkey,
  PasskeyCreationOptions,
  PasskeyRegistration,
  PasskeyUpdate,
  TwoFactorStatus,
} from '@generated/model';
import { adminMe, adminPasskeys as fixtures, passkeyCreationOptions } from '../fixtures';
import { conflict } from './conflicts';
import { endpoint, json, newId, noContent, notFound, now } from './endpoint';

const NOT_FOUND = 'Passkey not found';
/** The server's 409 for removing the last second factor of a role that requires one. */
const LAST_REQUIRED_PASSKEY =
  'Your role requires a second factor: set up another one before removing your last passkey';

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
   * challenge of `options`; without one, the server's 422.
   */
  register: endpoint('post', '/admin/auth/me/passkeys', (result?: Passkey) => ({ body }) => {
    if (openChallenges === 0)
      return json(
        {
          detail: [
            {
              loc: ['body', 'response'],
              msg: 'This passkey request has expired or was already used; start again',
              type: 'value_error',
            },
          ],
        },
        422,
      );
    openChallenges -= 1;
    return json(
      result ?? {
        id: newId(),
        name: (body as PasskeyRegistration).name.trim(),
        created_at: now(),
        last_used_at: null,
      },
      201,
    );
  }),
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
          : notFound(NOT_FOUND);
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
        if (!items.some((p) => String(p.id) === params.id)) return notFound(NOT_FOUND);
        if (items.length === 1 && factors.required && !factors.totp)
          return conflict(LAST_REQUIRED_PASSKEY);
        return noContent();
      },
  ),
};
