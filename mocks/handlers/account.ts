import type { PasswordChange } from '@generated/model';
import { endpoint, json, noContent } from './endpoint';

/** The password the mocks take as the signed-in admin's (the fixtures' sign-in password). */
export const MOCK_PASSWORD = 'admin123';

/** The signed-in admin's own account (My account): password, sessions, second factors. */
export const account = {
  /**
   * PATCH /admin/auth/me/password: 204 when `current_password` is `password` (default the
   * fixtures' sign-in password), else the server's 422 on that field.
   */
  changePassword: endpoint(
    'patch',
    '/admin/auth/me/password',
    (password: string = MOCK_PASSWORD) =>
      ({ body }) =>
        (body as PasswordChange).current_password === password
          ? noContent()
          : json(
              {
                detail: [
                  {
                    loc: ['body', 'current_password'],
                    msg: 'Current password is incorrect',
                    type: 'value_error',
                  },
                ],
              },
              422,
            ),
  ),
};
