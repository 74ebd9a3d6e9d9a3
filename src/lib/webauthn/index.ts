/**
 * The browser's passkey prompts (WebAuthn) through @simplewebauthn/browser, loaded when a prompt
 * is first needed: the sign-in page and My account stay light for the many visits that never
 * use one. The options are the server's JSON as is; the answers go back to it as is.
 */
import type {
  PasskeyCreationOptions,
  PasskeyRequestOptions,
  WebAuthnResponse,
} from '@generated/model';

/**
 * The two prompts, as a screen takes them: screens get them through a prop so that stories can
 * answer without an authenticator (the e2e test drives the real ones in Chromium).
 */
export interface PasskeyPrompts {
  /** Makes a passkey for these creation options (startRegistration). */
  create: (options: PasskeyCreationOptions) => Promise<WebAuthnResponse>;
  /** Signs these request options with one of the allowed passkeys (startAuthentication). */
  sign: (options: PasskeyRequestOptions) => Promise<WebAuthnResponse>;
}

/**
 * One prompt of the library, loaded on first use. The contract's JSON types and the library's
 * describe the same JSON under other names, hence the casts at this one border.
 */
const prompt =
  (name: 'startRegistration' | 'startAuthentication') =>
  async (options: PasskeyCreationOptions | PasskeyRequestOptions) => {
    const start = (await import('@simplewebauthn/browser'))[name] as (args: {
      optionsJSON: unknown;
    }) => Promise<unknown>;
    return (await start({ optionsJSON: options })) as WebAuthnResponse;
  };

export const browserPasskeys: PasskeyPrompts = {
  create: prompt('startRegistration'),
  sign: prompt('startAuthentication'),
};

/**
 * Why a prompt failed, for the message to show:
 * - `cancelled`: the person closed the browser's prompt, or it timed out (NotAllowedError);
 * - `exists`: this authenticator already holds one of the account's passkeys (InvalidStateError);
 * - `unsupported`: this browser has no WebAuthn;
 * - `failed`: anything else (the error's own text is for developers, not shown).
 */
export type PasskeyFailure = 'cancelled' | 'exists' | 'unsupported' | 'failed';

export function passkeyFailure(error: unknown): PasskeyFailure {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return 'cancelled';
  if (name === 'InvalidStateError') return 'exists';
  if (
    name === 'NotSupportedError' ||
    (error instanceof Error && /not supported in this browser/i.test(error.message))
  )
    return 'unsupported';
  return 'failed';
}
