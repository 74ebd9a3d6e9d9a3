// The contract violations the mock API saw (a request the server would refuse, an answer the
// contract does not describe), kept on globalThis so that whatever runs the mocks can fail the
// test: the Storybook test runner (.storybook/test-runner.ts) reads them from the page, Vitest
// (mocks/vitest-setup.ts) from its own global. No imports: the Vitest setup loads this for every
// test file, including those that never use the mocks.

export interface ContractViolation {
  kind: 'request' | 'response';
  method: string;
  url: string;
  message: string;
}

/** The global the violations are kept under (also read inside the browser page by name). */
export const VIOLATIONS_KEY = '__contractViolations';

type Holder = { [VIOLATIONS_KEY]?: ContractViolation[] };
const holder = () => globalThis as Holder;

export const contractViolations = {
  report(violation: ContractViolation): void {
    (holder()[VIOLATIONS_KEY] ??= []).push(violation);
    console.error(
      `[contract] ${violation.kind} ${violation.method} ${violation.url}: ${violation.message}`,
    );
  },
  all(): ContractViolation[] {
    return [...(holder()[VIOLATIONS_KEY] ?? [])];
  },
  /** Returns the violations reported so far and forgets them. */
  take(): ContractViolation[] {
    const taken = holder()[VIOLATIONS_KEY] ?? [];
    holder()[VIOLATIONS_KEY] = [];
    return taken;
  },
};

/** The error that fails a test whose mock API saw these violations; null when there were none. */
export function violationsError(violations: readonly ContractViolation[]): Error | null {
  if (violations.length === 0) return null;
  return new Error(
    `The mock API saw ${violations.length} contract violation(s):\n` +
      violations.map((v) => `- ${v.kind} ${v.method} ${v.url}: ${v.message}`).join('\n'),
  );
}
