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
import { lineAmounts, orderAmounts } from './vat';

const SELLER = {
  seller: {
    legal_name: 'Maison Carthage SARL',
    address: 'Tunis',
    matricule_fiscal: '1234567A/A/M/000',
    trade_register_number: null,
    phone: null,
    email: null,
    logo_key: null,
  },
  stamp_duty: 1000,
};
const ISSUE = {
  kind: 'invoice' as const,
  number: 'INV-2026-000001',
  issued_at: '2026-11-24T10:00:00.000Z',
  issued_by: 'alice',
  time_zone: 'Africa/Tunis',
};

const line = fc.record({
  price: fc.integer({ min: 1, max: 5_000_000 }),
  includesVat: fc.boolean(),
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
  const lines = o.lines.map((l) => ({
    ...l,
    amounts: lineAmounts(l.price, l.includesVat, l.rateBp, l.quantity, o.reverseCharge),
  }));
  const shippingRateBp = o.reverseCharge ? 0 : 1900;
  const subtotal = lines.reduce((s, l) => s + l.amounts.totalPrice, 0);
  const discount = Math.floor(subtotal * o.discountShare);
  const totals = orderAmounts(
    lines.map((l) => l.amounts),
    o.shipping,
    shippingRateBp,
    discount,
  );
  return {
    id: 1,
    order_number: 'ORD-20261124-0001',
    payment_method: 'card',
    customer_email: 'jane@example.com',
    customer_type: o.reverseCharge ? 'professional' : 'individual',
    vat_number: null,
    vat_reverse_charge: o.reverseCharge,
    vat_treatment: o.reverseCharge ? 'reverse_charge' : 'domestic',
    shipping_amount: totals.shippingAmount,
    shipping_vat_amount: totals.shippingVatAmount,
    shipping_vat_rate_bp: shippingVatRateBp(totals.shippingAmount, totals.shippingVatAmount, 1900),
    discount_amount: totals.discountAmount,
    total_amount: totals.totalAmount,
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
    lines: lines.map((l) => ({
      product_name: 'Shirt',
      variant_title: null,
      product_sku: null,
      quantity: l.quantity,
      unit_price: l.amounts.unitPrice,
      vat_rate_bp: l.amounts.rateBp,
      vat_amount: l.amounts.vatAmount,
      total_price: l.amounts.totalPrice,
      total_price_incl_vat: l.amounts.totalInclVat,
    })),
  };
}

const sum = (values: string[]) => values.reduce((s, v) => s + toMillimes(v), 0);

describe('invoice content', () => {
  it('reconciles with the order for any order checkout can produce', () => {
    fc.assert(
      fc.property(order, (o) => {
        const f = facts(o);
        const inv = invoiceContent(f, SELLER, ISSUE);
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
    const content = invoiceContent(facts(sample), SELLER, ISSUE);
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
