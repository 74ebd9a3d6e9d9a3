import { Input } from '@chakra-ui/react';
import { PaymentMethod } from '@generated/model';
import { FilterSelect } from '@/components/list-screen';
import { STATUS_OPTIONS, statusLabel } from './order-display';
import type { OrderFilters } from './order-filters';

const ALL_STATUSES = [{ value: '' as const, label: 'All statuses' }, ...STATUS_OPTIONS];
const ALL_PAYMENT_METHODS = [
  { value: '' as const, label: 'All payment methods' },
  // Sentence case ('Cash on delivery'): the upper-case label is the table's.
  ...Object.values(PaymentMethod).map((method) => ({ value: method, label: statusLabel(method) })),
];
const SELECT_WIDTH = { sm: '12rem' };

interface OrderFiltersBarProps {
  filters: OrderFilters;
  onChange: (filters: OrderFilters) => void;
}

/** Status, payment method and date range of the orders list (each sent to the server). */
export function OrderFiltersBar({ filters, onChange }: OrderFiltersBarProps) {
  const set = (change: Partial<OrderFilters>) => onChange({ ...filters, ...change });
  return (
    <>
      <FilterSelect
        label="Filter by status"
        options={ALL_STATUSES}
        value={filters.status}
        onChange={(status) => set({ status })}
        width={SELECT_WIDTH}
      />
      <FilterSelect
        label="Filter by payment method"
        options={ALL_PAYMENT_METHODS}
        value={filters.payment}
        onChange={(payment) => set({ payment })}
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
