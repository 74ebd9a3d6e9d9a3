// Carriers' cash-on-delivery remittances (issue #28 part 4; docs/product.md "Payments"): one
// payment per order (method cash_on_delivery, linked to the remittance), all or nothing.
//
// - Every line is checked before anything is written, and every refused line is reported with
//   its number (its position in the request, or its line in the CSV file): an unknown order, an
//   order not paid on delivery, an amount of 0 or above the order's balance_due, the same order
//   as an earlier line. One refusal refuses the remittance (422 RemittanceRefused).
// - The remittance keeps the carrier's fee and the withholding it kept (2025 finance law, art.
//   68): net received = total − fee − withheld, which may not be negative.
// - The orders are locked in id order (PostgreSQL `for update`), the lock order of every writer
//   of an order's payments, so the balances checked are those the payments are recorded against.
// - A remittance recorded again is refused (409), not paid twice: the same carrier and reference,
//   or the same CSV file, as a remittance still in force (one of its payments not removed).
//   Checked after the orders are locked, so of two copies sent at once the second sees the
//   first. Removing the first one's payments lets it be recorded again (a corrected entry).
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database, PaymentRemittanceRow } from '../../db/schema';
import type { Db } from '../../db/database';
import type { Schemas } from '../../api/types';
import { conflict, HttpProblem, invalid } from '../../api/problem';
import { money } from '../../api/present';
import { fromMillimes, toMillimes } from '../../domain/money';
import { recordedAgainDetail, remittanceAmounts, remittanceKey } from '../../domain/payments';
import { recordAudit, type AuditActor } from '../platform/audit';
import { cleanText, insertPayment, refreshAfterPayment, requireReceived } from './payments';

type Remittance = Schemas['Remittance'];
type Refusal = Schemas['RemittanceRefusal'];
type Trx = Transaction<Database>;

/** A remittance refused because some lines are: nothing was recorded. */
class RemittanceRefused extends HttpProblem {
  constructor(readonly refused: Refusal[]) {
    const n = refused.length;
    const detail = `${n} ${n === 1 ? 'line is' : 'lines are'} refused; nothing was recorded`;
    super(422, detail, {}, { refused });
  }
}

interface RemittanceLineIn {
  line: number;
  order_number: string;
  /** Millimes, or null with `error` (a cell of a file that is not an amount). */
  amount: number | null;
  error?: string | null;
}

export interface RemittanceIn {
  carrier: string;
  received_on: string;
  reference?: string | null | undefined;
  fee_amount?: string | undefined;
  withheld_amount?: string | undefined;
  lines: RemittanceLineIn[];
  /** SHA-256 (hex) of the CSV file the lines were read from (importRemittance). */
  file_sha256?: string | undefined;
}

/** Where a field of the remittance is: the JSON body, or the import's query. */
export type FieldPlace = 'body' | 'query';

const CHUNK = 500;

function presentRemittance(
  row: PaymentRemittanceRow,
  lines: Schemas['RemittanceLine'][],
): Remittance {
  return {
    id: row.id,
    carrier: row.carrier,
    received_on: row.received_on,
    reference: row.reference,
    ...remittanceAmounts(
      Number(row.total_amount),
      Number(row.fee_amount),
      Number(row.withheld_amount),
    ),
    order_count: Number(row.order_count),
    lines,
    created_by: row.created_by,
    created_at: row.created_at,
  };
}

/** The remittances, newest first (ties by id), without their lines. */
export async function listRemittances(
  db: Db,
  q: { skip: number; limit: number; carrier?: string | undefined },
): Promise<{ items: Remittance[]; total: number }> {
  const carrier = q.carrier?.trim().toLowerCase();
  let rows = db.selectFrom('payment_remittances');
  if (carrier) rows = rows.where((eb) => eb(eb.fn('lower', ['carrier']), '=', carrier));
  const [items, count] = await Promise.all([
    rows
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.limit)
      .offset(q.skip)
      .execute(),
    rows.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: items.map((r) => presentRemittance(r, [])), total: Number(count.n) };
}

interface LockedOrder {
  id: number;
  order_number: string;
  payment_method: string;
  balance_due: number;
}

/** The orders of these numbers, locked in id order on PostgreSQL. */
async function lockOrders(
  trx: Trx,
  dialect: AppContext['dialect'],
  numbers: string[],
): Promise<Map<string, LockedOrder>> {
  const found = new Map<string, LockedOrder>();
  const ids: number[] = [];
  for (let i = 0; i < numbers.length; i += CHUNK) {
    const rows = await trx
      .selectFrom('orders')
      .select(['id', 'order_number'])
      .where('order_number', 'in', numbers.slice(i, i + CHUNK))
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  ids.sort((a, b) => a - b);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const query = trx
      .selectFrom('orders')
      .select(['id', 'order_number', 'payment_method', 'balance_due'])
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .orderBy('id');
    const rows = await (dialect === 'postgres' ? query.forUpdate() : query).execute();
    for (const r of rows) found.set(r.order_number, { ...r, balance_due: Number(r.balance_due) });
  }
  return found;
}

/**
 * The remittance still in force that this one would record again (see the header): the same
 * file, or the same carrier and reference (their folded `key`, domain/payments.ts).
 */
