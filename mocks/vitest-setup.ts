// Vitest setup (vite.config.ts): a test during which a mock handler saw a request the server would
// refuse, or answered something the contract does not describe (mocks/contract.ts), fails.
// Reads the global only, so test files that never use the mocks load nothing.
import { afterEach } from 'vitest';

interface Violation {
  kind: string;
  method: string;
  url: string;
  message: string;
}

afterEach(() => {
  const holder = globalThis as { __contractViolations?: Violation[] };
  const violations = holder.__contractViolations ?? [];
  holder.__contractViolations = [];
  if (violations.length > 0)
    throw new Error(
      `The mock API saw ${violations.length} contract violation(s):\n` +
        violations.map((v) => `- ${v.kind} ${v.method} ${v.url}: ${v.message}`).join('\n'),
    );
});
