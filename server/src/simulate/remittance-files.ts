// The carrier's remittance file in the simulated year (#32): on some remitting days the cash on
// delivery arrives as the carrier's CSV (importRemittance) instead of being typed in, written as
// carriers write them (their own columns around order_number and amount, commas or semicolons
// with decimal commas, a byte order mark, Windows line ends) and now and then with one of the
// mistakes real files have. The simulator knows which line is wrong and why, so it checks the
// import's answer as a careful integrator would: exactly the flawed lines refused with the
// reason docs/product.md ("Cash on delivery remittances") gives, nothing recorded, then the file
// sent again without them and exactly the other lines recorded.
import type { Kysely } from 'kysely';
import type { Schemas } from '../api/types';
import type { Database } from '../db/schema';
import { millimesOf } from '../domain/books';
import { fromMillimes } from '../domain/money';
import { rowCount } from '../../test-support/fixtures';
import { InvariantBroken, type ShopClient } from './client';

/** The mistakes of a carrier's file, one at most per file. */
const FLAWS = [
  // A clean file.
  'none',
  // An order number mistyped: no such order.
  'unknown order',
  // An order the carrier already remitted on an earlier day, listed again.
  'already paid',
  // An amount typed above what the order owes.
  'amount over',
  // An amount below what the order owes (the carrier kept some): taken, the rest stays due.
  'amount short',
  // A parcel listed twice.
  'same order twice',
  // The whole file sent again the next day: refused as recorded already (409).
  'sent again',
] as const;
export type Flaw = (typeof FLAWS)[number];

interface FileLine {
  order_number: string;
  /** As the file writes it: "45.230" (a semicolon file writes "45,230"). */
  amount: string;
}

interface FileStyle {
  delimiter: ',' | ';';
  bom: boolean;
  crlf: boolean;
}

type Refusal = Schemas['RemittanceRefusal'];
type Remittance = Schemas['Remittance'];

/** A line of the file refused as the docs say, with its file line (the header is line 1). */
interface ExpectedRefusal {
  index: number;
  reason: string;
}

/** The file's line of its `index`-th data row: rows follow the header, one line each. */
const lineOf = (index: number) => index + 2;

/**
 * The carrier's CSV: a parcel number, the order, the recipient (a comma inside, so quoted in a
 * comma file) and the city around the two columns the import reads.
 */
function carrierFile(lines: readonly FileLine[], style: FileStyle): string {
  const cell = (text: string) =>
    text.includes(style.delimiter) || text.includes('"') ? `"${text.replace(/"/g, '""')}"` : text;
  const rows = [
    ['parcel', 'order_number', 'recipient', 'city', 'amount'],
    ...lines.map((l, i) => [
      `RP${String(700_000 + i * 37).padStart(9, '0')}TN`,
      l.order_number,
      'Ben Salah, Amira',
      'Tunis',
      style.delimiter === ';' ? l.amount.replace('.', ',') : l.amount,
    ]),
  ];
  const eol = style.crlf ? '\r\n' : '\n';
  return (
    (style.bom ? '\uFEFF' : '') + rows.map((r) => r.map(cell).join(style.delimiter)).join(eol) + eol
  );
}

/** The carrier's fee (2.000 a parcel, at most half) and the 3 % it withholds, in millimes. */
export function carrierCharges(lines: readonly { amount: string }[]) {
  const millimes = lines.reduce((sum, l) => sum + millimesOf(l.amount), 0);
  return {
    total: millimes,
    fee: Math.min(2000 * lines.length, Math.floor(millimes / 2)),
    withheld: Math.round(millimes * 0.03),
  };
}

/** The import's query: the remittance's fields, its charges from the lines it carries. */
function importPath(
  lines: readonly FileLine[],
  remittance: { carrier: string; received_on: string; reference: string },
): string {
  const { fee, withheld } = carrierCharges(lines);
  const query = new URLSearchParams({
    ...remittance,
    fee_amount: fromMillimes(fee),
    withheld_amount: fromMillimes(withheld),
  });
  return `/admin/payments/remittances/import?${query.toString()}`;
}

