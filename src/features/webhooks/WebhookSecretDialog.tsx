import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { CopyIcon } from '@/components/icons';
import { DialogFrame } from '@/components/ui/DialogFrame';
import { notify } from '@/components/ui/notify';
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
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
    } catch {
      notify.error(t('error'), t('copyFailed'));
      return;
    }
    notify.success(t('success'), t('copied'));
  };
  return (
    <DialogFrame
      open={open}
      title={t('secretTitle')}
      onClose={onDone}
      // A stray click must not hide a secret shown once: Done, the × or Escape close it.
      closeOnInteractOutside={false}
      footer={<Button onClick={onDone}>{t('done')}</Button>}
    >
      <Stack gap="4">
        <Text>{t('secretIntro')}</Text>
        <Flex gap="2" align="center" wrap={{ base: 'wrap', sm: 'nowrap' }}>
          <Box
            as="output"
            aria-label={t('secretLabel', { url })}
            data-testid="webhook-secret"
            dir="ltr"
            flex="1"
            minW="0"
            p="3"
            borderWidth="1px"
            borderRadius="l2"
            bg="bg.muted"
            fontFamily="mono"
            fontSize="sm"
            wordBreak="break-all"
            userSelect="all"
          >
            {secret}
          </Box>
          <Button variant="outline" onClick={() => void copy()}>
            <CopyIcon />
            {t('copy')}
          </Button>
        </Flex>
      </Stack>
    </DialogFrame>
  );
}
