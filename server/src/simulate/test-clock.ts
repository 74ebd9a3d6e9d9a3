// The simulator's clock (#32): with SHOP_TEST_CLOCK=true the server's time (AppContext.now) is
// the one a test sets through PUT /api/v1/test/clock, so a year of a shop can be lived in
// minutes. The route is outside the contract (no SDK function, no access rule): it exists only
// in a server started with the setting, which config.ts refuses in production.
import type { FastifyInstance } from 'fastify';
import { HttpProblem } from '../api/problem';

export const TEST_CLOCK_PATH = '/api/v1/test/clock';

export interface TestClock {
  now(): Date;
  set(at: Date): void;
}

/** A clock that starts at the real time and then stays where it was last set. */
export function createTestClock(start = new Date()): TestClock {
  let at = start.getTime();
  return {
    // A copy: callers may not move the clock by changing the Date they were given.
    now: () => new Date(at),
    set: (to) => {
      at = to.getTime();
    },
  };
}

/**
 * PUT {"now": "<ISO instant>"} sets the clock; GET reads it (so a test can move it on by a
 * lifetime without keeping its own copy). Both answer the time now in force.
 */
export function registerTestClock(app: FastifyInstance, clock: TestClock): void {
  app.get(TEST_CLOCK_PATH, () => ({ now: clock.now().toISOString() }));
  app.put(TEST_CLOCK_PATH, (request) => {
    // Every body arrives as text (http/contract-validation.ts): parse it here.
    let body: unknown;
    try {
      body = JSON.parse(typeof request.body === 'string' ? request.body : '');
    } catch {
      throw new HttpProblem(400, 'The body must be JSON: {"now": "<ISO 8601 instant>"}');
    }
    const value = (body as { now?: unknown } | null)?.now;
    const at = typeof value === 'string' ? new Date(value) : undefined;
    if (!at || Number.isNaN(at.getTime()) || !/T.*(Z|[+-]\d\d:\d\d)$/.test(value as string)) {
      throw new HttpProblem(
        422,
        '"now" must be an ISO 8601 instant with its offset, e.g. "2027-01-01T08:00:00Z"',
      );
    }
    clock.set(at);
    return { now: clock.now().toISOString() };
  });
}
