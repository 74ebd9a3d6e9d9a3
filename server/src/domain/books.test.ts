// The books' pure rules (domain/books.ts): the shop's month in its time zone, the spreading of an
// order-level discount over the rates, the VAT return's reconciliation (property: for any set of
// invoices and credit notes, Σ rates = totals = Σ invoices − Σ credit notes, to the millime), the
// register's signs, the numbering check and the withholding totals.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  allocate,
  documentRates,
  millimesOf,
  monthBounds,
  numberingChecks,
  registerEntryOf,
  registerTotals,
  sequenceKey,
  shopDayOf,
  trendMonthOf,
  vatReturnOf,
  withholdingTotalsOf,
} from './books';
import type { InvoiceContent } from './invoice';
import { fromMillimes, toMillimes } from './money';
import type { VatTreatment } from './vat-treatment';
import {
  BUYER_TAX_ID,
  sale,
  saleCreditNote,
  saleInvoice,
  saleLine,
  type Sale,
} from '../../test-support/books';
import { enteredPrice } from '../../test-support/entered-price';

const TZ = 'Africa/Tunis';
const NO_WITHHOLDING = { payments: 0, amount: '0.000', missing_certificates: 0 };

describe('the shop month', () => {
  it('starts and ends at the local midnights of the shop', () => {
    expect(monthBounds('2026-11', TZ)).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      start: new Date('2026-10-31T23:00:00.000Z'),
      end: new Date('2026-11-30T23:00:00.000Z'),
    });
    expect(monthBounds('2028-02', 'UTC').to).toBe('2028-02-29');
    // Paris moves to summer time on 29 March 2026: the month ends an hour earlier in UTC.
    const march = monthBounds('2026-03', 'Europe/Paris');
    expect(march.start.toISOString()).toBe('2026-02-28T23:00:00.000Z');
    expect(march.end.toISOString()).toBe('2026-03-31T22:00:00.000Z');
    expect(monthBounds('2026-12', 'America/New_York').end.toISOString()).toBe(
      '2027-01-01T05:00:00.000Z',
    );
  });

  it('puts 23:30 UTC on the last day of a month into the next one in Tunis', () => {
    expect(shopDayOf('2026-11-30T23:30:00.000Z', TZ)).toBe('2026-12-01');
    expect(shopDayOf('2026-11-30T22:59:59.999Z', TZ)).toBe('2026-11-30');
  });

  it('counts months across years', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-11', -11)).toBe('2025-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(() => monthBounds('2026-13', TZ)).toThrow(RangeError);
  });
});

describe('millimesOf', () => {
  it('reads the wire form exactly, as toMillimes does', () => {
    expect(millimesOf('-0.500')).toBe(-500);
    expect(millimesOf('999999999999.999')).toBe(999_999_999_999_999);
    expect(millimesOf('12.5')).toBe(12_500); // not the wire form: through toMillimes
    expect(() => millimesOf('1.2345')).toThrow(RangeError);
    fc.assert(
      fc.property(fc.integer({ min: -999_999_999_999, max: 999_999_999_999 }), (n) => {
        expect(millimesOf(fromMillimes(n))).toBe(n);
        expect(millimesOf(fromMillimes(n))).toBe(toMillimes(fromMillimes(n)));
      }),
    );
  });
});

describe('allocate', () => {
  it('splits in proportion, the largest remainders taking the millimes left', () => {
    expect(allocate(-1000, [3000, 6000])).toEqual([-333, -667]);
    expect(allocate(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(allocate(5, [0, 0])).toEqual([5, 0]);
    expect(allocate(7, [])).toEqual([]);
  });

  it('always sums to the amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -999_999_999, max: 999_999_999 }),
        fc.array(fc.integer({ min: 0, max: 999_999_999 }), { minLength: 1, maxLength: 6 }),
        (amount, weights) => {
          const shares = allocate(amount, weights);
          expect(shares.reduce((s, v) => s + v, 0)).toBe(amount);
        },
      ),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Documents as checkout and returns make them (server/test-support/books.ts)

const lineArb = fc.record({
  ...enteredPrice(2_000_000),
  rateBp: fc.constantFrom(0, 700, 1300, 1900),
  quantity: fc.integer({ min: 1, max: 5 }),
});
const orderArb: fc.Arbitrary<Sale> = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 4 }),
  treatment: fc.constantFrom<VatTreatment>('domestic', 'export', 'reverse_charge'),
  shipping: fc.integer({ min: 0, max: 20_000 }),
  discountShare: fc.double({ min: 0, max: 0.5, noNaN: true }),
  fate: fc.constantFrom<Sale['fate']>('kept', 'cancelled', 'returned'),
  company: fc.option(fc.constant('Atlas SARL'), { nil: null }),
});

const pad = (n: number) => String(n).padStart(6, '0');

