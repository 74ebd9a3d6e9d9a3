// One way to run an API-level property (fast-check) in every test file that drives the server:
// the runs a file chose, unless FC_RUNS says otherwise; FC_SEED and FC_PATH replay a failure;
// and a failure reports fast-check's message (seed, path, counterexample) followed by the exact
// line that replays it, so a red run in CI can be reproduced from its log alone.
import fc from 'fast-check';

/** The environment's overrides, read once per call so a test can set them. */
function fromEnvironment(): Pick<fc.Parameters<unknown>, 'seed' | 'path' | 'numRuns'> {
  const out: Pick<fc.Parameters<unknown>, 'seed' | 'path' | 'numRuns'> = {};
  const { FC_SEED, FC_PATH, FC_RUNS } = process.env;
  if (FC_SEED) {
    const seed = Number(FC_SEED);
    if (!Number.isInteger(seed)) throw new Error(`FC_SEED must be an integer, got "${FC_SEED}"`);
    out.seed = seed;
  }
  if (FC_PATH) out.path = FC_PATH;
  if (FC_RUNS) {
    const runs = Number(FC_RUNS);
    if (!Number.isInteger(runs) || runs < 1) {
      throw new Error(`FC_RUNS must be a positive integer, got "${FC_RUNS}"`);
    }
    out.numRuns = runs;
  }
  return out;
}

/** The parameters of a run: the file's own, then what the environment says. */
function propertyParameters<Ts>(own: fc.Parameters<Ts> = {}): fc.Parameters<Ts> {
  return { ...own, ...fromEnvironment() };
}

/** How to replay a failed run, as the one line a developer copies. */
function replayLine(details: { seed: number; counterexamplePath: string | null }): string {
  const path = details.counterexamplePath ? ` FC_PATH=${details.counterexamplePath}` : '';
  return `Replay: FC_SEED=${details.seed}${path} npx vitest run <this file>`;
}

/**
 * A discount's value at random: a percent in basis points (0.01 % to 100 %), or a fixed amount
 * of 1 millime to `maxAmount` millimes.
 */
export const discountValueArb = (maxAmount: number) =>
  fc.oneof(
    fc.record({
      kind: fc.constant('percent' as const),
      percentBp: fc.integer({ min: 1, max: 10_000 }),
    }),
    fc.record({
      kind: fc.constant('fixed_amount' as const),
      amount: fc.integer({ min: 1, max: maxAmount }),
    }),
  );

/**
 * Checks an async property with the file's parameters and the environment's overrides; on failure
 * throws fast-check's report (seed, path, shrunk counterexample, the error) and the replay line.
 */
export async function assertProperty<Ts>(
  property: fc.IAsyncProperty<Ts> | fc.IProperty<Ts>,
  own: fc.Parameters<Ts> = {},
): Promise<void> {
  const details = await fc.check(property, propertyParameters(own));
  if (!details.failed) return;
  const report = fc.defaultReportMessage(details) ?? 'Property failed';
  const error = new Error(`${report}\n\n${replayLine(details)}`);
  // Keep the first failing assertion's own error (its diff) as the cause vitest shows.
  if (details.errorInstance instanceof Error) error.cause = details.errorInstance;
  throw error;
}
