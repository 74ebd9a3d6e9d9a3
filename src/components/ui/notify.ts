import { toaster } from './toaster';

type Kind = 'success' | 'error' | 'info' | 'warning';

// Only one toast is shown (spec §4): a new one replaces the current one at once rather than
// queueing behind it, as the original console did.
function show(type: Kind, title: string, description?: string): string {
  toaster.remove();
  return toaster.create({ type, title, description, closable: true });
}

/** Toasts for every screen: `notify.success('Success', 'Product deleted successfully')`. */
export const notify = {
  success: (title: string, description?: string) => show('success', title, description),
  /** The destructive toast of spec §8 (title usually 'Error'). */
  error: (title: string, description?: string) => show('error', title, description),
  info: (title: string, description?: string) => show('info', title, description),
  warning: (title: string, description?: string) => show('warning', title, description),
};
