import { useState } from 'react';
import type { PasskeyRequestOptions, WebAuthnResponse } from '@generated/model';
import { browserPasskeys, passkeyFailure, type PasskeyPrompts } from '@/lib/webauthn';
import { useT } from './messages';
import buttons from '../AuthButton.module.css';
import styles from './PasskeySignIn.module.css';

interface PasskeySignInProps {
  /** The 401's passkey_options: what the browser signs. */
  options: PasskeyRequestOptions;
  /** Sends the sign-in again with the passkey's answer; resolves when the attempt is over. */
  onAnswer: (passkey: WebAuthnResponse) => Promise<void> | void;
  /** The only way in (no code to type): the card's main button; else an outlined one. */
  primary: boolean;
  /** The browser's prompt (default: WebAuthn); stories give a fake. */
  prompts?: Pick<PasskeyPrompts, 'sign'> | undefined;
}

/**
 * "Use a passkey" in the sign-in's second step: the browser signs the options with one of the
 * admin's passkeys, then the sign-in is sent again with its answer. A prompt closed or timed out
 * says so under the button (the server's refusals are the page's toasts).
 */
export function PasskeySignIn({
  options,
  onAnswer,
  primary,
  prompts = browserPasskeys,
}: PasskeySignInProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function signWithPasskey() {
    setBusy(true);
    setFailure(null);
    try {
      let answer: WebAuthnResponse;
      try {
        answer = await prompts.sign(options);
      } catch (error) {
        const why = passkeyFailure(error);
        setFailure(
          why === 'cancelled'
            ? t('cancelled')
            : why === 'unsupported'
              ? t('unsupported')
              : t('failed'),
        );
        return;
      }
      await onAnswer(answer);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.passkey}>
      <button
        type="button"
        className={`${buttons.button} ${primary ? buttons.solid : buttons.outline}`}
        onClick={() => void signWithPasskey()}
        disabled={busy}
      >
        {busy ? t('waiting') : t('usePasskey')}
      </button>
      {failure && (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
