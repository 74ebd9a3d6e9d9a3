import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'wouter';

/** How long a new screen may take to draw its heading (lazy chunk, first data) before we give up. */
const HEADING_WAIT_MS = 5000;

function focusHeading(heading: HTMLElement) {
  // Reachable by script, not by Tab: the heading is a landing point, not a control.
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
}

/**
 * After each navigation (not the first load, where focus belongs to the browser), focus moves to
 * the new screen's h1 inside `main`, so screen readers announce it and Tab starts from there.
 * The screen may draw its heading late (lazy page, loading state): we watch `main` until it does.
 */
export function useFocusHeadingOnNavigation(main: RefObject<HTMLElement | null>): void {
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = main.current;
    if (!root) return;
    const found = root.querySelector<HTMLElement>('h1');
    if (found) {
      focusHeading(found);
      return;
    }
    const observer = new MutationObserver(() => {
      const heading = root.querySelector<HTMLElement>('h1');
      if (!heading) return;
      stop();
      focusHeading(heading);
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(root, { childList: true, subtree: true });
    return stop;
  }, [location, main]);
}
