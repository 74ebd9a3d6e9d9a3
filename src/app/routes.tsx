import { Route, Switch } from 'wouter';
import { LandingPage } from '@/features/landing/LandingPage';
import { NotFoundPage } from '@/features/not-found/NotFoundPage';

/** Route table of spec §2; the admin area joins it with the console screens. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={LandingPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
