// Discounts to the millime: examples, then properties over random lines (rates 0..19 %, prices
// entered incl. or excl. VAT) for every kind of discount.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertProperty, discountValueArb } from '../../test-support/properties';
import { allocate, discountLines, discountOn, shownTotal, type DiscountValue } from './discount';
import { lineAmounts, orderAmounts } from './vat';

describe('allocate (largest remainder)', () => {
  it('gives the millimes left to the largest remainders, ties to the earlier line', () => {
    // 100 over 3 equal lines: 33.33 each, the first line takes the millime left.
    expect(allocate(100, [1000, 1000, 1000])).toEqual([34, 33, 33]);
    // 5 over 10:20:30 → 0.83, 1.67, 2.5: floors 0, 1, 2 and the 2 left to the largest remainders.
    expect(allocate(5, [10, 20, 30])).toEqual([1, 2, 2]);
    expect(allocate(0, [5, 7])).toEqual([0, 0]);
    expect(allocate(12, [5, 7])).toEqual([5, 7]);
  });

  it('refuses more than the lines hold', () => {
    expect(() => allocate(13, [5, 7])).toThrow('Cannot spread 13 over lines totalling 12');
  });
});

describe('discountOn', () => {
  it('rounds a percentage half-up on the eligible total and caps a fixed amount', () => {
    expect(discountOn({ kind: 'percent', percentBp: 1000 }, 12_345)).toBe(1235); // 1234.5
    expect(discountOn({ kind: 'percent', percentBp: 1000 }, 12_344)).toBe(1234);
    expect(discountOn({ kind: 'percent', percentBp: 10_000 }, 12_345)).toBe(12_345);
    expect(discountOn({ kind: 'fixed_amount', amount: 5_000 }, 12_345)).toBe(5_000);
    expect(discountOn({ kind: 'fixed_amount', amount: 50_000 }, 12_345)).toBe(12_345);
    expect(discountOn({ kind: 'free_shipping' }, 12_345)).toBe(0);
  });
});

describe('discountLines', () => {
  it('charges a price incl. VAT minus its share exactly, VAT on the discounted gross', () => {
    // Two units of 11.900 incl. 19 % and one of 10.000 excl. 19 % (11.900 shown): 10 % off.
    const lines = [lineAmounts(11_900, true, 1900, 2), lineAmounts(10_000, false, 1900, 1)];
    const discount = discountOn({ kind: 'percent', percentBp: 1000 }, shownTotal(lines));
    expect(discount).toBe(3_570);
    const after = discountLines(lines, [true, true], discount);
    expect(after.map((l) => l.share)).toEqual([2_380, 1_190]);
    expect(after.map((l) => l.totalInclVat)).toEqual([21_420, 10_710]);
    expect(after.map((l) => l.totalPrice)).toEqual([20_000, 10_000]); // before the discount
    expect(after.map((l) => l.vatAmount)).toEqual([3_420, 1_710]);
    expect(after.map((l) => l.discountAmount)).toEqual([2_000, 1_000]);
  });

  it('leaves the lines it does not apply to as they were', () => {
    const lines = [lineAmounts(5_000, true, 700, 1), lineAmounts(8_000, true, 1900, 1)];
    const after = discountLines(lines, [false, true], 1_000);
    expect(after[0]).toEqual({ ...lines[0], share: 0, discountAmount: 0 });
    expect(after[1]!.totalInclVat).toBe(7_000);
  });
});

const line = fc
  .record({
    price: fc.integer({ min: 0, max: 2_000_000 }),
    includesVat: fc.boolean(),
    rateBp: fc.oneof(fc.constantFrom(0, 700, 1300, 1900), fc.integer({ min: 0, max: 1900 })),
    quantity: fc.integer({ min: 1, max: 50 }),
    eligible: fc.boolean(),
  })
  .map((l) => ({ ...l, amounts: lineAmounts(l.price, l.includesVat, l.rateBp, l.quantity) }));

const value: fc.Arbitrary<DiscountValue> = discountValueArb(50_000_000);

describe('discount properties', () => {
  it('Σ shares = the discount, no line goes negative, the lines reconcile to the order', async () => {
    await assertProperty(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        value,
        fc.integer({ min: 0, max: 20_000 }),
        (ls, v, shippingNet) => {
          const before = ls.map((l) => l.amounts);
          const eligible = ls.map((l) => l.eligible);
          const eligibleTotal = shownTotal(before.filter((_, i) => eligible[i]));
          const discount = discountOn(v, eligibleTotal);
          expect(discount).toBeLessThanOrEqual(eligibleTotal);
          const after = discountLines(before, eligible, discount);
          expect(after.reduce((s, l) => s + l.share, 0)).toBe(discount);
          after.forEach((l, i) => {
            const b = before[i]!;
            expect(l.share).toBeLessThanOrEqual(eligible[i] ? b.totalInclVat : 0);
            expect(l.share).toBeGreaterThanOrEqual(0);
            expect(l.vatAmount).toBeGreaterThanOrEqual(0);
            expect(l.discountAmount).toBeGreaterThanOrEqual(0);
            expect(l.discountAmount).toBeLessThanOrEqual(l.totalPrice);
            // What the line charges: its net after plus its VAT; shown = charged.
            expect(l.totalInclVat).toBe(b.totalInclVat - l.share);
            expect(l.totalInclVat).toBe(l.totalPrice - l.discountAmount + l.vatAmount);
            if (l.rateBp === 0) expect(l.vatAmount).toBe(0);
          });
          // The order: Σ lines incl. VAT = Σ before − the discount, and the brief's total.
          const order = orderAmounts(
            after,
            shippingNet,
            1900,
            after.reduce((s, l) => s + l.discountAmount, 0),
          );
          expect(order.totalAmount).toBe(
            shownTotal(before) - discount + shippingNet + order.shippingVatAmount,
          );
          expect(order.subtotal).toBe(before.reduce((s, l) => s + l.totalPrice, 0));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('100 % off the whole order leaves nothing to pay for the lines', async () => {
    await assertProperty(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), (ls) => {
        const before = ls.map((l) => l.amounts);
        const all = before.map(() => true);
        const discount = discountOn({ kind: 'percent', percentBp: 10_000 }, shownTotal(before));
        const after = discountLines(before, all, discount);
        const order = orderAmounts(
          after,
          0,
          0,
          after.reduce((s, l) => s + l.discountAmount, 0),
        );
        expect(order.totalAmount).toBe(0);
        expect(order.vatAmount).toBe(0);
        for (const l of after) expect(l.totalInclVat).toBe(0);
      }),
      { numRuns: 200 },
    );
  });
});
