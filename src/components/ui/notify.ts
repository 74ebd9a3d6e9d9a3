import { useEffect } from 'react';
// Not from '@/lib/http': that would load the HTTP client (axios) with every toast.
import { serverMessage } from '@/lib/http/error-message';
import { t } from './messages';
import { loadToaster } from './toaster-on-demand';

type Kind = 'success' | 'error' | 'info' | 'warning';

/** A button in the toast that leads to where the problem is solved (it closes the toast). */
interface ToastAction {
  label: string;
  onClick: () => void;
}

// Only one toast is shown (docs/product.md §4): a new one replaces the current one at once rather than
// queueing behind it, as the original console did. Toasts keep their order while the toaster loads.
function show(type: Kind, title: string, description?: string, action?: ToastAction): void {
  void loadToaster().then(({ toaster }) => {
    toaster.remove();
    toaster.create({ type, title, description, closable: true, ...(action ? { action } : {}) });
  });
}

/** Toasts for every screen: `notify.success('Success', 'Product deleted successfully')`. */
export const notify = {
  success: (title: string, description?: string) => show('success', title, description),
  /** The destructive toast of docs/product.md §8 (title usually 'Error'), with its way out. */
  error: (title: string, description?: string, action?: ToastAction) =>
    show('error', title, description, action),
  info: (title: string, description?: string) => show('info', title, description),
  warning: (title: string, description?: string) => show('warning', title, description),
};

interface Outcome {
  /** The 'Success' toast's text. */
  success: string;
  /** The 'Error' toast's text when the error says nothing better. */
  failure: string;
  /** What the error says (default: the server's message, else `failure`). */
  errorMessage?: (error: unknown, failure: string) => string;
}

/** Runs `action`, then toasts how it went ('Success' or 'Error'); true when it succeeded. */
export async function withToasts(
  action: () => Promise<unknown>,
  { success, failure, errorMessage = serverMessage }: Outcome,
): Promise<boolean> {
  try {
    await action();
  } catch (error) {
    notify.error(t('error'), errorMessage(error, failure));
    return false;
  }
  notify.success(t('success'), success);
  return true;
}

/**
 * Toasts 'Error' / `message` when `failed` turns true: once per failure, not on each automatic
 * retry (the flag only turns true again after a success).
 */
export function useFailureToast(failed: boolean, message: string): void {
  useEffect(() => {
    if (failed) notify.error(t('error'), message);
  }, [failed, message]);
}
