import { adminLogin, getAdminMe } from '@generated/clients/auth/auth';
import type { AdminLoginRequest } from '@generated/model';
import { logout, setCredentials, setUser } from '@/lib/auth/store';

/**
 * Signs an admin in (docs/product.md §4): tokens first (the /me call needs them), then the user. If the user
 * cannot be loaded the half-open session is closed again and the error is the caller's.
 */
export async function signInAdmin(credentials: AdminLoginRequest): Promise<void> {
  const { access_token, refresh_token } = await adminLogin(credentials);
  setCredentials({ access_token, refresh_token, userType: 'admin' });
  try {
    setUser(await getAdminMe());
  } catch (error) {
    logout();
    throw error;
  }
}
