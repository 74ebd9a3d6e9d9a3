// Which discount a cart or an order gets, why a code is refused, and the use it counts (#29).
// The one set of rules for the cart (cart.ts), the checkout (checkout.ts) and staff orders
// (draft-orders.ts); the arithmetic is domain/discount.ts.
//
// Rules, in the order they are checked (the first that fails is the refusal's detail):
// 1. the code exists and its discount is active (an inactive code reads as unknown: a customer
//    learns nothing of codes the shop switched off);
// 2. today (shop's time zone) is within starts_on..ends_on;
// 3. usage_count < usage_limit;
// 4. the customer's orders with it (not cancelled or refunded) < usage_limit_per_customer (a
//    customer is their account or, for a guest, the e-mail; a guest's cart is not checked
//    before checkout, where the e-mail is known);
// 5. the lines (as the cart shows them, before any discount) add up to minimum_subtotal;
// 6. it applies to at least one line (scope products: the product is listed; categories: the
//    product's category or one of its parents is).
// Without a code the cart and the checkout take the automatic promotion (code null) that passes
// every rule and gives the most (ties: the lowest id); a code the customer entered beats it.
//
// Counting uses: the checkout and a staff order's completion count the use in the order's
// transaction with ONE conditional update (usage_count + 1 where usage_count < usage_limit), so on
// PostgreSQL concurrent checkouts of one code queue on its row and re-read the count: never past
// the limit. The per-customer count is read after that update, once the row is held, so two
// checkouts of the same customer cannot both pass it. A cancelled (or refunded) order gives its
// use back; a reopened one takes it again even past the limit (as its stock: orders.ts).
import { sql, type Transaction } from 'kysely';
import { conflict } from '../../api/problem';
import { money } from '../../api/present';
import type { Schemas } from '../../api/types';
import { toBool } from '../../db/bool';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { fromMillimes } from '../../domain/money';
import {
  discountLines,
  discountOn,
  shownTotal,
  type DiscountedLine,
  type DiscountValue,
} from '../../domain/discount';
import type { LineAmounts } from '../../domain/vat';
import type { DiscountRow } from './discounts';

/** A priced line as the discount rules see it. */
export interface DiscountableLine {
  productId: number;
  categoryId: number | null;
  amounts: LineAmounts;
}

/** Who would use the discount: an account, or a guest's e-mail (null: not known yet). */
export type DiscountCustomer = { customerId: number | null; email: string | null } | null;

/** A discount with its links, ready to be judged. */
interface DiscountCandidate {
  row: DiscountRow;
  productIds: ReadonlySet<number>;
  categoryIds: ReadonlySet<number>;
}

/** The discount a set of lines gets: the lines after it, and what it takes as shown. */
export interface DiscountApplication {
  discount: { id: number | null; code: string | null; name: string; kind: Schemas['DiscountKind'] };
  lines: DiscountedLine[];
  /** What it takes off the lines as shown (Σ shares). */
  linesDiscount: number;
  /** Free shipping: the shipping is not charged. */
  freeShipping: boolean;
}

const TND = (millimes: number) => `${fromMillimes(millimes)} TND`;

const refusals = {
  unknown: (code: string) => `The code "${code}" does not exist`,
  notYet: (code: string, day: string) => `The code "${code}" is valid from ${day}`,
  expired: (code: string, day: string) => `The code "${code}" expired on ${day}`,
  usedUp: (code: string) => `The code "${code}" has been used up`,
  /** An automatic promotion used up by other orders between the cart and the checkout. */
  promotionUsedUp: (name: string) =>
    `The promotion "${name}" has been used up: your cart no longer gets it`,
  usedUpByCustomer: (code: string) =>
    `You have already used the code "${code}" as many times as allowed`,
  minimum: (code: string, minimum: number, missing: number) =>
    `The code "${code}" needs an order of at least ${TND(minimum)}: add ${TND(missing)} more`,
  nothing: (code: string) => `The code "${code}" does not apply to anything in your cart`,
};

/** What names the discount in a refusal: its code, else (a promotion) its name. */
const nameOf = (row: DiscountRow) => row.code ?? row.name;

// ---------------------------------------------------------------------------------------------
// Loading

async function withLinks(db: Db, rows: readonly DiscountRow[]): Promise<DiscountCandidate[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const products = await db
    .selectFrom('discount_products')
    .select(['discount_id', 'product_id'])
    .where('discount_id', 'in', ids)
    .execute();
  const categories = await db
    .selectFrom('discount_categories')
    .select(['discount_id', 'category_id'])
    .where('discount_id', 'in', ids)
    .execute();
  return rows.map((row) => ({
    row,
    productIds: new Set(products.filter((p) => p.discount_id === row.id).map((p) => p.product_id)),
    categoryIds: new Set(
      categories.filter((c) => c.discount_id === row.id).map((c) => c.category_id),
    ),
  }));
}

