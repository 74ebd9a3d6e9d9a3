import { Alert, Box, Button, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState, type FormEvent } from 'react';
import type { OrderBulkStatusResult, OrderStatus } from '@generated/model';
import { SelectField, TextAreaField } from '@/components/form';
import { DialogFrame } from '@/components/ui/DialogFrame';
import { isolate } from '@/lib/i18n';
import { statusOptions } from '../order-display';
import { useT } from './messages';

export interface BulkStatusDialogProps {
  open: boolean;
  /** How many orders are selected. */
  count: number;
  /** The change is being sent: the dialog waits. */
  submitting: boolean;
  /** The server's answer once sent (the dialog then shows it); null before. */
  result: OrderBulkStatusResult | null;
  onSubmit: (status: OrderStatus, note: string) => void;
  onClose: () => void;
}

/**
 * "Change status" of the selected orders (docs/product.md §10.17, bulk actions): the new status
 * and a note, then what the server did: how many changed, how many already had the status, and
 * each refused order with why.
 */
export function BulkStatusDialog({
  open,
  count,
  submitting,
  result,
  onSubmit,
  onClose,
}: BulkStatusDialogProps) {
  const t = useT();
  const options = useMemo(() => statusOptions(), []);
  const [status, setStatus] = useState<OrderStatus>('confirmed');
  const [note, setNote] = useState('');
  const formId = 'bulk-status-form';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(status, note);
  };
  return (
    <DialogFrame
      open={open}
      title={result ? t('resultTitle') : t('dialogTitle', { count })}
      onClose={onClose}
      busy={submitting}
      footer={
        result ? (
          <Button onClick={onClose}>{t('done')}</Button>
        ) : (
          <>
            <Button variant="outline" onClick={onClose} disabled={submitting}>
              {t('cancel')}
            </Button>
            <Button type="submit" form={formId} loading={submitting}>
              {t('apply')}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <BulkStatusResult result={result} />
      ) : (
        <form id={formId} noValidate onSubmit={submit}>
          <Stack gap="4">
            <SelectField
              label={t('newStatus')}
              value={status}
              options={options}
              onChange={(value) => setStatus(value as OrderStatus)}
            />
            <TextAreaField label={t('note')} value={note} maxLength={500} onChange={setNote} />
            <Text fontSize="sm" color="fg.muted">
              {t('statusNotice')}
            </Text>
          </Stack>
        </form>
      )}
    </DialogFrame>
  );
}

function BulkStatusResult({ result }: { result: OrderBulkStatusResult }) {
  const t = useT();
  return (
    <Stack gap="3" data-testid="bulk-status-result">
      <Text fontWeight="medium">{t('changedCount', { count: result.changed.length })}</Text>
      {result.unchanged.length > 0 && (
        <Text color="fg.muted">{t('unchangedCount', { count: result.unchanged.length })}</Text>
      )}
      {result.refused.length > 0 && (
        <Alert.Root status="warning" size="sm" alignItems="flex-start">
          <Alert.Indicator />
          <Box>
            <Alert.Title>{t('refusedCount', { count: result.refused.length })}</Alert.Title>
            <Stack as="ul" gap="1" mt="2" listStyleType="none">
              {result.refused.map((r) => (
                <Box as="li" key={r.id} data-testid="bulk-refused">
                  <Text as="span" fontWeight="medium">
                    {r.order_number === null
                      ? t('unknownOrder', { id: r.id })
                      : isolate(r.order_number)}
                  </Text>
                  {/* The server's own words, as a single status change would toast them. */}
                  <Text as="span">: {r.detail}</Text>
                </Box>
              ))}
            </Stack>
          </Box>
        </Alert.Root>
      )}
    </Stack>
  );
}
