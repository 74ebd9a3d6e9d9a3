// @vitest-environment jsdom
// jsdom for a real localStorage; nothing here makes HTTP calls.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminMe } from '@mocks/fixtures';
import {
  authStore,
  endSession,
  getAccessToken,
  getRefreshToken,
  logout,
  restoreAuth,
  sessionEnd,
  setCredentials,
  setUser,
  STORAGE_KEYS,
} from './store';

afterEach(() => {
  vi.unstubAllGlobals();
  logout();
  localStorage.clear();
});

/** Ada as /me answers. */
const ada = { ...adminMe, username: 'ada' };

/** Ada signs in: user, type, access token 'a1' and refresh token 'r1'. */
const signInAda = (userType: 'admin' | 'customer') =>
  setCredentials({ user: ada, userType, access_token: 'a1', refresh_token: 'r1' });

/** Signed in as `userType` with these tokens (and as Ada, when `user` says so). */
const expectSignedIn = (
  userType: 'admin' | 'customer',
  [token, refreshToken]: [string, string],
  user?: { username: string },
) =>
  expect(authStore).toMatchObject({
    ...(user && { user }),
    userType,
    token,
    refreshToken,
    isAuthenticated: true,
  });

describe('auth store', () => {
  it('uses docs/product.md storage keys', () => {
    expect(STORAGE_KEYS).toEqual({
      accessToken: 'access_token',
      refreshToken: 'refresh_token',
      userType: 'user_type',
    });
  });

  it('setCredentials stores the session and persists the three keys', () => {
    signInAda('admin');
    expectSignedIn('admin', ['a1', 'r1'], { username: 'ada' });
    expect(localStorage.getItem('access_token')).toBe('a1');
    expect(localStorage.getItem('refresh_token')).toBe('r1');
    expect(localStorage.getItem('user_type')).toBe('admin');
  });

  it('setCredentials without user or userType keeps the current ones (token refresh)', () => {
    signInAda('customer');
    setCredentials({ access_token: 'a2', refresh_token: 'r2' });
    expect(authStore).toMatchObject({
      user: { username: 'ada' },
      userType: 'customer',
      token: 'a2',
    });
    expect(localStorage.getItem('user_type')).toBe('customer');
    expect(localStorage.getItem('refresh_token')).toBe('r2');
  });

  it('logout clears the state and removes the three keys', () => {
    signInAda('admin');
    localStorage.setItem('unrelated', 'kept');
    logout();
    expect(authStore).toEqual({
      user: null,
      userType: null,
      token: null,
      refreshToken: null,
      isAuthenticated: false,
    });
    expect(
      ['access_token', 'refresh_token', 'user_type'].map((k) => localStorage.getItem(k)),
    ).toEqual([null, null, null]);
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });

  it('endSession logs out and keeps the reason until the next sign-in or logout', () => {
    setCredentials({ userType: 'admin', access_token: 'a1', refresh_token: 'r1' });
    endSession('Authentication failed');
    expect(authStore.isAuthenticated).toBe(false);
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(sessionEnd.reason).toBe('Authentication failed');
    setCredentials({ userType: 'admin', access_token: 'a2', refresh_token: 'r2' });
    expect(sessionEnd.reason).toBeNull();
    endSession('Authentication failed');
    logout();
    expect(sessionEnd.reason).toBeNull();
  });

  it('setUser stores the /me user', () => {
    setUser({ ...ada, role: 'admin' });
    expect(authStore.user).toEqual({ ...ada, role: 'admin' });
  });
});

/** Restores the session from these stored keys. */
function restoreFrom(keys: Record<string, string>) {
  for (const [key, value] of Object.entries(keys)) localStorage.setItem(key, value);
  restoreAuth();
}

