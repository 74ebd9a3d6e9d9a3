import { Button, Flex, Progress, Text } from '@chakra-ui/react';
import { progressPercent, progressText, type CsvExport } from './csv-export';
import { useT } from './messages';

/**
 * The running CSV export under a list's toolbar: what is exported, how far it is (a bar that
 * fills when the size is known, else moves without end), and Cancel. Nothing when idle.
 */
export function ExportProgress({ progress, cancel, noun }: CsvExport) {
  const t = useT();
  if (!progress) return null;
  const text = progressText(progress, noun);
  return (
    <Flex
      role="status"
      aria-label={t('exportProgress')}
      data-testid="export-progress"
      gap="3"
      align="center"
      wrap="wrap"
      mb="4"
      p="3"
      borderWidth="1px"
      rounded="md"
    >
      <Text fontSize="sm" fontWeight="medium">
        {t('exporting', { kind: progress.label.toLowerCase() })}
      </Text>
      <Progress.Root
        value={progressPercent(progress)}
        size="sm"
        flex="1"
        minW="8rem"
        aria-label={text}
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" color="fg.muted" fontVariantNumeric="tabular-nums">
        {text}
      </Text>
      <Button size="sm" variant="outline" onClick={cancel}>
        {t('cancel')}
      </Button>
    </Flex>
  );
}
