/**
 * The stories every CrudListScreen shares (users, VAT rates). The texts they expect are written
 * out by each story file, apart from the screen's own, so a changed screen text fails a story.
 */
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Endpoint } from '@mocks/handlers/endpoint';
import { requests } from '@mocks/recorder';
import {
  dialog,
  dialogClosed,
  expectDialogFits,
  listScreen,
  listStateStories,
} from './list-screen';
import { expectCard, expectInView, PHONE_GLOBALS } from './phone-cards';
import { expectToast, mockedBy } from './story';

type Play = (context: { canvasElement: HTMLElement }) => Promise<void>;

/** The texts the stories expect on the screen. */
interface ExpectedTexts {
  tableLabel: string;
  searchPlaceholder: string;
  searchLabel: string;
  addLabel: string;
  createTitle: string;
  editTitle: string;
  deleteTitle: string;
  emptyText: string;
  loadingText: string;
  errorTitle: string;
  deleted: string;
  deleteFailed: string;
}

interface CrudScreenOptions {
  texts: ExpectedTexts;
  /** How many leading cells hold data. */
  dataCells: number;
  /** The mock endpoints of the list and of the delete. */
  list: Endpoint<[never[]]>;
  remove: Pick<Endpoint<[]>, 'networkError'>;
  /** The list's API path ('/api/v1/admin/users/'); an item's is this and its id. */
  listPath: string;
}

/** The list-screen helpers of a CrudListScreen and the stories all of them tell alike. */
export function crudScreen({ texts, dataCells, list, remove, listPath }: CrudScreenOptions) {
  const helpers = listScreen({
    table: texts.tableLabel,
    dataCells,
    searchPlaceholder: texts.searchPlaceholder,
    dialogs: {
      add: texts.addLabel,
      create: texts.createTitle,
      edit: texts.editTitle,
      delete: texts.deleteTitle,
    },
  });
  const { waitForRows, openDelete, answerDelete } = helpers;

  /** Searching `text` finds nothing; cleared, the search shows all `total` rows; no request sent. */
  async function expectNoMatchThenAll(canvasElement: HTMLElement, text: string, total: number) {
    await helpers.search(canvasElement, text);
    await expect(await within(canvasElement).findByText(texts.emptyText)).toBeVisible();
    await helpers.search(canvasElement, '');
    await waitFor(() => expect(helpers.dataRows(canvasElement)).toHaveLength(total));
    await expect(requests.to('GET', listPath)).toHaveLength(1);
  }

  /** The row `name` (id `id`) is deleted once confirmed, and the list reloads. */
  const deleted = (name: string, id: number): { play: Play } => ({
    play: async ({ canvasElement }) => {
      const dialog = await openDelete(canvasElement, name);
      await expect(
        dialog.getByText(
          `Are you sure you want to delete "${name}"? This action cannot be undone.`,
        ),
      ).toBeVisible();
      await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
      await requests.waitFor('DELETE', `${listPath}${id}`);
      await expectToast('Success', texts.deleted, 'success');
      await dialogClosed('alertdialog');
      await requests.waitFor('GET', listPath, { count: 2 });
    },
  });

  /** Cancelling the confirmation of the row `name` sends no DELETE (`request` never matched). */
  const deleteCancelled = (name: string, request: RegExp): { play: Play } => ({
    play: async ({ canvasElement }) => {
      await answerDelete(canvasElement, name, 'Cancel');
      await dialogClosed('alertdialog');
      await expect(requests.to('DELETE', request)).toHaveLength(0);
    },
  });

  /** The DELETE of the row `name` fails to connect: an error toast. */
  const deleteNetworkError = (name: string) => ({
    parameters: mockedBy(remove.networkError()),
    play: (async ({ canvasElement }) => {
      await answerDelete(canvasElement, name);
      await expectToast('Error', texts.deleteFailed, 'error');
    }) satisfies Play,
  });

  /**
   * On a phone: the search box; the row `name` is a card showing `fields` (expectCard), whose
   * edit button opens the edit dialog; the create dialog fits.
   */
  const mobile = (card: { name: string; fields: readonly string[] }) => ({
    globals: PHONE_GLOBALS,
    play: (async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await waitForRows(canvasElement);
      const searchBox = canvas.getByRole('searchbox', { name: texts.searchLabel });
      await expect(searchBox).toBeVisible();
      await expect(searchBox).toHaveAttribute('placeholder', texts.searchPlaceholder);
      const row = await expectCard(canvasElement, { table: texts.tableLabel, ...card });
      const edit = within(row).getByRole('button', { name: `Edit ${card.name}` });
      await expectInView(edit);
      await expectInView(within(row).getByRole('button', { name: `Delete ${card.name}` }));
      await userEvent.click(edit);
      const form = await dialog(texts.editTitle);
      await userEvent.click(form.getByRole('button', { name: 'Cancel' }));
      await dialogClosed('dialog');
      await expectDialogFits(canvasElement, {
        button: texts.addLabel,
        name: texts.createTitle,
        submit: 'Create',
      });
    }) satisfies Play,
  });

  const states = listStateStories({
    list,
    empty: { text: texts.emptyText, addButton: texts.addLabel },
    loadingText: texts.loadingText,
    loadError: { status: 403, message: 'Not enough permissions', title: texts.errorTitle },
  });

  return {
    ...helpers,
    emptyText: texts.emptyText,
    expectNoMatchThenAll,
    states,
    deleted,
    deleteCancelled,
    deleteNetworkError,
    mobile,
  };
}
