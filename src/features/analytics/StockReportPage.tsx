import { useMemo } from 'react';
import {
  exportStockValuationCsv,
  useGetStockValuation,
} from '@generated/hooks/analytics/analytics';
import { reportLoad } from '../reports';
import { useT } from './messages';
import { StockReportView } from './StockReportView';
import { useAnalyticsCsv, type AnalyticsCsv } from './use-analytics';

/** The CSV's name when the server gives none (it names it the same). */
const FILE_NAME = 'stock-valuation.csv';

/**
 * /admin/reports/stock (docs/product.md §10.30): the stock on hand now valued at cost, in total
 * and by category (no period: it is a snapshot), and its CSV.
 */
export function StockReportPage() {
  const t = useT();
  const valuation = useGetStockValuation();
  const files = useMemo<AnalyticsCsv[]>(
    () => [
      {
        choice: { value: 'stock', label: t('stockTitle') },
        request: (options, separator) => exportStockValuationCsv({ separator }, options),
      },
    ],
    [t],
  );
  const downloads = useAnalyticsCsv(FILE_NAME, files);
  return <StockReportView valuation={reportLoad(valuation, t('stockLoadFailed'))} {...downloads} />;
}
