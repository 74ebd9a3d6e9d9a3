import { Button, Flex, Table, Text } from '@chakra-ui/react';
import type { Backup, BackupTrigger } from '@generated/model';
import { FormSection } from '@/components/form';
import { LoadErrorState, LoadingState } from '@/components/list-screen';
import { formatBytes, formatDateTime } from '@/lib/format';
import { useT } from './messages';

export interface BackupsViewProps {
  /** The kept backups, newest first; undefined while loading. */
  backups: readonly Backup[] | undefined;
  /** Why the list could not be loaded, else null. */
  loadError: string | null;
  onRetry: () => void;
  /** "Back up now" is under way: its button waits. */
  running: boolean;
  onBackUp: () => void;
  /** The backup being downloaded, by name, else null. */
  downloading: string | null;
  onDownload: (backup: Backup) => void;
}

const TRIGGER_KEYS = {
  scheduled: 'triggerScheduled',
  manual: 'triggerManual',
  command: 'triggerCommand',
} as const satisfies Record<BackupTrigger, string>;

/**
 * Settings → "Backups" (super admins): the kept archives of the whole shop, "Back up now" and a
 * download per backup.
 */
export function BackupsView({
  backups,
  loadError,
  onRetry,
  running,
  onBackUp,
  downloading,
  onDownload,
}: BackupsViewProps) {
  const t = useT();
  return (
    <FormSection title={t('title')} description={t('description')}>
      <Flex justify="flex-end">
        <Button onClick={onBackUp} loading={running} loadingText={t('backingUp')}>
          {t('backUpNow')}
        </Button>
      </Flex>
      {loadError ? (
        <LoadErrorState title={t('loadFailed')} message={loadError} onRetry={onRetry} />
      ) : !backups ? (
        <LoadingState text={t('loading')} />
      ) : backups.length === 0 ? (
        <Text color="fg.muted" data-testid="backups-empty">
          {t('empty')}
        </Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label={t('tableLabel')}>
            <Table.Header>
              <Table.Row bg="bg.muted">
                <Table.ColumnHeader>{t('columnTaken')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('columnTrigger')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('columnSize')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('columnLastInvoice')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('columnActions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {backups.map((backup) => (
                <Table.Row key={backup.name}>
                  <Table.Cell>
                    <Text whiteSpace="nowrap">{formatDateTime(backup.created_at)}</Text>
                    {/* The file's name, as `npm run restore` takes it. */}
                    <Text fontSize="xs" color="fg.muted" dir="ltr" data-testid="backup-name">
                      {backup.name}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>{t(TRIGGER_KEYS[backup.trigger])}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {formatBytes(backup.size_bytes)}
                  </Table.Cell>
                  <Table.Cell dir="ltr" textAlign="start">
                    {backup.last_invoice_number ?? t('noInvoice')}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={t('downloadOf', { name: backup.name })}
                      loading={downloading === backup.name}
                      onClick={() => onDownload(backup)}
                    >
                      {t('download')}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </FormSection>
  );
}
