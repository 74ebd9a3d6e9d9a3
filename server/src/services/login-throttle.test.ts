import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../http/problem';
import { LoginThrottle, loginThrottleKey } from './login-throttle';

const MINUTE = 60_000;

function clock(start = Date.parse('2026-01-15T09:00:00.000Z')) {
  let now = start;
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

function refusal(fn: () => void): HttpProblem {
  try {
    fn();
  } catch (e) {
    if (e instanceof HttpProblem) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('loginThrottleKey', () => {
  it('combines the IP with the trimmed, lower-cased username', () => {
    expect(loginThrottleKey('10.0.0.1', '  Alice ')).toBe(loginThrottleKey('10.0.0.1', 'alice'));
    expect(loginThrottleKey('10.0.0.1', 'alice')).not.toBe(loginThrottleKey('10.0.0.2', 'alice'));
  });
});

describe('LoginThrottle', () => {
  it('refuses the sixth attempt within 15 minutes with 429 and Retry-After', () => {
    const c = clock();
    const throttle = new LoginThrottle(c.now);
    for (let i = 0; i < 5; i++) {
      throttle.attempt('k');
      c.advance(MINUTE);
    }
    // Oldest failure was 5 minutes ago: 10 minutes to wait.
    const problem = refusal(() => throttle.attempt('k'));
    expect(problem.statusCode).toBe(429);
    expect(problem.detail).toBe('Too many failed login attempts. Try again in 10 minutes.');
    expect(problem.headers).toEqual({ 'retry-after': '600' });

    // A refused attempt is not counted: once the oldest failure leaves the window, one more.
    c.advance(10 * MINUTE);
    throttle.attempt('k');
    expect(refusal(() => throttle.attempt('k')).detail).toBe(
      'Too many failed login attempts. Try again in 1 minute.',
    );
  });

  it('keeps keys apart and forgets a key on success', () => {
    const throttle = new LoginThrottle(clock().now, { maxFailures: 2 });
    throttle.attempt('a');
    throttle.attempt('a');
    expect(() => throttle.attempt('a')).toThrow(HttpProblem);
    throttle.attempt('b');
    throttle.succeeded('a');
    throttle.attempt('a');
    throttle.attempt('a');
    expect(() => throttle.attempt('a')).toThrow(HttpProblem);
  });

  it('drops keys whose failures left the window', () => {
    const c = clock();
    const throttle = new LoginThrottle(c.now);
    throttle.attempt('old-1');
    throttle.attempt('old-2');
    c.advance(10 * MINUTE);
    throttle.attempt('recent');
    expect(throttle.size).toBe(3);
    c.advance(5 * MINUTE);
    throttle.attempt('new');
    expect(throttle.size).toBe(2);
  });

  it('bounds memory by evicting the keys whose last failure is oldest', () => {
    const c = clock();
    const throttle = new LoginThrottle(c.now, { maxKeys: 3, maxFailures: 1 });
    for (const key of ['a', 'b', 'c']) {
      throttle.attempt(key);
      c.advance(1000);
    }
    expect(() => throttle.attempt('a')).toThrow(HttpProblem);
    throttle.attempt('d');
    expect(throttle.size).toBe(3);
    // 'a' was evicted (oldest), the others are still blocked.
    throttle.attempt('a');
    expect(throttle.size).toBe(3);
    expect(() => throttle.attempt('c')).toThrow(HttpProblem);
    expect(() => throttle.attempt('d')).toThrow(HttpProblem);
  });
});
