// The accountant's books (#30): the monthly VAT return, the sales register and the withholding,
// computed from frozen documents (domain/invoice.ts InvoiceContent) and payments. Pure: no
// database, no HTTP; the server's room (services/reports/) and the console's mocks both call it,
// so one rule gives one figure everywhere. docs/product.md §10.27 describes the reports.
//
// Rules:
// - A credit note's content carries positive amounts (its kind says it credits); here it counts
//   negatively: every figure of the month is invoices − credit notes.
// - A document's rates are its VAT breakdown, reconciled with its total_excl_vat: invoices of
//   orders placed before per-line discounts (#29) carry an order-level discount that lowers
//   total_excl_vat but not the breakdown (domain/invoice.ts, top comment), and credit notes keep
//   that discount apart too (domain/credit-notes.ts). The difference is spread over the rates in
//   proportion to their taxable amounts (largest remainder, to the millime); the VAT is left as
//   charged. So Σ rates' taxable = total_excl_vat for each document, hence for the month.
// - The shipping's share is the documents' shipping_amount and shipping_vat_amount, which the
//   breakdown counts under the shipping's rate.
// - The 0 % split: documents taxed as exports or under the reverse charge (content.vat_treatment)
//   count their total_excl_vat there too (they are also under the 0 % rate).
// - Numbering: a sequence runs per kind and year whatever the prefix (document_counters), so a
//   number is missing when no document of that kind and year holds its sequence, between the one
//   after the last issued before the period (or the first of the period) and the last of the
//   period. A missing number is written with the prefix of the next document issued after it.
import type { Schemas } from '../api/types';
import { decimal, type CsvValue } from './csv';
import { fromMillimes, toMillimes } from './money';
import type { InvoiceContent } from './invoice';
import { shopDay } from './payments';
import { bpToRate, rateToBp } from './vat';
import { zoneClock } from './zone-clock';

type VatReturn = Schemas['VatReturn'];
type WithholdingTotals = Schemas['WithholdingTotals'];
type RegisterEntry = Schemas['SalesRegisterEntry'];
type NumberingCheck = Schemas['NumberingCheck'];
type Totals = Schemas['VatReturnTotals'];

export { shopDay };

/** A day of the shop's calendar, YYYY-MM-DD. */
export type ShopDay = string;

/** The most missing numbers a numbering check lists (the contract's maxItems). */
const MISSING_LISTED = 100;

// ---------------------------------------------------------------------------------------------
// The shop's calendar

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Midnight UTC of a calendar date; years 0-99 stay themselves (Date.UTC would make them 19xx). */
function utcDate(year: number, monthIndex: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, monthIndex, day);
  return d.getTime();
}

/** YYYY-MM-DD of a UTC midnight. */
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The zone's offset from UTC at `at`, in milliseconds (Tunis in winter: +3,600,000). */
function offsetMs(at: number, timeZone: string): number {
  const parts = zoneClock(timeZone)(new Date(at));
  const local =
    utcDate(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) +
    ((Number(parts.hour) * 60 + Number(parts.minute)) * 60 + Number(parts.second)) * 1000;
  return local - (at - (((at % 1000) + 1000) % 1000));
}

/** The instant the shop day starts (its local midnight) in `timeZone`. */
export function dayStart(day: ShopDay, timeZone: string): Date {
  const m = DAY.exec(day);
  if (!m) throw new RangeError(`Not a day: ${day}`);
  const wall = utcDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // The offset at the guess, then at the instant found: right across a change of offset.
  const first = wall - offsetMs(wall, timeZone);
  return new Date(wall - offsetMs(first, timeZone));
}

/** The day after `day` (calendar arithmetic, no time zone involved). */
export function nextDay(day: ShopDay): ShopDay {
  const m = DAY.exec(day);
  if (!m) throw new RangeError(`Not a day: ${day}`);
  return isoDay(utcDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1));
}

