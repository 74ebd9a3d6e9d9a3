import { useCallback } from 'react';
import type { Remittance } from '@generated/model';
import { createRemittance, importRemittance } from '@generated/hooks/payments/payments';
import { notify } from '@/components/ui/notify';
import { serverMessage } from '@/lib/http';
import {
  refusedLines,
  toImportParams,
  toRemittanceCreate,
  type RemittanceValues,
} from './remittance-form';
import { t } from './messages';

/**
 * The New remittance dialog's submit, wherever it is opened (the remittances screen, the orders
 * list's selection): the carrier's file (importRemittance) or the lines typed in
 * (createRemittance). Refused lines resolve for the dialog to list (nothing was recorded);
 * another failure is toasted and rejects; once recorded, a toast and `onRecorded`.
 */
export function useRecordRemittance(onRecorded: (remittance: Remittance) => void) {
  return useCallback(
    async (values: RemittanceValues) => {
      let recorded: Remittance;
      try {
        recorded =
          values.source === 'file' && values.file
            ? await importRemittance({ file: values.file }, toImportParams(values))
            : await createRemittance(toRemittanceCreate(values));
      } catch (error) {
        const refused = refusedLines(error);
        if (refused) return refused;
        notify.error(t('error'), serverMessage(error, t('remittanceFailed')));
        throw error;
      }
      notify.success(
        t('remittanceRecorded'),
        t('remittanceRecordedText', { count: recorded.order_count }),
      );
      onRecorded(recorded);
      return null;
    },
    [onRecorded],
  );
}
