import type {
  Passkey,
  PasskeyCreationOptions,
  PasskeyRegistration,
  PasskeyUpdate,
} from '@generated/model';
import { adminPasskeys as fixtures, passkeyCreationOptions } from '../fixtures';
import { endpoint, json, newId, noContent, now } from './endpoint';

/** The signed-in admin's passkeys (My account). The mocks verify no WebAuthn answer. */
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
      () =>
        json(options),
  ),
  /** POST /admin/auth/me/passkeys (201): the passkey kept under the trimmed name. */
  register: endpoint(
    'post',
    '/admin/auth/me/passkeys',
    (result?: Passkey) =>
      ({ body }) =>
        json(
          result ?? {
            id: newId(),
            name: (body as PasskeyRegistration).name.trim(),
            created_at: now(),
            last_used_at: null,
          },
          201,
        ),
  ),
  /** PATCH /admin/auth/me/passkeys/{id}: renamed (the fixture with that id, else the first). */
  rename: endpoint(
    'patch',
    '/admin/auth/me/passkeys/:id',
    (result?: Passkey) =>
      ({ params, body }) =>
        json(
          result ?? {
            ...(fixtures.find((p) => String(p.id) === params.id) ?? fixtures[0]!),
            name: (body as PasskeyUpdate).name.trim(),
          },
        ),
  ),
  /** DELETE /admin/auth/me/passkeys/{id} (204). */
  delete: endpoint('delete', '/admin/auth/me/passkeys/:id', () => () => noContent()),
};
