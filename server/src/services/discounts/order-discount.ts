// The discount of an order being placed (checkout, a staff order's completion), inside the order's
// transaction: every rule re-checked on the lines as priced for this buyer (apply.ts), the lines
// and totals re-priced with it (domain/discount.ts), and what the order freezes.
import { conflict } from '../../api/problem';
import type { Db } from '../../db/database';
import { discountLines, discountOn, shownTotal, type DiscountValue } from '../../domain/discount';
import { orderAmounts, vatOfNet } from '../../domain/vat';
import type { LineRequest, PlaceablePricing } from '../orders/order-pricing';
import {
  bestPromotion,
  categoryParents,
  codeOutcome,
  productsOfVariants,
  type DiscountApplication,
  type DiscountCustomer,
  type DiscountableLine,
} from './apply';

/** What an order freezes of its discount (orders.discount_* columns). */
export interface OrderDiscount {
  /** null: a staff order's manual discount (no discount row to count). */
  id: number | null;
  code: string | null;
  name: string;
  kind: 'percent' | 'fixed_amount' | 'free_shipping';
  /** The net shipping a free-shipping discount waived (0 otherwise). */
  shippingWaived: number;
}

/** The priced lines of an order as the discount rules see them. */
async function discountable<L extends LineRequest>(
  db: Db,
  priced: PlaceablePricing<L>,
): Promise<DiscountableLine[]> {
  const places = await productsOfVariants(
    db,
    priced.lines.map((l) => l.row.variant_id),
  );
  return priced.lines.map((l) => ({
    productId: l.row.product_id,
    categoryId: places.get(l.row.variant_id)?.categoryId ?? null,
    amounts: l.price,
  }));
}

/**
 * The discount the order gets: the code's (409 with the rule it breaks) or, without a code, the
 * best automatic promotion; null for none.
 */
export async function discountForOrder<L extends LineRequest>(
  trx: Db,
  input: {
    code: string | null;
    priced: PlaceablePricing<L>;
    today: string;
    customer: DiscountCustomer;
    shippingNet: number;
  },
): Promise<DiscountApplication | null> {
  const lines = await discountable(trx, input.priced);
  const context = {
    today: input.today,
    customer: input.customer,
    parents: await categoryParents(trx),
    shippingShown: input.shippingNet + vatOfNet(input.shippingNet, input.priced.shippingRateBp),
  };
  if (input.code !== null) {
    const outcome = await codeOutcome(trx, input.code, lines, context);
    if (outcome.kind === 'refused') throw conflict(outcome.detail);
    if (outcome.kind === 'applied') return outcome.application;
    return null;
  }
  return bestPromotion(trx, lines, context);
}

/** A staff order's manual discount over every line (percent in bp or amount in millimes). */
export function manualApplication<L extends LineRequest>(
  priced: PlaceablePricing<L>,
  manual: { percentBp: number | null; amount: number | null; reason: string },
): DiscountApplication {
  const value: DiscountValue =
    manual.percentBp !== null
      ? { kind: 'percent', percentBp: manual.percentBp }
      : { kind: 'fixed_amount', amount: manual.amount ?? 0 };
  const amounts = priced.lines.map((l) => l.price);
  const linesDiscount = discountOn(value, shownTotal(amounts));
  return {
    discount: { id: null, code: null, name: manual.reason, kind: value.kind },
    lines: discountLines(
      amounts,
      amounts.map(() => true),
      linesDiscount,
    ),
    linesDiscount,
    freeShipping: false,
  };
}

/**
 * The pricing with the discount: each line's VAT on its discounted amount and its
 * discount_amount (net), the order's discount_amount = Σ of them; free shipping charges no
 * shipping (nor its VAT). Unchanged without a discount.
 */
export function withDiscount<L extends LineRequest>(
  priced: PlaceablePricing<L>,
  application: DiscountApplication | null,
): { priced: PlaceablePricing<L>; discount: OrderDiscount | null } {
  if (application === null) return { priced, discount: null };
  const lines = priced.lines.map((l, i) => ({ ...l, price: application.lines[i]! }));
  const shippingNet = application.freeShipping ? 0 : priced.amounts.shippingAmount;
  const amounts = orderAmounts(
    lines.map((l) => l.price),
    shippingNet,
    priced.shippingRateBp,
    lines.reduce((s, l) => s + l.price.discountAmount, 0),
  );
  return {
    priced: { ...priced, lines, amounts },
    discount: {
      ...application.discount,
      shippingWaived: application.freeShipping ? priced.amounts.shippingAmount : 0,
    },
  };
}
