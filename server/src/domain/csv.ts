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

/** A decimal figure as the API writes it ("12.500"): its decimal mark follows the file's variant. */
class Decimal {
  constructor(readonly text: string) {}
}

export const decimal = (text: string): Decimal => new Decimal(text);

export type CsvValue = string | number | boolean | null | Decimal;

/**
 * The two files an export writes (the `separator` query parameter): comma-separated with decimal
 * points (RFC 4180, what English spreadsheets read), or semicolon-separated with decimal commas
 * (what French and Arabic spreadsheets read: there the comma is the decimal mark).
 */
export type CsvSeparator = 'comma' | 'semicolon';

export const CSV_DELIMITER: Record<CsvSeparator, ',' | ';'> = { comma: ',', semicolon: ';' };

/**
 * A cell holding any of these is quoted, whatever the file's delimiter: a spreadsheet that splits
 * on the other one (or on a tab) keeps it one cell, so "x;+1+1;" never becomes a live "+1+1".
 */
export const QUOTED_CELL = /[,;\t\r\n"]/;

/**
 * One cell: empty for null, true/false, numbers as written (with a decimal comma in the
 * semicolon file), text neutralised.
 */
export function csvCell(value: CsvValue, separator: CsvSeparator = 'comma'): string {
  if (value === null) return '';
  if (typeof value === 'string') return neutraliseFormula(value);
  // Figures the export computed (never text someone typed): only their decimal mark changes.
  const figure = value instanceof Decimal ? value.text : String(value);
  return separator === 'semicolon' && typeof value !== 'boolean'
    ? figure.replace('.', ',')
    : figure;
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
