/**
 * Play-function helpers of the report screens' stories (the accountant's books and the
 * analytics): a table read by its name, the loading text, the failure's alert.
 */
import { expect, within } from 'storybook/test';

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
