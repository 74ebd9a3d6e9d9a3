// The contract violations the mock API saw (a request the server would refuse, an answer the
// contract does not describe), kept on globalThis so that whatever runs the mocks can fail the
// test: the Storybook test runner (.storybook/test-runner.ts) reads them from the page, Vitest
// (mocks/vitest-setup.ts) from its own global. No imports: the Vitest setup loads this for every
// test file, including those that never use the mocks.

export interface ContractViolation {
  /** `unhandled`: an API request no mock handler answered (a story would pass on a 404). */
  kind: 'request' | 'response' | 'unhandled';
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

/**
 * Reports a request to the API that no mock handler answered, as Vitest's `onUnhandledRequest:
 * 'error'` does: the story fails, naming the method and path. Other requests (the page's own
 * files, fonts) are not the API's.
 */
export function reportUnhandledApiRequest(request: Request): void {
  const url = new URL(request.url);
  if (!url.pathname.startsWith('/api/')) return;
  contractViolations.report({
    kind: 'unhandled',
    method: request.method,
    url: `${url.pathname}${url.search}`,
    message:
      "no mock handler answers it: add the operation's handler to mocks/handlers (defaultHandlers) or to the story's parameters.msw",
  });
}
