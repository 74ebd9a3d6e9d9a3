import { filterChoices, type FilterBarSelect } from '@/components/list-screen';
import type { OrderFilters } from '../order-filters';
import { PAYMENT_STATUSES, paymentStatusLabel } from './payment-display';
import { t } from './messages';

/** The orders list's filter by payment status (the server's `payment_status`). */
export const paymentStatusFilter = (): FilterBarSelect<OrderFilters> => ({
  key: 'paymentStatus',
  label: t('filterByPaymentStatus'),
  options: filterChoices(t('allPaymentStatuses'), PAYMENT_STATUSES, paymentStatusLabel),
});
