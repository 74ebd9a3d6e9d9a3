// The second step of an admin sign-in (issue #24), once the password proved right. Sign-in stays
// one call: an admin with a second factor sends `otp` (a code of their authenticator app or one
// of their recovery codes) or `passkey` with the username and password.
// - Nothing sent: 401 two_factor_required, with the methods they can use (and, with passkeys,
//   fresh passkey_options). The attempt is uncounted (the password was right) without forgetting
//   earlier failures (giveBack): knowing the password never resets the count of wrong codes.
// - A wrong, reused or unknown code or passkey: the same 401 with why, and the attempt stays
//   counted like a wrong password, so codes cannot be guessed faster than passwords.
// The caller forgets the failures (release) only when the whole sign-in succeeded.
import type { AppContext } from '../../context';
import type { AdminUserRow } from '../../db/schema';
import { HttpProblem } from '../../api/problem';
import type { Schemas } from '../../api/types';
import type { AuthThrottle, Reservation } from './auth-throttle';
import { passkeySignInOptions, verifyPasskeySignIn } from './passkeys';
import { signInMethods, redeemSignInCode } from './two-factor';

const SIGN_IN_STEP = {
  askCode: 'Enter the code from your authenticator app',
  askPasskey: 'Confirm with your passkey to finish signing in',
  wrongCode: 'Incorrect code',
  wrongPasskey: 'The passkey could not be verified',
} as const;

/** The attempt adminLogin counted, to give back when it was no failure. */
interface CountedAttempt {
  throttle: AuthThrottle;
  counted: Reservation[];
}

/**
 * Returns when the admin has no second factor or passed it with `otp` or `passkey`; throws the
 * 401 LoginProblem otherwise.
 */
export async function signInSecondStep(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'config' | 'now'>,
  admin: AdminUserRow,
  body: Pick<Schemas['AdminLoginRequest'], 'otp' | 'passkey'>,
  attempt: CountedAttempt,
): Promise<void> {
  const methods = await signInMethods(ctx.db, admin.id);
  if (methods.length === 0) return;
  let detail: string;
  if (body.passkey !== undefined) {
    if (await verifyPasskeySignIn(ctx, admin.id, body.passkey)) return;
    detail = SIGN_IN_STEP.wrongPasskey;
  } else if (body.otp !== undefined) {
    if ((await redeemSignInCode(ctx, admin.id, body.otp, ctx.now())) !== null) return;
    detail = SIGN_IN_STEP.wrongCode;
  } else {
    await attempt.throttle.giveBack(attempt.counted);
    detail = methods.includes('totp') ? SIGN_IN_STEP.askCode : SIGN_IN_STEP.askPasskey;
  }
  const passkeyOptions = methods.includes('passkey')
    ? await passkeySignInOptions(ctx, admin.id)
    : null;
  const problem: Schemas['LoginProblem'] = {
    detail,
    two_factor_required: true,
    two_factor_methods: methods,
    ...(passkeyOptions === null ? {} : { passkey_options: passkeyOptions }),
  };
  throw new HttpProblem(401, detail, { 'www-authenticate': 'Bearer' }, problem);
}
