// What returns credit of a line (creditedSoFar, creditedPart): whatever the amount, the line's
// quantity and the sizes of its returns, every return credits ≥ 0, the returns so far never
// credit more than the line, and all of its units credit exactly the line. Exact examples too.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditedPart, creditedSoFar } from './credit-notes';

describe('creditedSoFar and creditedPart', () => {
  it('rounds half-up, exactly, at any size', () => {
    expect(creditedSoFar(4_790, 1, 3)).toBe(1_597);
    expect(creditedSoFar(4_790, 2, 3)).toBe(3_193);
    expect(creditedSoFar(4_790, 3, 3)).toBe(4_790);
    expect(creditedSoFar(1_001, 1, 2)).toBe(501); // 500.5 → 501
    expect(creditedSoFar(0, 1, 3)).toBe(0);
    expect(creditedSoFar(999_999_999_999, 333_333_333, 999_999_999)).toBe(333_333_333_333);
    expect(creditedPart(4_790, 1, 1, 3)).toBe(1_596);
  });

  it('credits a line exactly once all its units are back, never more before', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999_999_999 }),
        fc.integer({ min: 1, max: 1_000 }),
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 20 }),
        (amount, total, sizes) => {
          let prev = 0;
          let credited = 0;
          for (const size of sizes) {
            const q = Math.min(size, total - prev);
            if (q <= 0) break;
            const part = creditedPart(amount, prev, q, total);
            expect(part).toBeGreaterThanOrEqual(0);
            credited += part;
            prev += q;
            expect(credited).toBe(creditedSoFar(amount, prev, total));
            expect(credited).toBeLessThanOrEqual(amount);
          }
          credited += creditedPart(amount, prev, total - prev, total);
          expect(credited).toBe(amount);
        },
      ),
    );
  });
});