function invoiceOf(o: Sale, n: number): InvoiceContent {
  return saleInvoice(o, n, {
    number: `INV-2026-${pad(n)}`,
    issuedAt: '2026-11-10T10:00:00.000Z',
  });
}

function creditNotesOf(invoice: InvoiceContent, n: number, fate: Sale['fate']): InvoiceContent[] {
  const note = saleCreditNote({ id: n, content: invoice }, fate, {
    number: `CN-2026-${pad(n)}`,
    issuedAt: '2026-11-20T10:00:00.000Z',
  });
  return note ? [note] : [];
}

const sumOf = (docs: readonly InvoiceContent[], field: 'total_excl_vat' | 'total_vat') =>
  docs.reduce((s, d) => s + (d.kind === 'credit_note' ? -1 : 1) * toMillimes(d[field]), 0);

describe('the VAT return', () => {
  it('reconciles to the millime: Σ rates = totals = Σ invoices − Σ credit notes', () => {
    fc.assert(
      fc.property(fc.array(orderArb, { minLength: 0, maxLength: 8 }), (orders) => {
        const documents = orders.flatMap((o, i) => {
          const invoice = invoiceOf(o, i + 1);
          return [invoice, ...creditNotesOf(invoice, i + 1, o.fate)];
        });
        const vat = vatReturnOf({
          month: '2026-11',
          timeZone: TZ,
          documents,
          withholding: NO_WITHHOLDING,
          trend: [],
        });
        const m = (v: string) => toMillimes(v);
        expect(m(vat.totals.taxable_amount)).toBe(sumOf(documents, 'total_excl_vat'));
        expect(m(vat.totals.vat_amount)).toBe(sumOf(documents, 'total_vat'));
        expect(vat.rates.reduce((s, r) => s + m(r.net.taxable_amount), 0)).toBe(
          m(vat.totals.taxable_amount),
        );
        expect(vat.rates.reduce((s, r) => s + m(r.net.vat_amount), 0)).toBe(
          m(vat.totals.vat_amount),
        );
        expect(m(vat.totals.amount_due)).toBe(
          m(vat.totals.taxable_amount) + m(vat.totals.vat_amount) + m(vat.totals.stamp_duty),
        );
        // The register says the same.
        const entries = documents.map((content, id) => registerEntryOf({ id, content }, TZ));
        expect(registerTotals(entries)).toEqual(vat.totals);
        expect(trendMonthOf('2026-11', documents)).toEqual({
          month: '2026-11',
          taxable_amount: vat.totals.taxable_amount,
          vat_amount: vat.totals.vat_amount,
        });
        // The 0 % split: the exports' and the reverse charge's bases, net of their credit notes.
        for (const treatment of ['export', 'reverse_charge'] as const) {
          const docs = documents.filter((d) => d.vat_treatment === treatment);
          const split = treatment === 'export' ? 'exports' : 'reverse_charge';
          expect(m(vat.zero_rated[split])).toBe(sumOf(docs, 'total_excl_vat'));
        }
        expect(vat.invoices + vat.credit_notes).toBe(documents.length);
      }),
    );
  });

  it('states an invoice, its full credit note and a second invoice, rate by rate', () => {
    const order = sale({
      lines: [saleLine(119_000, 1900, 1, true), saleLine(10_000, 700, 2)],
      shipping: 7_000,
      fate: 'cancelled',
    });
    const first = invoiceOf(order, 1);
    const [credit] = creditNotesOf(first, 1, 'cancelled');
    const exported = invoiceOf({ ...order, treatment: 'export', fate: 'kept' }, 2);
    const vat = vatReturnOf({
      month: '2026-11',
      timeZone: TZ,
      documents: [first, ...(credit ? [credit] : []), exported],
      withholding: { payments: 1, amount: '15.000', missing_certificates: 1 },
      trend: [],
    });
    expect(vat).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-30',
      invoices: 2,
      credit_notes: 1,
      rates: [
        {
          vat_rate: 19,
          invoices: { taxable_amount: '107.000', vat_amount: '20.330' },
          credit_notes: { taxable_amount: '107.000', vat_amount: '20.330' },
          net: { taxable_amount: '0.000', vat_amount: '0.000' },
        },
        {
          vat_rate: 7,
          invoices: { taxable_amount: '20.000', vat_amount: '1.400' },
          credit_notes: { taxable_amount: '20.000', vat_amount: '1.400' },
          net: { taxable_amount: '0.000', vat_amount: '0.000' },
        },
        {
          vat_rate: 0,
          invoices: { taxable_amount: '127.000', vat_amount: '0.000' },
          credit_notes: { taxable_amount: '0.000', vat_amount: '0.000' },
          net: { taxable_amount: '127.000', vat_amount: '0.000' },
        },
      ],
      shipping: { taxable_amount: '7.000', vat_amount: '0.000' },
      zero_rated: { exports: '127.000', reverse_charge: '0.000' },
      stamp_duty: { invoices: 1, credit_notes: 1, amount: '0.000' },
      withholding: { payments: 1, amount: '15.000', missing_certificates: 1 },
      totals: {
        taxable_amount: '127.000',
        vat_amount: '0.000',
        stamp_duty: '0.000',
        amount_due: '127.000',
      },
    });
  });

  it('spreads an order-level discount over the rates in proportion to their bases', () => {
    const invoice = invoiceOf(
      sale({ lines: [saleLine(30_000, 1900), saleLine(60_000, 700)], discountShare: 0.1 }),
      1,
    );
    expect(invoice.total_excl_vat).toBe('81.000');
    expect(
      documentRates(invoice).map((r) => [r.rateBp, fromMillimes(r.taxable), fromMillimes(r.vat)]),
    ).toEqual([
      [1900, '27.000', '5.700'],
      [700, '54.000', '4.200'],
    ]);
  });
});

