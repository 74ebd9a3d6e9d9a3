import type { Decorator } from '@storybook/react-vite';
import { adminUser } from '@mocks/fixtures';
import { AdminLayout } from '@/components/layout/AdminLayout';

const inAdminLayout: Decorator = (Story) => (
  <AdminLayout>
    <Story />
  </AdminLayout>
);

/**
 * The meta of an admin screen's stories: inside the admin layout, at `route`, signed in as an
 * admin (`...adminScreen('/admin/users')` in the story file's meta).
 */
export function adminScreen(route: string) {
  return {
    decorators: [inAdminLayout],
    parameters: { route, auth: { userType: 'admin' as const, user: adminUser } },
  };
}
