import { adminLogin, getAdminMe } from '@generated/clients/auth/auth';
import type {
  AdminLoginRequest,
  LoginProblem,
  PasskeyRequestOptions,
  TokenPair,
  TwoFactorMethod,
  WebAuthnResponse,
} from '@generated/model';
import { logout, setCredentials, setUser } from '@/lib/auth/store';
import { fromResponseBody } from '@/lib/http';

/**
 * What the server asks for after a right password when the admin has a second factor (the 401
 * LoginProblem with two_factor_required): sign in again with the same username and password
 * plus `otp` or `passkey`.
 */
export interface SecondStep {
  /** The server's words: what to do, or why the code or passkey just sent was refused. */
  detail: string;
  /** The ways the admin can pass it (their authenticator app, a recovery code, a passkey). */
  methods: readonly TwoFactorMethod[];
  /** What the browser's startAuthentication signs when the admin has a passkey, else null. */
  passkeyOptions: PasskeyRequestOptions | null;
}

/** The second step sent with the username and password again: a code, or a passkey's answer. */
export type SecondStepAnswer = { otp: string } | { passkey: WebAuthnResponse };

const isLoginProblem = (answer: TokenPair | LoginProblem): answer is LoginProblem =>
  !('access_token' in answer);

/**
 * Signs an admin in (docs/product.md §4): tokens first (the /me call needs them), then the user.
 * Resolves null when signed in, or with the second step the server asks for (nothing stored
 * then). If the user cannot be loaded the half-open session is closed again and the error is
 * the caller's; any other refusal rejects with its ApiError.
 */
export async function signInAdmin(credentials: AdminLoginRequest): Promise<SecondStep | null> {
  const answer: TokenPair | LoginProblem = await adminLogin(credentials, {
    // The 401 that asks for the second step is an answer to read, not a failure.
    validateStatus: (status) => (status >= 200 && status < 300) || status === 401,
  });
  if (isLoginProblem(answer)) {
    if (!answer.two_factor_required) throw fromResponseBody(401, answer);
    return {
      detail: answer.detail,
      methods: answer.two_factor_methods ?? [],
      passkeyOptions: answer.passkey_options ?? null,
    };
  }
  const { access_token, refresh_token } = answer;
  setCredentials({ access_token, refresh_token, userType: 'admin' });
  try {
    setUser(await getAdminMe());
  } catch (error) {
    logout();
    throw error;
  }
  return null;
}
