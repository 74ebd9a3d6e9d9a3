import { useParams } from 'wouter';
import { PlaceholderPage } from '@/components/layout/PlaceholderPage';

/** Order detail (/admin/orders/{id}). Placeholder. */
export function OrderDetailPage() {
  const { id } = useParams<{ id: string }>();
  return <PlaceholderPage title={`Order ${id}`} />;
}
