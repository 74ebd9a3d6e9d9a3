import { lazy, Suspense } from 'react';
import { Route, Switch, useLocation, useRouter, type Parser } from 'wouter';
import { PageSpinner } from '@/components/ui/PageSpinner';
import { lazyChakraPage, lazyPage } from './lazy-page';
import { paths } from '@/lib/paths';

// Every page is loaded on demand (route-level code splitting). The sign-in page, the first load of
// most visits, is drawn in plain CSS; the others bring Chakra with them (see ChakraScope).
const LoginPage = lazyPage(() => import('@/features/auth/LoginPage'), 'LoginPage');
const LandingPage = lazyChakraPage(() => import('@/features/landing/LandingPage'), 'LandingPage');
const MagicLinkPage = lazyChakraPage(
  () => import('@/features/auth/MagicLinkPage'),
  'MagicLinkPage',
);
const NotFoundPage = lazyChakraPage(
  () => import('@/features/not-found/NotFoundPage'),
  'NotFoundPage',
);

/** Where the admin area was entered: read when its code is first requested. */
let adminEntry: { location: string; parser: Parser } | undefined;

// The area's code (with Chakra's) and, beside it, a small chunk that starts what the first screen
// needs (/me, the screen's code and data; see admin-start.ts). The area renders once both are
// there, so its hooks find those requests under way rather than starting their own.
const AdminArea = lazy(async () => {
  const started = import('./admin-start').then(({ startAdminRoute }) => {
    if (adminEntry) startAdminRoute(adminEntry.location, adminEntry.parser);
  });
  const [area, { withChakraScope }] = await Promise.all([
    import('./AdminArea'),
    import('@/components/ui/chakra-scope'),
    started,
  ]);
  return { default: withChakraScope(area.default) };
});

function AdminEntry() {
  const [location] = useLocation();
  const { parser } = useRouter();
  adminEntry ??= { location, parser };
  return <AdminArea />;
}

/** Route table of docs/product.md §2; the admin screens are listed in ./admin-routes.tsx. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path={paths.landing} component={LandingPage} />
        <Route path={paths.signIn} component={LoginPage} />
        <Route path={paths.magicLink} component={MagicLinkPage} />
        <Route path={paths.admin.area} component={AdminEntry} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
