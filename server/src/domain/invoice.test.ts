// The invoice's figures reconcile for any order checkout can produce (property-based): Σ lines +
// shipping − discount = total_excl_vat, Σ breakdown VAT = total_vat, total_excl_vat + total_vat
// = the order's total_amount, + stamp duty (buyers in Tunisia only) = amount_due. Also the
// number's form, the year in the shop's time zone and the shipping rate read back.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  creditNoteContent,
  documentNumber,
  invoiceContent,
  shippingVatRateBp,
  yearIn,
  type InvoiceOrderFacts,
} from './invoice';
import { toMillimes } from './money';
import { pricedOrder, SELLER_FACTS } from '../../test-support/books';
import { enteredPrice } from '../../test-support/entered-price';

const ISSUE = {
  kind: 'invoice' as const,
  number: 'INV-2026-000001',
  issued_at: '2026-11-24T10:00:00.000Z',
  issued_by: 'alice',
  time_zone: 'Africa/Tunis',
};

const line = fc.record({
  ...enteredPrice(5_000_000),
  rateBp: fc.constantFrom(0, 700, 1300, 1900, 1950),
  quantity: fc.integer({ min: 1, max: 50 }),
});

const order = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 8 }),
  reverseCharge: fc.boolean(),
  shipping: fc.integer({ min: 0, max: 50_000 }),
  discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
  country: fc.constantFrom('TN', 'FR', 'DE'),
});

type GeneratedOrder = typeof order extends fc.Arbitrary<infer T> ? T : never;

function facts(o: GeneratedOrder): InvoiceOrderFacts {
  return {
    id: 1,
    order_number: 'ORD-20261124-0001',
    payment_method: 'card',
    customer_email: 'jane@example.com',
    customer_type: o.reverseCharge ? 'professional' : 'individual',
    vat_number: null,
    vat_reverse_charge: o.reverseCharge,
    vat_treatment: o.reverseCharge ? 'reverse_charge' : 'domestic',
    ...pricedOrder(
      o.lines,
      { zeroRated: o.reverseCharge, shipping: o.shipping, discountShare: o.discountShare },
      () => 'Shirt',
    ),
    shipping_address: {
      first_name: 'Jane',
      last_name: 'Doe',
      street_address: '1 Rue de Marseille',
      city: 'Tunis',
      postal_code: '1000',
      country: o.country,
      phone: '+216 71 000 000',
      email: 'jane@example.com',
    },
    account_company: null,
  };
}

const sum = (values: string[]) => values.reduce((s, v) => s + toMillimes(v), 0);

describe('invoice content', () => {
  it('reconciles with the order for any order checkout can produce', () => {
    fc.assert(
      fc.property(order, (o) => {
        const f = facts(o);
        const inv = invoiceContent(f, SELLER_FACTS, ISSUE);
        const excl = toMillimes(inv.total_excl_vat);
        const vat = toMillimes(inv.total_vat);
        expect(
          sum(inv.lines.map((l) => l.total_price)) +
            toMillimes(inv.shipping_amount) -
            toMillimes(inv.discount_amount),
        ).toBe(excl);
        expect(sum(inv.vat_breakdown.map((b) => b.vat_amount))).toBe(vat);
        expect(sum(inv.vat_breakdown.map((b) => b.taxable_amount))).toBe(
          excl + toMillimes(inv.discount_amount),
        );
        expect(excl + vat).toBe(f.total_amount);
        expect(toMillimes(inv.total_incl_vat)).toBe(f.total_amount);
        const stamp = o.country === 'TN' ? 1000 : 0;
        expect(toMillimes(inv.stamp_duty)).toBe(stamp);
        expect(toMillimes(inv.amount_due)).toBe(f.total_amount + stamp);
        const rates = inv.vat_breakdown.map((b) => b.vat_rate);
        expect(rates).toEqual([...new Set(rates)].sort((a, b) => b - a));
      }),
      { numRuns: 300 },
    );
  });

  it('makes the credit note of an invoice with the same figures', () => {
    const [sample] = fc.sample(order, { numRuns: 1, seed: 7 });
    if (!sample) throw new Error('fast-check gave no sample');
    const content = invoiceContent(facts(sample), SELLER_FACTS, ISSUE);
    const note = creditNoteContent(
      { id: 4, content },
      {
        ...ISSUE,
        kind: 'credit_note',
        number: 'CN-2026-000001',
        issued_at: '2026-11-25T10:00:00.000Z',
      },
    );
    expect(note).toEqual({
      ...content,
      kind: 'credit_note',
      number: 'CN-2026-000001',
      issued_at: '2026-11-25T10:00:00.000Z',
      credits: { id: 4, kind: 'invoice', number: 'INV-2026-000001' },
    });
  });
});

describe('document numbers', () => {
  it('are <prefix><year>-<6 digits>', () => {
    expect(documentNumber('INV-', 2026, 123)).toBe('INV-2026-000123');
    expect(documentNumber('', 2027, 1)).toBe('2027-000001');
    expect(() => documentNumber('INV-', 2026, 0)).toThrow(RangeError);
    expect(() => documentNumber('INV-', 2026, 1_000_000)).toThrow(RangeError);
  });

  it("take the year in the shop's time zone", () => {
    const at = new Date('2026-12-31T23:30:00Z');
    expect(yearIn('Africa/Tunis', at)).toBe(2027);
    expect(yearIn('UTC', at)).toBe(2026);
    expect(yearIn('America/New_York', new Date('2027-01-01T03:00:00Z'))).toBe(2026);
  });
});

describe('shipping VAT rate', () => {
  it("is the shop's default rate when it gives the stored VAT, else the rate the amounts imply", () => {
    expect(shippingVatRateBp(7000, 1330, 1900)).toBe(1900);
    expect(shippingVatRateBp(7000, 1330, null)).toBe(1900);
    expect(shippingVatRateBp(7000, 490, 1900)).toBe(700);
    expect(shippingVatRateBp(7000, 0, 1900)).toBe(0);
    expect(shippingVatRateBp(0, 0, 1900)).toBe(0);
  });
});
