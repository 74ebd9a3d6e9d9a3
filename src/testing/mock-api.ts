/** Vitest only: the mock API of mocks/ answers this file's tests (Node or jsdom). */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { requests, server } from '@mocks/node';
import { configureHttpClient } from '@/lib/http';

/** Starts the mock API for the tests of the calling file, the HTTP client pointed at it. */
export function withMockApi(): void {
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    configureHttpClient({ baseURL: 'http://localhost:3000' });
  });
  afterEach(() => {
    server.resetHandlers();
    requests.clear();
  });
  afterAll(() => server.close());
}
