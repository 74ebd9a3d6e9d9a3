import { PlaceholderPage } from '@/components/layout/PlaceholderPage';

/** Product list (/admin/products) (spec §2). Placeholder: the screen itself is built separately. */
export function ProductsPage() {
  return <PlaceholderPage title="Products" />;
}
