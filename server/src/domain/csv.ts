// Cells of the CSV exports as text, safe to open in a spreadsheet.

/** A number as a spreadsheet would read it, sign included: such a cell is data, not a formula. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
/** What makes Excel, LibreOffice or Google Sheets read a cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The text with an apostrophe in front when a spreadsheet would run it as a formula
 * ("=HYPERLINK(…)", "+cmd", "@SUM(…)"); plain numbers such as "-3" are left as they are.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

export type CsvValue = string | number | boolean | null;

/** One cell: empty for null, true/false, numbers as written, text neutralised. */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'string') return neutraliseFormula(value);
  return String(value);
}

/**
 * A cell read back from a file, the inverse of neutraliseFormula: "'=1+1" (the apostrophe an
 * export put in front) is the text "=1+1", taken as data. `formula` is true for a cell that a
 * spreadsheet would run and nobody neutralised: an import refuses it.
 */
export function readCell(text: string): { text: string; formula: boolean } {
  if (text.startsWith("'") && neutraliseFormula(text.slice(1)) !== text.slice(1)) {
    return { text: text.slice(1), formula: false };
  }
  return { text, formula: neutraliseFormula(text) !== text };
}
