import { Code, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { TotpEnrolment } from '@generated/model';
import { FormDialog, TextField } from '@/components/form';
import { codeError, typedCode, type Outcome } from './code-input';
import { useT } from './messages';
import { QrCode } from './QrCode';

/** The secret in groups of four, as authenticator apps ask to type it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

interface EnrolTotpDialogProps {
  enrolment: TotpEnrolment;
  /** Resolves with the recovery codes, or the code's message (the server's 'Incorrect code'). */
  onConfirm: (code: string) => Promise<Outcome<readonly string[]>>;
  onEnrolled: (codes: readonly string[]) => void;
  onClose: () => void;
}

/**
 * 'Set up authenticator app': the QR code of the new secret and the secret as text to type,
 * then the app's first code, which confirms the enrolment. Mounted afresh at each opening.
 */
export function EnrolTotpDialog({
  enrolment,
  onConfirm,
  onEnrolled,
  onClose,
}: EnrolTotpDialogProps) {
  const t = useT();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const error = refused ?? codeError(code);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (submitting || codeError(code)) return;
    setSubmitting(true);
    const outcome = await onConfirm(typedCode(code));
    setSubmitting(false);
    if ('done' in outcome) onEnrolled(outcome.done);
    else if ('fieldError' in outcome) setRefused(outcome.fieldError);
  }

  return (
    <FormDialog
      open
      title={t('enrolTitle')}
      submitLabel={t('confirm')}
      submitting={submitting}
      onClose={onClose}
      dirty={code !== ''}
      onSubmit={(event) => void submit(event)}
    >
      <Text>{t('scanStep')}</Text>
      <QrCode value={enrolment.otpauth_uri} label={t('qrAlt')} />
      <Stack gap="1.5">
        <Text fontSize="sm">{t('secretStep')}</Text>
        <Code
          fontSize="md"
          px="2"
          py="1"
          width="fit-content"
          overflowWrap="anywhere"
          dir="ltr"
          data-testid="totp-secret"
        >
          {grouped(enrolment.secret)}
        </Code>
      </Stack>
      <Text>{t('codeStep')}</Text>
      <TextField
        label={t('code')}
        name="otp"
        required
        value={code}
        onChange={(value) => {
          setCode(value);
          setRefused(null);
        }}
        onBlur={() => setTouched(true)}
        error={touched || refused ? error : undefined}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        spellCheck={false}
      />
    </FormDialog>
  );
}
