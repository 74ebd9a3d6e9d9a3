// Sign-in throttling in the database, so that restarts do not clear it and every server
// instance on the same database shares it. One row per key (the SHA-256 of a scope and a value
// such as a username, an e-mail address or a client IP); every change is a compare-and-set
// UPDATE (or an INSERT … ON CONFLICT DO NOTHING for a new key), so concurrent attempts on one or
// several instances cannot both take the last allowed slot.
//
// Two kinds of policy:
// - window: at most `max` events per key in a fixed window of `windowMs` that starts with the
//   key's first event; the next one is refused until the window ends.
// - delay: `freeFailures` failures pass; each further one makes the key wait before its next
//   attempt, doubling from `baseDelayMs` up to `maxDelayMs` (no long lockout of the real user by
//   a stranger). The count is forgotten `resetMs` after the last failure, or on a success.
// A refused attempt is not counted.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { tooManyRequests } from '../../api/problem';

export type ThrottlePolicy =
  | { kind: 'window'; max: number; windowMs: number }
  | {
      kind: 'delay';
      freeFailures: number;
      baseDelayMs: number;
      maxDelayMs: number;
      resetMs: number;
    };

export interface ThrottleCheck {
  scope: string;
  value: string;
  policy: ThrottlePolicy;
}

/** A counted attempt, to be given back (`release`) when it turns out to be a success. */
export interface Reservation {
  key: string;
  policy: ThrottlePolicy;
  /** Epoch ms of the counted attempt. */
  at: number;
}

/** What a refused sign-in attempt (admin password or magic-link token) says, before the wait. */
export const TOO_MANY_FAILED_LOGINS = 'Too many failed login attempts';

/** Rows idle this long are deleted (every policy has forgotten them long before). */
const STALE_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 1000;
const MAX_CAS_TRIES = 8;

function throttleKey(scope: string, value: string): string {
  return createHash('sha256').update(`${scope}\u0000${value}`, 'utf8').digest('hex');
}

interface Row {
  count: number;
  window_start: number;
  last_at: number;
  blocked_until: number;
}

/** The key's state after one more event at `now`, given its current row (or none). */
function next(row: Row | undefined, policy: ThrottlePolicy, now: number): Row {
  if (policy.kind === 'window') {
    const fresh = !row || now >= Number(row.window_start) + policy.windowMs;
    const count = fresh ? 1 : Number(row.count) + 1;
    const windowStart = fresh ? now : Number(row.window_start);
    const blockedUntil = count >= policy.max ? windowStart + policy.windowMs : 0;
    return { count, window_start: windowStart, last_at: now, blocked_until: blockedUntil };
  }
  const fresh = !row || now >= Number(row.last_at) + policy.resetMs;
  const count = fresh ? 1 : Number(row.count) + 1;
  const over = count - policy.freeFailures;
  const delay = over < 0 ? 0 : Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** over);
  return {
    count,
    window_start: fresh ? now : Number(row.window_start),
    last_at: now,
    blocked_until: delay > 0 ? now + delay : 0,
  };
}

export class AuthThrottle {
  private lastSweep = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date,
  ) {}

  /**
   * Counts one event on every key, or none: when any key is blocked, throws 429
   * "<what>. Try again in …" with Retry-After (the longest wait). Returns what was counted.
   */
  async consume(checks: ThrottleCheck[], what: string): Promise<Reservation[]> {
    const now = this.now().getTime();
    await this.sweep(now);
    const keys = checks.map((c) => ({
      key: throttleKey(c.scope, c.value),
      policy: c.policy,
      at: now,
    }));
    // Look first, so that a refusal counts on no key.
    const rows = await Promise.all(keys.map(({ key }) => this.read(key)));
    const wait = Math.max(0, ...rows.map((row) => (row ? Number(row.blocked_until) - now : 0)));
    if (wait > 0) throw refusal(what, wait);
    const taken: Reservation[] = [];
    for (const reservation of keys) {
      const blockedMs = await this.take(reservation.key, reservation.policy, now);
      if (blockedMs > 0) throw refusal(what, blockedMs); // lost a race to another attempt
      taken.push(reservation);
    }
    return taken;
  }

  /** Gives back a counted attempt that succeeded; a delay key forgets its failures. */
  async release(reservations: Reservation[]): Promise<void> {
    for (const { key, policy } of reservations) {
      if (policy.kind === 'delay') {
        await this.db.deleteFrom('auth_throttle').where('key', '=', key).execute();
        continue;
      }
      for (let i = 0; i < MAX_CAS_TRIES; i++) {
        const row = await this.read(key);
        if (!row || Number(row.count) <= 0) break;
        const count = Number(row.count) - 1;
        const done = await this.db
          .updateTable('auth_throttle')
          .set({ count, blocked_until: count >= policy.max ? Number(row.blocked_until) : 0 })
          .where('key', '=', key)
          .where('count', '=', row.count)
          .where('window_start', '=', row.window_start)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) > 0) break;
      }
    }
  }

  /**
   * Uncounts an attempt that was no failure but no success either (a right password still
   * waiting for its second factor): unlike `release`, a delay key keeps its earlier failures, so
   * knowing the password never resets the count of wrong codes.
   */
  async giveBack(reservations: Reservation[]): Promise<void> {
    for (const { key, policy, at } of reservations) {
      for (let i = 0; i < MAX_CAS_TRIES; i++) {
        const row = await this.read(key);
        if (!row || Number(row.count) <= 0) break;
        const count = Number(row.count) - 1;
        // The block this attempt set is lifted (the key was not blocked when it was counted);
        // one that a later attempt set stays.
        const blockedUntil =
          policy.kind === 'window'
            ? count >= policy.max
              ? Number(row.blocked_until)
              : 0
            : Number(row.last_at) === at
              ? 0
              : Number(row.blocked_until);
        const done = await this.db
          .updateTable('auth_throttle')
          .set({ count, blocked_until: blockedUntil })
          .where('key', '=', key)
          .where('count', '=', row.count)
          .where('last_at', '=', row.last_at)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) > 0) break;
      }
    }
  }

  private read(key: string): Promise<Row | undefined> {
    return this.db
      .selectFrom('auth_throttle')
      .select(['count', 'window_start', 'last_at', 'blocked_until'])
      .where('key', '=', key)
      .executeTakeFirst();
  }

  /** Counts one event; returns 0, or how long the key is blocked when it is (nothing counted). */
  private async take(key: string, policy: ThrottlePolicy, now: number): Promise<number> {
    for (let i = 0; i < MAX_CAS_TRIES; i++) {
      const row = await this.read(key);
      if (row && Number(row.blocked_until) > now) return Number(row.blocked_until) - now;
      const state = next(row, policy, now);
      if (!row) {
        const inserted = await this.db
          .insertInto('auth_throttle')
          .values({ key, ...state })
          .onConflict((oc) => oc.column('key').doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return 0;
        continue;
      }
      const updated = await this.db
        .updateTable('auth_throttle')
        .set(state)
        .where('key', '=', key)
        .where('count', '=', row.count)
        .where('last_at', '=', row.last_at)
        .where('window_start', '=', row.window_start)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) return 0;
    }
    // Heavy contention on one key: refuse rather than let attempts through uncounted.
    return 1000;
  }

  /** Deletes long-idle rows, at most once a minute per process. */
  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.db
      .deleteFrom('auth_throttle')
      .where('last_at', '<', now - STALE_MS)
      .execute();
  }
}

/** 429 "<what>. Try again in N seconds/minutes." with Retry-After. */
function refusal(what: string, waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const text =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return tooManyRequests(`${what}. Try again in ${text}.`, waitMs / 1000);
}
