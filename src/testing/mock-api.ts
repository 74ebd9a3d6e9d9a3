/** Vitest only: the mock API of mocks/ answers this file's tests (Node or jsdom). */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { tokenPair } from '@mocks/fixtures';
import { requests, server } from '@mocks/node';
import { setCredentials } from '@/lib/auth/store';
import { configureHttpClient } from '@/lib/http';

/** The Authorization header of the fixtures' super admin, for a test's own fetch(). */
export const mockAdminAuth = { authorization: `Bearer ${tokenPair.access_token}` };

/**
 * Starts the mock API for the tests of the calling file, the HTTP client pointed at it, and signs
 * the fixtures' super admin in before each test: the mocks refuse an admin operation sent with no
 * token (401) as the server does (mocks/handlers/access.ts).
 */
export function withMockApi(): void {
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    configureHttpClient({ baseURL: 'http://localhost:3000' });
  });
  beforeEach(() => {
    setCredentials({
      access_token: tokenPair.access_token,
      refresh_token: tokenPair.refresh_token,
      userType: 'admin',
    });
  });
  afterEach(() => {
    server.resetHandlers();
    requests.clear();
  });
  afterAll(() => server.close());
}
