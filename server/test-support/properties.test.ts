// assertProperty (properties.ts): a failure's message carries fast-check's report and the line
// that replays it, and FC_SEED / FC_PATH / FC_RUNS from that line reproduce the same failure.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assertProperty } from './properties';

/** Fails for any number above 50: the smallest counterexample is 51. */
const above50 = () =>
  fc.property(fc.integer({ min: 0, max: 1_000 }), (n) => {
    if (n > 50) throw new Error(`too big: ${n}`);
  });

async function failureOf(run: () => Promise<void>): Promise<Error> {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) throw new Error('the property did not fail');
  return error;
}

describe('assertProperty', () => {
  // What the developer's shell says must not change what these tests see.
  beforeEach(() => {
    for (const name of ['FC_SEED', 'FC_PATH', 'FC_RUNS']) vi.stubEnv(name, '');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('prints the seed, the path, the shrunk counterexample and the replay line', async () => {
    const error = await failureOf(() => assertProperty(above50(), { numRuns: 100, seed: 42 }));
    const replay = /Replay: FC_SEED=(-?\d+) FC_PATH=([\d:]+) npx vitest run <this file>/.exec(
      error.message,
    );
    expect(replay?.[1]).toBe('42');
    expect(error.message).toContain('{ seed: 42, path: ');
    expect(error.message).toContain('Counterexample: [51]');
    expect((error.cause as Error).message).toBe('too big: 51');

    // The replay line's variables run that one case again, whatever the file's own runs.
    vi.stubEnv('FC_SEED', replay![1]);
    vi.stubEnv('FC_PATH', replay![2]);
    let runs = 0;
    const again = await failureOf(() =>
      assertProperty(
        fc.property(fc.integer({ min: 0, max: 1_000 }), (n) => {
          runs += 1;
          if (n > 50) throw new Error(`too big: ${n}`);
        }),
        { numRuns: 100, seed: 7 },
      ),
    );
    expect(again.message).toContain('Counterexample: [51]');
    expect(runs).toBeLessThan(5);
  });

  it('runs FC_RUNS cases instead of the file’s own count, and refuses a malformed one', async () => {
    let runs = 0;
    const counting = fc.property(fc.nat(), () => {
      runs += 1;
    });
    await assertProperty(counting, { numRuns: 100 });
    expect(runs).toBe(100);
    vi.stubEnv('FC_RUNS', '7');
    runs = 0;
    await assertProperty(counting, { numRuns: 100 });
    expect(runs).toBe(7);
    vi.stubEnv('FC_RUNS', 'many');
    await expect(assertProperty(counting)).rejects.toThrow(
      'FC_RUNS must be a positive integer, got "many"',
    );
    vi.stubEnv('FC_RUNS', '');
    vi.stubEnv('FC_SEED', '1.5');
    await expect(assertProperty(counting)).rejects.toThrow('FC_SEED must be an integer, got "1.5"');
  });
});