/** What a refused or a recorded import must leave written: the rows a remittance writes. */
async function remittanceRows(
  db: Kysely<Database>,
): Promise<{ remittances: number; payments: number }> {
  const count = (table: 'payment_remittances' | 'order_payments') => rowCount(db, table);
  return {
    remittances: await count('payment_remittances'),
    payments: await count('order_payments'),
  };
}

const REFUSED_RULE = 'a remittance file refuses exactly its flawed lines';
const RECORDED_RULE = 'a remittance file records exactly its lines';

/** A refused file wrote no remittance and no payment. */
async function expectNothingWritten(
  db: Kysely<Database>,
  before: { remittances: number; payments: number },
  name: string,
): Promise<void> {
  const after = await remittanceRows(db);
  if (JSON.stringify(after) !== JSON.stringify(before)) {
    throw new InvariantBroken(
      REFUSED_RULE,
      `${name} was refused but wrote rows: before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`,
    );
  }
}

/**
 * A refused file: 422, the docs' sentence, every flawed line (and only those) with its file
 * line, order number and reason, and nothing written.
 */
async function expectRefused(
  db: Kysely<Database>,
  answer: { status: number; body: unknown },
  lines: readonly FileLine[],
  refusals: readonly ExpectedRefusal[],
  before: { remittances: number; payments: number },
  name: string,
): Promise<void> {
  const n = refusals.length;
  const expected = {
    status: 422,
    detail: `${n} ${n === 1 ? 'line is' : 'lines are'} refused; nothing was recorded`,
    refused: [...refusals]
      .sort((a, b) => a.index - b.index)
      .map((r): Refusal => ({
        line: lineOf(r.index),
        order_number: lines[r.index]!.order_number,
        reason: r.reason,
      })),
  };
  const body = answer.body as { detail?: unknown; refused?: unknown };
  const actual = { status: answer.status, detail: body.detail, refused: body.refused };
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new InvariantBroken(
      REFUSED_RULE,
      `${name} answered ${JSON.stringify(answer.status === 422 ? actual : answer.body)} (${answer.status}), expected ${JSON.stringify(expected)}`,
    );
  }
  await expectNothingWritten(db, before, name);
}

/**
 * A file sent again: 409 naming the remittance it was recorded as (docs/product.md), and
 * nothing written.
 */
async function expectRecordedAlready(
  db: Kysely<Database>,
  answer: { status: number; body: unknown },
  recorded: { id: number; carrier: string; received_on: string },
  before: { remittances: number; payments: number },
  name: string,
): Promise<void> {
  const which = `remittance ${recorded.id} of ${recorded.carrier}, received on ${recorded.received_on}`;
  const expected = {
    status: 409,
    detail: `This file was already recorded (${which}); nothing was recorded`,
  };
  const actual = { status: answer.status, detail: (answer.body as { detail?: unknown }).detail };
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new InvariantBroken(
      REFUSED_RULE,
      `${name} answered ${JSON.stringify(answer.body)} (${answer.status}), expected ${JSON.stringify(expected)}`,
    );
  }
  await expectNothingWritten(db, before, name);
}

/**
 * A recorded file: 201, the remittance as sent (carrier, day, reference, charges, net), and one
 * line per row of the file (its file line, order, amount), each a new payment of its own.
 */
