import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageSpinner } from '@/components/ui/PageSpinner';
import { LandingPage } from '@/features/landing/LandingPage';
import { NotFoundPage } from '@/features/not-found/NotFoundPage';
import { lazyPage } from './lazy-page';
import { paths } from '@/lib/paths';

// Everything but the landing and 404 pages is loaded on demand (route-level code splitting).
const LoginPage = lazyPage(() => import('@/features/auth/LoginPage'), 'LoginPage');
const MagicLinkPage = lazyPage(() => import('@/features/auth/MagicLinkPage'), 'MagicLinkPage');
const AdminArea = lazy(() => import('./AdminArea'));

/** Route table of docs/product.md §2; the admin screens are listed in ./admin-routes.tsx. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path={paths.landing} component={LandingPage} />
        <Route path={paths.signIn} component={LoginPage} />
        <Route path={paths.magicLink} component={MagicLinkPage} />
        <Route path={paths.admin.area} component={AdminArea} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
