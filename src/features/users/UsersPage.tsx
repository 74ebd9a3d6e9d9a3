import { PlaceholderPage } from '@/components/layout/PlaceholderPage';

/** Admin users management (/admin/users) (spec §2). Placeholder: the screen itself is built separately. */
export function UsersPage() {
  return <PlaceholderPage title="Users" />;
}
