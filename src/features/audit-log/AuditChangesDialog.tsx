import { Dialog, Table, Text } from '@chakra-ui/react';
import { DialogFrame } from '@/components/ui/DialogFrame';
import { auditValue, type AuditRow } from './audit-display';
import { useT } from './messages';

interface AuditChangesDialogProps {
  open: boolean;
  /** The entry shown (kept while the dialog closes); null before any was opened. */
  row: AuditRow | null;
  onClose: () => void;
}

/** One entry of the audit log in full: what was written, and each field before and after. */
export function AuditChangesDialog({ open, row, onClose }: AuditChangesDialogProps) {
  const t = useT();
  return (
    <DialogFrame open={open} title={t('changes')} onClose={onClose} size="lg">
      {row && (
        <>
          <Dialog.Description mb="4" data-testid="change-summary">
            {t('summary', {
              subject: [row.kind, row.label].filter(Boolean).join(' '),
              action: row.action,
              admin: row.admin,
              when: row.when,
            })}
          </Dialog.Description>
          <Table.Root size="sm" aria-label={t('changedFields')}>
            <Table.Header>
              <Table.Row bg="bg.muted">
                <Table.ColumnHeader>{t('field')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('before')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('after')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {row.entry.changes.map((change) => (
                <Table.Row key={change.field}>
                  <Table.Cell fontWeight="medium">{change.field}</Table.Cell>
                  <Table.Cell color="fg.muted" wordBreak="break-word">
                    {auditValue(change.before)}
                  </Table.Cell>
                  <Table.Cell wordBreak="break-word">{auditValue(change.after)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {row.entry.changes.length === 0 && (
            <Text mt="3" color="fg.muted">
              {t('noFields')}
            </Text>
          )}
        </>
      )}
    </DialogFrame>
  );
}