function expectRecorded(
  answer: { status: number; body: unknown },
  lines: readonly FileLine[],
  orderIds: ReadonlyMap<string, number>,
  remittance: { carrier: string; received_on: string; reference: string; created_at: string },
  name: string,
): void {
  const { total, fee, withheld } = carrierCharges(lines);
  const expected = {
    status: 201,
    carrier: remittance.carrier,
    received_on: remittance.received_on,
    reference: remittance.reference,
    total_amount: fromMillimes(total),
    fee_amount: fromMillimes(fee),
    withheld_amount: fromMillimes(withheld),
    net_amount: fromMillimes(total - fee - withheld),
    order_count: lines.length,
    lines: lines.map((l, i) => ({
      line: lineOf(i),
      order_id: orderIds.get(l.order_number),
      order_number: l.order_number,
      amount: l.amount,
    })),
    created_at: remittance.created_at,
  };
  const body = answer.body as Partial<Remittance>;
  const actual =
    answer.status === 201
      ? {
          status: answer.status,
          carrier: body.carrier,
          received_on: body.received_on,
          reference: body.reference,
          total_amount: body.total_amount,
          fee_amount: body.fee_amount,
          withheld_amount: body.withheld_amount,
          net_amount: body.net_amount,
          order_count: body.order_count,
          lines: body.lines?.map((l) => ({
            line: l.line,
            order_id: l.order_id,
            order_number: l.order_number,
            amount: l.amount,
          })),
          created_at: body.created_at,
        }
      : { status: answer.status, body: answer.body };
  const payments = new Set(body.lines?.map((l) => l.payment_id));
  if (JSON.stringify(actual) !== JSON.stringify(expected) || payments.size !== lines.length) {
    throw new InvariantBroken(
      RECORDED_RULE,
      `${name} answered ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)} with ${lines.length} distinct payments`,
    );
  }
}

/** An order's balance due, as the admin reads it. */
async function balanceOf(client: ShopClient, orderId: number): Promise<string> {
  const answer = await client.expect<{ balance_due: string }>(
    200,
    'GET',
    `/admin/orders/${orderId}/payments`,
  );
  return answer.balance_due;
}

/** The reason docs/product.md gives a line above what its order owes. */
const overBalance = (balanceDue: string) => `More than its balance due (${balanceDue})`;

/**
 * An order number with one digit mistyped, the last digits first, that is no order's (`known`
 * holds every order's number); a digit too many when every such typo is an order's.
 */
function mistyped(number: string, known: ReadonlySet<string>): string {
  for (let i = number.length - 1; i >= 0 && /\d/.test(number[i]!); i--) {
    for (let step = 1; step < 10; step++) {
      const digit = String((Number(number[i]) + step) % 10);
      const typo = number.slice(0, i) + digit + number.slice(i + 1);
      if (!known.has(typo)) return typo;
    }
  }
  return `${number}1`;
}

/** The seeded choices the files need (the simulator's generator, a stream of its own). */
export interface Chooser {
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(list: readonly T[]): T;
}

/** A delivered cash-on-delivery order the carrier collected, at its balance due. */
export interface Collected {
  id: number;
  number: string;
  amount: string;
}

export interface RemittanceFields {
  carrier: string;
  received_on: string;
  reference: string;
}

interface SentFile {
  name: string;
  path: string;
  text: string;
  ids: Map<string, number>;
  /** The remittance it was recorded as. */
  recorded: { id: number; carrier: string; received_on: string };
}

/**
 * The carrier's files over the run: each day's file (built, flawed or not, sent, checked, sent
 * again without its refused lines) and the file a carrier sends a second time the next day.
 */
export class CarrierFiles {
  /** Files received, by their flaw (a file sent again counts as one more, 'sent again'). */
  readonly received = Object.fromEntries(FLAWS.map((f) => [f, 0])) as Record<Flaw, number>;
  private again: SentFile | undefined;

  constructor(
    private readonly client: ShopClient,
    private readonly db: Kysely<Database>,
    private readonly choose: Chooser,
  ) {}

  /**
   * Yesterday's file, sent again when it was its flaw: refused as the remittance it was
   * recorded as, nothing recorded (not even the lines an order still owes, where the carrier
   * kept some). Returns the orders it named (their balances are checked tonight).
   */
  async sendAgain(): Promise<number[]> {
    const file = this.again;
    this.again = undefined;
    if (!file) return [];
    this.received['sent again'] += 1;
    const before = await remittanceRows(this.db);
    const answer = await this.client.upload(file.path, file.name, file.text);
    await expectRecordedAlready(this.db, answer, file.recorded, before, `${file.name} sent again`);
    return [...file.ids.values()];
  }

