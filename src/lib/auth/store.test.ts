// @vitest-environment jsdom
// jsdom for a real localStorage; nothing here makes HTTP calls.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  authStore,
  endSession,
  getAccessToken,
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

/** Ada signs in: user, type, access token 'a1' and refresh token 'r1'. */
const signInAda = (userType: 'admin' | 'customer') =>
  setCredentials({ user: { username: 'ada' }, userType, access_token: 'a1', refresh_token: 'r1' });

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
    expect(authStore).toMatchObject({
      user: { username: 'ada' },
      userType: 'admin',
      token: 'a1',
      refreshToken: 'r1',
      isAuthenticated: true,
    });
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
    setUser({ username: 'ada', role: 'admin' });
    expect(authStore.user).toEqual({ username: 'ada', role: 'admin' });
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
    expect(authStore).toMatchObject({
      token: 'a1',
      refreshToken: 'r1',
      userType: 'customer',
      isAuthenticated: true,
    });
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
