import { useMemo } from 'react';
import { exportReturnsReportCsv, useGetReturnsReport } from '@generated/hooks/analytics/analytics';
import { paths } from '@/lib/paths';
import { reportLoad } from '../reports';
import { useT } from './messages';
import { ReturnsReportView } from './ReturnsReportView';
import { useAnalyticsCsv, useAnalyticsQuery, type AnalyticsCsv } from './use-analytics';

/**
 * /admin/reports/returns?period|from&to&interval (docs/product.md §10.30): the returns recorded
 * in the period, bucket by bucket, and the products returned most; the CSV carries the same query.
 */
export function ReturnsReportPage() {
  const t = useT();
  const query = useAnalyticsQuery(paths.reports.returns);
  const { from, to, interval } = query;
  const returns = useGetReturnsReport({ from, to, interval });
  const files = useMemo<AnalyticsCsv[]>(
    () => [
      {
        choice: { value: 'returns', label: t('returnsTitle') },
        request: (options, separator) =>
          exportReturnsReportCsv({ from, to, interval, separator }, options),
      },
    ],
    [from, to, interval, t],
  );
  const downloads = useAnalyticsCsv(`returns-${from}-${to}.csv`, files);
  return (
    <ReturnsReportView
      query={query}
      returns={reportLoad(returns, t('returnsLoadFailed'))}
      {...downloads}
    />
  );
}
