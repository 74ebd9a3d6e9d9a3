/**
 * Play-function helpers for the phone stories of the list screens (stories only): below 768 px a
 * DataTable whose columns have card roles shows each row as a card (Column.card, table-css.ts).
 */
import { expect, waitFor, within } from 'storybook/test';

/** The story's `globals` for a 375 px phone (see .storybook/preview.tsx, test-runner.ts). */
export const PHONE_GLOBALS = { viewport: { value: 'mobile375', isRotated: false } } as const;

/** An element lies inside the screen's width and shows all of its text (no ellipsis, no cut). */
export async function expectInView(element: Element): Promise<void> {
  const box = element.getBoundingClientRect();
  await expect(box.width).toBeGreaterThan(0);
  await expect(box.left).toBeGreaterThanOrEqual(0);
  await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
  for (const part of [element, ...element.querySelectorAll('*')]) {
    // An inline element has no client width; its block parent is checked instead.
    if (part.clientWidth > 0) await expect(part.scrollWidth).toBeLessThanOrEqual(part.clientWidth);
  }
}

/**
 * The card of the row whose text contains `name` shows exactly `fields` (its cells' texts, in
 * order; the other columns are not shown), each inside the 375 px screen, not clipped; the page
 * and the list do not scroll sideways. Returns the card (the row) for its actions.
 */
export async function expectCard(
  canvasElement: HTMLElement,
  { table, name, fields }: { table: string; name: string; fields: readonly string[] },
): Promise<HTMLElement> {
  await expect(window.innerWidth).toBe(375);
  const grid = await within(canvasElement).findByRole('table', { name: table });
  const card = await waitFor(() => {
    const found = within(grid)
      .getAllByRole('row')
      .find((row) => row.getAttribute('aria-rowindex') !== '1' && row.textContent?.includes(name));
    if (!found) throw new Error(`No card for ${name}`);
    return found;
  });
  await expect(getComputedStyle(card).display).toBe('grid');
  // Cells without a card role are display: none, hence out of the accessible cells.
  const cells = within(card).getAllByRole('cell');
  await expect(cells.map((cell) => cell.textContent)).toEqual(fields);
  for (const cell of cells) await expectInView(cell);
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  const region = grid.closest('[role=region]')!;
  await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth);
  return card;
}
