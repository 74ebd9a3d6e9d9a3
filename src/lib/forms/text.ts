/**
 * The text of form inputs on its way to and from the API: one definition of each conversion, so
 * every form treats blank input the same way.
 */

/** What an input shows for an optional API value: '' for null or absent, else its text. */
export function inputText(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** An optional text input as the API wants it: trimmed, or null when blank. */
export function trimmedOrNull(text: string): string | null {
  return text.trim() || null;
}
