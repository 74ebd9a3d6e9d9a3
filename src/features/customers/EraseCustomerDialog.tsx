import { Field, Input, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { isolate } from '@/lib/i18n';
import { useT } from './messages';

export interface EraseCustomerDialogProps {
  open: boolean;
  /** The person's e-mail, to be typed again (compared trimmed and case-insensitively, as the server). */
  email: string;
  /** Sends the erase; true when done (the dialog closes), false when refused (it stays open). */
  onErase: (confirmEmail: string) => Promise<boolean>;
  onClose: () => void;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * "Erase customer": says what goes and what is kept by law, and asks for the e-mail typed again
 * before the erase is sent.
 */
export function EraseCustomerDialog({ open, email, onErase, onClose }: EraseCustomerDialogProps) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const mismatch = !same(typed, email);
  const close = () => {
    setTyped('');
    setTried(false);
    onClose();
  };
  const confirm = async () => {
    setTried(true);
    if (mismatch) return;
    setBusy(true);
    const done = await onErase(typed.trim());
    setBusy(false);
    if (done) close();
  };
  return (
    <ConfirmDialog
      open={open}
      title={t('eraseTitle')}
      confirmLabel={t('eraseConfirm')}
      busyText={t('erasing')}
      busy={busy}
      focusCancel
      onConfirm={() => void confirm()}
      onCancel={close}
      details={
        <>
          <Text fontSize="sm" data-testid="erase-kept">
            {t('eraseKept')}
          </Text>
          <Field.Root invalid={tried && mismatch} required>
            <Field.Label>{t('eraseConfirmLabel')}</Field.Label>
            <Input
              type="email"
              dir="ltr"
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void confirm();
              }}
            />
            {tried && mismatch && (
              <Field.ErrorText>{t('eraseMismatch', { email: isolate(email) })}</Field.ErrorText>
            )}
          </Field.Root>
        </>
      }
    >
      {t('eraseQuestion', { email: isolate(email) })}
    </ConfirmDialog>
  );
}
