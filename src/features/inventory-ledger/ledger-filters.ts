import type { ExportStockMovementsParams } from '@generated/model';
import { shopDayRange } from '@/lib/format';
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
 * What the list and the export send. Days are the shop's days (shopDayRange).
 */
export function ledgerParams(reason: string, filters: LedgerFilters): ExportStockMovementsParams {
  return {
    reason: searchParam(reason),
    admin_user_id: filters.admin ? Number(filters.admin) : undefined,
    product_id: filters.product ? Number(filters.product) : undefined,
    ...shopDayRange(filters.from, filters.to),
  };
}
