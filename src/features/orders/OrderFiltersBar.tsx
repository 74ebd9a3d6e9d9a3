import { Input, NativeSelect } from '@chakra-ui/react';
import { PaymentMethod } from '@generated/model';
import { STATUS_OPTIONS, statusLabel } from './order-display';
import { Options } from './Options';
import type { OrderFilters } from './order-filters';

const PAYMENT_OPTIONS = Object.values(PaymentMethod).map(
  // Sentence case ('Cash on delivery'): the upper-case label is the table's.
  (method) => [method, statusLabel(method)] as const,
);

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
        all="All statuses"
        options={STATUS_OPTIONS}
        value={filters.status}
        onChange={(status) => set({ status })}
      />
      <FilterSelect
        options={PAYMENT_OPTIONS}
        onChange={(payment) => set({ payment })}
        value={filters.payment}
        all="All payment methods"
        label="Filter by payment method"
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

/** A select of one filter: '' (the `all` option) or one of `options`. */
function FilterSelect<V extends string>({
  label,
  all,
  options,
  value,
  onChange,
}: {
  label: string;
  all: string;
  options: readonly (readonly [V, string])[];
  value: V | '';
  onChange: (value: V | '') => void;
}) {
  return (
    <NativeSelect.Root size="md" width={{ sm: '12rem' }}>
      <NativeSelect.Field
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value as V | '')}
      >
        <option value="">{all}</option>
        <Options options={options} />
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
