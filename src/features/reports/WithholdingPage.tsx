import { useCallback } from 'react';
import { exportWithholdingCsv, useGetWithholdingReport } from '@generated/hooks/reports/reports';
import { useCsvExport } from '@/components/list-screen';
import { paths } from '@/lib/paths';
import { entryNoun, useT } from './messages';
import { reportLoad, useReportMonth } from './use-report';
import { WithholdingView } from './WithholdingView';

/**
 * /admin/reports/withholding?month=YYYY-MM (docs/product.md §10.27): the withholding kept on the
 * payments received in the month (the shop's current month without one), and its CSV.
 */
export function WithholdingPage() {
  const t = useT();
  const { month, current, setMonth } = useReportMonth(paths.reports.withholding);
  const query = useGetWithholdingReport({ month });
  const csv = useCsvExport({
    noun: entryNoun,
    fallbackName: `withholding-${month}.csv`,
    failure: t('exportFailed'),
  });
  const { start } = csv;
  const onCsv = useCallback(
    () =>
      void start(t('withholdingReportTitle'), (options, separator) =>
        exportWithholdingCsv({ month, separator }, options),
      ),
    [start, month, t],
  );
  return (
    <WithholdingView
      month={month}
      current={current}
      onMonthChange={setMonth}
      load={reportLoad(query, t('withholdingLoadFailed'))}
      csv={csv}
      onCsv={onCsv}
    />
  );
}
