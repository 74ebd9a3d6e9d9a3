// Vitest setup (vite.config.ts): a test during which a mock handler saw a request the server would
// refuse, or answered something the contract does not describe, fails.
import { afterEach } from 'vitest';
import { contractViolations, violationsError } from './violations';

afterEach(() => {
  const error = violationsError(contractViolations.take());
  if (error) throw error;
});
