export { useOrdersBulk } from './use-orders-bulk';