/** The shop day an instant (ISO text) falls on in `timeZone`. */
export function shopDayOf(iso: string, timeZone: string): ShopDay {
  // One formatter per zone: creating one costs far more than formatting (a register of 20k
  // documents formats 20k days), and it gives shopDay's en-CA YYYY-MM-DD.
  let format = DAY_FORMATS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    if (DAY_FORMATS.size < 100) DAY_FORMATS.set(timeZone, format);
  }
  return format.format(new Date(iso));
}
const DAY_FORMATS = new Map<string, Intl.DateTimeFormat>();

/** The shop month (YYYY-MM) of an instant. */
export const shopMonthOf = (at: Date, timeZone: string): string =>
  shopDay(at, timeZone).slice(0, 7);

/** The month `delta` months from `month` (2026-01, −1 → 2025-12). */
export function addMonths(month: string, delta: number): string {
  const m = MONTH.exec(month);
  if (!m) throw new RangeError(`Not a month: ${month}`);
  return isoDay(utcDate(Number(m[1]), Number(m[2]) - 1 + delta, 1)).slice(0, 7);
}

/**
 * A month of the shop: its first and last days, and the instants it starts (inclusive) and the
 * next one starts (exclusive) in the shop's time zone.
 */
export function monthBounds(
  month: string,
  timeZone: string,
): { from: ShopDay; to: ShopDay; start: Date; end: Date } {
  if (!MONTH.exec(month)) throw new RangeError(`Not a month: ${month}`);
  const from = `${month}-01`;
  const following = `${addMonths(month, 1)}-01`;
  const last = isoDay(Date.parse(`${following}T00:00:00Z`) - DAY_MS);
  return {
    from,
    to: last,
    start: dayStart(from, timeZone),
    end: dayStart(following, timeZone),
  };
}

/** The instants of a period of shop days, both included: [start of from, start of the day after to). */
export function periodBounds(
  from: ShopDay,
  to: ShopDay,
  timeZone: string,
): { start: Date; end: Date } {
  return { start: dayStart(from, timeZone), end: dayStart(nextDay(to), timeZone) };
}

/** The 422 texts of the reports' periods (the contract's descriptions). */
const REPORT_REFUSALS = {
  monthNotStarted: 'The month has not started yet',
  periodTooLong: 'The period must not be longer than 366 days',
  fromAfterTo: 'from must not be after to',
} as const;

/** The longest period of the sales register, in days (both ends included). */
const MAX_PERIOD_DAYS = 366;

/** Why a month cannot be reported on `today` (a shop day), or null when it can. */
export function monthRefusal(month: string, today: ShopDay): string | null {
  return month > today.slice(0, 7) ? REPORT_REFUSALS.monthNotStarted : null;
}

/** Why a period of shop days cannot be listed: the field at fault and the text, or null. */
export function periodRefusal(
  from: ShopDay,
  to: ShopDay,
): { field: 'from' | 'to'; text: string } | null {
  if (from > to) return { field: 'from', text: REPORT_REFUSALS.fromAfterTo };
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  return days > MAX_PERIOD_DAYS ? { field: 'to', text: REPORT_REFUSALS.periodTooLong } : null;
}

// ---------------------------------------------------------------------------------------------
// One document's figures, signed

/**
 * What the books read of a document: its figures without its parties and lines, a tenth of its
 * size. Stored beside the content at issue (invoices.books_summary, migration 037), so a month of
 * 20k documents is read without decoding 20k contents.
 */
export type BooksSummary = Pick<
  InvoiceContent,
  | 'kind'
  | 'number'
  | 'issued_at'
  | 'vat_breakdown'
  | 'total_excl_vat'
  | 'total_vat'
  | 'stamp_duty'
  | 'amount_due'
  | 'shipping_amount'
  | 'shipping_vat_amount'
  | 'vat_treatment'
>;

