import { proxy } from 'valtio/vanilla';
import { UserType } from '@generated/model';

/**
 * The signed-in user as loaded from `/me`. `object` (not Record<string, unknown>) so generated
 * interfaces such as the admin user type can be stored without casts; readers narrow it.
 */
export type AuthUser = object;

export interface AuthState {
  user: AuthUser | null;
  userType: UserType | null;
  token: string | null;
  refreshToken: string | null;
  isAuthenticated: boolean;
}

export interface Credentials {
  user?: AuthUser | null;
  userType?: UserType;
  access_token: string;
  refresh_token: string;
}

export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  userType: 'user_type',
} as const;

// Imported from valtio/vanilla so the store (and the HTTP layer using it) has no React dependency;
// components read it with useSnapshot(authStore).
export const authStore = proxy<AuthState>({
  user: null,
  userType: null,
  token: null,
  refreshToken: null,
  isAuthenticated: false,
});

/**
 * Why the last session ended without the user asking (docs/product.md §4: a failed refresh gives
 * 'Authentication failed'), for the sign-in page to say; null after a sign-in or a logout.
 * Kept apart from the auth state, which is exactly the product description's, and in memory only.
 */
export const sessionEnd = proxy<{ reason: string | null }>({ reason: null });

// localStorage is missing under SSR/node and throws in some sandboxed iframes: both mean "empty".
function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

// A full or blocked storage must not break signing in: the session then lives in memory only.
function write(key: string, value: string | null): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  } catch {
    /* ignored on purpose, see above */
  }
}

function asUserType(value: string | null): UserType | null {
  return Object.values<string>(UserType).includes(value ?? '') ? (value as UserType) : null;
}

export function setCredentials({ user, userType, access_token, refresh_token }: Credentials): void {
  if (user !== undefined) authStore.user = user;
  if (userType !== undefined) authStore.userType = userType;
  authStore.token = access_token;
  authStore.refreshToken = refresh_token;
  authStore.isAuthenticated = true;
  sessionEnd.reason = null;
  write(STORAGE_KEYS.accessToken, access_token);
  write(STORAGE_KEYS.refreshToken, refresh_token);
  write(STORAGE_KEYS.userType, authStore.userType);
}

export function setUser(user: AuthUser | null): void {
  authStore.user = user;
}

export function logout(): void {
  authStore.user = null;
  authStore.userType = null;
  authStore.token = null;
  authStore.refreshToken = null;
  authStore.isAuthenticated = false;
  for (const key of Object.values(STORAGE_KEYS)) write(key, null);
  sessionEnd.reason = null;
}

/** Logs out because the session can no longer be used, keeping `reason` for the sign-in page. */
export function endSession(reason: string): void {
  logout();
  sessionEnd.reason = reason;
}

/** Rebuilds the state from storage; the user itself is not persisted and is reloaded from `/me`. */
export function restoreAuth(): void {
  const token = read(STORAGE_KEYS.accessToken) || null; // an empty string is no token
  authStore.user = null;
  authStore.token = token;
  authStore.refreshToken = read(STORAGE_KEYS.refreshToken);
  authStore.userType = asUserType(read(STORAGE_KEYS.userType));
  authStore.isAuthenticated = token !== null;
}

// The getters fall back to storage because another tab, or code outside this store, may have
// written a session the in-memory state has not picked up (docs/product.md §7).
export function getAccessToken(): string | null {
  return authStore.token ?? read(STORAGE_KEYS.accessToken);
}

export function getRefreshToken(): string | null {
  return authStore.refreshToken ?? read(STORAGE_KEYS.refreshToken);
}

export function getUserType(): UserType | null {
  return authStore.userType ?? asUserType(read(STORAGE_KEYS.userType));
}

restoreAuth();
