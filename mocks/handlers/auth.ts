import type {
  AdminLoginRequest,
  AdminMe,
  AdminUser,
  LoginProblem,
  TokenPair,
} from '@generated/model';
import {
  adminMe,
  customerTokenPair,
  meOf,
  recoveryCodes,
  tokenPair,
  twoFactorAsked,
  validTotpCode,
} from '../fixtures';
import { mockAdminToken, roleOfRefreshToken } from './access';
import { endpoint, json, noContent } from './endpoint';

export const auth = {
  /** POST /admin/auth/login: any username and password sign in. */
  login: endpoint(
    'post',
    '/admin/auth/login',
    (tokens: TokenPair = tokenPair) =>
      () =>
        json(tokens),
  ),
  /** POST /admin/auth/login, succeeding only for these credentials (else 401 like the server). */
  loginAs: endpoint(
    'post',
    '/admin/auth/login',
    (username = 'admin', password = 'admin123') =>
      ({ body }) => {
        const sent = body as Partial<AdminLoginRequest> | undefined;
        return sent?.username === username && sent?.password === password
          ? json(tokenPair)
          : json({ detail: 'Incorrect username or password' }, 401);
      },
  ),
  /**
   * POST /admin/auth/login of an admin with a second factor (any username and password): signs
   * in with one of `codes` as `otp`; without one 401 `asked`, with another 401 'Incorrect code'.
   */
  loginTwoFactor: endpoint(
    'post',
    '/admin/auth/login',
    (
      asked: LoginProblem = twoFactorAsked,
      codes: readonly string[] = [validTotpCode, ...recoveryCodes.recovery_codes],
    ) =>
      ({ body }) => {
        const { otp } = body as AdminLoginRequest;
        if (otp === undefined) return json(asked, 401);
        if (codes.includes(otp.trim())) return json(tokenPair);
        return json({ ...asked, detail: 'Incorrect code' }, 401);
      },
  ),
  /** GET /admin/auth/me: a plain user gets its role's permissions and no second factor (meOf). */
  me: endpoint(
    'get',
    '/admin/auth/me',
    (user: AdminUser | AdminMe = adminMe) =>
      () =>
        json('permissions' in user ? user : meOf(user)),
  ),
  /**
   * POST /admin/auth/refresh: a new pair each time, for the session the refresh token belongs to:
   * an admin of another role than super admin stays one (as the server keeps the session's user).
   */
  refresh: endpoint('post', '/admin/auth/refresh', (tokens?: TokenPair) => ({ url }) => {
    if (tokens) return json(tokens);
    const role = roleOfRefreshToken(url.searchParams.get('refresh_token'));
    const stamp = Date.now();
    if (role === 'super_admin')
      return json({
        ...tokenPair,
        access_token: `mock-access-token-${stamp}`,
        refresh_token: `mock-refresh-token-${stamp}-rotated`,
      });
    const access = `${mockAdminToken(role)}-${stamp}`;
    return json({ ...tokenPair, access_token: access, refresh_token: `${access}-refresh-rotated` });
  }),
  /** POST /admin/auth/logout?refresh_token=…: 204 whatever the token, like the server. */
  logout: endpoint('post', '/admin/auth/logout', () => () => noContent()),
  /** POST /auth/logout?refresh_token=… (customers): 204 whatever the token. */
  customerLogout: endpoint('post', '/auth/logout', () => () => noContent()),
  /** POST /auth/verify-magic-link: any token and e-mail sign a customer in. */
  verifyMagicLink: endpoint(
    'post',
    '/auth/verify-magic-link',
    (tokens: TokenPair = customerTokenPair) =>
      () =>
        json(tokens),
  ),
};