export function booksSummaryOf(c: BooksSummary): BooksSummary {
  return {
    kind: c.kind,
    number: c.number,
    issued_at: c.issued_at,
    vat_breakdown: c.vat_breakdown,
    total_excl_vat: c.total_excl_vat,
    total_vat: c.total_vat,
    stamp_duty: c.stamp_duty,
    amount_due: c.amount_due,
    shipping_amount: c.shipping_amount,
    shipping_vat_amount: c.shipping_vat_amount,
    vat_treatment: c.vat_treatment,
  };
}

/** The contract's wire form of money (SignedMoney): at most 12 whole digits and 3 decimals. */
const WIRE_MONEY = /^-?\d{1,12}\.\d{3}$/;

/**
 * Millimes of an amount as the documents store it ("12.500"): the digits without the point, an
 * exact integer below 2^53; anything else through toMillimes. A month of 20k documents reads
 * some 300k amounts: toMillimes' BigInt parsing took a second of the VAT return's time.
 */
export function millimesOf(amount: string): number {
  return WIRE_MONEY.test(amount) ? Number(amount.replace('.', '')) : toMillimes(amount);
}

/** Basis points of the rates met, parsed once (rateToBp checks and parses exactly). */
const RATE_BP = new Map<number, number>();
function rateBpOf(rate: number): number {
  let bp = RATE_BP.get(rate);
  if (bp === undefined) {
    bp = rateToBp(rate);
    if (RATE_BP.size < 1000) RATE_BP.set(rate, bp);
  }
  return bp;
}

/** One rate of a document: taxable and VAT in millimes. */
interface RateFigures {
  rateBp: number;
  taxable: number;
  vat: number;
}

/** +1 for an invoice, −1 for a credit note. */
const signOf = (doc: Pick<InvoiceContent, 'kind'>): 1 | -1 => (doc.kind === 'credit_note' ? -1 : 1);

/**
 * Split `amount` (millimes, either sign) over `weights` in proportion, to the millime: the
 * largest remainders take the millimes the rounding down leaves (ties to the first).
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + Math.abs(w), 0);
  if (weights.length === 0) return [];
  if (total === 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const sign = amount < 0 ? -1n : 1n;
  const abs = BigInt(Math.abs(amount));
  const big = BigInt(total);
  const shares = weights.map((w) => (abs * BigInt(Math.abs(w))) / big);
  const remainders = weights.map((w, i) => ({
    i,
    rest: (abs * BigInt(Math.abs(w))) % big,
  }));
  let left = abs - shares.reduce((s, v) => s + v, 0n);
  remainders.sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    shares[i] = (shares[i] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares.map((s) => Number(s * sign));
}

/**
 * A document's rates as its content states them (positive, as in the content), the taxable
 * amounts reconciled with total_excl_vat (see the top comment), highest rate first.
 */
export function documentRates(
  doc: Pick<InvoiceContent, 'vat_breakdown' | 'total_excl_vat'>,
): RateFigures[] {
  const rates: RateFigures[] = doc.vat_breakdown.map((b) => ({
    rateBp: rateBpOf(b.vat_rate),
    taxable: millimesOf(b.taxable_amount),
    vat: millimesOf(b.vat_amount),
  }));
  const gap = millimesOf(doc.total_excl_vat) - rates.reduce((s, r) => s + r.taxable, 0);
  if (gap === 0) return rates;
  if (rates.length === 0) return [{ rateBp: 0, taxable: gap, vat: 0 }];
  const shares = allocate(
    gap,
    rates.map((r) => r.taxable),
  );
  return rates.map((r, i) => ({ ...r, taxable: r.taxable + (shares[i] ?? 0) }));
}

/** The amounts of a document that the totals add up (millimes, as in its content). */
function amountsOf(doc: DocumentFigures) {
  return {
    taxable: millimesOf(doc.total_excl_vat),
    vat: millimesOf(doc.total_vat),
    stamp: millimesOf(doc.stamp_duty),
    due: millimesOf(doc.amount_due),
  };
}

/** The documents' figures that the totals add: what a summary query reads of each document. */
export type DocumentFigures = Pick<
  InvoiceContent,
  'kind' | 'total_excl_vat' | 'total_vat' | 'stamp_duty' | 'amount_due'
