// In-memory limiter of failed sign-ins per client IP and username: after `maxFailures` failures
// within `windowMs`, further attempts get 429 until the oldest of them leaves the window. A
// successful sign-in clears the key. Memory is bounded: expired keys are dropped as time goes on
// and, past `maxKeys`, the keys whose last failure is oldest are evicted first.
import { tooManyRequests } from '../http/problem';

export interface LoginThrottleOptions {
  maxFailures?: number;
  windowMs?: number;
  maxKeys?: number;
}

export const LOGIN_THROTTLE_DEFAULTS = {
  maxFailures: 5,
  windowMs: 15 * 60 * 1000,
  maxKeys: 10_000,
} as const;

/** The throttle key of a sign-in attempt: client IP and case-insensitive username. */
export function loginThrottleKey(ip: string, username: string): string {
  return `${ip}\u0000${username.trim().toLowerCase()}`;
}

export class LoginThrottle {
  private readonly maxFailures: number;
  private readonly windowMs: number;
  private readonly maxKeys: number;
  /** Key → times (ms) of the failures still in the window, oldest first. Map order: last failure. */
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly now: () => Date,
    options: LoginThrottleOptions = {},
  ) {
    this.maxFailures = options.maxFailures ?? LOGIN_THROTTLE_DEFAULTS.maxFailures;
    this.windowMs = options.windowMs ?? LOGIN_THROTTLE_DEFAULTS.windowMs;
    this.maxKeys = options.maxKeys ?? LOGIN_THROTTLE_DEFAULTS.maxKeys;
  }

  /** Number of keys held (for tests of the memory bound). */
  get size(): number {
    return this.failures.size;
  }

  /**
   * Counts an attempt as a failure before the password is checked (so parallel attempts cannot
   * slip past the limit while they are verified); call `succeeded` when it turns out right.
   * Throws 429 with Retry-After when the key is blocked; a refused attempt is not counted.
   */
  attempt(key: string): void {
    const now = this.now().getTime();
    this.sweep(now);
    const recent = this.recent(key, now);
    const oldest = recent[0];
    if (recent.length >= this.maxFailures && oldest !== undefined) {
      const retryMs = oldest + this.windowMs - now;
      const minutes = Math.max(1, Math.ceil(retryMs / 60_000));
      throw tooManyRequests(
        `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        retryMs / 1000,
      );
    }
    recent.push(now);
    // Re-insert so the Map stays ordered by last failure (oldest first) for eviction.
    this.failures.delete(key);
    this.failures.set(key, recent);
    while (this.failures.size > this.maxKeys) {
      const first = this.failures.keys().next();
      if (first.done) break;
      this.failures.delete(first.value);
    }
  }

  /** A successful sign-in forgets the key's failures. */
  succeeded(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const times = this.failures.get(key) ?? [];
    return times.filter((t) => t > now - this.windowMs);
  }

  /** Drops keys whose last failure left the window; they sit at the front of the Map. */
  private sweep(now: number): void {
    for (const [key, times] of this.failures) {
      const last = times[times.length - 1];
      if (last !== undefined && last > now - this.windowMs) break;
      this.failures.delete(key);
    }
  }
}
