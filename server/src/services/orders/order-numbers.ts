// Order numbers ORD-YYYYMMDD-NNNN: the UTC day of the order and a per-day sequence (zero-padded
// to 4 digits, more digits after 9999 orders a day). The sequence comes from one atomic upsert
// on order_number_counters, portable to SQLite (≥ 3.35, for RETURNING) and PostgreSQL:
//   insert into order_number_counters (day, last_value) values (:day, 1)
//   on conflict (day) do update set last_value = order_number_counters.last_value + 1
//   returning last_value
// Run it inside the checkout transaction: a rolled-back checkout gives its number back, and on
// PostgreSQL the counter row stays locked until the transaction ends, so two checkouts never get
// the same number.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** 2026-03-07T23:59:59Z -> "20260307" (UTC). */
export function orderDay(at: Date): string {
  return at.toISOString().slice(0, 10).replace(/-/g, '');
}

export function formatOrderNumber(day: string, sequence: number): string {
  if (!/^\d{8}$/.test(day)) throw new RangeError(`Invalid order day: ${day}`);
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence > 999_999) {
    throw new RangeError(`Order sequence out of range: ${sequence}`);
  }
  return `ORD-${day}-${String(sequence).padStart(4, '0')}`;
}

export async function nextOrderNumber(trx: Transaction<Database>, at: Date): Promise<string> {
  const day = orderDay(at);
  const row = await trx
    .insertInto('order_number_counters')
    .values({ day, last_value: 1 })
    .onConflict((oc) =>
      oc.column('day').doUpdateSet({
        last_value: sql<number>`order_number_counters.last_value + 1`,
      }),
    )
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return formatOrderNumber(day, Number(row.last_value));
}
