import { PlaceholderPage } from '@/components/layout/PlaceholderPage';

/** Dashboard (/admin) (spec §2). Placeholder: the screen itself is built separately. */
export function DashboardPage() {
  return <PlaceholderPage title="Dashboard" />;
}
