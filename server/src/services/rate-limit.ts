// In-memory sliding-window rate limiter: at most `max` events per key within `windowMs`. Unlike
// LoginThrottle (which counts failures and forgets a key on success), every event counts, e.g.
// every magic-link request. Memory is bounded like LoginThrottle's: keys whose last event left
// the window are dropped, and past `maxKeys` the keys with the oldest last event are evicted.
import { tooManyRequests } from '../http/problem';

export interface RateLimitOptions {
  max: number;
  windowMs: number;
  maxKeys?: number;
}

export class RateLimiter {
  private readonly maxKeys: number;
  /** Key → times (ms) of the events still in the window, oldest first. Map order: last event. */
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly now: () => Date,
    private readonly options: RateLimitOptions,
  ) {
    this.maxKeys = options.maxKeys ?? 10_000;
  }

  get size(): number {
    return this.events.size;
  }

  /** Milliseconds until the key may have another event; 0 when it may now. */
  retryAfterMs(key: string): number {
    const now = this.now().getTime();
    const recent = this.recent(key, now);
    const oldest = recent[0];
    if (recent.length < this.options.max || oldest === undefined) return 0;
    return oldest + this.options.windowMs - now;
  }

  /** Records an event of the key. */
  hit(key: string): void {
    const now = this.now().getTime();
    this.sweep(now);
    const recent = this.recent(key, now);
    recent.push(now);
    this.events.delete(key);
    this.events.set(key, recent);
    while (this.events.size > this.maxKeys) {
      const first = this.events.keys().next();
      if (first.done) break;
      this.events.delete(first.value);
    }
  }

  private recent(key: string, now: number): number[] {
    return (this.events.get(key) ?? []).filter((t) => t > now - this.options.windowMs);
  }

  private sweep(now: number): void {
    for (const [key, times] of this.events) {
      const last = times[times.length - 1];
      if (last !== undefined && last > now - this.options.windowMs) break;
      this.events.delete(key);
    }
  }
}

/**
 * Records one event on every (limiter, key) pair, or none: when any of them is at its limit,
 * throws 429 "<what>. Try again in N minutes." with Retry-After (the longest wait).
 */
export function consumeRateLimits(checks: [RateLimiter, string][], what: string): void {
  const retryMs = Math.max(0, ...checks.map(([limiter, key]) => limiter.retryAfterMs(key)));
  if (retryMs > 0) {
    const minutes = Math.max(1, Math.ceil(retryMs / 60_000));
    throw tooManyRequests(
      `${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      retryMs / 1000,
    );
  }
  for (const [limiter, key] of checks) limiter.hit(key);
}
