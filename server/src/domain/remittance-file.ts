// A carrier's CSV file of cash-on-delivery lines (importRemittance): the product import's reading
// (csv-parse, UTF-8, comma or semicolon from the header, 10 MB, 50,000 rows), a header naming
// order_number and amount (other columns ignored: carriers add their own), one line per row.
// A cell that is not an amount is a refusal of its line, reported with the others.
import { toMillimes, MAX_MILLIMES } from './money';
import {
  decodeCsv,
  delimiterOf,
  ImportFileError,
  MAX_IMPORT_ROWS,
  parseRecords,
} from './product-import';

export interface RemittanceFileLine {
  /** The file's line number. */
  line: number;
  order_number: string;
  /** Millimes, or null with `error` when the cell is not an amount. */
  amount: number | null;
  error: string | null;
}

const REQUIRED = ['order_number', 'amount'] as const;

/** "12.5", and in a semicolon file "12,5": millimes; otherwise null. */
function readAmount(text: string, decimalComma: boolean): number | null {
  const written = decimalComma && /^\d+,\d+$/.test(text) ? text.replace(',', '.') : text;
  if (!/^\d{1,9}(\.\d{1,3})?$/.test(written)) return null;
  const millimes = toMillimes(written);
  return millimes > MAX_MILLIMES ? null : millimes;
}

/** The lines of the file, or an ImportFileError (unreadable text, header, no rows, too many). */
export function readRemittanceFile(bytes: Uint8Array): RemittanceFileLine[] {
  const text = decodeCsv(bytes);
  const delimiter = delimiterOf(text);
  const [header, ...records] = parseRecords(text, delimiter, MAX_IMPORT_ROWS + 1);
  if (!header) throw new ImportFileError('The file is empty');
  const names = header.cells.map((c) => c.trim().toLowerCase());
  const at = Object.fromEntries(
    REQUIRED.map((column) => {
      const i = names.indexOf(column);
      if (i < 0) throw new ImportFileError(`The header has no ${column} column`);
      if (names.indexOf(column, i + 1) >= 0) {
        throw new ImportFileError(`Column ${column} appears twice`);
      }
      return [column, i];
    }),
  ) as Record<(typeof REQUIRED)[number], number>;
  if (records.length === 0) throw new ImportFileError('The file has no data rows');
  return records.map(({ line, cells }) => {
    const orderNumber = (cells[at.order_number] ?? '').trim();
    const written = (cells[at.amount] ?? '').trim();
    const amount = readAmount(written, delimiter === ';');
    return {
      line,
      order_number: orderNumber,
      amount,
      error: amount === null ? `"${written}" is not an amount` : null,
    };
  });
}
