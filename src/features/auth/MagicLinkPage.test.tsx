// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:3000"}
// React's development build, where StrictMode really runs each effect twice on mount (the built
// Storybook uses the production build): the single-use token must still be sent once.
import { cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '@/app/provider';
import { authStore, logout } from '@/lib/auth/store';
import { requests, server } from '@mocks/node';
import { MagicLinkPage } from './MagicLinkPage';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  requests.clear();
  logout();
});
afterAll(() => server.close());

it('verifies the token once under StrictMode and cleans the address', async () => {
  const memory = memoryLocation({
    path: '/auth/magic?token=t-1-abcdefghijklmnopqrstuvwxyz&email=ada%40example.tn',
    record: true,
  });
  render(
    <StrictMode>
      <AppProvider>
        <Router hook={memory.hook} searchHook={memory.searchHook}>
          <MagicLinkPage />
        </Router>
      </AppProvider>
    </StrictMode>,
  );
  expect(await screen.findByRole('heading', { name: 'You are signed in' })).toBeTruthy();
  expect(requests.to('POST', '/api/v1/auth/verify-magic-link').map((r) => r.body)).toEqual([
    { token: 't-1-abcdefghijklmnopqrstuvwxyz', email: 'ada@example.tn' },
  ]);
  expect(memory.history).toEqual(['/auth/magic']);
  expect(authStore.userType).toBe('customer');
});
