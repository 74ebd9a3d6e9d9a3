import { Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { FormDialog, PasswordField } from '@/components/form';
import type { Outcome } from './code-input';
import { useT } from './messages';

interface PasswordConfirmDialogProps {
  title: string;
  /** What confirming does. */
  question: string;
  submitLabel: string;
  /** Resolves with the password's message (the server's 'Incorrect password') or done. */
  onSubmit: (password: string) => Promise<Outcome<unknown>>;
  onClose: () => void;
}

/** Asks the admin's password again before a second factor changes. Mounted at each opening. */
export function PasswordConfirmDialog({
  title,
  question,
  submitLabel,
  onSubmit,
  onClose,
}: PasswordConfirmDialogProps) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const error = refused ?? (password ? undefined : t('passwordRequired'));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (submitting || !password) return;
    setSubmitting(true);
    const outcome = await onSubmit(password);
    setSubmitting(false);
    if ('fieldError' in outcome) setRefused(outcome.fieldError);
  }

  return (
    <FormDialog
      open
      title={title}
      submitLabel={submitLabel}
      submitting={submitting}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <Text>{question}</Text>
      <PasswordField
        label={t('password')}
        name="password"
        required
        autoComplete="current-password"
        value={password}
        onChange={(value) => {
          setPassword(value);
          setRefused(null);
        }}
        onBlur={() => setTouched(true)}
        error={touched || refused ? error : undefined}
      />
    </FormDialog>
  );
}
