import { proxy } from 'valtio/vanilla';
import { UserType, type AdminMe } from '@generated/model';

/**
 * The signed-in admin as loaded from `/admin/auth/me`: their user record, the permissions of their
 * role (the server's matrix: what the console shows them follows it, see ./permissions.ts), their
 * second factors and session. A customer session has none (null).
 */
export type AuthUser = AdminMe;

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

/** Whether the last write of the session to storage failed (see inMemoryOnly). */
let writeFailed = false;

/**
 * Whether the session lives in this tab's memory only: storage is missing, or the last write of
 * the session to it failed. Otherwise storage is the one place the session lives, shared by every
 * tab of the browser.
 */
const inMemoryOnly = () => writeFailed || storage() === null;

// A full or blocked storage must not break signing in: the session then lives in memory only.
function write(key: string, value: string | null): boolean {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Writes the three keys (null removes one); the session is in memory only if one fails. */
function persist(values: Record<keyof typeof STORAGE_KEYS, string | null>): void {
  const written = Object.entries(values).map(([name, value]) =>
    write(STORAGE_KEYS[name as keyof typeof STORAGE_KEYS], value),
  );
  writeFailed = written.includes(false);
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
  persist({ accessToken: access_token, refreshToken: refresh_token, userType: authStore.userType });
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
  persist({ accessToken: null, refreshToken: null, userType: null });
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

// The access token getter falls back to storage because code outside this store may have written
// a session the in-memory state has not picked up (docs/product.md §7).
export function getAccessToken(): string | null {
  return authStore.token ?? read(STORAGE_KEYS.accessToken);
}

/**
 * The refresh token as storage holds it now: every tab of the browser shares one session, and
 * another tab may have rotated it a moment ago (a copy in memory would then be used, and burnt).
 * In memory only when storage cannot be used.
 */
export function getRefreshToken(): string | null {
  return inMemoryOnly() ? authStore.refreshToken : read(STORAGE_KEYS.refreshToken);
}

export function getUserType(): UserType | null {
  return authStore.userType ?? asUserType(read(STORAGE_KEYS.userType));
}

/**
 * Another tab changed the session in storage (rotated the tokens, signed in or out): this tab
 * follows. When the tokens now belong to someone else, the tab starts afresh (a reload), so
 * nothing loaded for the previous user stays on screen or in the caches.
 */
function followOtherTab(event: StorageEvent): void {
  const keys: (string | null)[] = Object.values(STORAGE_KEYS);
  if (event.key !== null && !keys.includes(event.key)) return;
  followStorage();
}

/**
 * Takes the session storage holds now, which another tab may have changed (its storage event may
 * not have arrived yet); answers the access token. In memory only, the tab's own session.
 */
export function followStorage(): string | null {
  if (inMemoryOnly()) return authStore.token;
  const token = read(STORAGE_KEYS.accessToken) || null;
  const refreshToken = read(STORAGE_KEYS.refreshToken);
  if (token === authStore.token && refreshToken === authStore.refreshToken) return token;
  if (token === null) {
    if (authStore.isAuthenticated) logout();
    return null;
  }
  if (authStore.isAuthenticated && subjectOf(token) !== subjectOf(authStore.token)) {
    window.location.reload();
    return null;
  }
  authStore.token = token;
  authStore.refreshToken = refreshToken;
  authStore.userType = asUserType(read(STORAGE_KEYS.userType));
  authStore.isAuthenticated = true;
  sessionEnd.reason = null;
  return token;
}

/** Who an access token is for (its unverified `typ` and `sub`): enough to notice another user. */
function subjectOf(token: string | null): string | null {
  try {
    const payload = JSON.parse(
      atob((token?.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')),
    ) as { typ?: unknown; sub?: unknown };
    return `${String(payload.typ)}:${String(payload.sub)}`;
  } catch {
    return null;
  }
}

restoreAuth();
if (typeof window !== 'undefined') window.addEventListener('storage', followOtherTab);
