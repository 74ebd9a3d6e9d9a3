import { FilterBar, type FilterOption } from '@/components/list-screen';
import type { LedgerFilters } from './ledger-filters';
import { useT } from './messages';

export interface LedgerFiltersBarProps {
  filters: LedgerFilters;
  onChange: (filters: LedgerFilters) => void;
  /** The admins who made movements and the products, each with its 'all' choice first. */
  admins: readonly FilterOption<string>[];
  products: readonly FilterOption<string>[];
}

/** Admin, product and date range of the inventory ledger (each sent to the server). */
export function LedgerFiltersBar({ filters, onChange, admins, products }: LedgerFiltersBarProps) {
  const t = useT();
  return (
    <FilterBar
      filters={filters}
      onChange={onChange}
      selects={[
        { key: 'admin', label: t('adminFilter'), options: admins },
        { key: 'product', label: t('productFilter'), options: products },
      ]}
      selectWidth={{ sm: '12rem' }}
    />
  );
}
