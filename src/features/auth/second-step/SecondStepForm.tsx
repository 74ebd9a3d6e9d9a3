// The second step of the sign-in (an admin with a second factor), on the same card: loaded when
// the server asks for it, so that the sign-in page's first load stays as small as it was.
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import type { PasskeyPrompts } from '@/lib/webauthn';
import { RequiredField } from '../LoginField';
import buttons from '../AuthButton.module.css';
import styles from '../LoginForm.module.css';
import { t as authT } from '../messages';
import type { SecondStep, SecondStepAnswer } from '../sign-in';
import { useT } from './messages';

// Only admins with a passkey need it.
const PasskeySignIn = lazy(async () => ({
  default: (await import('../passkey-sign-in/PasskeySignIn')).PasskeySignIn,
}));

type CodeKind = 'totp' | 'recovery';

/** The code typed, as sent (an app's code may be shown in two groups of three). */
const typedCode = (kind: CodeKind, code: string) =>
  kind === 'totp' ? code.replace(/\s/g, '') : code.trim();

function validateCode(
  t: ReturnType<typeof useT>,
  kind: CodeKind,
  code: string,
): string | undefined {
  const typed = typedCode(kind, code);
  if (kind === 'totp') {
    if (!typed) return t('codeRequired');
    return /^\d{6}$/.test(typed) ? undefined : t('codeDigits');
  }
  if (!typed) return t('recoveryCodeRequired');
  return /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(typed) ? undefined : t('recoveryCodeFormat');
}

/**
 * The second step on the same card: the 6-digit code of the admin's authenticator app, or one
 * of their recovery codes ('Use a recovery code'); 'Back' returns to the password.
 */
export function SecondStepForm({
  step,
  onSubmit,
  onBack,
  prompts,
}: {
  step: Pick<SecondStep, 'methods' | 'passkeyOptions'>;
  onSubmit: (answer: SecondStepAnswer) => Promise<void> | void;
  onBack: () => void;
  /** The browser's passkey prompt (default: WebAuthn); stories give a fake. */
  prompts: Pick<PasskeyPrompts, 'sign'> | undefined;
}) {
  const t = useT();
  const hasApp = step.methods.includes('totp');
  const hasCodes = step.methods.includes('recovery_code');
  const [kind, setKind] = useState<CodeKind>(hasApp ? 'totp' : 'recovery');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The code is what the page asks for now: the cursor goes there, and again after a switch.
  useEffect(() => input.current?.focus(), [kind]);
  const usesCode = hasApp || hasCodes;
  const error = validateCode(t, kind, code);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (error) return;
    setSubmitting(true);
    try {
      await onSubmit({ otp: typedCode(kind, code) });
    } finally {
      setSubmitting(false);
    }
  }

  const switchTo = (next: CodeKind) => {
    setKind(next);
    setCode('');
    setTouched(false);
  };

  return (
    <form
      className={styles.card}
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      aria-label={t('secondStepLabel')}
    >
      <div className={styles.header}>
        <h1 className={styles.title}>{authT('heading')}</h1>
        <p className={styles.subtitle}>{t('secondStepSubtitle')}</p>
      </div>
      <div className={styles.body}>
        <p className={styles.intro}>
          {!usesCode ? t('passkeyIntro') : kind === 'totp' ? t('codeIntro') : t('recoveryIntro')}
        </p>
        {usesCode && (
          <RequiredField
            ref={input}
            key={kind}
            label={kind === 'totp' ? t('code') : t('recoveryCode')}
            name="otp"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            onBlur={() => setTouched(true)}
            error={touched ? error : undefined}
            spellCheck={false}
            autoCapitalize="off"
            {...(kind === 'totp'
              ? { autoComplete: 'one-time-code', inputMode: 'numeric', maxLength: 7 }
              : { autoComplete: 'off', maxLength: 32 })}
          />
        )}
        {step.methods.includes('passkey') && step.passkeyOptions && (
          <Suspense fallback={null}>
            <PasskeySignIn
              options={step.passkeyOptions}
              primary={!usesCode}
              prompts={prompts}
              onAnswer={(passkey) => onSubmit({ passkey })}
            />
          </Suspense>
        )}
      </div>
      {usesCode && (
        <div className={styles.footer}>
          <button
            type="submit"
            className={`${buttons.button} ${buttons.solid}`}
            disabled={submitting}
          >
            {submitting ? t('verifying') : t('verify')}
          </button>
        </div>
      )}
      <div className={styles.links}>
        {hasApp && hasCodes && (
          <button
            type="button"
            className={styles.link}
            onClick={() => switchTo(kind === 'totp' ? 'recovery' : 'totp')}
          >
            {kind === 'totp' ? t('useRecoveryCode') : t('useApp')}
          </button>
        )}
        <button type="button" className={styles.link} onClick={onBack} disabled={submitting}>
          {t('back')}
        </button>
      </div>
    </form>
  );
}
