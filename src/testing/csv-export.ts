/**
 * Play-function helpers for the CSV exports of the list screens (stories only; never imported
 * by the app).
 */
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import type { Endpoint } from '@mocks/handlers/endpoint';
import { requests } from '@mocks/recorder';
import { apiPath, expectToast, mockedBy } from './story';

interface Play {
  canvasElement: HTMLElement;
}

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

/** Clicks 'Export CSV', then the kind of file `choice` when the list offers several. */
async function startExport(canvasElement: HTMLElement, choice?: string): Promise<void> {
  const canvas = within(canvasElement);
  await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }));
  if (choice) await userEvent.click(await canvas.findByRole('button', { name: choice }));
}

/** The progress panel, once it says `text`. */
async function expectExportProgress(
  canvasElement: HTMLElement,
  text: string,
): Promise<HTMLElement> {
  const panel = await within(canvasElement).findByTestId('export-progress');
  await expect(panel).toHaveTextContent(text);
  await expect(within(canvasElement).getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  return panel;
}

async function expectNoExportProgress(canvasElement: HTMLElement): Promise<void> {
  // A delayed answer may still be on its way.
  await waitFor(() => expect(within(canvasElement).queryByTestId('export-progress')).toBeNull(), {
    timeout: 5000,
  });
  await expect(within(canvasElement).getByRole('button', { name: 'Export CSV' })).toBeEnabled();
}

/** The search, filters and sort of the list's last request (its paging left out). */
export function lastListQuery(path: string): Record<string, string> {
  const query = requests.last('GET', path)?.query ?? {};
  return Object.fromEntries(
    Object.entries(query).filter(([name]) => name !== 'skip' && name !== 'limit'),
  );
}

interface ListExport {
  /** The list's path, whose last query the export must carry ('/api/v1/admin/orders/'). */
  list: string;
  /** The export's path ('/api/v1/admin/exports/orders'). */
  path: string;
  /** The file name the mock gives. */
  fileName: string;
  /** The menu item to pick, when the list offers several files. */
  choice?: string;
  /** What the export sends beyond the list's query (`{ rows: 'orders' }`). */
  extra?: Record<string, string>;
}

/**
 * Exports the list as it stands: its export request carries the list's last query (and `extra`),
 * the progress panel goes and the file is handed to the browser. Returns the export's query, for
 * the story's own checks of it.
 */
export async function expectListExported(
  canvasElement: HTMLElement,
  { list, path, fileName, choice, extra }: ListExport,
): Promise<Record<string, string>> {
  const downloads = captureDownloads();
  await startExport(canvasElement, choice);
  const [request] = await requests.waitFor('GET', path);
  await expect(request!.query).toEqual({ ...lastListQuery(list), ...extra });
  await expectNoExportProgress(canvasElement);
  await expect(downloads).toEqual([fileName]);
  return request!.query;
}

interface CsvExportStoriesOptions {
  /** The export's mock endpoint (csvExports.orders). */
  endpoint: Endpoint<[]>;
  /** Waits until the list is shown. */
  listShown: (canvasElement: HTMLElement) => Promise<unknown>;
  /** The menu item to pick, when the list offers several files. */
  choice?: string;
  /** What the progress panel names ('Exporting CSV (one row per order)'). */
  exporting: string;
  /** The file name the mock gives. */
  fileName: string;
  /** The toast when the server says nothing ('Failed to export orders'). */
  failure: string;
}

/** The stories every list's CSV export tells: progress, cancel, refusals. */
export function csvExportStories(options: CsvExportStoriesOptions) {
  const { endpoint, listShown, choice, exporting, fileName, failure } = options;
  const begin = async (canvasElement: HTMLElement) => {
    await listShown(canvasElement);
    await startExport(canvasElement, choice);
  };
  const refused =
    (detail: string) =>
    async ({ canvasElement }: Play) => {
      const downloads = captureDownloads();
      await begin(canvasElement);
      await expectToast('Error', detail, 'error');
      await expectNoExportProgress(canvasElement);
      await expect(downloads).toEqual([]);
    };
  return {
    ProgressWhileTheServerAnswers: {
      parameters: mockedBy(endpoint.delayed(1500)),
      play: async ({ canvasElement }: Play) => {
        const downloads = captureDownloads();
        await begin(canvasElement);
        await expectExportProgress(canvasElement, exporting);
        await expectExportProgress(canvasElement, 'Preparing the export...');
        // The screen stays usable meanwhile.
        await userEvent.type(within(canvasElement).getByRole('searchbox'), 'a');
        await expect(within(canvasElement).getByRole('searchbox')).toHaveValue('a');
        await expectNoExportProgress(canvasElement);
        await expect(downloads).toEqual([fileName]);
      },
    },
    Cancel: {
      parameters: mockedBy(endpoint.loading()),
      play: async ({ canvasElement }: Play) => {
        const downloads = captureDownloads();
        await begin(canvasElement);
        const panel = await expectExportProgress(canvasElement, exporting);
        await requests.waitFor('GET', apiPath(endpoint));
        await userEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));
        await expectNoExportProgress(canvasElement);
        await expect(downloads).toEqual([]);
      },
    },
    Refused: {
      parameters: mockedBy(endpoint.error(403, 'Not enough permissions')),
      play: refused('Not enough permissions'),
    },
    NetworkFailure: { parameters: mockedBy(endpoint.networkError()), play: refused(failure) },
  };
}