>;

/** The totals of documents, invoices − credit notes (the VAT return's and the register's). */
export function documentTotals(documents: readonly DocumentFigures[]): Totals {
  const sum = { taxable: 0, vat: 0, stamp: 0, due: 0 };
  for (const doc of documents) {
    const sign = signOf(doc);
    const a = amountsOf(doc);
    sum.taxable += sign * a.taxable;
    sum.vat += sign * a.vat;
    sum.stamp += sign * a.stamp;
    sum.due += sign * a.due;
  }
  return totalsOf(sum);
}

function totalsOf(sum: { taxable: number; vat: number; stamp: number; due: number }): Totals {
  return {
    taxable_amount: fromMillimes(sum.taxable),
    vat_amount: fromMillimes(sum.vat),
    stamp_duty: fromMillimes(sum.stamp),
    amount_due: fromMillimes(sum.due),
  };
}

// ---------------------------------------------------------------------------------------------
// The VAT return

export interface VatReturnInput {
  month: string;
  timeZone: string;
  /** The invoices and credit notes issued in the month (monthBounds' [start, end)). */
  documents: readonly BooksSummary[];
  withholding: WithholdingTotals;
  /** The twelve months ending with this one, oldest first (see trendMonthOf). */
  trend: Schemas['VatReturnMonth'][];
}

/** A month of the trend from its documents' totals: taxable and VAT, invoices − credit notes. */
export function trendMonthOf(
  month: string,
  documents: readonly Pick<InvoiceContent, 'kind' | 'total_excl_vat' | 'total_vat'>[],
): Schemas['VatReturnMonth'] {
  const totals = documentTotals(
    documents.map((d) => ({ ...d, stamp_duty: '0.000', amount_due: '0.000' })),
  );
  return { month, taxable_amount: totals.taxable_amount, vat_amount: totals.vat_amount };
}

const money = (taxable: number, vat: number): Schemas['ReportAmounts'] => ({
  taxable_amount: fromMillimes(taxable),
  vat_amount: fromMillimes(vat),
});

/** The month's VAT return from its documents (see the top comment for the rules). */
export function vatReturnOf(input: VatReturnInput): VatReturn {
  const { from, to } = monthBounds(input.month, input.timeZone);
  const byRate = new Map<number, { inv: [number, number]; cn: [number, number] }>();
  const shipping = { taxable: 0, vat: 0 };
  const zero = { exports: 0, reverse_charge: 0 };
  const stamp = { invoices: 0, credit_notes: 0 };
  let invoices = 0;
  let creditNotes = 0;
  for (const doc of input.documents) {
    const sign = signOf(doc);
    const credit = sign < 0;
    if (credit) creditNotes += 1;
    else invoices += 1;
    for (const r of documentRates(doc)) {
      const row = byRate.get(r.rateBp) ?? { inv: [0, 0], cn: [0, 0] };
      const side = credit ? row.cn : row.inv;
      side[0] += r.taxable;
      side[1] += r.vat;
      byRate.set(r.rateBp, row);
    }
    shipping.taxable += sign * millimesOf(doc.shipping_amount);
    shipping.vat += sign * millimesOf(doc.shipping_vat_amount);
    const a = amountsOf(doc);
    if (doc.vat_treatment === 'export') zero.exports += sign * a.taxable;
    if (doc.vat_treatment === 'reverse_charge') zero.reverse_charge += sign * a.taxable;
    if (a.stamp !== 0) stamp[credit ? 'credit_notes' : 'invoices'] += 1;
  }
  const totals = documentTotals(input.documents);
  return {
    month: input.month,
    time_zone: input.timeZone,
    from,
    to,
    invoices,
    credit_notes: creditNotes,
    rates: [...byRate.entries()]
      .sort(([a], [b]) => b - a)
      .map(([rateBp, row]) => ({
        vat_rate: bpToRate(rateBp),
        invoices: money(row.inv[0], row.inv[1]),
        credit_notes: money(row.cn[0], row.cn[1]),
        net: money(row.inv[0] - row.cn[0], row.inv[1] - row.cn[1]),
      })),
    shipping: money(shipping.taxable, shipping.vat),
    zero_rated: {
      exports: fromMillimes(zero.exports),
      reverse_charge: fromMillimes(zero.reverse_charge),
    },
    stamp_duty: { ...stamp, amount: totals.stamp_duty },
    withholding: input.withholding,
    totals,
    trend: input.trend,
  };
}

