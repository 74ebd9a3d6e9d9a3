import {
  PaymentMethod,
  VatNumberReviewFilterParameter,
  type ShippingMethod,
} from '@generated/model';
import { useListShippingMethods } from '@generated/hooks/shipping/shipping';
import { FilterBar, filterChoices, type FilterBarSelect } from '@/components/list-screen';
import { useLocale, type Locale } from '@/lib/i18n';
import { useMemo } from 'react';
import { ORDER_STATUSES, paymentMethodLabel, statusLabel, vatReviewLabel } from './order-display';
import type { OrderFilters } from './order-filters';
import { t } from './messages';
import { paymentStatusFilter } from './payments';
import { ALL_SHIPPING_METHODS, shippingMethodChoices } from './shipping-display';

// Sentence case ('Cash on delivery'): the upper-case label is the table's.
const selects = (
  methods: readonly ShippingMethod[],
  locale: Locale,
): readonly FilterBarSelect<OrderFilters>[] => [
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
  // Only once the shop has methods (#36): a shop at the flat rate has nothing to pick.
  ...(methods.length > 0
    ? [
        {
          key: 'shippingMethod' as const,
          label: t('filterByShippingMethod'),
          options: [
            { value: '', label: t('allShippingMethods') },
            ...shippingMethodChoices(methods, locale),
          ],
        },
      ]
    : []),
];
const SELECT_WIDTH = { sm: '12rem' };

interface OrderFiltersBarProps {
  filters: OrderFilters;
  onChange: (filters: OrderFilters) => void;
}

/**
 * Status, payment method, VAT number review, shipping method and date range of the orders list
 * (each sent to the server). The shipping methods are the shop's (settings:read, which every
 * role holds); until they are loaded, or when they cannot be, there is no such filter.
 */
export function OrderFiltersBar({ filters, onChange }: OrderFiltersBarProps) {
  const locale = useLocale();
  const { data: methods } = useListShippingMethods(ALL_SHIPPING_METHODS);
  const selectList = useMemo(() => selects(methods ?? [], locale), [methods, locale]);
  return (
    <FilterBar
      filters={filters}
      onChange={onChange}
      selects={selectList}
      selectWidth={SELECT_WIDTH}
    />
  );
}
