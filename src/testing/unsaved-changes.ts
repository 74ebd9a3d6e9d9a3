/**
 * Play-function helpers for the unsaved-changes guard (stories only; never imported by the app).
 */
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { UNSAVED_CHANGES_TEXT } from '@/components/unsaved-changes';
import { requests } from '@mocks/recorder';
import { currentLocation } from './story';

const scopeOf = (element: HTMLElement) => within(element);
/** Queries bound to one element (what `within` returns). */
type Scope = ReturnType<typeof scopeOf>;

/** The 'Discard unsaved changes?' confirmation, once visible, with its exact texts. */
export async function expectUnsavedChangesDialog(): Promise<Scope> {
  const dialog = await screen.findByRole('alertdialog', { name: UNSAVED_CHANGES_TEXT.title });
  await waitFor(() => expect(dialog).toBeVisible());
  const scope = scopeOf(dialog);
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

/** What the plays of a create/edit dialog's guard need to know about it. */
export interface DialogFormGuardOptions {
  /** The form dialog's accessible name (its title). */
  name: string;
  /** The field the plays type into, and what they type. */
  field: (dialog: Scope) => HTMLElement;
  text: string;
  /** Opens the dialog from the screen (the plays wait until it is visible). */
  open: (canvasElement: HTMLElement) => Promise<void>;
  /** Completes the form after `text` was typed, submits it and waits for the saving request. */
  save: (dialog: Scope) => Promise<void>;
}

async function formDialog(name: string): Promise<{ element: HTMLElement; scope: Scope }> {
  const element = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(element).toBeVisible());
  return { element, scope: scopeOf(element) };
}

async function formDialogClosed(name: string): Promise<void> {
  await waitFor(() => expect(screen.queryByRole('dialog', { name })).toBeNull(), {
    timeout: 3000,
  });
}

/** A link of the admin layout's sidebar ('Dashboard', 'Orders'...). */
export const sidebarLink = (canvasElement: HTMLElement, name: string) =>
  scopeOf(scopeOf(canvasElement).getByRole('navigation', { name: 'Management' })).getByRole(
    'link',
    { name },
  );

/**
 * The play functions proving a create/edit dialog's guard (the screen in the admin layout, so its
 * sidebar links are there).
 */
