/**
 * Play-function helpers for the list screens built with the list-screen kit (stories only; never
 * imported by the app): rows of the DataTable, the search box, the dialogs a row opens.
 */
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { Endpoint } from '@mocks/handlers/endpoint';
import { mockedBy, type Scope } from './story';

type DialogRole = 'dialog' | 'alertdialog';

/** The texts of a row's cells (the first `count` of them, when given). */
export function cellTexts(row: HTMLElement, count?: number): string[] {
  return within(row)
    .getAllByRole('cell')
    .slice(0, count)
    .map((cell) => cell.textContent ?? '');
}

/** The row with a cell named `name`. */
export function rowOf(canvasElement: HTMLElement, name: string): HTMLElement {
  return within(canvasElement).getByRole('cell', { name }).closest('tr')!;
}

/**
 * The row holding the text `text`, as queries: found by its content where the row's labels are
 * translated.
 */
export const rowWithText = (canvasElement: HTMLElement, text: string): Scope =>
  within(within(canvasElement).getByText(text).closest('tr')!);

interface ListScreenOptions {
  /** The table's accessible name (optional when the screen has one table). */
  table?: string;
  /** The search box's placeholder. */
  searchPlaceholder?: string;
  /** How many leading cells hold data (the others are actions); all when omitted. */
  dataCells?: number;
  /** The titles of the create, edit and delete dialogs, and the button that opens the first. */
  dialogs?: { add: string; create: string; edit: string; delete: string };
}

export interface OpenDialogOptions {
  /** The button of the screen that opens it ('Add User', 'Edit admin'). */
  button: string;
  /** The dialog's accessible name (its title). */
  name: string;
  role?: DialogRole;
}

/** The helpers of one list screen: `const { waitForRows, search } = listScreen({ ... })`. */
export function listScreen({
  table,
  searchPlaceholder = '',
  dataCells,
  dialogs,
}: ListScreenOptions = {}) {
  const tableQuery = table ? { name: table } : {};

  /** The data rows in the DOM (the header row and the virtualiser's spacer rows excluded). */
  function dataRows(canvasElement: HTMLElement): HTMLElement[] {
    return within(within(canvasElement).getByRole('table', tableQuery))
      .getAllByRole('row')
      .filter((row) => Number(row.getAttribute('aria-rowindex')) > 1);
  }

  /** The texts of a row's data cells. */
  const rowCells = (row: HTMLElement) => cellTexts(row, dataCells);
  /** The texts of every row's data cells. */
  const tableCells = (canvasElement: HTMLElement) => dataRows(canvasElement).map(rowCells);

  /** The first cell's text of every row. */
  const rowNames = (canvasElement: HTMLElement) =>
    dataRows(canvasElement).map((row) => cellTexts(row, 1)[0]);

  /** Waits until the table is there with at least one row. */
  async function waitForRows(canvasElement: HTMLElement): Promise<void> {
    await within(canvasElement).findByRole('table', tableQuery);
    await waitFor(() => expect(dataRows(canvasElement).length).toBeGreaterThan(0));
  }

  /** Types into the search box, after clearing it. */
  async function search(canvasElement: HTMLElement, text: string): Promise<void> {
    await typeInto(within(canvasElement).getByPlaceholderText(searchPlaceholder), text);
  }

  /** Once the rows are there, clicks a button of the screen and returns the dialog it opens. */
  async function openDialog(
    canvasElement: HTMLElement,
    { button, name, role = 'dialog' }: OpenDialogOptions,
  ): Promise<Scope> {
    await waitForRows(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: button }));
    return dialog(name, role);
  }

  const names = dialogs ?? { add: '', create: '', edit: '', delete: '' };
  /** The create dialog, opened with the header's button. */
  const openCreate = (canvasElement: HTMLElement) =>
    openDialog(canvasElement, { button: names.add, name: names.create });
  /** The edit dialog of the row `name`. */
  const openEdit = (canvasElement: HTMLElement, name: string) =>
    openDialog(canvasElement, { button: `Edit ${name}`, name: names.edit });
  /** The delete confirmation of the row `name`. */
  const openDelete = (canvasElement: HTMLElement, name: string) =>
    openDialog(canvasElement, {
      button: `Delete ${name}`,
      name: names.delete,
      role: 'alertdialog',
    });

  /** Opens the delete confirmation of the row `name`, answers it with `button`, returns it. */
  async function answerDelete(canvasElement: HTMLElement, name: string, button = 'Delete') {
    const confirmation = await openDelete(canvasElement, name);
    await userEvent.click(confirmation.getByRole('button', { name: button }));
    return confirmation;
  }

  /**
   * Of `total` rows only those in view (and a few more) are in the DOM, the first one first, and
   * scrolling the region `scroller` to its end (page after page) brings the `last` one in.
   */
  async function expectVirtualised(
    canvasElement: HTMLElement,
    {
      total,
      first,
      last,
      scroller,
    }: { total: number; first: string; last: string; scroller: string },
  ): Promise<void> {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expect(canvas.getByRole('table')).toHaveAttribute('aria-rowcount', String(total + 1));
    await expect(dataRows(canvasElement).length).toBeLessThan(60);
    await expect(rowNames(canvasElement)[0]).toBe(first);
    const region = canvas.getByTestId(scroller);
    // The list comes in pages: each scroll to the end brings the next one, until the last row.
    await waitFor(
      async () => {
        region.scrollTop = region.scrollHeight;
        await expect(rowNames(canvasElement)).toContain(last);
      },
      { timeout: 15_000, interval: 100 },
    );
  }

  return {
    dataRows,
    rowCells,
    tableCells,
    rowNames,
    waitForRows,
    search,
    openDialog,
    openCreate,
    openEdit,
    openDelete,
    answerDelete,
    expectVirtualised,
  };
}

