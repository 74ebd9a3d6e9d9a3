// The columns of our product import and a refusal of one of its cells: what the import's reader
// (product-import.ts) and the platforms' mappings (import-formats/) both name.
import { CSV_COLUMNS } from '../../../contract/csv-columns';

type ExportColumn = (typeof CSV_COLUMNS.products)[number];

/** Columns an export writes that an import accepts and ignores (ids, computed prices). */
const READ_ONLY = ['product_id', 'variant_id', 'price_incl_vat'] as const;
export type ImportColumn = Exclude<ExportColumn, (typeof READ_ONLY)[number]>;
/** The columns an import reads, in the export's order. */
export const IMPORT_COLUMNS = CSV_COLUMNS.products.filter(
  (c): c is ImportColumn => !(READ_ONLY as readonly string[]).includes(c),
);

export interface CellError {
  column: string | null;
  message: string;
}
