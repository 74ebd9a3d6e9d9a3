// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from './provider';
import { AppRoutes } from './routes';

afterEach(cleanup);

function renderAt(path: string) {
  const { hook } = memoryLocation({ path });
  return render(
    <AppProvider>
      <Router hook={hook}>
        <AppRoutes />
      </Router>
    </AppProvider>,
  );
}

it('shows the landing page at / with its two ways in', async () => {
  renderAt('/');
  expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/admin');
  expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth');
});

it('shows the 404 page for an unknown path', async () => {
  renderAt('/no/such/page');
  expect(await screen.findByText('404')).toBeTruthy();
  expect(screen.getByText('Oops! Page not found')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
});
