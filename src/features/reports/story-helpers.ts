/**
 * Play-function helpers of the report screens' stories (stories only; never imported by the app).
 */
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { requests } from '@mocks/recorder';
import { shiftMonth, shopMonthOf } from './report-period';

/** The shop's month now in the fixtures' time zone (Africa/Tunis): the screens' default. */
export const CURRENT_MONTH = shopMonthOf(new Date(), 'Africa/Tunis');
/** A month that has not started: the server refuses it. */
export const NEXT_MONTH = shiftMonth(CURRENT_MONTH, 1);

/**
 * Opened without a period, the screen asks the report's `api` for the shop's current month
 * (`query`), where nothing was issued, and says `text`.
 */
export async function expectNothingThisMonth(
  canvasElement: HTMLElement,
  { api, query, text }: { api: string; query: Record<string, string>; text: string },
): Promise<void> {
  await expect(await within(canvasElement).findByText(text)).toBeVisible();
  const [call] = await requests.waitFor('GET', api);
  await expect(call?.query).toEqual(query);
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
