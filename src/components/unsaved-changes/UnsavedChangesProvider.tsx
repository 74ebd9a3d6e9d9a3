import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Router, useRouter, type AroundNavHandler } from 'wouter';
import { useBrowserLocation } from 'wouter/use-browser-location';
import { onTrapEntry, pushTrapEntry } from './history-trap';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';

interface UnsavedChangesContextValue {
  /** Records that the guard `id` has unsaved changes (`dirty`) or no longer has any. */
  setDirty: (id: string, dirty: boolean) => void;
  /** Asks the user; `discard` runs when they choose to discard the changes. */
  ask: (discard: () => void) => void;
  /**
   * Leaves the page by `leave` (e.g. signing out): at once when nothing is unsaved, else once the
   * user chose to discard; nothing is asked then until the guarded forms are gone.
   */
  leave: (leave: () => void) => void;
  /** Runs a navigation without asking (what it leaves was just saved). */
  withoutAsking: (navigation: () => void) => void;
}

const UnsavedChangesContext = createContext<UnsavedChangesContextValue | null>(null);

/** What the guard keeps between renders (read and changed by event handlers only). */
interface GuardState {
  /** The guards that have unsaved changes. */
  dirty: Set<string>;
  /** The user chose to leave and discard: nothing is asked until the guards are gone. */
  discarded: boolean;
  /** A navigation allowed without asking is under way. */
  bypass: boolean;
  /** The address the trap entry duplicates. */
  trapHref: string;
  /** The current history entry is a trap entry (kept up to date by the guard). */
  onTrap: boolean;
  /** The router's location is the window's (the trap entry can then be replaced). */
  sharesHistory: boolean;
}

const isDirty = (state: GuardState) => state.dirty.size > 0 && !state.discarded;

/**
 * The window's listeners, added when this module loads: before those added later (listeners of a
 * target run in the order they were added), e.g. the router's popstate listener, which must not
 * see an undone Back, or a mock service worker's beforeunload one (see the story shell).
 */
const unloadChecks = new Set<() => boolean>();
const popStateHandlers = new Set<(event: PopStateEvent) => void>();
if (typeof window !== 'undefined') {
  // Closing or reloading the tab: the browser's own prompt while something is unsaved.
  window.addEventListener('beforeunload', (event) => {
    if (![...unloadChecks].some((unsaved) => unsaved())) return;
    event.preventDefault();
    event.returnValue = ''; // older browsers
  });
  window.addEventListener('popstate', (event) => {
    for (const handle of popStateHandlers) handle(event);
  });
}

/**
 * Nobody leaves unsaved changes without being asked (see useUnsavedChangesGuard). Inside the
 * wouter router, around the screens: every navigation of the router (links, `navigate`,
 * redirects) goes through it, the Back button is undone then asked about, and closing or
 * reloading the tab gets the browser's own prompt.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const { hook } = useRouter();
  const guard = useRef<GuardState>({
    dirty: new Set(),
    discarded: false,
    bypass: false,
    trapHref: typeof window === 'undefined' ? '' : window.location.href,
    // A reload keeps the entry's state: the page may start on a trap entry.
    onTrap: onTrapEntry(),
    sharesHistory: false,
  });
  const sharesHistory = hook === useBrowserLocation;
  useEffect(() => {
    guard.current.sharesHistory = sharesHistory;
  }, [sharesHistory]);

  const [prompt, setPrompt] = useState<{ discard: () => void } | null>(null);
  const ask = useCallback((discard: () => void) => setPrompt({ discard }), []);
  const leave = useCallback(
    (action: () => void) => {
      const state = guard.current;
      if (state.bypass || !isDirty(state)) action();
      else
        ask(() => {
          state.discarded = true;
          action();
        });
    },
    [ask],
  );

  const setDirty = useCallback((id: string, dirty: boolean) => {
    const state = guard.current;
    const wasDirty = state.dirty.size > 0;
    if (dirty) state.dirty.add(id);
    else state.dirty.delete(id);
    if (state.dirty.size === 0) state.discarded = false;
    else if (!wasDirty) {
      state.trapHref = window.location.href;
      if (!onTrapEntry()) pushTrapEntry();
      state.onTrap = true;
    }
  }, []);

  const withoutAsking = useCallback((navigation: () => void) => {
    const state = guard.current;
    state.bypass = true;
    try {
      navigation();
    } finally {
      state.bypass = false;
    }
  }, []);

  const aroundNav = useCallback<AroundNavHandler>(
    (navigate, to, options) => {
      const state = guard.current;
      const go = () => {
        // From the trap entry (a duplicate of this page) the next page takes its place.
        if (state.sharesHistory && !options?.replace && onTrapEntry())
          navigate(to, { ...options, replace: true });
        else navigate(to, options);
        state.onTrap = onTrapEntry();
      };
      leave(go);
    },
    [leave],
  );

  useEffect(() => {
    const state = guard.current;
    const onPopState = (event: PopStateEvent) => {
      const leftTrap = state.onTrap;
      state.onTrap = onTrapEntry();
      if (!isDirty(state)) {
        // Back from a trap entry left behind (the changes were saved or discarded since) lands on
        // the same page: one more step, so that Back never seems to do nothing.
        if (
          state.sharesHistory &&
          leftTrap &&
          !state.onTrap &&
          window.location.href === state.trapHref
        )
          window.history.back();
        return;
      }
      // Arriving on the trap entry (Forward) leaves nothing.
      if (state.onTrap) return;
      // Undo Back before the router sees it: the trap entry again, at the page's address.
      event.stopImmediatePropagation();
      const oneStep = window.location.href === state.trapHref;
      pushTrapEntry(state.trapHref);
      state.onTrap = true;
      ask(() => {
        state.discarded = true;
        // One step back left the trap for the page's own entry: go before both.
        window.history.go(oneStep ? -2 : -1);
      });
    };
    const unsaved = () => isDirty(state);
    popStateHandlers.add(onPopState);
    unloadChecks.add(unsaved);
    return () => {
      popStateHandlers.delete(onPopState);
      unloadChecks.delete(unsaved);
    };
  }, [ask]);

  const value = useMemo(
    () => ({ setDirty, ask, leave, withoutAsking }),
    [setDirty, ask, leave, withoutAsking],
  );
  return (
    <UnsavedChangesContext.Provider value={value}>
      <Router aroundNav={aroundNav}>{children}</Router>
      <UnsavedChangesDialog
        open={prompt !== null}
        onStay={() => setPrompt(null)}
        onDiscard={() => {
          setPrompt(null);
          prompt?.discard();
        }}
      />
    </UnsavedChangesContext.Provider>
  );
}

/** The provider's services; null outside one (nothing is guarded then). */
export function useUnsavedChangesContext(): UnsavedChangesContextValue | null {
  return useContext(UnsavedChangesContext);
}
