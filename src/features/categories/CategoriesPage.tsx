import { PlaceholderPage } from '@/components/layout/PlaceholderPage';

/** Categories management (/admin/categories) (spec §2). Placeholder: the screen itself is built separately. */
export function CategoriesPage() {
  return <PlaceholderPage title="Categories" />;
}
