/**
 * Play-function helpers for the list screens that create something with a secret shown once (API
 * tokens, webhook endpoints; stories only): the create dialog, the list that changes once a
 * request was sent, the secret's dialog, and the create the server refused.
 */
import { HttpResponse } from 'msw';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import type { Endpoint } from '@mocks/handlers/endpoint';
import { requests } from '@mocks/recorder';
import { dialogClosed, listScreen } from './list-screen';
import { bodyIssue, expectToast, findOpenDialog, mockedBy, screen, type Scope } from './story';

interface SecretScreenOptions<T> {
  /** The list's table name, its mock endpoint, its fixtures and its API path. */
  table: string;
  list: Pick<Endpoint<[]>, 'reply'>;
  fixtures: readonly T[];
  listPath: string;
  /** The header's button that opens the create dialog, and that dialog's title. */
  add: { button: string; title: string };
  /** The secret's dialog: its title and the element showing the secret. */
  secret: { title: string; testId: string };
  /** The create form's error alert. */
  formErrorTestId: string;
}

type Play = (context: { canvasElement: HTMLElement }) => Promise<void>;

/** The helpers of one screen that shows a new secret once. */
export function secretScreen<T>({
  table,
  list,
  fixtures,
  listPath,
  add,
  secret,
  formErrorTestId,
}: SecretScreenOptions<T>) {
  const { waitForRows, openDialog, rowNames } = listScreen({ table });

  /** The create dialog, opened from the header once the list is there. */
  const openCreate = (canvasElement: HTMLElement) =>
    openDialog(canvasElement, { button: add.button, name: add.title });

  /**
   * A story's parameters: the list answers the fixtures until a `method` request to `path` was
   * sent, then `after` (what the reload after a create, an edit or a delete shows).
   */
  const listOnceSent = ([method, path]: readonly [string, string], after: () => readonly T[]) =>
    mockedBy(
      list.reply(() =>
        HttpResponse.json(requests.to(method, path).length > 0 ? after() : fixtures),
      ),
    );

  /** The secret's dialog showing `value`, once the swap from the form's dialog to it has ended. */
  async function secretDialog(value: string): Promise<Scope> {
    const dialog = within(await findOpenDialog(secret.title));
    await expect(dialog.getByTestId(secret.testId)).toHaveTextContent(value);
    return dialog;
  }

  /**
   * The secret `value` shown once: its warning `intro`, Copy puts it in the clipboard (the toast
   * says `copied`), and Done closes the dialog.
   */
  async function expectSecretOnce(value: string, texts: { intro: string; copied: string }) {
    const writeText = spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const dialog = await secretDialog(value);
    await expect(dialog.getByText(texts.intro)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Copy' }));
    await expectToast('Success', texts.copied, 'success');
    await expect(writeText).toHaveBeenCalledWith(value);
    await userEvent.click(dialog.getByRole('button', { name: 'Done' }));
    await dialogClosed('dialog');
  }

  /** The list was requested again, and its rows (first cells) are now `names`. */
  async function expectReloaded(canvasElement: HTMLElement, names: readonly string[]) {
    await requests.waitFor('GET', listPath, { count: 2 });
    await waitFor(() => expect(rowNames(canvasElement)).toEqual(names));
  }

  /** Opened again, the create dialog is a blank form (`label` empty): no secret shown twice. */
  async function expectBlankCreate(canvasElement: HTMLElement, label: RegExp) {
    const again = await openCreate(canvasElement);
    await expect(again.getByLabelText(label)).toHaveValue('');
    await expect(screen.queryByTestId(secret.testId)).toBeNull();
  }

  /**
   * The story of a create the server refuses (422, the body's `field` with `message`): once
   * `submitForm` sent it, the form's alert says `title` and the message, the field `kept.label`
   * still holds `kept.value`, no secret is shown and the list is not reloaded.
   */
  const createRefused = ({
    create,
    field,
    message,
    submitForm,
    title,
    kept,
  }: {
    create: Pick<Endpoint<[]>, 'error'>;
    field: string | readonly (string | number)[];
    message: string;
    submitForm: (form: Scope) => Promise<void>;
    title: string;
    kept: { label: RegExp; value: string };
  }) => ({
    parameters: mockedBy(create.error(422, [bodyIssue(field, message)])),
    play: (async ({ canvasElement }) => {
      const form = await openCreate(canvasElement);
      await submitForm(form);
      await requests.waitFor('POST', listPath);
      const alert = within(await form.findByTestId(formErrorTestId));
      await expect(alert.getByText(title)).toBeVisible();
      await expect(alert.getByText(message)).toBeVisible();
      await expect(form.getByLabelText(kept.label)).toHaveValue(kept.value);
      await expect(screen.queryByRole('dialog', { name: secret.title })).toBeNull();
      await expect(requests.to('GET', listPath)).toHaveLength(1);
    }) satisfies Play,
  });

  return {
    waitForRows,
    openDialog,
    openCreate,
    listOnceSent,
    secretDialog,
    expectSecretOnce,
    expectReloaded,
    expectBlankCreate,
    createRefused,
  };
}