describe('restoreAuth', () => {
  it('is authenticated when an access token is stored, and restores the rest', () => {
    restoreFrom({ access_token: 'a1', refresh_token: 'r1', user_type: 'customer' });
    expectSignedIn('customer', ['a1', 'r1']);
  });

  it('is not authenticated without a stored access token, even with the other keys', () => {
    restoreFrom({ refresh_token: 'r1', user_type: 'admin' });
    expect(authStore).toMatchObject({
      token: null,
      refreshToken: 'r1',
      userType: 'admin',
      isAuthenticated: false,
    });
  });

  it('ignores an unknown user type', () => {
    restoreFrom({ access_token: 'a1', user_type: 'root' });
    expect(authStore.userType).toBeNull();
  });

  it('runs when the module loads', async () => {
    localStorage.setItem('access_token', 'a1');
    localStorage.setItem('user_type', 'admin');
    vi.resetModules();
    const fresh = await import('./store');
    expect(fresh.authStore).toMatchObject({
      token: 'a1',
      userType: 'admin',
      isAuthenticated: true,
    });
  });

  it('treats a missing localStorage (SSR/node) as empty and still works in memory', () => {
    vi.stubGlobal('localStorage', undefined);
    restoreAuth();
    expect(authStore.isAuthenticated).toBe(false);
    setCredentials({ userType: 'admin', access_token: 'a1', refresh_token: 'r1' });
    expect(getAccessToken()).toBe('a1');
    logout();
    expect(authStore.isAuthenticated).toBe(false);
  });
});

describe('getAccessToken', () => {
  it('prefers memory and falls back to storage', () => {
    localStorage.setItem('access_token', 'stored');
    expect(getAccessToken()).toBe('stored');
    setCredentials({ access_token: 'memory', refresh_token: 'r' });
    localStorage.setItem('access_token', 'other');
    expect(getAccessToken()).toBe('memory');
  });
});

describe('getRefreshToken', () => {
  it('reads storage, which another tab may have rotated, not the copy in memory', () => {
    signInAda('admin');
    localStorage.setItem('refresh_token', 'r2'); // another tab refreshed
    expect(authStore.refreshToken).toBe('r1');
    expect(getRefreshToken()).toBe('r2');
    localStorage.removeItem('refresh_token'); // another tab logged out
    expect(getRefreshToken()).toBeNull();
  });

  it('keeps the session in memory when storage is missing', () => {
    vi.stubGlobal('localStorage', undefined);
    signInAda('admin');
    expect(getRefreshToken()).toBe('r1');
  });

  it('keeps the session in memory when storage refuses the write, until a write succeeds', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    signInAda('admin');
    expect(authStore.isAuthenticated).toBe(true);
    expect(getRefreshToken()).toBe('r1');
    setItem.mockRestore();
    setCredentials({ access_token: 'a2', refresh_token: 'r2' });
    localStorage.setItem('refresh_token', 'r3');
    expect(getRefreshToken()).toBe('r3');
  });
});

describe('another tab', () => {
  const storageEvent = (key: string | null) =>
    window.dispatchEvent(new StorageEvent('storage', { key }));

  it('takes the pair another tab stored when the browser says storage changed', () => {
    signInAda('admin');
    localStorage.setItem('access_token', 'a2');
    localStorage.setItem('refresh_token', 'r2');
    storageEvent('refresh_token');
    expectSignedIn('admin', ['a2', 'r2'], { username: 'ada' });
  });

  it('signs out when another tab logged out, and ignores other keys', () => {
    signInAda('admin');
    localStorage.setItem('theme', 'dark');
    storageEvent('theme');
    expect(authStore.isAuthenticated).toBe(true);
    localStorage.clear();
    storageEvent(null);
    expect(authStore).toMatchObject({ isAuthenticated: false, token: null, user: null });
    expect(sessionEnd.reason).toBeNull();
  });

  it('is signed in when another tab signs in', () => {
    localStorage.setItem('access_token', 'a1');
    localStorage.setItem('refresh_token', 'r1');
    localStorage.setItem('user_type', 'admin');
    storageEvent('access_token');
    expectSignedIn('admin', ['a1', 'r1']);
  });
});
