// The mocks run the project's one request validator (contract/validator.ts, the server runs the
// same) on every request, and check every answer against the operation's response schema.
// A violation is answered like the server would (for requests) and reported: console.error, and
// `globalThis.__contractViolations`, which the Storybook test runner (.storybook/test-runner.ts)
// and Vitest (mocks/vitest-setup.ts) turn into a failing test.
import document from '../generated/openapi.json';
import { createContract, type OpenApiDocument } from '../contract';

export const contract = createContract(document as unknown as OpenApiDocument);

export interface ContractViolation {
  kind: 'request' | 'response';
  method: string;
  url: string;
  message: string;
}

type Holder = { __contractViolations?: ContractViolation[] };

export const contractViolations = {
  report(violation: ContractViolation): void {
    const holder = globalThis as Holder;
    (holder.__contractViolations ??= []).push(violation);
    console.error(
      `[contract] ${violation.kind} ${violation.method} ${violation.url}: ${violation.message}`,
    );
  },
  all(): ContractViolation[] {
    return [...((globalThis as Holder).__contractViolations ?? [])];
  },
  /** Returns the violations reported so far and forgets them. */
  take(): ContractViolation[] {
    const holder = globalThis as Holder;
    const taken = holder.__contractViolations ?? [];
    holder.__contractViolations = [];
    return taken;
  },
};
