import { useParams } from 'wouter';
import { PlaceholderPage } from '@/components/layout/PlaceholderPage';

/** Product form, create (/admin/products/new) or edit (/admin/products/{id}). Placeholder. */
export function ProductFormPage() {
  const { id } = useParams<{ id?: string }>();
  return <PlaceholderPage title={id ? 'Edit Product' : 'Create Product'} />;
}
