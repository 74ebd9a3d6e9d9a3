import { Suspense } from 'react';
import { matchRoute, Route, Switch, useLocation, useRouter } from 'wouter';
import { AdminLayout } from '@/components/layout/AdminLayout';
import { PageSpinner } from '@/components/ui/PageSpinner';
import { AdminGuard } from '@/features/auth/AdminGuard';
import { RequirePermission } from '@/features/auth/RequirePermission';
import { CommandPalette } from '@/features/command-palette';
import { NotFoundPage } from '@/features/not-found/NotFoundPage';
import { ADMIN_ROUTES } from './admin-routes';
import { ShopTimeZone } from './ShopTimeZone';

/** /admin and below: unknown paths get the 404 page, the others the guard, layout and screen. */
export default function AdminArea() {
  const [location] = useLocation();
  const { parser } = useRouter();
  if (!ADMIN_ROUTES.some((route) => matchRoute(parser, route.path, location)[0]))
    return <NotFoundPage />;

  return (
    <AdminGuard>
      <ShopTimeZone>
        <AdminLayout>
          <CommandPalette />
          {/* Inside the layout, so the sidebar stays while a screen's code loads. */}
          <Suspense fallback={<PageSpinner />}>
            <Switch>
              {ADMIN_ROUTES.map(({ path, component: Screen, permission }) => (
                <Route key={path} path={path}>
                  <RequirePermission permission={permission}>
                    <Screen />
                  </RequirePermission>
                </Route>
              ))}
            </Switch>
          </Suspense>
        </AdminLayout>
      </ShopTimeZone>
    </AdminGuard>
  );
}
