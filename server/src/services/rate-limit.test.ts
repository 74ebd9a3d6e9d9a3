import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../http/problem';
import { consumeRateLimits, RateLimiter } from './rate-limit';

const MINUTE = 60_000;

describe('RateLimiter', () => {
  let now = 0;
  const clock = () => new Date(now);

  it('allows max events per window, then tells how long to wait', () => {
    now = 1_000_000;
    const limiter = new RateLimiter(clock, { max: 2, windowMs: 10 * MINUTE });
    expect(limiter.retryAfterMs('a')).toBe(0);
    limiter.hit('a');
    now += MINUTE;
    limiter.hit('a');
    expect(limiter.retryAfterMs('a')).toBe(9 * MINUTE);
    expect(limiter.retryAfterMs('b')).toBe(0);
    now += 9 * MINUTE;
    expect(limiter.retryAfterMs('a')).toBe(0);
  });

  it('forgets keys that left the window and keeps at most maxKeys', () => {
    now = 0;
    const limiter = new RateLimiter(clock, { max: 1, windowMs: MINUTE, maxKeys: 2 });
    limiter.hit('a');
    limiter.hit('b');
    limiter.hit('c');
    expect(limiter.size).toBe(2);
    expect(limiter.retryAfterMs('a')).toBe(0); // evicted, oldest first
    expect(limiter.retryAfterMs('c')).toBe(MINUTE);
    now += MINUTE;
    limiter.hit('d');
    expect(limiter.size).toBe(1);
  });
});

describe('consumeRateLimits', () => {
  it('counts on every limiter or on none, and throws 429 with the longest wait', () => {
    let now = 0;
    const clock = () => new Date(now);
    const perEmail = new RateLimiter(clock, { max: 1, windowMs: 15 * MINUTE });
    const perIp = new RateLimiter(clock, { max: 5, windowMs: 15 * MINUTE });
    consumeRateLimits(
      [
        [perEmail, 'x'],
        [perIp, 'ip'],
      ],
      'Too many',
    );
    now += 5 * MINUTE;
    let error: unknown;
    try {
      consumeRateLimits(
        [
          [perEmail, 'x'],
          [perIp, 'ip'],
        ],
        'Too many requests',
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HttpProblem);
    expect(error).toMatchObject({
      statusCode: 429,
      detail: 'Too many requests. Try again in 10 minutes.',
      headers: { 'retry-after': '600' },
    });
    // The refused attempt was not counted on the IP.
    for (let i = 0; i < 4; i++) consumeRateLimits([[perIp, 'ip']], 'Too many');
    expect(() => consumeRateLimits([[perIp, 'ip']], 'Too many')).toThrow(/Try again in 10 minutes/);
  });
});