  /**
   * Today's remittance as the carrier's file of `collected`, with a seeded flaw. `paidEarlier`:
   * orders the carrier remitted before (an already-paid line); `known`: every order number.
   * Returns the orders paid in full and those it named (checked tonight).
   */
  async remit(
    collected: readonly Collected[],
    paidEarlier: readonly Collected[],
    known: ReadonlySet<string>,
    fields: RemittanceFields,
  ): Promise<{ recorded: boolean; paidInFull: number[]; named: number[] }> {
    const choose = this.choose;
    const lines: FileLine[] = collected.map((c) => ({ order_number: c.number, amount: c.amount }));
    const ids = new Map(collected.map((c) => [c.number, c.id]));
    /** Orders collected in part: recorded, some still due. */
    const short = new Set<string>();
    const refusals: ExpectedRefusal[] = [];
    const at = choose.int(0, lines.length - 1);
    const target = lines[at]!;
    let flaw: Flaw = choose.chance(0.4) ? 'none' : choose.pick(FLAWS.slice(1));
    if (flaw === 'unknown order') {
      lines[at] = { ...target, order_number: mistyped(target.order_number, known) };
      refusals.push({ index: at, reason: 'Unknown order' });
    } else if (flaw === 'already paid') {
      const earlier = paidEarlier.length > 0 ? choose.pick(paidEarlier) : undefined;
      const owes = earlier && (await balanceOf(this.client, earlier.id));
      if (earlier && owes !== undefined && millimesOf(owes) < millimesOf(earlier.amount)) {
        lines.splice(at, 0, { order_number: earlier.number, amount: earlier.amount });
        ids.set(earlier.number, earlier.id);
        refusals.push({ index: at, reason: overBalance(owes) });
      } else flaw = 'none';
    } else if (flaw === 'amount over') {
      const owes = target.amount;
      lines[at] = { ...target, amount: fromMillimes(millimesOf(owes) + choose.int(1, 20) * 1000) };
      refusals.push({ index: at, reason: overBalance(owes) });
    } else if (flaw === 'amount short') {
      // Kept back at most a third.
      const owes = millimesOf(target.amount);
      const kept = Math.min(choose.int(500, 5000), Math.floor(owes / 3));
      if (kept > 0) {
        lines[at] = { ...target, amount: fromMillimes(owes - kept) };
        short.add(target.order_number);
      } else flaw = 'none';
    } else if (flaw === 'same order twice') {
      lines.push({ ...target });
      refusals.push({ index: lines.length - 1, reason: `The same order as line ${lineOf(at)}` });
    }
    // A file to be sent again is clean today: it counts as 'sent again' when it comes back.
    this.received[flaw === 'sent again' ? 'none' : flaw] += 1;

    const style: FileStyle = {
      delimiter: choose.chance(0.5) ? ';' : ',',
      bom: choose.chance(0.3),
      crlf: choose.chance(0.3),
    };
    const name = `${fields.carrier.toLowerCase()}-${fields.received_on}.csv`;
    const created_at = this.client.now.toISOString();
    const named = [...ids.values()];
    let sent = lines;
    let path = importPath(sent, fields);
    let text = carrierFile(sent, style);
    const before = await remittanceRows(this.db);
    const first = await this.client.upload(path, name, text);
    let recorded = first;
    if (refusals.length > 0) {
      await expectRefused(this.db, first, lines, refusals, before, name);
      // The shop takes the lines the carrier got right and sorts the others out with it later.
      const refused = new Set(refusals.map((r) => r.index));
      sent = lines.filter((_, i) => !refused.has(i));
      if (sent.length === 0) return { recorded: false, paidInFull: [], named };
      path = importPath(sent, fields);
      text = carrierFile(sent, style);
      const corrected = await this.client.upload(path, name, text);
      recorded = corrected;
      expectRecorded(
        corrected,
        sent,
        ids,
        { ...fields, created_at },
        `${name} without its refused lines`,
      );
    } else {
      expectRecorded(first, sent, ids, { ...fields, created_at }, name);
    }
    if (flaw === 'sent again') {
      const { id, carrier, received_on } = recorded.body as Remittance;
      this.again = { name, path, text, ids, recorded: { id, carrier, received_on } };
    }
    return {
      recorded: true,
      paidInFull: sent
        .filter((l) => !short.has(l.order_number))
        .map((l) => ids.get(l.order_number)!),
      named,
    };
  }
}
