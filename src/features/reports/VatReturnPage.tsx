import { useCallback } from 'react';
import {
  exportVatReturnCsv,
  getVatReturnPdf,
  useGetVatReturn,
} from '@generated/hooks/reports/reports';
import { useCsvExport } from '@/components/list-screen';
import { paths } from '@/lib/paths';
import { lineNoun, useT } from './messages';
import { reportLoad, useReportMonth, usePdfDownload, type PdfLanguage } from './use-report';
import { VatReturnView } from './VatReturnView';

/**
 * /admin/reports/vat-return?month=YYYY-MM (docs/product.md §10.27): the return of the month in
 * the address (the shop's current month without one); its CSV and PDF carry the same month.
 */
export function VatReturnPage() {
  const t = useT();
  const { month, current, setMonth } = useReportMonth(paths.reports.vatReturn);
  const query = useGetVatReturn({ month });
  const csv = useCsvExport({
    noun: lineNoun,
    fallbackName: `vat-return-${month}.csv`,
    failure: t('exportFailed'),
  });
  const { start } = csv;
  const onCsv = useCallback(
    () =>
      void start(t('vatTitle'), (options, separator) =>
        exportVatReturnCsv({ month, separator }, options),
      ),
    [start, month, t],
  );
  const pdfRequest = useCallback(
    (lang: PdfLanguage) => (options: object) => getVatReturnPdf({ month, lang }, options),
    [month],
  );
  const pdf = usePdfDownload(pdfRequest, `vat-return-${month}.pdf`);
  return (
    <VatReturnView
      month={month}
      current={current}
      onMonthChange={setMonth}
      load={reportLoad(query, t('vatLoadFailed'))}
      csv={csv}
      onCsv={onCsv}
      pdf={pdf}
    />
  );
}
