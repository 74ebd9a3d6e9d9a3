import { useId, type InputHTMLAttributes, type Ref } from 'react';
import styles from './LoginForm.module.css';

export type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  error: string | undefined;
  ref?: Ref<HTMLInputElement>;
};

/** Label with the required mark, input, and its error (as the console's TextField shows them). */
export function RequiredField({ label, error, ...input }: FieldProps & { label: string }) {
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