// ---------------------------------------------------------------------------------------------
// The sales register

/** A document of the register: its row's id and its frozen content. */
export interface RegisterDocument {
  id: number;
  content: InvoiceContent;
}

/** One invoice or credit note as the register shows it, a credit note's amounts negative. */
export function registerEntryOf(doc: RegisterDocument, timeZone: string): RegisterEntry {
  const c = doc.content;
  const sign = signOf(c);
  const a = amountsOf(c);
  const signed = (millimes: number) => fromMillimes(sign * millimes);
  return {
    id: doc.id,
    kind: c.kind,
    number: c.number,
    issued_at: c.issued_at,
    issued_on: shopDayOf(c.issued_at, timeZone),
    order_id: c.order_id,
    order_number: c.order_number,
    credits: c.credits?.number ?? null,
    buyer_name: buyerNameOf(c.buyer.company, c.buyer.name),
    buyer_tax_id: c.buyer.vat_number?.trim() ? c.buyer.vat_number : null,
    rates: documentRates(c).map((r) => ({
      vat_rate: bpToRate(r.rateBp),
      taxable_amount: signed(r.taxable),
      vat_amount: signed(r.vat),
    })),
    total_excl_vat: signed(a.taxable),
    total_vat: signed(a.vat),
    stamp_duty: signed(a.stamp),
    amount_due: signed(a.due),
  };
}

/** The totals of register entries (already signed). */
export function registerTotals(
  entries: readonly Pick<
    RegisterEntry,
    'total_excl_vat' | 'total_vat' | 'stamp_duty' | 'amount_due'
  >[],
): Totals {
  const sum = { taxable: 0, vat: 0, stamp: 0, due: 0 };
  for (const e of entries) {
    sum.taxable += millimesOf(e.total_excl_vat);
    sum.vat += millimesOf(e.total_vat);
    sum.stamp += millimesOf(e.stamp_duty);
    sum.due += millimesOf(e.amount_due);
  }
  return totalsOf(sum);
}

/** The register's order: invoices, then credit notes, each by year then sequence. */
export function registerOrder(
  a: Pick<NumberedDocument, 'kind' | 'year' | 'sequence'>,
  b: Pick<NumberedDocument, 'kind' | 'year' | 'sequence'>,
): number {
  if (a.kind !== b.kind) return a.kind === 'invoice' ? -1 : 1;
  return a.year - b.year || a.sequence - b.sequence;
}

/** What the numbering check reads of a document. */
export interface NumberedDocument {
  kind: Schemas['InvoiceKind'];
  number: string;
  year: number;
  sequence: number;
}

const NUMBER = /^(.*)(\d{4})-(\d{6})$/;

/** A document's prefix: its number without `<year>-<6 digits>` (INV-2026-000123 → INV-). */
function prefixOf(number: string): string {
  return NUMBER.exec(number)?.[1] ?? '';
}

/** The key of a numbering sequence (document_counters' key). */
export const sequenceKey = (kind: Schemas['InvoiceKind'], year: number) => `${kind}:${year}`;

const formatNumber = (prefix: string, year: number, sequence: number) =>
  `${prefix}${year}-${String(sequence).padStart(6, '0')}`;

/**
 * The numbering checks of a period's documents, one per kind, prefix and year met, in the
 * register's order. `lastBefore` gives, per sequenceKey, the last sequence of that kind and year
 * issued before the period (absent when none was).
 */
