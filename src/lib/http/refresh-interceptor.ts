import axios, {
  AxiosHeaders,
  isAxiosError,
  type AxiosInstance,
  type InternalAxiosRequestConfig,
} from 'axios';
import {
  endSession,
  followStorage,
  getAccessToken,
  getRefreshToken,
  getUserType,
  logout,
  setCredentials,
} from '@/lib/auth/store';
import type { UserType } from '@generated/model';
import { ApiError, authFailedMessage } from './errors';

type RetriableConfig = InternalAxiosRequestConfig & { _retried?: boolean };

const REFRESH_PATHS: Record<UserType, string> = {
  admin: '/api/v1/admin/auth/refresh',
  customer: '/api/v1/auth/refresh',
};

// A 401 on these means bad credentials / dead refresh token, never an expired access token.
const AUTH_CALL = /\/auth\/(login|refresh|logout|send-magic-link|verify-magic-link)\/?(\?|$)/;

// Never given interceptors (unlike the global `axios`, which other code could decorate), so a 401
// on the refresh call itself cannot re-enter the refresh logic.
const bare = axios.create();

/** The Web Lock every tab of the browser takes to refresh the session they share. */
const REFRESH_LOCK = 'auth-refresh';

let inFlight: Promise<string> | null = null;

function bearerOf(config: InternalAxiosRequestConfig): string | null {
  const header = AxiosHeaders.from(config.headers).get('Authorization');
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : null;
}

async function refresh(
  client: AxiosInstance,
  refreshToken: string,
  userType: UserType,
): Promise<string> {
  try {
    // No body and no Content-Type: with a `null` body axios sends
    // `application/x-www-form-urlencoded`, which the server refuses (415).
    const { data } = await bare.post<unknown>(REFRESH_PATHS[userType], undefined, {
      baseURL: client.defaults.baseURL,
      timeout: client.defaults.timeout,
      params: { refresh_token: refreshToken },
      headers: { 'Content-Type': false },
    });
    const { access_token, refresh_token } = (data ?? {}) as Record<string, unknown>;
    if (typeof access_token !== 'string' || typeof refresh_token !== 'string')
      throw new Error('bad refresh body');
    // The user may have logged out while the refresh was in flight: do not sign them back in.
    // (Without Web Locks another tab may have stored this very pair already: the same answer.)
    const current = getRefreshToken();
    if (current !== refreshToken && current !== refresh_token)
      throw new Error('session ended during refresh');
    setCredentials({ access_token, refresh_token, userType });
    return access_token;
  } catch (cause) {
    // Said on the sign-in page, unless the user ended this session themselves meanwhile.
    if (getRefreshToken() === refreshToken) endSession(authFailedMessage());
    else logout();
    throw new ApiError(401, authFailedMessage(), 'auth', undefined, { cause });
  }
}

/**
 * One refresh at a time across the tabs of the browser (Web Locks API), which share the session
 * in storage; where the API is missing, one per tab (the server's reuse interval then keeps two
 * tabs racing with one refresh token signed in).
 */
function acrossTabs<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks || typeof locks.request !== 'function') return work();
  const granted: Promise<Promise<T>> = locks.request(REFRESH_LOCK, work);
  return granted.then((result) => result);
}

/**
 * Inside the lock, storage says what the last refresh of any tab left: when another tab has
 * rotated the pair since this tab's request was sent, that pair is used as it is.
 */
async function refreshUnlessRotated(client: AxiosInstance, sentToken: string): Promise<string> {
  const stored = followStorage();
  if (stored && stored !== sentToken) return stored;
  const refreshToken = getRefreshToken();
  const userType = getUserType();
  if (!refreshToken || !userType) {
    logout();
    throw new ApiError(401, authFailedMessage(), 'auth');
  }
  return refresh(client, refreshToken, userType);
}

/** All 401s arriving while a refresh runs wait for that one refresh instead of starting their own. */
function sharedRefresh(client: AxiosInstance, sentToken: string): Promise<string> {
  inFlight ??= acrossTabs(() => refreshUnlessRotated(client, sentToken)).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/**
 * Installs the silent refresh (docs/product.md §4) as a response interceptor. Must be installed before the
 * interceptor that normalises errors, since it needs the raw AxiosError (status + config).
 */
export function installRefreshInterceptor(client: AxiosInstance): number {
  return client.interceptors.response.use(undefined, async (error: unknown) => {
    if (!isAxiosError(error) || error.response?.status !== 401 || !error.config) throw error;
    const config = error.config as RetriableConfig;
    const sentToken = bearerOf(config);
    if (!sentToken || config._retried || AUTH_CALL.test(config.url ?? '')) throw error;

    let token = getAccessToken();
    // A response that was slow to fail can arrive after a refresh already rotated the token:
    // retrying with the current token is enough, a second refresh would burn the new refresh token.
    if (!token || token === sentToken) {
      if (!getRefreshToken() || !getUserType()) {
        logout();
        throw error;
      }
      token = await sharedRefresh(client, sentToken);
    }
    config._retried = true;
    config.headers.set('Authorization', `Bearer ${token}`);
    return client.request(config);
  });
}
