export { OrderReturns } from './OrderReturns';
