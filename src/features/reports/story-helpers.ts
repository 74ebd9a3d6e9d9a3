/**
 * Play-function helpers of the report screens' stories (stories only; never imported by the app).
 */
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { requests } from '@mocks/recorder';
import { captureDownloads } from '@/testing/csv-export';
import { shiftMonth, shopMonthOf } from './report-period';

/** The shop's month now in the fixtures' time zone (Africa/Tunis): the screens' default. */
export const CURRENT_MONTH = shopMonthOf(new Date(), 'Africa/Tunis');
/** A month that has not started: the server refuses it. */
export const NEXT_MONTH = shiftMonth(CURRENT_MONTH, 1);

/** The rows of the table named `label` (header, body and footer), each as its cells' texts. */
export async function tableRows(canvasElement: HTMLElement, label: string): Promise<string[][]> {
  const table = await within(canvasElement).findByRole('table', { name: label });
  return within(table)
    .getAllByRole('row')
    .map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) =>
        (cell.textContent ?? '').replace(/\s+/g, ' ').trim(),
      ),
    );
}

/** The table named `label` reads `rows` (first row: its headers, when it has some). */
export async function expectRows(
  canvasElement: HTMLElement,
  label: string,
  rows: string[][],
): Promise<void> {
  await expect(await tableRows(canvasElement, label)).toEqual(rows);
}

/** The screen's alert (a failed or refused report) says `title`, then `message`. */
export async function expectReportError(
  canvasElement: HTMLElement,
  title: string,
  message?: string,
): Promise<void> {
  const alert = within(await within(canvasElement).findByTestId('report-error')).getByRole('alert');
  await expect(alert).toHaveTextContent(title);
  if (message) await expect(alert).toHaveTextContent(message);
}

/** The screen's loading text, shown while the report's answer is awaited. */
export async function expectLoading(canvasElement: HTMLElement, text: string): Promise<void> {
  await expect(await within(canvasElement).findByText(text)).toBeVisible();
}

/**
 * Export CSV asks the report's `api` for its CSV with `query`, and the browser saves it as `file`.
 * Returns the downloads captured, for a PDF that follows.
 */
export async function expectCsvDownload(
  canvasElement: HTMLElement,
  api: string,
  query: Record<string, string>,
  file: string,
): Promise<string[]> {
  const downloads = captureDownloads();
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Export CSV' }));
  const [csv] = await requests.waitFor('GET', `${api}.csv`);
  await expect(csv?.query).toEqual(query);
  await waitFor(() => expect(downloads).toEqual([file]));
  return downloads;
}

/**
 * Download PDF asks the report's `api` for its PDF in French (the default) with `query`, and the
 * browser saves it as `file`, after the `downloads` already saved.
 */
export async function expectPdfDownload(
  canvasElement: HTMLElement,
  downloads: string[],
  api: string,
  query: Record<string, string>,
  file: string,
): Promise<void> {
  const before = [...downloads];
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Download PDF' }));
  const [pdf] = await requests.waitFor('GET', `${api}.pdf`);
  await expect(pdf?.query).toEqual({ ...query, lang: 'fr' });
  await waitFor(() => expect(downloads).toEqual([...before, file]));
}
