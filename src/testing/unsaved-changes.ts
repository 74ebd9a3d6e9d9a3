/**
 * Play-function helpers for the unsaved-changes guard (stories only; never imported by the app).
 */
import { expect, screen, waitFor, within } from 'storybook/test';
import { UNSAVED_CHANGES_TEXT } from '@/components/unsaved-changes';

type Scope = ReturnType<typeof within>;

/** The 'Discard unsaved changes?' confirmation, once visible, with its exact texts. */
export async function expectUnsavedChangesDialog(): Promise<Scope> {
  const dialog = await screen.findByRole('alertdialog', { name: UNSAVED_CHANGES_TEXT.title });
  await waitFor(() => expect(dialog).toBeVisible());
  const scope = within(dialog);
  await expect(scope.getByText(UNSAVED_CHANGES_TEXT.description)).toBeVisible();
  await expect(scope.getByRole('button', { name: UNSAVED_CHANGES_TEXT.stay })).toHaveFocus();
  await expect(scope.getByRole('button', { name: UNSAVED_CHANGES_TEXT.discard })).toBeVisible();
  return scope;
}

/** The confirmation is gone (closing animation over) or was never shown. */
export async function expectNoUnsavedChangesDialog(): Promise<void> {
  await waitFor(
    () =>
      expect(screen.queryByRole('alertdialog', { name: UNSAVED_CHANGES_TEXT.title })).toBeNull(),
    { timeout: 3000 },
  );
}

/**
 * Dispatches what the browser fires before closing or reloading the tab; true when the page
 * asked to be kept (the browser would then show its own prompt).
 */
export function beforeUnloadPrevented(): boolean {
  const event = document.createEvent('BeforeUnloadEvent');
  event.initEvent('beforeunload', false, true);
  // Synthetic: .storybook/preview.tsx keeps it from MSW's worker, which would stop on it.
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

/**
 * The browser's Back button. Asynchronous: wait for what follows (the confirmation). With unsaved
 * changes there is always an entry to go back to (the guard's own).
 */
export function browserBack(): void {
  window.history.back();
}
