// A staff order's discount (#29): a code, checked by the checkout's rules (apply.ts), or a manual
// discount (a percent or an amount off every line, with its reason), priced by the same
// functions as a checkout's (domain/discount.ts), on the draft as it reads and on its completion.
import { HttpProblem, invalid } from '../../api/problem';
import { moneyOrNull } from '../../api/present';
import type { Schemas } from '../../api/types';
import type { Db } from '../../db/database';
import { parseScaled, toSafeNumber } from '../../domain/fixed-point';
import { toMillimes } from '../../domain/money';
import type { LineRequest, PlaceablePricing } from '../orders/order-pricing';
import { cartDiscountOf, type DiscountApplication, type DiscountCustomer } from './apply';
import { discountForOrder, manualApplication } from './order-discount';

type ManualInput = Schemas['DraftOrderManualDiscount'];

/** The draft's discount columns (migration 031). */
export interface DraftDiscountColumns {
  discount_code: string | null;
  manual_discount_percent_bp: number | null;
  manual_discount_amount: number | null;
  manual_discount_reason: string | null;
}

const NONE: DraftDiscountColumns = {
  discount_code: null,
  manual_discount_percent_bp: null,
  manual_discount_amount: null,
  manual_discount_reason: null,
};

/** The input's discount as stored, after its rules (422 naming the field). */
export function checkedDraftDiscount(input: {
  discount_code?: string | null;
  manual_discount?: ManualInput | null;
}): DraftDiscountColumns {
  const code = input.discount_code ?? null;
  const manual = input.manual_discount ?? null;
  if (code !== null && manual !== null) {
    throw invalid(['body', 'manual_discount'], 'Give either a discount code or a manual discount');
  }
  if (code !== null) return { ...NONE, discount_code: code.toUpperCase() };
  if (manual === null) return NONE;
  const field = (name: string) => ['body', 'manual_discount', name];
  const reason = manual.reason.trim();
  if (reason === '') throw invalid(field('reason'), 'Give the reason for the discount');
  const percent = manual.percent ?? null;
  const amount = manual.amount === undefined ? null : toMillimes(manual.amount);
  if ((percent === null) === (amount === null)) {
    throw invalid(field('percent'), 'Give either a percent or an amount');
  }
  if (amount !== null && amount <= 0) throw invalid(field('amount'), 'The amount must be above 0');
  return {
    discount_code: null,
    manual_discount_percent_bp:
      percent === null ? null : toSafeNumber(parseScaled(percent, 2, 'Percent'), 'Percent'),
    manual_discount_amount: amount,
    manual_discount_reason: reason,
  };
}

/** The stored columns as the contract shows them (the draft's answer and its audit values). */
export function draftDiscountView(row: DraftDiscountColumns): {
  discount_code: string | null;
  manual_discount: ManualInput | null;
} {
  const reason = row.manual_discount_reason;
  return {
    discount_code: row.discount_code,
    manual_discount:
      reason === null
        ? null
        : {
            ...(row.manual_discount_percent_bp === null
              ? {}
              : { percent: Number(row.manual_discount_percent_bp) / 100 }),
            ...(row.manual_discount_amount === null
              ? {}
              : { amount: moneyOrNull(Number(row.manual_discount_amount))! }),
            reason,
          },
  };
}

const manualOf = (row: DraftDiscountColumns) =>
  row.manual_discount_reason === null
    ? null
    : {
        percentBp:
          row.manual_discount_percent_bp === null ? null : Number(row.manual_discount_percent_bp),
        amount: row.manual_discount_amount === null ? null : Number(row.manual_discount_amount),
        reason: row.manual_discount_reason,
      };

/**
 * The discount of a draft priced as placeable: the manual one, else the code's or the best
 * automatic promotion (apply.ts). On a read, a refused code gives no discount and its detail as
 * the notice; on completion (`refuse`), the checkout's 409.
 */
export async function draftDiscount<L extends LineRequest>(
  db: Db,
  row: DraftDiscountColumns,
  priced: PlaceablePricing<L>,
  context: { today: string; customer: DiscountCustomer; shippingNet: number; refuse: boolean },
): Promise<{ application: DiscountApplication | null; notice: string | null }> {
  const manual = manualOf(row);
  if (manual !== null) return { application: manualApplication(priced, manual), notice: null };
  try {
    const application = await discountForOrder(db, {
      code: row.discount_code,
      priced,
      today: context.today,
      customer: context.customer,
      shippingNet: context.shippingNet,
    });
    return { application, notice: null };
  } catch (err) {
    if (context.refuse || !(err instanceof HttpProblem) || err.statusCode !== 409) throw err;
    return { application: null, notice: err.message };
  }
}

/** The draft's discount as a cart shows it. */
export const draftDiscountShown = (
  application: DiscountApplication | null,
  shippingShown: number,
): Schemas['CartDiscount'] | null =>
  application === null ? null : cartDiscountOf(application, shippingShown);