function dialogFormGuardPlays(options: DialogFormGuardOptions) {
  const { name } = options;

  /** Opens the dialog and types: returns the dialog and the field's value. */
  async function openAndChange(canvasElement: HTMLElement) {
    await options.open(canvasElement);
    const dialog = await formDialog(name);
    await userEvent.type(options.field(dialog.scope), options.text);
    const field = options.field(dialog.scope);
    const value = field instanceof HTMLInputElement ? field.value : '';
    await expect(value).toContain(options.text);
    return { ...dialog, value };
  }

  /** Stay: the confirmation goes, the dialog stays with the typed value, the location too. */
  async function stay(canvasElement: HTMLElement, location: string, value: string) {
    const confirmation = await expectUnsavedChangesDialog();
    await userEvent.click(confirmation.getByRole('button', { name: UNSAVED_CHANGES_TEXT.stay }));
    await expectNoUnsavedChangesDialog();
    const dialog = await formDialog(name);
    await expect(options.field(dialog.scope)).toHaveValue(value);
    await expect(currentLocation(canvasElement)).toBe(location);
  }

  return {
    /** Cancel, Escape, a click outside and the close button ask; Discard closes, nothing sent. */
    closeAsksWhenChanged: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
      const location = currentLocation(canvasElement);
      const { scope, element, value } = await openAndChange(canvasElement);
      await userEvent.click(scope.getByRole('button', { name: 'Cancel' }));
      await stay(canvasElement, location, value);
      await userEvent.keyboard('{Escape}');
      await stay(canvasElement, location, value);
      // Outside the dialog's content: its backdrop, over the page (which a modal dialog makes
      // ignore the pointer, hence no pointer-events check).
      const backdrop = (element.parentElement?.id ?? '').replace(/positioner$/, 'backdrop');
      await userEvent.setup({ pointerEventsCheck: 0 }).click(document.getElementById(backdrop)!);
      await stay(canvasElement, location, value);
      await userEvent.click(scope.getByRole('button', { name: 'Close' }));
      const confirmation = await expectUnsavedChangesDialog();
      const sent = requests.all().length;
      await userEvent.click(
        confirmation.getByRole('button', { name: UNSAVED_CHANGES_TEXT.discard }),
      );
      await formDialogClosed(name);
      await expectNoUnsavedChangesDialog();
      await expect(currentLocation(canvasElement)).toBe(location);
      await expect(
        requests
          .all()
          .slice(sent)
          .filter((call) => call.method !== 'GET'),
      ).toEqual([]);
      await expect(beforeUnloadPrevented()).toBe(false);
    },

    /** Nothing typed: Cancel and Escape close at once. */
    unchangedClosesWithoutAsking: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
      await options.open(canvasElement);
      let dialog = await formDialog(name);
      await expect(beforeUnloadPrevented()).toBe(false);
      await userEvent.click(dialog.scope.getByRole('button', { name: 'Cancel' }));
      await formDialogClosed(name);
      await options.open(canvasElement);
      dialog = await formDialog(name);
      await userEvent.keyboard('{Escape}');
      await formDialogClosed(name);
      await expectNoUnsavedChangesDialog();
    },

    /** The browser's Back button while the changed dialog is open: asked; Stay keeps all. */
    browserBackAsksWhenChanged: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
      const location = currentLocation(canvasElement);
      const { value } = await openAndChange(canvasElement);
      browserBack();
      await stay(canvasElement, location, value);
    },

    /** Closing or reloading the tab is prevented only while the dialog holds changes. */
    beforeUnloadOnlyWhenChanged: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
      await options.open(canvasElement);
      const dialog = await formDialog(name);
      await expect(beforeUnloadPrevented()).toBe(false);
      await userEvent.type(options.field(dialog.scope), options.text);
      await expect(beforeUnloadPrevented()).toBe(true);
    },

    /** Saved: the dialog closes without asking, and leaving the page asks nothing either. */
    saveClosesWithoutAsking: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
      const { scope } = await openAndChange(canvasElement);
      await options.save(scope);
      await formDialogClosed(name);
      await expectNoUnsavedChangesDialog();
      await expect(beforeUnloadPrevented()).toBe(false);
      await userEvent.click(sidebarLink(canvasElement, 'Dashboard'));
      await waitFor(() => expect(currentLocation(canvasElement)).toBe('/admin'));
      await expectNoUnsavedChangesDialog();
    },
  };
}

/** Opens a list screen's edit dialog with the row's edit button ('Edit Céramique'), once enabled. */
export function clickEditButton(name: string) {
  return async (canvasElement: HTMLElement) => {
    const edit = await scopeOf(canvasElement).findByRole('button', { name });
    await waitFor(() => expect(edit).toBeEnabled());
    await userEvent.click(edit);
  };
}

/** Submits a dialog with its button and waits for the request that saves it. */
export function submitAndWait(button: string, method: string, path: string | RegExp) {
  return async (dialog: Scope) => {
    await userEvent.click(dialog.getByRole('button', { name: button }));
    await requests.waitFor(method, path);
  };
}

/** The five stories of a create/edit dialog's guard, by story name. */
export function dialogFormGuardStories(options: DialogFormGuardOptions) {
  const plays = dialogFormGuardPlays(options);
  return {
    CloseAsksWhenChanged: { play: plays.closeAsksWhenChanged },
    UnchangedClosesWithoutAsking: { play: plays.unchangedClosesWithoutAsking },
    BrowserBackAsksWhenChanged: { play: plays.browserBackAsksWhenChanged },
    BeforeUnloadOnlyWhenChanged: { play: plays.beforeUnloadOnlyWhenChanged },
    SaveClosesWithoutAsking: { play: plays.saveClosesWithoutAsking },
  };
}
