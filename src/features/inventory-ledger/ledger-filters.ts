import type { ExportStockMovementsParams } from '@generated/model';
import { endOfDayUtc, startOfDayUtc } from '@/lib/format';
import { searchParam } from '@/components/list-screen';

/** The ledger's toolbar filters: '' is 'all'; days are date inputs' YYYY-MM-DD. */
export interface LedgerFilters {
  from: string;
  to: string;
  /** An admin's id, as the select holds it. */
  admin: string;
  /** A product's id, as the select holds it. */
  product: string;
}

export const NO_LEDGER_FILTERS: LedgerFilters = { from: '', to: '', admin: '', product: '' };

/** Some reason or filter narrows the ledger (the count then says '3 of 12 movements'). */
export const isLedgerFiltered = (reason: string, filters: LedgerFilters) =>
  Boolean(reason.trim() || Object.values(filters).some(Boolean));

/**
 * What the list and the export send. Days are whole UTC days (startOfDayUtc, endOfDayUtc); a
 * range typed backwards is read the right way round rather than refused.
 */
export function ledgerParams(reason: string, filters: LedgerFilters): ExportStockMovementsParams {
  const [from, to] = [filters.from, filters.to].sort((a, b) => (a && b ? a.localeCompare(b) : 0));
  return {
    reason: searchParam(reason),
    admin_user_id: filters.admin ? Number(filters.admin) : undefined,
    product_id: filters.product ? Number(filters.product) : undefined,
    date_from: from ? startOfDayUtc(from) : undefined,
    date_to: endOfDayUtc(to) ?? undefined,
  };
}
