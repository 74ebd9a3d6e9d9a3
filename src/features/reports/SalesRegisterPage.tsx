import { useCallback, useState } from 'react';
import {
  exportSalesRegisterCsv,
  getSalesRegisterPdf,
  useGetSalesRegister,
} from '@generated/hooks/reports/reports';
import { useCsvExport } from '@/components/list-screen';
import { paths } from '@/lib/paths';
import { documentNoun, useT } from './messages';
import { SalesRegisterView } from './SalesRegisterView';
import { reportLoad, usePdfDownload, useReportPeriod, type PdfLanguage } from './use-report';

/** Documents per page of the register (the contract allows up to 1000). */
const LIMIT = 50;

/**
 * /admin/reports/sales-register?from&to (docs/product.md §10.27): the register of the period in
 * the address (the shop's current month without one), a page at a time; the totals, the numbering
 * check and the files cover the whole period.
 */
export function SalesRegisterPage() {
  const t = useT();
  const { from, to, setPeriod } = useReportPeriod(paths.reports.salesRegister);
  // The page belongs to its period: another period starts at its first page.
  const period = `${from}/${to}`;
  const [page, setPage] = useState({ period, skip: 0 });
  const skip = page.period === period ? page.skip : 0;
  const query = useGetSalesRegister(
    { from, to, skip, limit: LIMIT },
    { swr: { keepPreviousData: true } },
  );
  const csv = useCsvExport({
    noun: documentNoun,
    fallbackName: `sales-register-${from}-${to}.csv`,
    failure: t('exportFailed'),
  });
  const { start } = csv;
  const onCsv = useCallback(
    () =>
      void start(t('registerTitle'), (options, separator) =>
        exportSalesRegisterCsv({ from, to, separator }, options),
      ),
    [start, from, to, t],
  );
  const pdfRequest = useCallback(
    (lang: PdfLanguage) => (options: object) => getSalesRegisterPdf({ from, to, lang }, options),
    [from, to],
  );
  const pdf = usePdfDownload(pdfRequest, `sales-register-${from}-${to}.pdf`);
  return (
    <SalesRegisterView
      from={from}
      to={to}
      onPeriodChange={setPeriod}
      load={reportLoad(query, t('registerLoadFailed'))}
      skip={skip}
      limit={LIMIT}
      onPage={(next) => setPage({ period, skip: next })}
      csv={csv}
      onCsv={onCsv}
      pdf={pdf}
    />
  );
}
