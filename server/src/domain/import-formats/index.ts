// The platforms' product exports the import reads besides our own columns, recognised from the
// header: each module maps its rows to ours (types.ts), and our rules do the rest.
import { prestaShopRows } from './prestashop';
import { shopifyRows } from './shopify';
import type { FormatMapper, ImportFormat, SourceRecord } from './types';
import { wooCommerceRows } from './woocommerce';

export type { FormatOptions, ImportFormat, MappedRow } from './types';

const has = (names: Set<string>, ...columns: string[]) =>
  columns.every((c) => names.has(c.toLowerCase()));

/**
 * The platform a header is from, or null (then it must be ours). Each test names columns only
 * that platform writes together, so that none takes another's file.
 */
export function detectFormat(header: readonly string[]): Exclude<ImportFormat, 'ours'> | null {
  const names = new Set(header.map((h) => h.trim().toLowerCase()));
  if (has(names, 'Handle', 'Title') && (has(names, 'Variant Price') || has(names, 'Body (HTML)'))) {
    return 'shopify';
  }
  if (has(names, 'Type', 'Name') && (has(names, 'Regular price') || has(names, 'Parent'))) {
    return 'woocommerce';
  }
  const prestaName = has(names, 'Name') || has(names, 'Name *');
  const prestaPrice = [
    'Price (tax excl.)',
    'Price (tax incl.)',
    'Base price',
    'Final price',
    'Price tax excluded',
    'Price tax included',
  ].some((c) => has(names, c));
  if (prestaName && prestaPrice && (has(names, 'Reference') || has(names, 'Reference #'))) {
    return 'prestashop';
  }
  return null;
}

export const FORMAT_MAPPERS: Record<Exclude<ImportFormat, 'ours'>, FormatMapper> = {
  shopify: shopifyRows,
  woocommerce: wooCommerceRows,
  prestashop: prestaShopRows,
};

/** A record's cells by the header's names (case-insensitive; the first of a repeated name). */
export function sourceRecord(
  header: readonly string[],
  record: { line: number; cells: string[] },
): SourceRecord {
  const index = new Map<string, number>();
  header.forEach((h, i) => {
    const key = h.trim().toLowerCase();
    if (!index.has(key)) index.set(key, i);
  });
  return {
    line: record.line,
    cell: (name) => {
      const i = index.get(name.toLowerCase());
      return i === undefined ? '' : (record.cells[i] ?? '');
    },
    has: (name) => index.has(name.toLowerCase()),
  };
}
