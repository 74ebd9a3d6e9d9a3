// The e2e tests prepare data and check what the server stored through the API itself.
import { expect } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './server';

export const baseURL = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url)
    throw new Error(
      "E2E_BASE_URL is not set: run through e2e/playwright.config.ts, with test from './fixtures'",
    );
  return url;
};

export async function adminToken(): Promise<string> {
  const res = await fetch(`${baseURL()}/api/v1/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

export async function api<T>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseURL()}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}
