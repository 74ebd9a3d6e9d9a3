import { useCallback, useEffect, useId, useMemo } from 'react';
import { useLocation } from 'wouter';
import { useUnsavedChangesContext } from './UnsavedChangesProvider';

export interface UnsavedChangesGuard {
  /**
   * Runs `leave` at once when nothing is unsaved, else after the user chose 'Discard changes'
   * (for what leaves a form without navigating: a dialog's Cancel, Escape, close button).
   */
  confirm: (leave: () => void) => void;
}

/**
 * Opts a form into the unsaved-changes guard: while `dirty`, leaving the page by a link or
 * `navigate`, the Back button, closing or reloading the tab asks first (the Back button and
 * links only under <UnsavedChangesProvider>, which the app and the stories have).
 */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const context = useUnsavedChangesContext();
  const id = useId();
  useEffect(() => {
    if (!context || !dirty) return;
    context.setDirty(id, true);
    return () => context.setDirty(id, false);
  }, [context, id, dirty]);

  const confirm = useCallback(
    (leave: () => void) => {
      if (context && dirty) context.ask(leave);
      else leave();
    },
    [context, dirty],
  );
  return useMemo(() => ({ confirm }), [confirm]);
}

/**
 * `navigate` for leaving a form once it is saved: never asks, whatever the guards say (the form
 * is about to unmount).
 */
export function useNavigateAfterSave(): (to: string, options?: { replace?: boolean }) => void {
  const [, navigate] = useLocation();
  const context = useUnsavedChangesContext();
  return useCallback(
    (to, options) => {
      if (context) context.withoutAsking(() => navigate(to, options));
      else navigate(to, options);
    },
    [context, navigate],
  );
}

/**
 * For what leaves the page other than by the router (e.g. signing out): `confirmLeave(leave)` runs
 * `leave` at once when nothing is unsaved, else once the user chose 'Discard changes' (the
 * navigations that follow are not asked about).
 */
export function useConfirmLeave(): (leave: () => void) => void {
  const context = useUnsavedChangesContext();
  return useCallback(
    (leave: () => void) => {
      if (context) context.leave(leave);
      else leave();
    },
    [context],
  );
}