async function recordedBefore(
  trx: Trx,
  key: string | null,
  fileSha256: string | undefined,
): Promise<{ id: number; carrier: string; received_on: string; sameFile: boolean } | undefined> {
  if (key === null && fileSha256 === undefined) return undefined;
  const row = await trx
    .selectFrom('payment_remittances as r')
    .select(['r.id', 'r.carrier', 'r.received_on', 'r.file_sha256'])
    .where((eb) =>
      eb.or([
        ...(fileSha256 === undefined ? [] : [eb('r.file_sha256', '=', fileSha256)]),
        ...(key === null ? [] : [eb('r.reference_key', '=', key)]),
      ]),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('order_payments as p')
          .select('p.id')
          .whereRef('p.remittance_id', '=', 'r.id')
          .where('p.removed_at', 'is', null),
      ),
    )
    .orderBy('r.id')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    carrier: row.carrier,
    received_on: row.received_on,
    sameFile: fileSha256 !== undefined && row.file_sha256 === fileSha256,
  };
}

/** Every refused line (see the header), in line order. */
function refusals(lines: RemittanceLineIn[], orders: Map<string, LockedOrder>): Refusal[] {
  const firstLine = new Map<string, number>();
  const refused: Refusal[] = [];
  for (const l of lines) {
    const refuse = (reason: string) =>
      refused.push({ line: l.line, order_number: l.order_number.slice(0, 200), reason });
    const order = orders.get(l.order_number);
    const earlier = firstLine.get(l.order_number);
    if (earlier === undefined) firstLine.set(l.order_number, l.line);
    if (l.amount === null) refuse(l.error ?? 'Not an amount');
    else if (earlier !== undefined) refuse(`The same order as line ${earlier}`);
    else if (!order) refuse('Unknown order');
    else if (order.payment_method !== 'cash_on_delivery') {
      refuse(`Not a cash-on-delivery order (paid by ${order.payment_method})`);
    } else if (l.amount <= 0) refuse('The amount must be more than 0');
    else if (l.amount > order.balance_due) {
      refuse(`More than its balance due (${fromMillimes(order.balance_due)})`);
    }
  }
  return refused;
}

/**
 * Records the remittance and its payments in one transaction, or nothing: RemittanceRefused
 * (422) listing every refused line, or a 422 on a field (`place`: body or query).
 */
export async function recordRemittance(
  ctx: AppContext,
  input: RemittanceIn,
  place: FieldPlace,
  admin: AuditActor,
): Promise<Remittance> {
  const now = ctx.now();
  const fee = toMillimes(input.fee_amount ?? '0');
  const withheld = toMillimes(input.withheld_amount ?? '0');
  const carrier = input.carrier.trim();
  if (carrier === '') throw invalid([place, 'carrier'], 'The carrier must not be blank');
  return ctx.db.transaction().execute(async (trx) => {
    await requireReceived(trx, input.received_on, now, [place, 'received_on']);
    const numbers = [...new Set(input.lines.map((l) => l.order_number))];
    const orders = await lockOrders(trx, ctx.dialect, numbers);
    const reference = cleanText(input.reference);
    const key = remittanceKey(carrier, reference);
    const earlier = await recordedBefore(trx, key, input.file_sha256);
    if (earlier) {
      // Not the same file: found by its key, so it has a reference.
      throw conflict(
        recordedAgainDetail(
          earlier,
          earlier.sameFile || reference === null ? undefined : reference,
        ),
      );
    }
    const refused = refusals(input.lines, orders);
    if (refused.length > 0) throw new RemittanceRefused(refused);
    const total = input.lines.reduce((sum, l) => sum + (l.amount ?? 0), 0);
    if (fee + withheld > total) {
      throw invalid(
        [place, 'fee_amount'],
        `fee_amount + withheld_amount (${fromMillimes(fee + withheld)}) must not exceed the ` +
          `lines' total (${fromMillimes(total)})`,
      );
    }
    const row = await trx
      .insertInto('payment_remittances')
      .values({
        carrier,
        received_on: input.received_on,
        reference,
        total_amount: total,
        fee_amount: fee,
        withheld_amount: withheld,
        order_count: input.lines.length,
        created_by_admin_id: admin?.id ?? null,
        created_by: admin?.username ?? null,
        created_at: now.toISOString(),
        file_sha256: input.file_sha256 ?? null,
        reference_key: key,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const lines: Schemas['RemittanceLine'][] = [];
    for (const l of input.lines) {
      const order = orders.get(l.order_number)!;
      const amount = l.amount!;
      const paymentId = await insertPayment(
        trx,
        {
          order_id: order.id,
          amount,
          withholding_amount: 0,
          withholding_certificate: null,
          method: 'cash_on_delivery',
          received_on: input.received_on,
          reference,
          credit_note_id: null,
          remittance_id: row.id,
          recorded_by_admin_id: admin?.id ?? null,
          recorded_by: admin?.username ?? null,
        },
        order.order_number,
        admin,
        now,
      );
      await refreshAfterPayment(trx, order.id, now);
      lines.push({
        line: l.line,
        order_id: order.id,
        order_number: order.order_number,
        amount: money(amount),
        payment_id: paymentId,
      });
    }
    await recordAudit(
      trx,
      admin,
      {
        action: 'create',
        entity: 'payment_remittance',
        entity_id: row.id,
        label: carrier,
        after: {
          carrier,
          received_on: input.received_on,
          reference,
          total_amount: money(total),
          fee_amount: money(fee),
          withheld_amount: money(withheld),
          order_count: input.lines.length,
        },
      },
      now,
    );
    return presentRemittance(row, lines);
  });
}
