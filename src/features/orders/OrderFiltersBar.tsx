import { PaymentMethod } from '@generated/model';
import { FilterBar, filterChoices, type FilterBarSelect } from '@/components/list-screen';
import { ORDER_STATUSES, statusLabel } from './order-display';
import type { OrderFilters } from './order-filters';

const STATUSES = filterChoices('All statuses', ORDER_STATUSES, statusLabel);
// Sentence case ('Cash on delivery'): the upper-case label is the table's.
const METHODS = filterChoices('All payment methods', Object.values(PaymentMethod), statusLabel);
const SELECTS: readonly FilterBarSelect<OrderFilters>[] = [
  { key: 'status', label: 'Filter by status', options: STATUSES },
  { key: 'payment', label: 'Filter by payment method', options: METHODS },
];
const SELECT_WIDTH = { sm: '12rem' };

interface OrderFiltersBarProps {
  filters: OrderFilters;
  onChange: (filters: OrderFilters) => void;
}

/** Status, payment method and date range of the orders list (each sent to the server). */
export function OrderFiltersBar({ filters, onChange }: OrderFiltersBarProps) {
  return (
    <FilterBar filters={filters} onChange={onChange} selects={SELECTS} selectWidth={SELECT_WIDTH} />
  );
}
