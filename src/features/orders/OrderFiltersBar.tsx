import { Input, NativeSelect } from '@chakra-ui/react';
import { ORDER_STATUSES, statusLabel } from './order-display';
import { PaymentMethod } from '@generated/model';
import type { OrderFilters } from './order-filters';

const PAYMENT_METHODS = Object.values(PaymentMethod);

interface OrderFiltersBarProps {
  filters: OrderFilters;
  onChange: (filters: OrderFilters) => void;
}

/** Status, payment method and date range of the orders list (each sent to the server). */
export function OrderFiltersBar({ filters, onChange }: OrderFiltersBarProps) {
  const set = (change: Partial<OrderFilters>) => onChange({ ...filters, ...change });
  return (
    <>
      <NativeSelect.Root size="md" width={{ sm: '11rem' }}>
        <NativeSelect.Field
          aria-label="Filter by status"
          value={filters.status}
          onChange={(event) => set({ status: event.target.value as OrderFilters['status'] })}
        >
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <NativeSelect.Root size="md" width={{ sm: '13rem' }}>
        <NativeSelect.Field
          aria-label="Filter by payment method"
          value={filters.payment}
          onChange={(event) => set({ payment: event.target.value as OrderFilters['payment'] })}
        >
          <option value="">All payment methods</option>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {/* Sentence case ('Cash on delivery'): the table's upper-case label is a cell's. */}
              {statusLabel(method.replaceAll('_', ' '))}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Input
        type="date"
        aria-label="From date"
        width={{ sm: '10rem' }}
        value={filters.from}
        onChange={(event) => set({ from: event.target.value })}
      />
      <Input
        type="date"
        aria-label="To date"
        width={{ sm: '10rem' }}
        value={filters.to}
        onChange={(event) => set({ to: event.target.value })}
      />
    </>
  );
}
