import { useState } from 'react';
import type { Backup } from '@generated/model';
import { createBackup, downloadBackup, useListBackups } from '@generated/hooks/backups/backups';
import { notify } from '@/components/ui/notify';
import { downloadFile } from '@/lib/download';
import { serverMessage } from '@/lib/http';
import { BackupsView } from './BackupsView';
import { useT } from './messages';

/**
 * A backup is written before the answer comes, and an archive may be large: neither should be
 * cut by the client's default 30 s timeout. The server bounds its own work.
 */
const BACKUP_REQUEST = { timeout: 15 * 60_000 };

/** The Backups section of Settings, for admins with backups:manage (the page decides). */
export function BackupsSection() {
  const t = useT();
  const list = useListBackups();
  const [running, setRunning] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);

  async function backUp() {
    setRunning(true);
    try {
      const written = await createBackup(BACKUP_REQUEST);
      notify.success(t('success'), t('backedUp', { name: written.name }));
      await list.mutate().catch(() => undefined);
    } catch (error) {
      notify.error(t('error'), serverMessage(error, t('backupFailed')));
    } finally {
      setRunning(false);
    }
  }

  async function download(backup: Backup) {
    setDownloading(backup.name);
    try {
      await downloadFile(
        (options) => downloadBackup(backup.name, { ...options, ...BACKUP_REQUEST }),
        backup.name,
      );
    } catch (error) {
      notify.error(t('error'), serverMessage(error, t('downloadFailed')));
    } finally {
      setDownloading(null);
    }
  }

  return (
    <BackupsView
      backups={list.data}
      loadError={list.error ? serverMessage(list.error, t('loadFailed')) : null}
      onRetry={() => void list.mutate()}
      running={running}
      onBackUp={() => void backUp()}
      downloading={downloading}
      onDownload={(backup) => void download(backup)}
    />
  );
}
