import { PlaceholderPage } from '@/components/layout/PlaceholderPage';

/** Orders list (/admin/orders) (spec §2). Placeholder: the screen itself is built separately. */
export function OrdersPage() {
  return <PlaceholderPage title="Orders" />;
}
