import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ReportInterval } from '@generated/model';
import { useCsvExport, type CsvExport, type ExportChoice } from '@/components/list-screen';
import { getShopTimeZone } from '@/lib/format';
import { shopDay } from '../../../server/src/domain/books';
import {
  intervalOfQuery,
  periodOfQuery,
  slowMoverDaysOf,
  withQuery,
  type PeriodChoice,
} from './analytics-period';
import { rowNoun, useT } from './messages';

/**
 * An analytics screen's query from its address (period, buckets, slow movers' days) and its
 * changes: each change is a new address, so a reload or a shared link shows the same report.
 */
export function useAnalyticsQuery(path: string) {
  const search = useSearch();
  const [, navigate] = useLocation();
  // The shop's day now (Settings' time zone; Africa/Tunis until they load): presets count from it.
  const today = shopDay(new Date(), getShopTimeZone());
  const { period, interval, days } = useMemo(() => {
    const query = new URLSearchParams(search);
    const found = periodOfQuery(query, today);
    return {
      period: found,
      interval: intervalOfQuery(query, found),
      days: slowMoverDaysOf(query),
    };
  }, [search, today]);
  const change = useCallback(
    (changes: Record<string, string | null>) => navigate(withQuery(path, search, changes)),
    [navigate, path, search],
  );
  const { from, to } = period;
  return {
    ...period,
    interval,
    days,
    /** A preset replaces the days; 'custom' keeps the days shown, now editable. */
    setChoice: (choice: PeriodChoice) =>
      change(
        choice === 'custom' ? { period: null, from, to } : { period: choice, from: null, to: null },
      ),
    setDays: (next: { from: string; to: string }) => change({ period: null, ...next }),
    setInterval: (next: ReportInterval) => change({ interval: next }),
    setSlowMoverDays: (next: number) => change({ days: String(next) }),
  };
}

export type AnalyticsQuery = ReturnType<typeof useAnalyticsQuery>;

/** A report's CSV file: its label in the menu, and the generated client bound to its query. */
export interface AnalyticsCsv {
  choice: ExportChoice;
  request: Parameters<CsvExport['start']>[1];
}

/**
 * The CSV downloads of a screen (one at a time, with the list kit's indicator): `files` are the
 * reports it shows, the first named `fallbackName` when the server gives no name.
 */
export function useAnalyticsCsv(fallbackName: string, files: readonly AnalyticsCsv[]) {
  const t = useT();
  const csv = useCsvExport({ noun: rowNoun, fallbackName, failure: t('exportFailed') });
  const { start } = csv;
  const onCsv = useCallback(
    (choice: ExportChoice) => {
      const file = files.find((f) => f.choice.value === choice.value) ?? files[0];
      if (file) void start(choice.label, file.request);
    },
    [files, start],
  );
  return { csv, csvChoices: files.map((f) => f.choice), onCsv };
}

/** What a screen's view is given for its downloads (useAnalyticsCsv). */
export type AnalyticsDownloads = ReturnType<typeof useAnalyticsCsv>;
