import type {
  AdminUser,
  OtpConfirmation,
  PasswordConfirmation,
  RecoveryCodes,
  TotpEnrolment,
  TwoFactorStatus,
} from '@generated/model';
import { adminMe, adminUsers, recoveryCodes, totpEnrolment, validTotpCode } from '../fixtures';
import { MOCK_PASSWORD } from './account';
import { endpoint, json, noContent, notFound } from './endpoint';
import { conflict, SELF_ID, USER_ERRORS } from './conflicts';

/**
 * Whether the signed-in admin started setting up an authenticator app that is not confirmed yet:
 * the server refuses a confirmation without one (409). Shared by every startTotp / confirmTotp
 * handler; a story reaches the confirmation only through the start, as the screen does.
 */
let totpPending = false;

/** Forgets a setting up started (a new story, a new server in a test). */
export const resetTwoFactorState = () => {
  totpPending = false;
};

/** The server's 409s of the admin's own app (services/identity/two-factor.ts, in its words). */
const TWO_FACTOR_CONFLICTS = {
  /** Removing the app, or new recovery codes, of an admin without one. */
  noTotp: 'No authenticator app is set up',
  /** Setting up an app while one is set up. */
  totpEnrolled: 'An authenticator app is already set up; remove it before setting up another',
  /** Removing the app of an admin whose role requires a second factor, with no passkey. */
  lastRequiredFactor:
    'Your role requires two-factor sign-in: add a passkey before removing the authenticator app',
} as const;
const NO_TOTP = TWO_FACTOR_CONFLICTS.noTotp;

/**
 * The signed-in admin's second factors as /me reports them: `true`/`false` says only whether an
 * app is set up, the rest as the fixtures' signed-in admin (adminMe: no passkey, not required).
 */
export type Factors = Pick<TwoFactorStatus, 'totp' | 'passkeys' | 'required'>;
const factorsOf = (given: boolean | Factors): Factors =>
  typeof given === 'boolean' ? { ...adminMe.two_factor, totp: given } : given;

/** A 422 about one field of the body, as the server words it. */
const refused = (field: string, msg: string) =>
  json({ detail: [{ loc: ['body', field], msg, type: 'value_error' }] }, 422);

/**
 * The signed-in admin's authenticator app and recovery codes (My account), and a super admin's
 * reset of another user's second factors.
 */
export const twoFactor = {
  /**
   * POST /admin/auth/me/2fa/totp: a new secret and its otpauth URI; 409 when an app is set up
   * already (`enrolled`, default: as the fixtures' signed-in admin, who has none).
   */
  startTotp: endpoint(
    'post',
    '/admin/auth/me/2fa/totp',
    (enrolment: TotpEnrolment = totpEnrolment, enrolled: boolean = adminMe.two_factor.totp) =>
      () => {
        if (enrolled) return conflict(TWO_FACTOR_CONFLICTS.totpEnrolled);
        totpPending = true;
        return json(enrolment);
      },
  ),
  /**
   * POST /admin/auth/me/2fa/totp/confirm: the codes for `code`, else 422 'Incorrect code'; 409
   * when no setting up was started (or it was confirmed already).
   */
  confirmTotp: endpoint(
    'post',
    '/admin/auth/me/2fa/totp/confirm',
    (code: string = validTotpCode, codes: RecoveryCodes = recoveryCodes) =>
      ({ body }) => {
        if (!totpPending) return conflict('Start setting up the authenticator app first');
        if ((body as OtpConfirmation).otp !== code) return refused('otp', 'Incorrect code');
        totpPending = false;
        return json(codes);
      },
  ),
  /**
   * DELETE /admin/auth/me/2fa/totp (204) with the right password, else 422; then 409 when the
   * admin has no app, or when the app is the last second factor (no passkey) of an admin whose
   * role requires one (`factors`, default: the fixtures' signed-in admin, who has none).
   */
  disableTotp: endpoint(
    'delete',
    '/admin/auth/me/2fa/totp',
    (password: string = MOCK_PASSWORD, factors: boolean | Factors = adminMe.two_factor) =>
      ({ body }) => {
        if ((body as PasswordConfirmation).password !== password)
          return refused('password', 'Incorrect password');
        const { totp, passkeys, required } = factorsOf(factors);
        if (!totp) return conflict(NO_TOTP);
        if (passkeys === 0 && required) return conflict(TWO_FACTOR_CONFLICTS.lastRequiredFactor);
        return noContent();
      },
  ),
  /**
   * POST /admin/auth/me/2fa/recovery-codes: new codes with the right password, else 422; then
   * 409 when the admin has no app (`enrolled`, as for disableTotp).
   */
  regenerateCodes: endpoint(
    'post',
    '/admin/auth/me/2fa/recovery-codes',
    (
      password: string = MOCK_PASSWORD,
      codes: RecoveryCodes = recoveryCodes,
      enrolled: boolean = adminMe.two_factor.totp,
    ) =>
      ({ body }) => {
        if ((body as PasswordConfirmation).password !== password)
          return refused('password', 'Incorrect password');
        return enrolled ? json(codes) : conflict(NO_TOTP);
      },
  ),
  /**
   * DELETE /admin/users/{id}/two-factor (204) of one of `users` (default: the fixtures), else 404;
   * 409 for your own account (the stories' admin).
   */
  resetUser: endpoint(
    'delete',
    '/admin/users/:id/two-factor',
    (users: readonly AdminUser[] = adminUsers) =>
      ({ params }) => {
        if (!users.some((u) => String(u.id) === params.id)) return notFound('User not found');
        return Number(params.id) === SELF_ID ? conflict(USER_ERRORS.resetOwn) : noContent();
      },
  ),
};
