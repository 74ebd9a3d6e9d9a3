/**
 * Play-function helpers for the CSV exports of the list screens (stories only; never imported
 * by the app).
 */
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { requests } from '@mocks/recorder';

/**
 * The file names handed to the browser from now on (saveBlob clicks a link named like the file);
 * the links are not followed, so nothing is really downloaded.
 */
export function captureDownloads(): string[] {
  const names: string[] = [];
  spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return names;
}

/** Clicks 'Export CSV', then the menu's `choice` when the list offers several files. */
export async function startExport(canvasElement: HTMLElement, choice?: string): Promise<void> {
  const trigger = within(canvasElement).getByRole('button', { name: 'Export CSV' });
  await userEvent.click(trigger);
  if (!choice) return;
  // The menu this trigger opened (portalled), not one a previous story left in the page.
  const menu = await waitFor(() => {
    const found = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error('The export menu did not open');
    return found;
  });
  await userEvent.click(await within(menu).findByRole('menuitem', { name: choice }));
}

/** The progress panel, once it says `text`. */
export async function expectExportProgress(
  canvasElement: HTMLElement,
  text: string,
): Promise<HTMLElement> {
  const panel = await within(canvasElement).findByTestId('export-progress');
  await expect(panel).toHaveTextContent(text);
  await expect(within(canvasElement).getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  return panel;
}

export async function expectNoExportProgress(canvasElement: HTMLElement): Promise<void> {
  await waitFor(() => expect(within(canvasElement).queryByTestId('export-progress')).toBeNull());
  await expect(within(canvasElement).getByRole('button', { name: 'Export CSV' })).toBeEnabled();
}

/** The search, filters and sort of the list's last request (its paging left out). */
export function lastListQuery(path: string): Record<string, string> {
  const query = requests.last('GET', path)?.query ?? {};
  return Object.fromEntries(
    Object.entries(query).filter(([name]) => name !== 'skip' && name !== 'limit'),
  );
}
