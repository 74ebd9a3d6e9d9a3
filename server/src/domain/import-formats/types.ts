// What every platform's mapping gives: our import's rows (domain/product-import.ts reads their
// cells with our rules, and services/catalogue/product-import.ts plans them), so that one set of
// rules decides what a row does whatever file it came from.
import type { CellError, ImportColumn } from '../import-columns';

/** The formats the header is recognised as. */
export type ImportFormat = 'ours' | 'shopify' | 'woocommerce' | 'prestashop';

export interface FormatOptions {
  /**
   * Whether the file's prices include VAT: Shopify writes prices as the shop shows them (its
   * "taxes included" setting) and WooCommerce as its tax settings say; neither says which in
   * the file, so the person importing does.
   */
  pricesIncludeVat: boolean;
}

/** A record of the file: its line (the header is 1) and its cells by the header's names. */
export interface SourceRecord {
  line: number;
  cell(name: string): string;
  /** Whether the header has the column. */
  has(name: string): boolean;
}

/** One of our import rows made from a platform's row. */
export interface MappedRow {
  line: number;
  /** Our columns' cells, as text read by our rules. */
  cells: Partial<Record<ImportColumn, string>>;
  /** The platform's column each of our cells came from (what a refusal names). */
  sources: Partial<Record<ImportColumn, string>>;
  /** The product's description as plain text (first row of a product). */
  description?: string;
  /** The images' URLs, in the file's order. */
  images: string[];
  /** The SKU of a product without variants (its default variant's). */
  simpleSku?: string;
  errors: CellError[];
}

/** A platform's mapping: its records (in file order) to our rows. */
export type FormatMapper = (records: SourceRecord[], options: FormatOptions) => MappedRow[];
