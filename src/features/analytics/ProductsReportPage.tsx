import { useMemo } from 'react';
import {
  exportLowStockReportCsv,
  exportSlowMoversCsv,
  exportTopProductsCsv,
  useGetLowStockReport,
  useGetSlowMovers,
  useGetTopProducts,
} from '@generated/hooks/analytics/analytics';
import { paths } from '@/lib/paths';
import { reportLoad } from '../reports';
import { useT } from './messages';
import { ProductsReportView } from './ProductsReportView';
import { useAnalyticsCsv, useAnalyticsQuery, type AnalyticsCsv } from './use-analytics';

/**
 * /admin/reports/products?period|from&to&days (docs/product.md §10.30): the best sellers of the
 * period, the slow movers (no sale in `days`) and the low stock, each with its CSV.
 */
export function ProductsReportPage() {
  const t = useT();
  const query = useAnalyticsQuery(paths.reports.products);
  const { from, to, days } = query;
  const top = useGetTopProducts({ from, to });
  const slow = useGetSlowMovers({ days });
  const low = useGetLowStockReport();
  const files = useMemo<AnalyticsCsv[]>(
    () => [
      {
        choice: { value: 'top', label: t('productsTitle') },
        request: (options, separator) => exportTopProductsCsv({ from, to, separator }, options),
      },
      {
        choice: { value: 'slow', label: t('slowMoversTitle') },
        request: (options, separator) => exportSlowMoversCsv({ days, separator }, options),
      },
      {
        choice: { value: 'low', label: t('lowStockTitle') },
        request: (options, separator) => exportLowStockReportCsv({ separator }, options),
      },
    ],
    [from, to, days, t],
  );
  const downloads = useAnalyticsCsv(`top-products-${from}-${to}.csv`, files);
  return (
    <ProductsReportView
      query={query}
      top={reportLoad(top, t('productsLoadFailed'))}
      slowMovers={reportLoad(slow, t('slowMoversLoadFailed'))}
      lowStock={reportLoad(low, t('lowStockLoadFailed'))}
      {...downloads}
    />
  );
}
