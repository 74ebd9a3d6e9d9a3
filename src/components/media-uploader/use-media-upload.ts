import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '@/components/ui/notify';
import { serverMessage } from '@/lib/http';
import type { MediaApi } from './media-api';
import { batches, checkFiles, type MediaKind, type MediaLimits } from './media-rules';
import { t } from './messages';

interface Options {
  kind: MediaKind;
  api: MediaApi;
  value: readonly string[];
  onChange: (urls: string[]) => void;
  max: number;
  limits: MediaLimits;
  onUploadingChange?: (uploading: boolean) => void;
}

/**
 * What the media uploader does (docs/product.md §2, §5, §8): checks a selection (count, size, type), uploads
 * it through `api` (5 files per request) and appends the stored URLs;
 * removes an item from the value only. The stored file is not deleted here: a form left with
 * Cancel must not point at a deleted file. The server deletes it when the product is saved
 * without it, or sweeps it once nothing has referenced it for the grace period.
 */
export function useMediaUpload({
  kind,
  api,
  value,
  onChange,
  max,
  limits,
  onUploadingChange,
}: Options) {
  const [uploading, setUploading] = useState(false);
  // The list may change while an upload runs (an item removed): append to the latest one.
  const latest = useRef({ value, onChange, onUploadingChange });
  useEffect(() => {
    latest.current = { value, onChange, onUploadingChange };
  });

  const setBusy = useCallback((busy: boolean) => {
    setUploading(busy);
    latest.current.onUploadingChange?.(busy);
  }, []);

  const addFiles = useCallback(
    async (files: File[]) => {
      if (files.length === 0) return;
      const problem = checkFiles(kind, latest.current.value.length, files, max, limits);
      if (problem) {
        notify.error(problem.title, problem.description);
        return;
      }
      setBusy(true);
      const stored: string[] = [];
      try {
        for (const batch of batches(files)) {
          stored.push(...(await api.upload(kind, batch)));
        }
      } catch (error) {
        notify.error(t('uploadFailed'), serverMessage(error, t('uploadFailedText', { kind })));
      } finally {
        // Whatever was stored before a failure is kept.
        if (stored.length > 0) latest.current.onChange([...latest.current.value, ...stored]);
        setBusy(false);
      }
    },
    [kind, api, max, limits, setBusy],
  );

  const removeAt = useCallback((index: number) => {
    const { value: current, onChange: change } = latest.current;
    const url = current[index];
    if (url === undefined) return;
    change(current.filter((_, i) => i !== index));
  }, []);

  return { uploading, addFiles, removeAt };
}
