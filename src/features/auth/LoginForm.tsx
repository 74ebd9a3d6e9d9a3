import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import '@/components/ui/plain.css';
import { activateLocale, isLocale, LOCALE_NAMES, LOCALES, useLocale } from '@/lib/i18n';
import type { PasskeyPrompts } from '@/lib/webauthn';
import { RequiredField, type FieldProps } from './LoginField';
import buttons from './AuthButton.module.css';
import styles from './LoginForm.module.css';
import { t } from './messages';
import type { SecondStep, SecondStepAnswer } from './sign-in';

// Only admins with a second factor reach it: kept out of the sign-in page's first load.
const SecondStepForm = lazy(async () => ({
  default: (await import('./second-step/SecondStepForm')).SecondStepForm,
}));

export interface LoginValues {
  username: string;
  password: string;
}

type LoginErrors = Partial<Record<keyof LoginValues, string>>;

const FIELDS = [
  { name: 'username', label: 'username', autoComplete: 'username' },
  { name: 'password', label: 'password', type: 'password', autoComplete: 'current-password' },
] as const;

// Written out rather than with the form library: the sign-in page is the first load of most
// visits, and two required fields need none.
function validate({ username, password }: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (!username.trim()) errors.username = t('usernameRequired');
  if (!password) errors.password = t('passwordRequired');
  return errors;
}

interface LoginFormProps {
  /** Resolves when the attempt is over (success or failure); the button says 'Logging in...' until then. */
  onSubmit: (values: LoginValues) => Promise<void> | void;
  initialValues?: LoginValues;
  /** Why the last session ended without the user asking ('Authentication failed'), if it did. */
  sessionEndReason?: string | null;
  /**
   * What the server asked for after a right password (the admin has a second factor); null
   * while the password step shows. Its `passkeyOptions` are what the browser signs to use a
   * passkey instead of a code.
   */
  secondStep?: Pick<SecondStep, 'methods' | 'passkeyOptions'> | null;
  /** Sends the sign-in again with the second step; resolves when the attempt is over. */
  onSecondStep?: (answer: SecondStepAnswer) => Promise<void> | void;
  /** Back to the password step. */
  onCancelSecondStep?: () => void;
  /** The browser's passkey prompt (default: WebAuthn); stories give a fake. */
  passkeyPrompts?: Pick<PasskeyPrompts, 'sign'>;
}

/**
 * The sign-in card of /auth (docs/product.md §2): Username and Password, both required; then,
 * for an admin with a second factor, the code of their authenticator app or a recovery code.
 */
export function LoginForm({
  onSubmit,
  initialValues = { username: '', password: '' },
  sessionEndReason = null,
  secondStep = null,
  onSecondStep,
  onCancelSecondStep,
  passkeyPrompts,
}: LoginFormProps) {
  const [values, setValues] = useState(initialValues);
  // A field's error shows once it was left or a submission was tried.
  const [touched, setTouched] = useState<Partial<Record<keyof LoginValues, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);
  const errors = validate(values);

  const bind = (name: keyof LoginValues): FieldProps => ({
    name,
    value: values[name],
    onChange: (event) => setValues((v) => ({ ...v, [name]: event.target.value })),
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    error: touched[name] ? errors[name] : undefined,
  });

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched({ username: true, password: true });
    if (Object.keys(errors).length > 0) return;
    setSubmitting(true);
    try {
      await onSubmit(values);
    } finally {
      setSubmitting(false);
    }
  }

  // Drawn in plain CSS (LoginForm.module.css): Chakra's runtime stays out of the first load.
  if (secondStep) {
    return (
      <main className={styles.page}>
        <LanguageSwitch />
        <Suspense fallback={null}>
          <SecondStepForm
            step={secondStep}
            onSubmit={(answer) => onSecondStep?.(answer)}
            onBack={() => onCancelSecondStep?.()}
            prompts={passkeyPrompts}
          />
        </Suspense>
      </main>
    );
  }
  return (
    <main className={styles.page}>
      <LanguageSwitch />
      <form
        className={styles.card}
        onSubmit={(event) => void handleSubmit(event)}
        noValidate
        aria-label={t('formLabel')}
      >
        <div className={styles.header}>
          <h1 className={styles.title}>{t('heading')}</h1>
          <p className={styles.subtitle}>{t('subtitle')}</p>
        </div>
        <div className={styles.body}>
          {sessionEndReason && (
            <div className={styles.alert} role="alert">
              <span className={styles.alertIcon}>
                <WarningIcon />
              </span>
              <div className={styles.alertContent}>
                <div className={styles.alertTitle}>{sessionEndReason}</div>
                <div>{t('sessionEnded')}</div>
              </div>
            </div>
          )}
          {FIELDS.map(({ name, label, ...field }) => (
            <RequiredField key={name} label={t(label)} {...field} {...bind(name)} />
          ))}
        </div>
        <div className={styles.footer}>
          <button
            type="submit"
            className={`${buttons.button} ${buttons.solid}`}
            disabled={submitting}
          >
            {submitting ? t('loggingIn') : t('login')}
          </button>
        </div>
      </form>
    </main>
  );
}

/** The console's languages, each in its own name; the choice is remembered in this browser. */
function LanguageSwitch() {
  const id = useId();
  const locale = useLocale();
  return (
    <div className={styles.language}>
      <label htmlFor={id}>{t('language')}</label>
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          const chosen = event.target.value;
          if (isLocale(chosen)) void activateLocale(chosen);
        }}
      >
        {LOCALES.map((value) => (
          <option key={value} value={value} lang={value}>
            {LOCALE_NAMES[value]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Chakra's alert icon for errors (WarningIcon). */
function WarningIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <path d="M12 22C6.47715 22 2 17.5228 2 12C2 6.47715 6.47715 2 12 2C17.5228 2 22 6.47715 22 12C22 17.5228 17.5228 22 12 22ZM12 20C16.4183 20 20 16.4183 20 12C20 7.58172 16.4183 4 12 4C7.58172 4 4 7.58172 4 12C4 16.4183 7.58172 20 12 20ZM11 15H13V17H11V15ZM11 7H13V13H11V7Z" />
    </svg>
  );
}
