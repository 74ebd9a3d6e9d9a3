import { endpoint, noContent } from './endpoint';

/** The signed-in admin's own account (My account): password, sessions, second factors. */
export const account = {
  /** PATCH /admin/auth/me/password: 204 (the contract checks the body's shape). */
  changePassword: endpoint('patch', '/admin/auth/me/password', () => () => noContent()),
};
