// Public API of the orders feature, used by the customers screen (customers are derived from orders).
export { customerKey, UNKNOWN_EMAIL } from './customer-key';
export { useOrdersList } from './use-orders-list';
