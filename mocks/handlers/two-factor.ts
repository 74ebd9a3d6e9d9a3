import type {
  OtpConfirmation,
  PasswordConfirmation,
  RecoveryCodes,
  TotpEnrolment,
} from '@generated/model';
import { recoveryCodes, totpEnrolment, validTotpCode } from '../fixtures';
import { endpoint, json, noContent } from './endpoint';
import { conflict, SELF_ID, USER_ERRORS } from './conflicts';

/** The password the mocks take as the signed-in admin's (the fixtures' sign-in password). */
const PASSWORD = 'admin123';

/** A 422 about one field of the body, as the server words it. */
const refused = (field: string, msg: string) =>
  json({ detail: [{ loc: ['body', field], msg, type: 'value_error' }] }, 422);

/**
 * The signed-in admin's authenticator app and recovery codes (My account), and a super admin's
 * reset of another user's second factors.
 */
export const twoFactor = {
  /** POST /admin/auth/me/2fa/totp: a new secret and its otpauth URI. */
  startTotp: endpoint(
    'post',
    '/admin/auth/me/2fa/totp',
    (enrolment: TotpEnrolment = totpEnrolment) =>
      () =>
        json(enrolment),
  ),
  /** POST /admin/auth/me/2fa/totp/confirm: the codes for `code`, else 422 'Incorrect code'. */
  confirmTotp: endpoint(
    'post',
    '/admin/auth/me/2fa/totp/confirm',
    (code: string = validTotpCode, codes: RecoveryCodes = recoveryCodes) =>
      ({ body }) =>
        (body as OtpConfirmation).otp === code ? json(codes) : refused('otp', 'Incorrect code'),
  ),
  /** DELETE /admin/auth/me/2fa/totp (204) with the right password, else 422. */
  disableTotp: endpoint(
    'delete',
    '/admin/auth/me/2fa/totp',
    (password: string = PASSWORD) =>
      ({ body }) =>
        (body as PasswordConfirmation).password === password
          ? noContent()
          : refused('password', 'Incorrect password'),
  ),
  /** POST /admin/auth/me/2fa/recovery-codes: new codes with the right password, else 422. */
  regenerateCodes: endpoint(
    'post',
    '/admin/auth/me/2fa/recovery-codes',
    (password: string = PASSWORD, codes: RecoveryCodes = recoveryCodes) =>
      ({ body }) =>
        (body as PasswordConfirmation).password === password
          ? json(codes)
          : refused('password', 'Incorrect password'),
  ),
  /** DELETE /admin/users/{id}/two-factor (204); 409 for your own account (the stories' admin). */
  resetUser: endpoint(
    'delete',
    '/admin/users/:id/two-factor',
    () =>
      ({ params }) =>
        Number(params.id) === SELF_ID ? conflict(USER_ERRORS.resetOwn) : noContent(),
  ),
};
