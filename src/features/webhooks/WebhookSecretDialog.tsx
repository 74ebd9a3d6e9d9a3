import { ShownOnceDialog } from '@/components/ui/ShownOnceDialog';
import { useT } from './messages';

export interface WebhookSecretDialogProps {
  open: boolean;
  /** The endpoint's URL, naming the secret. */
  url: string;
  /** The signing secret, shown this once (at creation, or after a rotation). */
  secret: string;
  onDone: () => void;
}

/**
 * An endpoint's signing secret, this once, with Copy (docs/product.md §10.32), as the API
 * token's: the server answers it only at creation and at each rotation.
 */
export function WebhookSecretDialog({ open, url, secret, onDone }: WebhookSecretDialogProps) {
  const t = useT();
  return (
    <ShownOnceDialog
      open={open}
      secret={secret}
      testId="webhook-secret"
      onDone={onDone}
      texts={{
        title: t('secretTitle'),
        intro: t('secretIntro'),
        label: t('secretLabel', { url }),
        copy: t('copy'),
        copied: t('copied'),
        copyFailed: t('copyFailed'),
        done: t('done'),
      }}
    />
  );
}
