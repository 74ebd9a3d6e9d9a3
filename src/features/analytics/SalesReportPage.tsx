import { useMemo } from 'react';
import {
  exportSalesBreakdownCsv,
  exportSalesReportCsv,
  useGetSalesBreakdown,
  useGetSalesReport,
} from '@generated/hooks/analytics/analytics';
import { paths } from '@/lib/paths';
import { reportLoad } from '../reports';
import { useT } from './messages';
import { SalesReportView } from './SalesReportView';
import { useAnalyticsCsv, useAnalyticsQuery, type AnalyticsCsv } from './use-analytics';

/**
 * /admin/reports/sales?period|from&to&interval (docs/product.md §10.30): sales over time, then
 * by category and by payment method; the CSVs carry the same period.
 */
export function SalesReportPage() {
  const t = useT();
  const query = useAnalyticsQuery(paths.reports.sales);
  const { from, to, interval } = query;
  const sales = useGetSalesReport({ from, to, interval });
  const breakdown = useGetSalesBreakdown({ from, to });
  const files = useMemo<AnalyticsCsv[]>(
    () => [
      {
        choice: { value: 'sales', label: t('salesOverTime') },
        request: (options, separator) =>
          exportSalesReportCsv({ from, to, interval, separator }, options),
      },
      {
        choice: { value: 'breakdown', label: t('breakdownExport') },
        request: (options, separator) => exportSalesBreakdownCsv({ from, to, separator }, options),
      },
    ],
    [from, to, interval, t],
  );
  const downloads = useAnalyticsCsv(`sales-${from}-${to}.csv`, files);
  return (
    <SalesReportView
      query={query}
      sales={reportLoad(sales, t('salesLoadFailed'))}
      breakdown={reportLoad(breakdown, t('breakdownLoadFailed'))}
      {...downloads}
    />
  );
}