export function numberingChecks(
  docs: readonly NumberedDocument[],
  lastBefore: ReadonlyMap<string, number>,
): NumberCheckResult {
  const bySequence = new Map<string, NumberedDocument[]>();
  for (const d of docs) {
    const key = sequenceKey(d.kind, d.year);
    const list = bySequence.get(key) ?? [];
    list.push(d);
    bySequence.set(key, list);
  }
  const checks = new Map<string, NumberingCheck>();
  for (const [key, list] of bySequence) {
    list.sort((a, b) => a.sequence - b.sequence);
    for (const d of list) {
      const prefix = prefixOf(d.number);
      const groupKey = JSON.stringify([d.kind, d.year, prefix]);
      const check = checks.get(groupKey);
      if (check) {
        check.last = d.number;
        check.count += 1;
      } else {
        checks.set(groupKey, {
          kind: d.kind,
          prefix,
          year: d.year,
          first: d.number,
          last: d.number,
          count: 1,
          missing: [],
          missing_count: 0,
        });
      }
    }
    // The sequences expected: from the one after the last issued before the period (else the
    // first of the period) to the last of the period.
    const first = list[0];
    const lastOne = list[list.length - 1];
    if (!first || !lastOne) continue;
    const before = lastBefore.get(key);
    let expected = before === undefined ? first.sequence : before + 1;
    for (const d of list) {
      for (; expected < d.sequence; expected += 1) {
        const check = checks.get(JSON.stringify([d.kind, d.year, prefixOf(d.number)]));
        if (!check) continue;
        check.missing_count += 1;
        if (check.missing.length < MISSING_LISTED) {
          check.missing.push(formatNumber(check.prefix, d.year, expected));
        }
      }
      expected = Math.max(expected, d.sequence + 1);
    }
  }
  const numbering = [...checks.values()].sort(
    (a, b) =>
      registerOrder(
        { kind: a.kind, year: a.year, sequence: 0 },
        { kind: b.kind, year: b.year, sequence: 0 },
      ) || a.first.localeCompare(b.first),
  );
  return { numbering, gap_free: numbering.every((c) => c.missing_count === 0) };
}

export interface NumberCheckResult {
  numbering: NumberingCheck[];
  gap_free: boolean;
}

// ---------------------------------------------------------------------------------------------
// Withholding

/** The totals of withholding entries: payments, amount withheld, certificates missing. */
export function withholdingTotalsOf(
  entries: readonly Pick<Schemas['WithholdingEntry'], 'withholding_amount' | 'certificate'>[],
): WithholdingTotals {
  let amount = 0;
  let missing = 0;
  for (const e of entries) {
    amount += millimesOf(e.withholding_amount);
    if (!e.certificate?.trim()) missing += 1;
  }
  return {
    payments: entries.length,
    amount: fromMillimes(amount),
    missing_certificates: missing,
  };
}

/** The certificate as the report shows it: null when missing (null or blank). */
export const certificateOf = (value: string | null): string | null =>
  value?.trim() ? value.trim() : null;

/** The buyer as the reports name it: the company when there is one, else the person's name. */
export const buyerNameOf = (company: string | null | undefined, name: string): string =>
  company?.trim() ? company.trim() : name;

// ---------------------------------------------------------------------------------------------
// The CSV files' rows (the server streams them, the mocks write the same)

/** The VAT return file's columns. */
export const VAT_RETURN_COLUMNS = [
  'section',
  'vat_rate',
  'taxable_amount',
  'vat_amount',
  'count',
] as const;

/**
 * The VAT return as rows of its file: per rate, its invoices, credit_notes and net (highest rate
 * first); then shipping, exports, reverse_charge, stamp_duty (its amount under vat_amount: a tax
 * owed like the VAT; count = invoices bearing one − credit notes reversing one), withholding (its
 * amount under vat_amount, count = payments), withholding_missing_certificates (count) and totals
 * (count = documents). docs/product.md §10.27 lists them.
 */
