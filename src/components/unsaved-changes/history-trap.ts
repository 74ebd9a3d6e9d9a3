/**
 * The back button cannot be cancelled, only undone. While a form has unsaved changes the page
 * gets a second history entry (the "trap", a duplicate of the current address): Back then leaves
 * the trap for the page's own entry, the address does not change, and the guard asks.
 */
const TRAP_KEY = '__unsavedChangesTrap';

function stateObject(): Record<string, unknown> {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
}

/** Whether the current history entry is a trap entry. */
export function onTrapEntry(): boolean {
  return stateObject()[TRAP_KEY] === true;
}

/** Pushes a trap entry for `href` (default: the current address), keeping the entry's state. */
export function pushTrapEntry(href: string = window.location.href): void {
  window.history.pushState({ ...stateObject(), [TRAP_KEY]: true }, '', href);
}
