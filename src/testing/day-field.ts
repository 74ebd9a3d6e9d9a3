/**
 * Play-function helpers for the day fields of list filters (DayField: one spin button per part of
 * the date, in the language's order). Stories only; never imported by the app.
 */
import { expect, userEvent, within } from 'storybook/test';

/** The field labelled `label` (its group of parts). */
export const dayField = (canvasElement: HTMLElement, label: string) =>
  within(canvasElement).getByRole('group', { name: label });

/** The parts of a day field as shown, in order: ['dd', 'mm', 'yyyy'] or ['15', '02', '2025']. */
export const dayParts = (field: HTMLElement) =>
  within(field)
    .getAllByRole('spinbutton')
    .map((part) => part.textContent ?? '');

/**
 * Types `day` (YYYY-MM-DD) into the field labelled `label`, part by part in the order the field
 * shows them, as a user would.
 */
export async function typeDay(canvasElement: HTMLElement, label: string, day: string) {
  const [year, month, date] = day.split('-') as [string, string, string];
  const digits: Record<string, string> = { year, month, day: date };
  const parts = within(dayField(canvasElement, label)).getAllByRole('spinbutton');
  await expect(parts).toHaveLength(3);
  for (const part of parts) {
    await userEvent.click(part);
    for (const digit of digits[part.dataset.type!]!) typeInto(part, digit);
  }
}

/**
 * What a key press sends an editable part in Chromium: React's onBeforeInput (which the field
 * reads) comes from the `textInput` event, which user-event's keyboard does not dispatch.
 */
function typeInto(part: HTMLElement, text: string) {
  const event = document.createEvent('TextEvent') as Event & {
    initTextEvent: (
      type: string,
      bubbles: boolean,
      cancelable: boolean,
      view: Window,
      data: string,
    ) => void;
  };
  event.initTextEvent('textInput', true, true, window, text);
  part.dispatchEvent(event);
}