export function vatReturnRows(vat: VatReturn): CsvValue[][] {
  const amounts = (a: Schemas['ReportAmounts']) => [
    decimal(a.taxable_amount),
    decimal(a.vat_amount),
  ];
  return [
    ...vat.rates.flatMap((r) => [
      ['invoices', r.vat_rate, ...amounts(r.invoices), null],
      ['credit_notes', r.vat_rate, ...amounts(r.credit_notes), null],
      ['net', r.vat_rate, ...amounts(r.net), null],
    ]),
    ['shipping', null, ...amounts(vat.shipping), null],
    ['exports', 0, decimal(vat.zero_rated.exports), null, null],
    ['reverse_charge', 0, decimal(vat.zero_rated.reverse_charge), null, null],
    [
      'stamp_duty',
      null,
      null,
      decimal(vat.stamp_duty.amount),
      vat.stamp_duty.invoices - vat.stamp_duty.credit_notes,
    ],
    ['withholding', null, null, decimal(vat.withholding.amount), vat.withholding.payments],
    ['withholding_missing_certificates', null, null, null, vat.withholding.missing_certificates],
    [
      'totals',
      null,
      decimal(vat.totals.taxable_amount),
      decimal(vat.totals.vat_amount),
      vat.invoices + vat.credit_notes,
    ],
  ];
}

/** What the register file writes for a buyer without a tax identifier. */
const FINAL_CONSUMER = 'final consumer';

/** The rates met in register entries, highest first (the file's rate columns). */
export function ratesOf(entries: readonly Pick<RegisterEntry, 'rates'>[]): number[] {
  const rates = new Set<number>();
  for (const e of entries) for (const r of e.rates) rates.add(r.vat_rate);
  return [...rates].sort((a, b) => b - a);
}

/** The rates met in documents (their summaries will do), highest first: registerColumns' rates. */
export function ratesMet(
  documents: readonly Pick<InvoiceContent, 'vat_breakdown' | 'total_excl_vat'>[],
): number[] {
  const rates = new Set<number>();
  for (const doc of documents) for (const r of documentRates(doc)) rates.add(r.rateBp);
  return [...rates].sort((a, b) => b - a).map(bpToRate);
}

/** The register file's columns for these rates (taxable_19, vat_19, …). */
export function registerColumns(rates: readonly number[]): string[] {
  return [
    'kind',
    'number',
    'issued_on',
    'order_number',
    'credits',
    'buyer_name',
    'buyer_tax_id',
    ...rates.flatMap((r) => [`taxable_${r}`, `vat_${r}`]),
    'total_excl_vat',
    'total_vat',
    'stamp_duty',
    'amount_due',
  ];
}

/** One entry as a row of the register file (registerColumns' order); a rate not met is empty. */
export function registerRow(entry: RegisterEntry, rates: readonly number[]): CsvValue[] {
  const byRate = new Map(entry.rates.map((r) => [r.vat_rate, r]));
  return [
    entry.kind,
    entry.number,
    entry.issued_on,
    entry.order_number,
    entry.credits,
    entry.buyer_name,
    entry.buyer_tax_id ?? FINAL_CONSUMER,
    ...rates.flatMap((rate) => {
      const r = byRate.get(rate);
      return r ? [decimal(r.taxable_amount), decimal(r.vat_amount)] : [null, null];
    }),
    decimal(entry.total_excl_vat),
    decimal(entry.total_vat),
    decimal(entry.stamp_duty),
    decimal(entry.amount_due),
  ];
}

/** The withholding file's columns. */
export const WITHHOLDING_COLUMNS = [
  'received_on',
  'order_number',
  'invoice_number',
  'buyer_name',
  'buyer_tax_id',
  'paid_amount',
  'withholding_amount',
  'certificate',
] as const;

export function withholdingRow(e: Schemas['WithholdingEntry']): CsvValue[] {
  return [
    e.received_on,
    e.order_number,
    e.invoice_number,
    e.buyer_name,
    e.buyer_tax_id,
    decimal(e.paid_amount),
    decimal(e.withholding_amount),
    e.certificate,
  ];
}
