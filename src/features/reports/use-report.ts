import { useCallback, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { notify } from '@/components/ui/notify';
import { downloadFile, type FileRequest } from '@/lib/download';
import { getShopTimeZone } from '@/lib/format';
import { ApiError, serverMessage } from '@/lib/http';
import { t } from './messages';
import { monthOfSearch, periodOfSearch, shopMonthOf } from './report-period';

/** The languages the reports' PDFs are printed in (ReportLanguage): French unless changed. */
export type PdfLanguage = 'fr' | 'en';

/** The shop's month now, in its time zone (Settings; Africa/Tunis until they load). */
const currentShopMonth = () => shopMonthOf(new Date(), getShopTimeZone());

/** A monthly report's month, from `?month=` (the current shop month without one), and its change. */
export function useReportMonth(path: string) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const current = currentShopMonth();
  const month = monthOfSearch(search, current);
  const setMonth = useCallback(
    (next: string) => navigate(`${path}?month=${next}`),
    [navigate, path],
  );
  return { month, current, setMonth };
}

/** The register's period, from `?from&to` (the current shop month without them), and its change. */
export function useReportPeriod(path: string) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const current = currentShopMonth();
  const { from, to } = periodOfSearch(search, current);
  const setPeriod = useCallback(
    (next: { from: string; to: string }) => navigate(`${path}?from=${next.from}&to=${next.to}`),
    [navigate, path],
  );
  return { from, to, setPeriod };
}

/** What a report's screen shows: its data, or why there is none. */
export interface ReportLoad<D> {
  data: D | undefined;
  failure: { status: number; title: string; message: string | null } | null;
  retry: () => void;
}

/** A report's load from its SWR hook: the server's reason when it fails (403, 422 and others). */
export function reportLoad<D>(
  query: { data: D | undefined; error: unknown; mutate: () => unknown },
  title: string,
): ReportLoad<D> {
  const { error } = query;
  return {
    // Data of another period stays out of view while a failure is shown.
    data: error ? undefined : query.data,
    failure: error
      ? {
          status: error instanceof ApiError ? error.status : 0,
          title,
          message: serverMessage(error, title),
        }
      : null,
    retry: () => void query.mutate(),
  };
}

/**
 * A report's PDF: downloaded under the server's name (Content-Disposition), else `fallbackName`,
 * in the language picked (French by default); a failure is toasted with the server's reason.
 */
export function usePdfDownload(request: (lang: PdfLanguage) => FileRequest, fallbackName: string) {
  const [lang, setLang] = useState<PdfLanguage>('fr');
  const [busy, setBusy] = useState(false);
  const download = useCallback(() => {
    setBusy(true);
    downloadFile(request(lang), fallbackName)
      .catch((error: unknown) =>
        notify.error(t('errorTitle'), serverMessage(error, t('pdfFailed'))),
      )
      .finally(() => setBusy(false));
  }, [request, lang, fallbackName]);
  return { lang, setLang, busy, download };
}
