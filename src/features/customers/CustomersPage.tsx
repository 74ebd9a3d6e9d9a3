import { useOrdersList } from '@/features/orders';
import { CustomersView } from './CustomersView';

/** Customers overview (/admin/customers): derived from the orders (docs/product.md §3, §7). */
export function CustomersPage() {
  const list = useOrdersList('Failed to load customer data');
  return <CustomersView {...list} />;
}
