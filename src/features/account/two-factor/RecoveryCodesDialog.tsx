import { Box, Button, Checkbox, Flex, SimpleGrid, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { DialogFrame } from '@/components/ui/DialogFrame';
import { notify } from '@/components/ui/notify';
import { saveBlob } from '@/lib/download';
import { useT } from './messages';

/** The file the codes download as. */
const RECOVERY_CODES_FILE = 'recovery-codes.txt';

interface RecoveryCodesDialogProps {
  codes: readonly string[];
  /** Named in the downloaded file. */
  username: string;
  /** 'I have saved these codes' was ticked, then Done. */
  onDone: () => void;
}

/**
 * The ten recovery codes, shown this once (only their hashes are kept): copy, download, then
 * 'I have saved these codes' before Done. The dialog cannot be closed before that.
 */
export function RecoveryCodesDialog({ codes, username, onDone }: RecoveryCodesDialogProps) {
  const t = useT();
  const [saved, setSaved] = useState(false);
  const text = `${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      notify.error(t('error'), t('copyFailed'));
      return;
    }
    notify.success(t('success'), t('copied'));
  };
  const download = () =>
    saveBlob(
      new Blob([`${t('fileHeading', { username })}\n\n${text}`], { type: 'text/plain' }),
      RECOVERY_CODES_FILE,
    );

  return (
    <DialogFrame
      open
      title={t('codesTitle')}
      // Closed by Done only, once the codes are saved.
      onClose={() => (saved ? onDone() : undefined)}
      busy={!saved}
      footer={
        <Button onClick={onDone} disabled={!saved}>
          {t('done')}
        </Button>
      }
    >
      <Flex direction="column" gap="4">
        <Text>{t('codesIntro')}</Text>
        <SimpleGrid
          as="ul"
          aria-label={t('codesLabel')}
          columns={2}
          gap="2"
          p="3"
          listStyleType="none"
          borderWidth="1px"
          borderRadius="l2"
          bg="bg.muted"
          fontFamily="mono"
          data-testid="recovery-codes"
        >
          {codes.map((code) => (
            <Box as="li" key={code} dir="ltr" textAlign="center">
              {code}
            </Box>
          ))}
        </SimpleGrid>
        <Flex gap="2" wrap="wrap">
          <Button variant="outline" size="sm" onClick={() => void copy()}>
            {t('copy')}
          </Button>
          <Button variant="outline" size="sm" onClick={download}>
            {t('download')}
          </Button>
        </Flex>
        <Checkbox.Root
          checked={saved}
          onCheckedChange={(details) => setSaved(details.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('saved')}</Checkbox.Label>
        </Checkbox.Root>
      </Flex>
    </DialogFrame>
  );
}
