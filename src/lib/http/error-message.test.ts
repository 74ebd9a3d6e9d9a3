import { expect, it } from 'vitest';
import { ApiError, fromResponseBody } from './errors';
import { serverMessage } from './error-message';

it("uses the server's message, else the fallback", () => {
  expect(
    serverMessage(fromResponseBody(401, { detail: 'Incorrect username or password' }), 'F'),
  ).toBe('Incorrect username or password');
  expect(serverMessage(fromResponseBody(500, { message: 'Database down' }), 'F')).toBe(
    'Database down',
  );
  expect(serverMessage(fromResponseBody(502, {}), 'F')).toBe('F');
  expect(serverMessage(new ApiError(0, 'Network error', 'network'), 'F')).toBe('F');
  expect(serverMessage(new Error('boom'), 'F')).toBe('F');
});
