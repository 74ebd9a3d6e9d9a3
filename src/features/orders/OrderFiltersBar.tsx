import { PaymentMethod, VatNumberReviewFilterParameter } from '@generated/model';
import { FilterBar, filterChoices, type FilterBarSelect } from '@/components/list-screen';
import { useMemo } from 'react';
import { ORDER_STATUSES, paymentMethodLabel, statusLabel, vatReviewLabel } from './order-display';
import type { OrderFilters } from './order-filters';
import { t } from './messages';
import { paymentStatusFilter } from './payments';

// Sentence case ('Cash on delivery'): the upper-case label is the table's.
const selects = (): readonly FilterBarSelect<OrderFilters>[] => [
  {
    key: 'status',
    label: t('filterByStatus'),
    options: filterChoices(t('allStatuses'), ORDER_STATUSES, statusLabel),
  },
  {
    key: 'payment',
    label: t('filterByPayment'),
    options: filterChoices(
      t('allPaymentMethods'),
      Object.values(PaymentMethod),
      paymentMethodLabel,
    ),
  },
  paymentStatusFilter(),
  {
    key: 'vatReview',
    label: t('filterByVatReview'),
    options: filterChoices(
      t('allVatReviews'),
      Object.values(VatNumberReviewFilterParameter),
      vatReviewLabel,
    ),
  },
];
const SELECT_WIDTH = { sm: '12rem' };

interface OrderFiltersBarProps {
  filters: OrderFilters;
  onChange: (filters: OrderFilters) => void;
}

/**
 * Status, payment method, VAT number review and date range of the orders list (each sent to the
 * server).
 */
export function OrderFiltersBar({ filters, onChange }: OrderFiltersBarProps) {
  const selectList = useMemo(() => selects(), []);
  return (
    <FilterBar
      filters={filters}
      onChange={onChange}
      selects={selectList}
      selectWidth={SELECT_WIDTH}
    />
  );
}
