import { useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { notify } from '@/components/ui/notify';
import { authStore } from '@/lib/auth/store';
import { usePageTitle } from '@/lib/hooks/use-page-title';
import { serverMessage } from '@/lib/http';
import { LoginForm, type LoginValues } from './LoginForm';
import { signInAdmin } from './sign-in';

/** /auth (spec §2): signs an admin in, or sends an already signed-in user on to /admin. */
export function LoginPage() {
  usePageTitle('Login');
  const [, navigate] = useLocation();
  // Decided on arrival only: signing in here must finish (toast, then /admin) on its own terms.
  const [signedInOnArrival] = useState(() => authStore.isAuthenticated);

  async function handleSubmit(values: LoginValues) {
    try {
      await signInAdmin(values);
    } catch (error) {
      notify.error('Error', serverMessage(error, 'Failed to login'));
      return;
    }
    notify.success('Success', 'Logged in successfully');
    navigate('/admin');
  }

  if (signedInOnArrival) return <Redirect to="/admin" replace />;
  return <LoginForm onSubmit={handleSubmit} />;
}
