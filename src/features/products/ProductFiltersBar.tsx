import { useMemo } from 'react';
import { ProductStockState, type Category } from '@generated/model';
import { FilterSelect, filterChoices, type FilterOption } from '@/components/list-screen';
import type { ProductFilters } from './product-filters';
import { STOCK_TEXT } from './product-rows';
import { useT } from './messages';

const STATUSES = ['active', 'inactive'] as const;
const SELECT_WIDTH = { base: 'full', sm: '11rem' };

interface ProductFiltersBarProps {
  filters: ProductFilters;
  onChange: (filters: ProductFilters) => void;
  /** The categories to choose from (inactive ones marked); undefined while unknown. */
  categories: readonly Category[] | undefined;
}

/** Category, status and stock state of the products list (each sent to the server). */
export function ProductFiltersBar({ filters, onChange, categories }: ProductFiltersBarProps) {
  const t = useT();
  const categoryOptions = useMemo<FilterOption<string>[]>(
    () => [
      { value: '', label: t('allCategories') },
      ...(categories ?? []).map((category) => ({
        value: String(category.id),
        label: category.is_active ? category.name : t('inactiveCategory', { label: category.name }),
      })),
    ],
    [categories, t],
  );
  const set = (change: Partial<ProductFilters>) => onChange({ ...filters, ...change });
  return (
    <>
      <FilterSelect
        label={t('filterByCategory')}
        value={filters.category}
        options={categoryOptions}
        onChange={(category) => set({ category })}
        width={SELECT_WIDTH}
      />
      <FilterSelect
        label={t('filterByStatus')}
        value={filters.status}
        options={filterChoices(t('allStatuses'), STATUSES, (status) => t(status))}
        onChange={(status) => set({ status })}
        width={SELECT_WIDTH}
      />
      <FilterSelect
        label={t('filterByStock')}
        value={filters.stock}
        options={filterChoices(t('allStock'), Object.values(ProductStockState), (state) =>
          t(STOCK_TEXT[state]),
        )}
        onChange={(stock) => set({ stock })}
        width={SELECT_WIDTH}
      />
    </>
  );
}
