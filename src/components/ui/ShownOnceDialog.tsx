import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { CopyIcon } from '@/components/icons';
import { DialogFrame } from './DialogFrame';
import { useT } from './messages';
import { notify } from './notify';

/** A feature's own words for its secret (an API token, a webhook's signing secret). */
interface ShownOnceTexts {
  title: string;
  /** That this is the only time it is shown, and what to do with it. */
  intro: string;
  /** The secret's accessible name (which token or endpoint it belongs to). */
  label: string;
  copy: string;
  copied: string;
  copyFailed: string;
  done: string;
}

export interface ShownOnceDialogProps {
  open: boolean;
  /** The secret, which the server answers this once and stores only hashed or sealed. */
  secret: string;
  texts: ShownOnceTexts;
  testId: string;
  onDone: () => void;
}

/**
 * A secret shown once, with Copy (API tokens §10.31, webhook signing secrets §10.32). A stray
 * click must not hide it for good: only Done, the × or Escape close the dialog. It is opened in
 * place of a form's dialog, whose focus goes back outside.
 */
export function ShownOnceDialog({ open, secret, texts, testId, onDone }: ShownOnceDialogProps) {
  const t = useT();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
    } catch {
      notify.error(t('error'), texts.copyFailed);
      return;
    }
    notify.success(t('success'), texts.copied);
  };
  return (
    <DialogFrame
      open={open}
      title={texts.title}
      onClose={onDone}
      closeOnInteractOutside={false}
      footer={<Button onClick={onDone}>{texts.done}</Button>}
    >
      <Stack gap="4">
        <Text>{texts.intro}</Text>
        <Flex gap="2" align="center" wrap={{ base: 'wrap', sm: 'nowrap' }}>
          <Box
            as="output"
            aria-label={texts.label}
            data-testid={testId}
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
            {texts.copy}
          </Button>
        </Flex>
      </Stack>
    </DialogFrame>
  );
}
