import { useCallback, useEffect, useRef, useState } from 'react';
import type { ImportMode, ProductImportReport } from '@generated/model';
import { notify } from '@/components/ui/notify';
import { serverMessage } from '@/lib/http';
import {
  DEFAULT_IMPORT_OPTIONS,
  fileProblem,
  sendImport,
  summaryText,
  type ImportOptions,
} from './product-import';
import { t } from './messages';

/** A file on its way to the server: dry run or apply, and the share sent (null: unknown). */
export interface ImportSending {
  mode: ImportMode;
  fileName: string;
  percent: number | null;
}

export interface ImportState {
  /** Why the file cannot be imported (the browser's check or the server's detail), else null. */
  problem: string | null;
  sending: ImportSending | null;
  /** The last report: the dry run's, or a refused apply's. */
  report: ProductImportReport | null;
  /** The server's detail of a refused apply (nothing written), else null. */
  refused: string | null;
  /** Why an apply failed otherwise (a network failure…), else null. */
  failure: string | null;
}

const IDLE: ImportState = {
  problem: null,
  sending: null,
  report: null,
  refused: null,
  failure: null,
};

/**
 * The import of one file: checked in the browser, sent as a dry run, then (Apply) sent again
 * to be written; the server keeps nothing between the two. Closing stops what is under way.
 * `onApplied` runs once a file is written (after the success toast, the state back to idle).
 */
export function useProductImport(onApplied: (report: ProductImportReport) => void) {
  const [state, setState] = useState<ImportState>(IDLE);
  const [file, setFile] = useState<File | null>(null);
  // Chosen before the file (another file keeps them); the dry run and its apply send the same.
  const [options, setOptions] = useState<ImportOptions>(DEFAULT_IMPORT_OPTIONS);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  /** Back to the drop zone (another file, or the dialog closed): nothing under way any more. */
  const reset = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setFile(null);
    setState(IDLE);
  }, []);

  const send = useCallback(
    async (picked: File, mode: ImportMode) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      const sending = { mode, fileName: picked.name, percent: 0 };
      setState((current) => ({ ...current, sending, failure: null, refused: null }));
      try {
        const outcome = await sendImport(picked, mode, options, {
          signal: controller.signal,
          onUploadProgress: ({ loaded, total }) =>
            setState((current) => ({
              ...current,
              sending: { ...sending, percent: total ? Math.round((loaded * 100) / total) : null },
            })),
        });
        if (controller.signal.aborted) return null;
        setState({ ...IDLE, report: outcome.report, refused: outcome.refused });
        return outcome;
      } catch (error) {
        if (controller.signal.aborted) return null;
        const failure = serverMessage(error, t(mode === 'apply' ? 'importFailed' : 'checkFailed'));
        // A dry run's failure is the file's: back to the drop zone, with the reason.
        setState((current) =>
          mode === 'apply' ? { ...current, sending: null, failure } : { ...IDLE, problem: failure },
        );
        return null;
      } finally {
        if (running.current === controller) running.current = null;
      }
    },
    [options],
  );

  const pick = useCallback(
    (files: readonly File[]) => {
      const problem = fileProblem(files);
      const [picked] = files;
      if (problem || !picked) {
        setFile(null);
        setState({ ...IDLE, problem });
        return;
      }
      setFile(picked);
      void send(picked, 'dry_run');
    },
    [send],
  );

  const apply = useCallback(async () => {
    if (!file) return;
    const outcome = await send(file, 'apply');
    if (!outcome?.report.applied) return;
    notify.success(
      t('success'),
      t('imported', {
        file: outcome.report.file_name,
        summary: summaryText(outcome.report.summary),
      }),
    );
    reset();
    onApplied(outcome.report);
  }, [file, send, reset, onApplied]);

  return { state, pick, apply, reset, options, setOptions };
}
