import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import '@/components/ui/plain.css';
import { activateLocale, isLocale, LOCALE_NAMES, LOCALES, useLocale } from '@/lib/i18n';
import styles from './LoginForm.module.css';
import { t } from './messages';

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
}

/** The sign-in card of /auth (docs/product.md §2): Username and Password, both required. */
export function LoginForm({
  onSubmit,
  initialValues = { username: '', password: '' },
  sessionEndReason = null,
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
          <button type="submit" className={styles.submit} disabled={submitting}>
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

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { error: string | undefined };

/** Label with the required mark, input, and its error (as the console's TextField shows them). */
function RequiredField({ label, error, ...input }: FieldProps & { label: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        <span className={styles.requiredMark} aria-hidden="true">
          *
        </span>
      </label>
      <input
        {...input}
        id={id}
        className={styles.input}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <span id={errorId} className={styles.error} aria-live="polite">
          {error}
        </span>
      )}
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
