/**
 * Helpers for play functions (stories only; never imported by the app).
 * Portalled UI (toasts, drawers, dialogs, tooltips) lives in document.body, outside the canvas:
 * query it with `screen`.
 */
import type { BoundFunctions, queries } from '@testing-library/dom';
import type { HttpHandler } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';

/** What `within(element)` returns: the queries bound to that element. */
export type Scope = BoundFunctions<typeof queries>;

/** The memory router's current path (+ ?search), rendered by the story shell. */
export function currentLocation(canvasElement: HTMLElement): string {
  return within(canvasElement).getByTestId('location').textContent ?? '';
}

export async function expectLocation(canvasElement: HTMLElement, path: string): Promise<void> {
  await waitFor(() => expect(currentLocation(canvasElement)).toBe(path), { timeout: 3000 });
}

/** The screen's heading (h1) says `title`, and so does the document's title. */
export async function expectScreenTitle(canvasElement: HTMLElement, title: string): Promise<void> {
  await expect(within(canvasElement).getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(document.title).toBe(`${title} · Store back office`);
}

/**
 * Waits for a toast with this title (and description, and type) and returns it. The wait is long
 * because a toast follows a chain of requests that a loaded 2-core machine may take seconds to
 * run; a toast that came returns at once.
 */
export async function expectToast(
  title: string,
  description?: string,
  type?: 'success' | 'error' | 'info' | 'warning',
): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(
    async () => {
      found = screen
        .queryAllByTestId('toast')
        .find(
          (toast) =>
            within(toast).queryByText(title) &&
            (description === undefined || within(toast).queryByText(description)),
        );
      // The toasts there are instead, and what the toaster's store was told (.storybook/session.ts),
      // in the failure's message: a rare miss is read from the log.
      const shown = screen.queryAllByTestId('toast').map((toast) => toast.textContent);
      const told = (window as { storyToasts?: () => unknown }).storyToasts?.();
      const region = document.querySelector('[data-scope="toast"][data-part="group"]') !== null;
      await expect(
        found,
        `a toast "${title}" / "${description ?? ''}" (shown: ${JSON.stringify(shown)}; ` +
          `region: ${region}; page ${document.visibilityState}; store: ${JSON.stringify(told)})`,
      ).toBeDefined();
      await expect(found).toBeVisible();
    },
    { timeout: 10_000 },
  );
  if (type) await expect(found).toHaveAttribute('data-type', type);
  return found!;
}

/**
 * The open dialog (portalled) named `name`, once its opening animation has ended: a dialog is at
 * opacity 0 when its fade starts, so a text read in it before then is not visible yet.
 */
export async function findOpenDialog(
  name: string | RegExp,
  role: 'dialog' | 'alertdialog' = 'dialog',
  options: { timeout?: number } = {},
): Promise<HTMLElement> {
  const dialog = await screen.findByRole(role, { name }, options);
  await Promise.allSettled(
    dialog.getAnimations({ subtree: true }).map((animation) => animation.finished),
  );
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

/** A story's parameters that answer with these mock handlers before the default ones. */
export const mockedBy = (...handlers: HttpHandler[]) => ({ msw: { handlers } });

/** The path the console requests for a mock `endpoint` (`requests.waitFor('GET', apiPath(…))`). */
export const apiPath = (endpoint: { readonly path: string }) => `/api/v1${endpoint.path}`;

/**
 * An issue of a mock 422 answer: the request body's `field` refused with the server's `msg`
 * (`field` a path, `['scopes', 1]`, for an item of a list; `type` the kind of refusal).
 */
export const bodyIssue = (
  field: string | readonly (string | number)[],
  msg: string,
  type = 'value_error',
) => ({
  loc: ['body', ...(typeof field === 'string' ? [field] : field)],
  msg,
  type,
});

export { screen };