/** The discount of a code (any case), null when none has it. */
async function discountOfCode(db: Db, code: string): Promise<DiscountCandidate | null> {
  const row = await db
    .selectFrom('discounts')
    .selectAll()
    .where('code', '=', code.toUpperCase())
    .executeTakeFirst();
  return row ? ((await withLinks(db, [row]))[0] ?? null) : null;
}

/** The active automatic promotions, lowest id first. */
async function automaticPromotions(db: Db): Promise<DiscountCandidate[]> {
  const rows = await db
    .selectFrom('discounts')
    .selectAll()
    .where('code', 'is', null)
    .where('is_active', '=', 1)
    .orderBy('id')
    .execute();
  return withLinks(db, rows);
}

/** Each category's parent, to tell whether a product sits under a chosen category. */
export async function categoryParents(db: Db): Promise<Map<number, number | null>> {
  const rows = await db.selectFrom('categories').select(['id', 'parent_id']).execute();
  return new Map(rows.map((r) => [r.id, r.parent_id]));
}

/** The product and category of each variant, for the lines' scope. */
export async function productsOfVariants(
  db: Db,
  variantIds: readonly number[],
): Promise<Map<number, { productId: number; categoryId: number | null }>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'p.id as product_id', 'p.category_id'])
    .where('v.id', 'in', variantIds)
    .execute();
  return new Map(rows.map((r) => [r.id, { productId: r.product_id, categoryId: r.category_id }]));
}