/** The table's column headers and the cells of the rows in the DOM are exactly these. */
export async function expectTable(
  canvasElement: HTMLElement,
  headers: readonly string[],
  rows: readonly (readonly string[])[],
): Promise<void> {
  const table = within(within(canvasElement).getByRole('table'));
  await expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(headers);
  await expect(listScreen().tableCells(canvasElement)).toEqual(rows);
}

/** Replaces the text of the field labelled `label` (cleared when `text` is empty). */
export async function replace(scope: Scope, label: RegExp | string, text: string): Promise<void> {
  await typeInto(scope.getByLabelText(label), text);
}

async function typeInto(input: HTMLElement, text: string): Promise<void> {
  await userEvent.clear(input);
  if (text) await userEvent.type(input, text);
}

/** The open dialog (portalled) named `name`, once its opening animation made it visible. */
export async function dialog(name: string, role: DialogRole = 'dialog'): Promise<Scope> {
  const element = await screen.findByRole(role, { name });
  await waitFor(() => expect(element).toBeVisible());
  return within(element);
}

/**
 * A role that may read the list but not change it: none of the header's `addButtons`, and no row
 * has an Edit or Delete button.
 */
export async function expectNoEditing(
  canvasElement: HTMLElement,
  addButtons: readonly string[],
): Promise<void> {
  const canvas = within(canvasElement);
  for (const name of addButtons) await expect(canvas.queryByRole('button', { name })).toBeNull();
  await expect(canvas.queryByRole('button', { name: /^Edit / })).toBeNull();
  await expect(canvas.queryByRole('button', { name: /^Delete / })).toBeNull();
}

/** Every dialog of this role is gone (closing animation over). */
export async function dialogClosed(role: DialogRole): Promise<void> {
  await waitFor(() => expect(screen.queryByRole(role)).toBeNull(), { timeout: 3000 });
}

/** The list's loading state: its text, and no table yet. */
export async function expectLoading(canvasElement: HTMLElement, text: string): Promise<void> {
  const canvas = within(canvasElement);
  await expect(await canvas.findByText(text)).toBeVisible();
  await expect(canvas.queryByRole('table')).toBeNull();
}

/** The alert shown instead of a list that could not be loaded, with its title and message. */
export async function expectLoadErrorAlert(
  canvasElement: HTMLElement,
  title: string,
  message: string,
): Promise<Scope> {
  const alert = within(await within(canvasElement).findByRole('alert'));
  await expect(alert.getByText(title)).toBeVisible();
  await expect(alert.getByText(message)).toBeVisible();
  return alert;
}

/** The form dialog `button` opens fits the screen, its `submit` button in view. */
export async function expectDialogFits(
  canvasElement: HTMLElement,
  { button, name, submit }: { button: string; name: string; submit: string },
): Promise<void> {
  await userEvent.click(within(canvasElement).getByRole('button', { name: button }));
  const form = await dialog(name);
  await expect(form.getByRole('button', { name: submit })).toBeVisible();
  await expect(screen.getByRole('dialog').getBoundingClientRect().width).toBeLessThanOrEqual(
    window.innerWidth,
  );
}

type Play = (context: { canvasElement: HTMLElement }) => Promise<void>;

interface ListStatesOptions {
  /** The mock endpoint of the list. */
  list: Endpoint<[never[]]>;
  /** Shown when there is nothing, with the header's add button (if any) still there. */
  empty: { text: string; addButton?: string };
  loadingText: string;
  /** The list answers `status` / `message`: the alert says `title` and `message`. */
  loadError: { status: number; message: string; title: string };
}

/** The Empty, Loading and LoadError stories of a management screen. */
export function listStateStories({ list, empty, loadingText, loadError }: ListStatesOptions) {
  const emptyPlay: Play = async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(empty.text)).toBeVisible();
    if (empty.addButton)
      await expect(canvas.getByRole('button', { name: empty.addButton })).toBeVisible();
  };
  const loadErrorPlay: Play = async ({ canvasElement }) => {
    await expectLoadErrorAlert(canvasElement, loadError.title, loadError.message);
  };
  return {
    Empty: { parameters: mockedBy(list([])), play: emptyPlay },
    Loading: {
      parameters: mockedBy(list.loading()),
      play: ({ canvasElement }: { canvasElement: HTMLElement }) =>
        expectLoading(canvasElement, loadingText),
    },
    LoadError: {
      parameters: mockedBy(list.error(loadError.status, loadError.message)),
      play: loadErrorPlay,
    },
  };
}