describe('the register', () => {
  it('shows a credit note negative, with the invoice it credits and the buyer', () => {
    const invoice = invoiceOf(
      sale({ lines: [saleLine(100_000, 1900)], fate: 'cancelled', company: 'Atlas SARL' }),
      7,
    );
    const [credit] = creditNotesOf(invoice, 3, 'cancelled');
    expect(credit).toBeDefined();
    if (!credit) return;
    expect(registerEntryOf({ id: 9, content: credit }, TZ)).toEqual({
      id: 9,
      kind: 'credit_note',
      number: 'CN-2026-000003',
      issued_at: '2026-11-20T10:00:00.000Z',
      issued_on: '2026-11-20',
      order_id: 7,
      order_number: 'ORD-000007',
      credits: 'INV-2026-000007',
      buyer_name: 'Atlas SARL',
      buyer_tax_id: BUYER_TAX_ID,
      rates: [{ vat_rate: 19, taxable_amount: '-100.000', vat_amount: '-19.000' }],
      total_excl_vat: '-100.000',
      total_vat: '-19.000',
      stamp_duty: '-1.000',
      amount_due: '-120.000',
    });
  });

  it('finds the numbers missing in the period and since the last one before it', () => {
    const doc = (kind: 'invoice' | 'credit_note', prefix: string, sequence: number) => ({
      kind,
      number: `${prefix}2026-${String(sequence).padStart(6, '0')}`,
      year: 2026,
      sequence,
    });
    const docs = [
      doc('invoice', 'INV-', 5),
      doc('invoice', 'INV-', 6),
      doc('invoice', 'INV-', 8),
      // The prefix changed mid-year: the sequence goes on.
      doc('invoice', 'FA-', 9),
      doc('invoice', 'FA-', 12),
      doc('credit_note', 'CN-', 2),
    ];
    const lastBefore = new Map([
      [sequenceKey('invoice', 2026), 3],
      [sequenceKey('credit_note', 2026), 1],
    ]);
    expect(numberingChecks(docs, lastBefore)).toEqual({
      gap_free: false,
      numbering: [
        {
          kind: 'invoice',
          prefix: 'FA-',
          year: 2026,
          first: 'FA-2026-000009',
          last: 'FA-2026-000012',
          count: 2,
          missing: ['FA-2026-000010', 'FA-2026-000011'],
          missing_count: 2,
        },
        {
          kind: 'invoice',
          prefix: 'INV-',
          year: 2026,
          first: 'INV-2026-000005',
          last: 'INV-2026-000008',
          count: 3,
          missing: ['INV-2026-000004', 'INV-2026-000007'],
          missing_count: 2,
        },
        {
          kind: 'credit_note',
          prefix: 'CN-',
          year: 2026,
          first: 'CN-2026-000002',
          last: 'CN-2026-000002',
          count: 1,
          missing: [],
          missing_count: 0,
        },
      ],
    });
    expect(numberingChecks(docs.slice(0, 2), new Map()).gap_free).toBe(true);
  });

  it('lists the first 100 missing numbers and counts them all', () => {
    const result = numberingChecks(
      [{ kind: 'invoice', number: 'INV-2026-000500', year: 2026, sequence: 500 }],
      new Map([[sequenceKey('invoice', 2026), 0]]),
    );
    expect(result.numbering[0]?.missing_count).toBe(499);
    expect(result.numbering[0]?.missing).toHaveLength(100);
    expect(result.numbering[0]?.missing[99]).toBe('INV-2026-000100');
  });
});

describe('withholding totals', () => {
  it('counts the payments, the amount and the certificates missing (null or blank)', () => {
    expect(
      withholdingTotalsOf([
        { withholding_amount: '15.000', certificate: 'RS-1' },
        { withholding_amount: '1.500', certificate: null },
        { withholding_amount: '0.250', certificate: '  ' },
      ]),
    ).toEqual({ payments: 3, amount: '16.750', missing_certificates: 2 });
    expect(withholdingTotalsOf([])).toEqual(NO_WITHHOLDING);
  });
});