/** Orders of this customer that hold a use of the discount. */
async function usesBy(db: Db, discountId: number, customer: DiscountCustomer): Promise<number> {
  if (customer === null || (customer.customerId === null && customer.email === null)) return 0;
  const { customerId, email } = customer;
  const { n } = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('discount_id', '=', discountId)
    .where('status', 'not in', ['cancelled', 'refunded'])
    .where((eb) =>
      eb.or([
        ...(customerId === null ? [] : [eb('customer_id', '=', customerId)]),
        ...(email === null ? [] : [eb('customer_email', '=', email.trim().toLowerCase())]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(n);
}

// ---------------------------------------------------------------------------------------------
// Judging

/** Which lines the discount applies to. */
function eligibleLines(
  candidate: DiscountCandidate,
  lines: readonly DiscountableLine[],
  parents: ReadonlyMap<number, number | null>,
): boolean[] {
  const { row } = candidate;
  return lines.map((line) => {
    if (row.scope === 'order') return true;
    if (row.scope === 'products') return candidate.productIds.has(line.productId);
    const seen = new Set<number>();
    for (let c = line.categoryId; c !== null && !seen.has(c); c = parents.get(c) ?? null) {
      if (candidate.categoryIds.has(c)) return true;
      seen.add(c);
    }
    return false;
  });
}

const valueOf = (row: DiscountRow): DiscountValue =>
  row.kind === 'percent'
    ? { kind: 'percent', percentBp: Number(row.percent_bp) }
    : row.kind === 'fixed_amount'
      ? { kind: 'fixed_amount', amount: Number(row.amount) }
      : { kind: 'free_shipping' };

/** Rules 2, 3, 5 and 6 (those that need no database), the refusal's detail or null. */
function refusalOf(
  candidate: DiscountCandidate,
  lines: readonly DiscountableLine[],
  eligible: readonly boolean[],
  today: string,
): string | null {
  const { row } = candidate;
  const name = nameOf(row);
  if (row.starts_on !== null && row.starts_on > today) return refusals.notYet(name, row.starts_on);
  if (row.ends_on !== null && row.ends_on < today) return refusals.expired(name, row.ends_on);
  if (row.usage_limit !== null && Number(row.usage_count) >= Number(row.usage_limit)) {
    return refusals.usedUp(name);
  }
  const shown = shownTotal(lines.map((l) => l.amounts));
  const minimum = row.minimum_subtotal === null ? 0 : Number(row.minimum_subtotal);
  if (shown < minimum) return refusals.minimum(name, minimum, minimum - shown);
  if (!eligible.some(Boolean)) return refusals.nothing(name);
  return null;
}

/** The lines after the candidate's discount (it passed the rules). */
function applicationOf(
  candidate: DiscountCandidate,
  lines: readonly DiscountableLine[],
  eligible: readonly boolean[],
): DiscountApplication {
  const { row } = candidate;
  const amounts = lines.map((l) => l.amounts);
  const eligibleTotal = shownTotal(amounts.filter((_, i) => eligible[i]));
  const linesDiscount = discountOn(valueOf(row), eligibleTotal);
  return {
    discount: { id: row.id, code: row.code, name: row.name, kind: row.kind },
    lines: discountLines(amounts, eligible, linesDiscount),
    linesDiscount,
    freeShipping: row.kind === 'free_shipping',
  };
}

/** What a discount is worth to compare promotions: off the lines, or the shipping shown. */
const worth = (a: DiscountApplication, shippingShown: number) =>
  a.freeShipping ? shippingShown : a.linesDiscount;

/** The outcome for a set of lines: the discount applied, or why the code gives nothing. */
type DiscountOutcome =
  | { kind: 'applied'; application: DiscountApplication }
  | { kind: 'refused'; detail: string; permanent: boolean }
  | { kind: 'none' };

/**
 * The code's outcome on these lines (rules 1 to 6). `permanent`: the code can no longer be used
 * by this customer whatever the cart holds (unknown, expired, used up), so a cart drops it.
 */
export async function codeOutcome(
  db: Db,
  code: string,
  lines: readonly DiscountableLine[],
  context: {
    today: string;
    customer: DiscountCustomer;
    parents: ReadonlyMap<number, number | null>;
  },
): Promise<DiscountOutcome> {
  const candidate = await discountOfCode(db, code);
  const upper = code.toUpperCase();
  if (!candidate || !toBool(candidate.row.is_active)) {
    return { kind: 'refused', detail: refusals.unknown(upper), permanent: true };
  }
  const eligible = eligibleLines(candidate, lines, context.parents);
  const detail = refusalOf(candidate, lines, eligible, context.today);
  if (detail !== null) {
    const { row } = candidate;
    const permanent =
      (row.ends_on !== null && row.ends_on < context.today) || detail === refusals.usedUp(upper);
    return { kind: 'refused', detail, permanent };
  }
  const limit = candidate.row.usage_limit_per_customer;
  if (limit !== null && (await usesBy(db, candidate.row.id, context.customer)) >= Number(limit)) {
    return { kind: 'refused', detail: refusals.usedUpByCustomer(upper), permanent: true };
  }
  return { kind: 'applied', application: applicationOf(candidate, lines, eligible) };
}

/** The automatic promotion that gives the most (ties: the lowest id), or none. */
export async function bestPromotion(
  db: Db,
  lines: readonly DiscountableLine[],
  context: {
    today: string;
    customer: DiscountCustomer;
    parents: ReadonlyMap<number, number | null>;
    shippingShown: number;
  },
): Promise<DiscountApplication | null> {
  let best: DiscountApplication | null = null;
  for (const candidate of await automaticPromotions(db)) {
    const eligible = eligibleLines(candidate, lines, context.parents);
    if (refusalOf(candidate, lines, eligible, context.today) !== null) continue;
    const limit = candidate.row.usage_limit_per_customer;
    if (limit !== null && (await usesBy(db, candidate.row.id, context.customer)) >= Number(limit)) {
      continue;
    }
    const application = applicationOf(candidate, lines, eligible);
    const value = worth(application, context.shippingShown);
    if (value <= 0) continue;
    if (best === null || value > worth(best, context.shippingShown)) best = application;
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Counting uses

/**
 * Counts one use of the discount for an order being placed, in its transaction (see the header):
 * 409 with the used-up detail when the limit is reached meanwhile, or when this customer reached
 * theirs.
 */
export async function takeDiscountUse(
  trx: Transaction<Database>,
  discountId: number,
  customer: DiscountCustomer,
): Promise<void> {
  const taken = await trx
    .updateTable('discounts')
    .set({ usage_count: sql<number>`usage_count + 1` })
    .where('id', '=', discountId)
    .where('is_active', '=', 1)
    .where((eb) =>
      eb.or([eb('usage_limit', 'is', null), eb('usage_count', '<', eb.ref('usage_limit'))]),
    )
    .returning(['code', 'name', 'usage_limit_per_customer'])
    .executeTakeFirst();
  if (!taken) {
    const row = await trx
      .selectFrom('discounts')
      .select(['code', 'name'])
      .where('id', '=', discountId)
      .executeTakeFirst();
    if (!row) throw conflict(refusals.unknown(String(discountId)));
    throw conflict(
      row.code === null ? refusals.promotionUsedUp(row.name) : refusals.usedUp(row.code),
    );
  }
  const limit = taken.usage_limit_per_customer;
  // Read once the row is held: the orders of this customer committed before are all seen.
  if (limit !== null && (await usesBy(trx, discountId, customer)) >= Number(limit)) {
    throw conflict(refusals.usedUpByCustomer(taken.code ?? taken.name));
  }
}

/** A cancelled order gives its use back (+1: a reopened one takes it again, past the limit). */
export async function moveDiscountUse(
  trx: Transaction<Database>,
  orderId: number,
  delta: 1 | -1,
): Promise<void> {
  const order = await trx
    .selectFrom('orders')
    .select('discount_id')
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order || order.discount_id === null) return;
  await trx
    .updateTable('discounts')
    .set({ usage_count: sql<number>`usage_count + ${delta}` })
    .where('id', '=', order.discount_id)
    .where((eb) => (delta < 0 ? eb('usage_count', '>', 0) : eb.lit(true)))
    .execute();
}

/** The cart's discount as the contract shows it. */
export function cartDiscountOf(
  application: DiscountApplication,
  shippingShown: number,
): Schemas['CartDiscount'] {
  return {
    code: application.discount.code,
    name: application.discount.name,
    kind: application.discount.kind,
    amount: money(application.freeShipping ? shippingShown : application.linesDiscount),
  };
}
