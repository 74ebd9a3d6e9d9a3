// Vitest setup (vite.config.ts): a test during which a mock handler saw a request the server would
// refuse, or answered something the contract does not describe, fails.
import { afterEach } from 'vitest';
import { contractViolations, violationsError } from './violations';

afterEach(() => {
  const error = violationsError(contractViolations.take());
  if (error) throw error;
});

// jsdom has no matchMedia; the colour mode (next-themes) asks it for the system's preference.
// A light system, as a browser without a preference reports. (This file is also Node's setup:
// no DOM types here.)
const browser = (globalThis as { window?: { matchMedia?: unknown } }).window;
if (browser && typeof browser.matchMedia !== 'function') {
  browser.matchMedia = (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}
