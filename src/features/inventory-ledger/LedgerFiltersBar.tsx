import { Input } from '@chakra-ui/react';
import { FilterSelect, type FilterOption } from '@/components/list-screen';
import type { LedgerFilters } from './ledger-filters';

const SELECT_WIDTH = { sm: '12rem' };

export interface LedgerFiltersBarProps {
  filters: LedgerFilters;
  onChange: (filters: LedgerFilters) => void;
  /** The admins who made movements and the products, each with its 'all' choice first. */
  admins: readonly FilterOption<string>[];
  products: readonly FilterOption<string>[];
}

/** Admin, product and date range of the inventory ledger (each sent to the server). */
export function LedgerFiltersBar({ filters, onChange, admins, products }: LedgerFiltersBarProps) {
  const set = (change: Partial<LedgerFilters>) => onChange({ ...filters, ...change });
  return (
    <>
      <FilterSelect
        label="Filter by admin"
        options={admins}
        value={filters.admin}
        onChange={(admin) => set({ admin })}
        width={SELECT_WIDTH}
      />
      <FilterSelect
        label="Filter by product"
        options={products}
        value={filters.product}
        onChange={(product) => set({ product })}
        width={SELECT_WIDTH}
      />
      {(['from', 'to'] as const).map((end) => (
        <Input
          key={end}
          type="date"
          aria-label={end === 'from' ? 'From date' : 'To date'}
          width={{ sm: '10rem' }}
          value={filters[end]}
          onChange={(event) => set({ [end]: event.target.value })}
        />
      ))}
    </>
  );
}
