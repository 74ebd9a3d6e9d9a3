import { PlaceholderPage } from '@/components/layout/PlaceholderPage';

/** Customers overview (/admin/customers) (spec §2). Placeholder: the screen itself is built separately. */
export function CustomersPage() {
  return <PlaceholderPage title="Customers" />;
}
