import { Button, Flex, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { Backup, BackupTrigger } from '@generated/model';
import { FormSection } from '@/components/form';
import { DataTable, LoadErrorState, LoadingState, type Column } from '@/components/list-screen';
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
        <BackupsTable backups={backups} downloading={downloading} onDownload={onDownload} />
      )}
    </FormSection>
  );
}

const backupName = (backup: Backup) => backup.name;

/** The kept backups, on the list-screen kit's table: a card per backup on a phone. */
function BackupsTable({
  backups,
  downloading,
  onDownload,
}: Pick<BackupsViewProps, 'downloading' | 'onDownload'> & { backups: readonly Backup[] }) {
  const t = useT();
  const columns = useMemo(
    (): readonly Column<Backup>[] => [
      {
        header: t('columnTaken'),
        width: '16rem',
        card: 'title',
        cell: (backup) => (
          <>
            <Text whiteSpace="nowrap">{formatDateTime(backup.created_at)}</Text>
            {/* The file's name, as `npm run restore` takes it. */}
            <Text
              fontSize="xs"
              color="fg.muted"
              dir="ltr"
              overflowWrap="anywhere"
              data-testid="backup-name"
            >
              {backup.name}
            </Text>
          </>
        ),
      },
      {
        header: t('columnTrigger'),
        width: '7rem',
        card: 'badge',
        cell: (backup) => t(TRIGGER_KEYS[backup.trigger]),
      },
      {
        header: t('columnSize'),
        width: '6rem',
        align: 'end',
        card: 'value',
        cell: (backup) => formatBytes(backup.size_bytes),
      },
      {
        header: t('columnLastInvoice'),
        card: 'meta',
        // An invoice number reads left to right, whatever the screen's direction.
        cell: (backup) => <span dir="ltr">{backup.last_invoice_number ?? t('noInvoice')}</span>,
      },
      {
        header: t('columnActions'),
        width: '8rem',
        align: 'end',
        card: 'actions',
        cell: (backup) => (
          <Button
            size="xs"
            variant="outline"
            aria-label={t('downloadOf', { name: backup.name })}
            loading={downloading === backup.name}
            onClick={() => onDownload(backup)}
          >
            {t('download')}
          </Button>
        ),
      },
    ],
    [t, downloading, onDownload],
  );
  return (
    <DataTable
      rows={backups}
      columns={columns}
      rowKey={backupName}
      label={t('tableLabel')}
      emptyText={t('empty')}
      minW="42rem"
    />
  );
}
