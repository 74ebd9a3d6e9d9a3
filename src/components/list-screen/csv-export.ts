import type { AxiosProgressEvent, AxiosRequestConfig } from 'axios';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CsvSeparatorParameter } from '@generated/model';
import { notify } from '@/components/ui/notify';
import { downloadFile, type FileRequest } from '@/lib/download';
import { serverMessage } from '@/lib/http';
import { formatCount } from '@/lib/format';
import { useLocale, type Locale } from '@/lib/i18n';
import type { Noun } from './count';
import { t } from './messages';

/** The file's variant: comma-separated, or semicolon-separated with decimal commas. */
export type CsvSeparator = CsvSeparatorParameter;

/**
 * The variant a spreadsheet in this language reads: French and Arabic spreadsheets split CSV on
 * semicolons (their decimal mark is the comma), English ones on commas.
 */
const defaultSeparator = (locale: Locale): CsvSeparator =>
  locale === 'en' ? 'comma' : 'semicolon';

/**
 * A generated export client (exportOrders, exportProducts) bound to its params and the variant:
 * `separator` is undefined for the default (comma) file, so the query is the list's own.
 */
export type CsvRequest = (
  options: AxiosRequestConfig,
  separator: CsvSeparator | undefined,
) => Promise<Blob>;

/** How far a download is: bytes received, and the size and row count when the server said. */
export interface CsvProgress {
  /** What is exported ('One row per line'…), for the indicator. */
  label: string;
  loaded: number;
  /** Bytes of the whole file (Content-Length), when known. */
  totalBytes: number | null;
  /** The rows the file holds (X-Total-Count), when known. */
  rows: number | null;
}

/** '12.3 kB' */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/**
 * What the indicator says: the bytes received, and the rows: an estimate when both the size and
 * the count are known, the count alone otherwise.
 */
export function progressText({ loaded, totalBytes, rows }: CsvProgress, noun: Noun): string {
  if (loaded === 0) return t('preparing');
  const received = t('received', { size: formatBytes(loaded) });
  if (rows === null) return received;
  const all = noun.count(rows);
  if (!totalBytes) return t('receivedOf', { received, all });
  const estimate = Math.min(rows, Math.round((rows * loaded) / totalBytes));
  return t('receivedAbout', { received, estimate: formatCount(estimate), all });
}

/** The share received (0–100) when the size is known, else null (indeterminate). */
export const progressPercent = ({ loaded, totalBytes }: CsvProgress) =>
  totalBytes ? Math.min(100, Math.round((loaded * 100) / totalBytes)) : null;

function headerCount(event: AxiosProgressEvent): number | null {
  const request = (event.event as ProgressEvent | undefined)?.target;
  const header =
    request instanceof XMLHttpRequest ? request.getResponseHeader('X-Total-Count') : null;
  const count = header === null ? NaN : Number(header);
  return Number.isInteger(count) && count >= 0 ? count : null;
}

export interface CsvExportOptions {
  /** What a row is ('12 orders'). */
  noun: Noun;
  /** The file name when the server gives none. */
  fallbackName: string;
  /** The toast's text when the server says nothing better. */
  failure: string;
}

/**
 * Runs one CSV export at a time: the download goes on in the background with its progress (the
 * screen stays usable; the CSV is never parsed here), can be cancelled, then is saved under the
 * server's file name. A failure is toasted with the server's message.
 */
export function useCsvExport({ noun, fallbackName, failure }: CsvExportOptions) {
  const [progress, setProgress] = useState<CsvProgress | null>(null);
  // The language's variant until the admin picks one on this screen.
  const locale = useLocale();
  const [picked, setSeparator] = useState<CsvSeparator | null>(null);
  const separator = picked ?? defaultSeparator(locale);
  const running = useRef<AbortController | null>(null);
  // Leaving the screen stops the download.
  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(
    async (label: string, request: CsvRequest) => {
      if (running.current) return;
      const controller = new AbortController();
      running.current = controller;
      setProgress({ label, loaded: 0, totalBytes: null, rows: null });
      try {
        const file: FileRequest = (options) =>
          request(options, separator === 'comma' ? undefined : separator);
        await downloadFile(file, fallbackName, {
          signal: controller.signal,
          // The whole file may take longer than an ordinary request.
          timeout: 0,
          onDownloadProgress: (event) =>
            setProgress({
              label,
              loaded: event.loaded,
              totalBytes: event.total ?? null,
              rows: headerCount(event),
            }),
        });
      } catch (error) {
        if (!controller.signal.aborted) notify.error(t('error'), serverMessage(error, failure));
      } finally {
        // A cancelled export has already given way (to nothing, or to the next one).
        if (running.current === controller) {
          running.current = null;
          setProgress(null);
        }
      }
    },
    [fallbackName, failure, separator],
  );

  const cancel = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setProgress(null);
  }, []);

  // One object while nothing changes, so that what is memoised on it (the header's actions) stays.
  return useMemo(
    () => ({ progress, start, cancel, noun, separator, setSeparator }),
    [progress, start, cancel, noun, separator],
  );
}

export type CsvExport = ReturnType<typeof useCsvExport>;

/** A generated export client: the list's params and the variant, then the request's options. */
export type ExportClient<P> = (
  params: P & { separator?: CsvSeparator },
  options: AxiosRequestConfig,
) => Promise<Blob>;

/**
 * The export of a list screen (useCsvExport): the file holds what the list shows, so `params`
 * are the list's own (its search, filters and order), sent to `send` with the admin's variant.
 * `exportList` starts it under the label of the choice made.
 */
export function useListExport<P extends object>(
  send: ExportClient<P>,
  params: P,
  options: CsvExportOptions,
) {
  const csv = useCsvExport(options);
  const { start } = csv;
  const exportList = useCallback(
    ({ label }: { label: string }) =>
      void start(label, (request, separator) => send({ ...params, separator }, request)),
    [start, send, params],
  );
  return { csv, exportList };
}
