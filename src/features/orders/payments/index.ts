/** The payments of orders (docs/product.md §10.22): the order's panel, the list's column and filter, remittances. */
export { OrderPaymentsPanel } from './OrderPaymentsPanel';
export { RemittancesLink } from './RemittancesLink';
export { paymentStatusFilter } from './payment-filter';
export { RecordRemittanceAction } from './RecordRemittanceAction';
