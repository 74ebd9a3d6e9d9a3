import { Text } from '@chakra-ui/react';
import type { Decorator } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { Route, Switch, type RouteComponentProps } from 'wouter';
import { adminUser } from '@mocks/fixtures';
import { AdminLayout } from '@/components/layout/AdminLayout';

const inAdminLayout: Decorator = (Story) => (
  <AdminLayout>
    <Story />
  </AdminLayout>
);

/** Routes of a story that navigates: [path pattern, component], in match order. */
export type ScreenRoutes = readonly (readonly [string, ComponentType<RouteComponentProps>])[];

/** A screen a story's links lead to, stood in for by `text` (found by its `testId`). */
export function standIn(testId: string, text: string) {
  return function StandIn() {
    return <Text data-testid={testId}>{text}</Text>;
  };
}

/** A story's `render`: the screen as routed (the first route matching the location). */
export function routesRender(routes: ScreenRoutes) {
  return () => (
    <Switch>
      {routes.map(([path, component]) => (
        <Route key={path} path={path} component={component} />
      ))}
    </Switch>
  );
}

interface AdminScreenOptions {
  /** Render these routes instead of the story's component (the screen as routed). */
  routes?: ScreenRoutes;
  /** More story parameters (e.g. `msw`). */
  parameters?: Record<string, unknown>;
}

/**
 * The meta of an admin screen's stories: inside the admin layout, at `route`, signed in as an
 * admin (`...adminScreen('/admin/users')` in the story file's meta).
 */
export function adminScreen(route: string, { routes, parameters }: AdminScreenOptions = {}) {
  return {
    decorators: [inAdminLayout],
    parameters: { route, auth: { userType: 'admin' as const, user: adminUser }, ...parameters },
    ...(routes && { render: routesRender(routes) }),
  };
}

/**
 * The meta of `component`'s stories as an admin screen, for a one-line meta:
 * `const meta = { title: 'Users/UsersPage', ...adminScreenMeta(UsersPage, paths.users.list) };`
 * (the title stays a literal there: Storybook reads it from the file).
 */
export function adminScreenMeta<C>(component: C, route: string, options?: AdminScreenOptions) {
  return { component, ...adminScreen(route, options) };
}

/** The meta of a public screen's stories: `component` at `route`, signed out. */
export function publicScreenMeta<C>(component: C, route: string) {
  return { component, parameters: { route } };
}
