// Shopping carts: anonymous (by session_id) or the signed-in customer's, priced from the current
// catalogue every time they are read (a cart stores quantities only, never prices).
//
// Decisions the contract leaves open:
// - Cart selection: a customer token selects the customer's cart; session_id is then only used
//   to merge that session's anonymous cart into it. The merge happens on every cart operation
//   that sends both (the auth description: "on their first cart call"), not at checkout. Merged
//   quantities are added and capped by the stock available (and 999), never below what the
//   customer's own line already had; an anonymous line that cannot be kept at all (no stock) is
//   dropped. The anonymous cart is then deleted.
// - A line whose product or variant has become inactive stays in the cart (priced as usual) so
//   the customer sees it and can remove it; checkout refuses it with a 409.
// - A simple product without its default variant (created without inventory) has nothing a
//   cart line could point at: adding it is a 404 "Product is not available for sale".
// - CartLine.image is `format: uri` while product images are stored as URLs relative to this
//   server (/api/v1/media/...): they are resolved against the request's origin.
//
// Lines are priced by sellable-lines.ts (shared with checkout).
//
// Shipping (#36): the cart may hold a destination and a shipping method (chooseCartShipping-
// Method), re-priced on every read for the cart as it then is (services/shipping/quotes.ts). A
// method that can no longer ship the cart (deactivated, deleted, no longer delivering there,
// the cart beyond its bands) is dropped on the read that finds it, with shipping_notice saying
// why, once. The goods total a method's free_above and subtotal bands see is the cart's
// total_incl_vat after its discount. Which automatic promotion is best compares a free shipping
// with the shipping the cart would pay before any discount (its method's price for the goods
// before the discount, the flat rate without methods, 0 while no method is chosen).
import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context';
import { toBool } from '../../db/bool';
import type { CustomerRow, Database } from '../../db/schema';
import type { Db } from '../../db/database';
import { requireActiveCustomer } from './customers';
import { conflict, invalid, notFound } from '../../api/problem';
import { json, money, percent } from '../../api/present';
import type { Schemas } from '../../api/types';
import { vatOfNet } from '../../domain/vat';
import { toMillimes } from '../../domain/money';
import { countryPricing, noRateInForce } from '../catalogue/pricing';
import { cartStampDuty } from '../../domain/stamp-duty';
import { loadStampDutySettings } from '../platform/shop-settings';
import {
  bestPromotion,
  cartDiscountOf,
  categoryParents,
  codeOutcome,
  productsOfVariants,
  type DiscountableLine,
  type DiscountApplication,
} from '../discounts/apply';
import { shopToday } from '../discounts/discounts';
import { throttledCodeTry } from '../discounts/code-throttle';
import {
  isGovernorate,
  quoteShipping,
  unitGrams,
  type CartMeasure,
  type Destination,
} from '../../domain/shipping';
import { findMethodRow, pricingOf, type MethodRow } from '../shipping/methods';
import {
  choosableMethod,
  destinationOf,
  droppedNotice,
  hasActiveMethod,
  offerOf,
  offersFor,
  presentQuote,
  quoteVatRate,
} from '../shipping/quotes';
import {
  availableQuantity,
  isSellable,
  pricedLine,
  selectCatalogueLines,
  shortStock,
  skuOf,
  variantTitleOf,
  type CatalogueLineRow,
} from '../catalogue/sellable-lines';

type Cart = Schemas['Cart'];
type CartLine = Schemas['CartLine'];

const MAX_LINE_QUANTITY = 999;
const SESSION_REQUIRED = 'session_id is required without a customer token';
const CART_ITEM_NOT_FOUND = 'Cart item not found';

// ---------------------------------------------------------------------------------------------
// Who the cart belongs to

/** The caller of a cart or checkout operation: a signed-in customer or an anonymous session. */
export type CartOwner =
  | { kind: 'customer'; customer: CustomerRow; sessionId: string | null }
  | { kind: 'session'; sessionId: string };

/**
 * The caller from the request: a customer token (already checked to be a customer's by the
 * access rule) or, without one, the session_id (422 when missing).
 */
export async function resolveOwner(
  db: Db,
  auth: { userType: string; userId: number } | null,
  sessionId: string | undefined,
): Promise<CartOwner> {
  if (auth && auth.userType === 'customer') {
    // A deleted or deactivated customer's token stops working at once (as for admins).
    const customer = await requireActiveCustomer(db, auth.userId);
    return { kind: 'customer', customer, sessionId: sessionId ?? null };
  }
  if (sessionId === undefined) throw invalid(['query', 'session_id'], SESSION_REQUIRED, 'missing');
  return { kind: 'session', sessionId };
}

/**
 * The country whose VAT prices the cart: the shop's, for every cart, as checkout prices every
 * line (domain/vat-treatment.ts): a sale shipped within Tunisia pays what the cart shows, one
 * shipped abroad its net at 0 %. The customer's country needs no rate of its own (#25).
 */
const cartCountry = (ctx: Pick<AppContext, 'config'>): string => ctx.config.shopCountry;

export async function findCart(db: Db, owner: CartOwner) {
  const q = db.selectFrom('carts').selectAll();
  return (
    owner.kind === 'customer'
      ? q.where('customer_id', '=', owner.customer.id)
      : q.where('session_id', '=', owner.sessionId)
  ).executeTakeFirst();
}

/** The owner's cart, created when missing (race-free: insert … on conflict do nothing). */
async function ensureCart(trx: Transaction<Database>, owner: CartOwner, now: string) {
  const values =
    owner.kind === 'customer'
      ? { customer_id: owner.customer.id, session_id: null }
      : { customer_id: null, session_id: owner.sessionId };
  await trx
    .insertInto('carts')
    .values({ ...values, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column(owner.kind === 'customer' ? 'customer_id' : 'session_id').doNothing(),
    )
    .execute();
  const cart = await findCart(trx, owner);
  if (!cart) throw new Error('The cart vanished right after it was created');
  return cart;
}

const lineTooLarge = () =>
  invalid(
    ['body', 'quantity'],
    `The quantity of a cart line cannot exceed ${MAX_LINE_QUANTITY}`,
    'maximum',
  );

// ---------------------------------------------------------------------------------------------
// Merging an anonymous cart into the customer's

/**
 * Moves the lines of the session's anonymous cart into the customer's cart and deletes the
 * anonymous cart (see the header). Does nothing without such a cart. The anonymous cart's row
 * is locked first, so two concurrent calls merge it once.
 */
async function mergeSessionCart(ctx: AppContext, owner: CartOwner): Promise<void> {
  if (owner.kind !== 'customer' || owner.sessionId === null) return;
  const sessionId = owner.sessionId;
  const anonymous = await ctx.db
    .selectFrom('carts')
    .select('id')
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  if (!anonymous) return;
  const now = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await trx
      .updateTable('carts')
      .set({ updated_at: now })
      .where('id', '=', anonymous.id)
      .where('session_id', '=', sessionId)
      .returning('id')
      .executeTakeFirst();
    if (!locked) return; // merged (and deleted) by a concurrent call
    const target = await ensureCart(trx, owner, now);
    const lines = await trx
      .selectFrom('cart_items as ci')
      .innerJoin('variants as v', 'v.id', 'ci.variant_id')
      .select([
        'ci.id',
        'ci.variant_id',
        'ci.quantity',
        'v.track_inventory',
        'v.allow_backorder',
        'v.stock_quantity',
      ])
      .where('ci.cart_id', '=', anonymous.id)
      .orderBy('ci.id')
      .execute();
    for (const line of lines) {
      const limit = Math.min(availableQuantity(line) ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY);
      const existing = await trx
        .selectFrom('cart_items')
        .select(['id', 'quantity'])
        .where('cart_id', '=', target.id)
        .where('variant_id', '=', line.variant_id)
        .executeTakeFirst();
      if (existing) {
        const own = Number(existing.quantity);
        const merged = Math.max(own, Math.min(own + Number(line.quantity), limit));
        if (merged !== own) {
          await trx
            .updateTable('cart_items')
            .set({ quantity: merged, updated_at: now })
            .where('id', '=', existing.id)
            .execute();
        }
      } else {
        const kept = Math.min(Number(line.quantity), limit);
        // The line moves (it keeps its id); with no stock at all it is dropped below.
        if (kept >= 1) {
          await trx
            .updateTable('cart_items')
            .set({ cart_id: target.id, quantity: kept, updated_at: now })
            .where('id', '=', line.id)
            .execute();
        }
      }
    }
    // Removes the anonymous cart with whatever lines were not moved (FK cascade).
    await trx.deleteFrom('carts').where('id', '=', anonymous.id).execute();
    await trx.updateTable('carts').set({ updated_at: now }).where('id', '=', target.id).execute();
  });
}

/** An absolute URL for a stored image URL (relative ones are resolved against `origin`). */
function absoluteUrl(url: string, origin: string): string | null {
  try {
    return new URL(url, origin).href;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Reading the cart

/** The cart's chosen method and destination, as it holds them (the method null once deleted). */
interface CartChoice {
  row: MethodRow | null;
  to: Destination;
}

async function choiceOf(
  db: Db,
  cart: {
    shipping_method_id: number | null;
    shipping_country: string | null;
    shipping_governorate: string | null;
  },
): Promise<CartChoice | null> {
  if (cart.shipping_country === null) return null;
  const row =
    cart.shipping_method_id === null
      ? null
      : ((await findMethodRow(db, cart.shipping_method_id)) ?? null);
  return { row, to: { country: cart.shipping_country, governorate: cart.shipping_governorate } };
}

/**
 * The shipping, incl. VAT, that a free-shipping discount is weighed against (see the header):
 * the chosen method's price for the goods before any discount, else the flat rate while the
 * shop has no active method, else 0.
 */
async function shippingToWeigh(
  ctx: AppContext,
  db: Db,
  choice: CartChoice | null,
  before: CartMeasure,
  flatShown: number,
): Promise<number> {
  if (choice === null) return (await hasActiveMethod(db)) ? 0 : flatShown;
  if (choice.row === null || !toBool(choice.row.is_active)) return 0;
  const amounts = quoteShipping(pricingOf(choice.row), before);
  if (amounts === null) return 0;
  return amounts.price + vatOfNet(amounts.price, await quoteVatRate(ctx, db, choice.to.country));
}

/**
 * The cart's lines priced now as the customer sees them (the shop country's VAT), with its
 * discount, its totals and its measure for shipping: what readCart shows and what checkout
 * prices the shipping on. `db` may be the checkout's transaction.
 */
async function cartView(
  ctx: AppContext,
  db: Db,
  owner: CartOwner,
  cart: { id: number; discount_code: string | null },
  choice: CartChoice | null,
) {
  const rows = await selectCatalogueLines(db)
    .innerJoin('cart_items as ci', 'ci.variant_id', 'v.id')
    .select(['ci.id as line_id', 'ci.quantity', 'v.weight'])
    .where('ci.cart_id', '=', cart.id)
    .orderBy('ci.created_at')
    .orderBy('ci.id')
    .execute();
  const pricing = await countryPricing(db, cartCountry(ctx), ctx.now());
  const priced = rows.map((row) => pricedLine(row, Number(row.quantity), pricing));
  const weightGrams = rows.reduce(
    (sum, row) =>
      sum + unitGrams(row.weight === null ? null : Number(row.weight)) * Number(row.quantity),
    0,
  );
  const shippingRate = pricing.countryDefault === null ? 0 : Number(pricing.countryDefault.rate_bp);
  const flatNet = ctx.config.shippingFlatRateMillimes;
  const flatShown = flatNet + vatOfNet(flatNet, shippingRate);
  const before = {
    weightGrams,
    goodsTotal: priced.reduce((sum, p) => sum + (p?.totalInclVat ?? 0), 0),
  };
  // The discount over the lines that have a price (#29, services/discounts/apply.ts).
  const { application, notice } = await cartDiscount(ctx, db, owner, cart, {
    rows,
    priced,
    shippingShown: await shippingToWeigh(ctx, db, choice, before, flatShown),
  });
  const discounted = new Map<number, DiscountApplication['lines'][number]>();
  const pricedIndexes = priced.flatMap((p, i) => (p === null ? [] : [i]));
  (application?.lines ?? []).forEach((line, k) => discounted.set(pricedIndexes[k]!, line));
  let subtotal = 0;
  let vat = 0;
  rows.forEach((_, index) => {
    const p = priced[index] ?? null;
    const after = discounted.get(index);
    // A line without a rate in force has no price and is left out of the totals (see pricing.ts);
    // a discounted line counts its net and VAT after its share of the discount.
    subtotal += after ? after.totalPrice - after.discountAmount : (p?.totalPrice ?? 0);
    vat += after ? after.vatAmount : (p?.vatAmount ?? 0);
  });
  const measure: CartMeasure = { weightGrams, goodsTotal: subtotal + vat };
  return { rows, priced, discounted, application, notice, subtotal, vat, measure, flatShown };
}

/**
 * The measure (weight, goods total) checkout prices the shipping of the owner's cart on, as the
 * cart reads with `methodId` chosen for `to`. `db` is the checkout's transaction.
 */
export async function cartMeasure(
  ctx: AppContext,
  db: Db,
  owner: CartOwner,
  cart: { id: number; discount_code: string | null },
  methodId: number | null,
  to: Destination,
): Promise<CartMeasure> {
  const row = methodId === null ? null : ((await findMethodRow(db, methodId)) ?? null);
  return (await cartView(ctx, db, owner, cart, { row, to })).measure;
}

/** The cart priced now; image URLs are absolute under PUBLIC_URL (never the request's Host). */
async function readCart(ctx: AppContext, owner: CartOwner): Promise<Cart> {
  const { db } = ctx;
  const cart = await findCart(db, owner);
  const base = {
    id: cart?.id ?? null,
    session_id: owner.kind === 'session' ? owner.sessionId : null,
    customer_id: owner.kind === 'customer' ? owner.customer.id : null,
    currency: 'TND' as const,
  };
  if (!cart) {
    return {
      ...base,
      items: [],
      item_count: 0,
      subtotal: money(0),
      vat_amount: money(0),
      total_incl_vat: money(0),
      discount: null,
      discount_notice: null,
      shipping: null,
      shipping_notice: null,
      stamp_duty: money(0),
    };
  }
  const choice = await choiceOf(db, cart);
  const view = await cartView(ctx, db, owner, cart, choice);
  const { rows, priced, discounted, application } = view;
  const { shipping, notice: shippingNotice } = await cartShipping(ctx, cart, choice, view.measure);
  let count = 0;
  const items: CartLine[] = rows.map((row, index) => {
    const quantity = Number(row.quantity);
    const p = priced[index] ?? null;
    const after = discounted.get(index);
    count += quantity;
    const image =
      json<string[]>(row.variant_images, [])[0] ?? json<string[]>(row.product_images, [])[0];
    return {
      id: row.line_id,
      product_id: row.product_id,
      variant_id: row.variant_id,
      product_name: row.product_name,
      product_slug: row.product_slug,
      variant_title: variantTitleOf(row),
      sku: skuOf(row),
      image: image === undefined ? null : absoluteUrl(image, ctx.config.publicUrl),
      quantity,
      unit_price: p ? money(p.unitPrice) : null,
      unit_price_incl_vat: p ? money(p.unitPriceInclVat) : null,
      vat_rate: p ? percent(p.rateBp) : null,
      line_subtotal: p ? money(p.totalPrice) : null,
      line_vat: p ? money(p.vatAmount) : null,
      line_total_incl_vat: p ? money(p.totalInclVat) : null,
      line_discount: money(after?.share ?? 0),
      available_quantity: availableQuantity(row),
    };
  });
  // What a free-shipping discount waives, as shown: the method held (priced now), else the flat
  // rate while the shop has no active method, else nothing yet.
  const shippingShown =
    shipping !== null
      ? Number(toMillimes(shipping.method.price_incl_vat))
      : (await hasActiveMethod(db))
        ? 0
        : view.flatShown;
  return {
    ...base,
    items,
    item_count: count,
    subtotal: money(view.subtotal),
    vat_amount: money(view.vat),
    total_incl_vat: money(view.subtotal + view.vat),
    discount: application === null ? null : cartDiscountOf(application, shippingShown),
    discount_notice: view.notice,
    shipping,
    shipping_notice: shippingNotice,
    // The stamp duty checkout adds for the buyer the cart is priced for (#30); none while empty.
    stamp_duty: money(rows.length === 0 ? 0 : cartStampDuty(await loadStampDutySettings(db))),
  };
}

/**
 * The shipping the cart holds, priced for it now; a method that can no longer ship it is dropped
 * (with the destination) and the notice says why, on this read only.
 */
async function cartShipping(
  ctx: AppContext,
  cart: { id: number; shipping_method_id: number | null },
  choice: CartChoice | null,
  measure: CartMeasure,
): Promise<{ shipping: Cart['shipping']; notice: string | null }> {
  if (choice === null) return { shipping: null, notice: null };
  const { db } = ctx;
  const offer = choice.row === null ? null : await offerOf(db, choice.row, choice.to, measure);
  if (offer === null || 'refusal' in offer) {
    const dropped = await db
      .updateTable('carts')
      .set({ shipping_method_id: null, shipping_country: null, shipping_governorate: null })
      .where('id', '=', cart.id)
      .where('shipping_country', 'is not', null)
      .executeTakeFirst();
    // A concurrent read dropped it first: that read gave the notice.
    if (Number(dropped.numUpdatedRows) === 0) return { shipping: null, notice: null };
    return {
      shipping: null,
      notice: droppedNotice(choice.row, offer === null ? 'inactive' : offer.refusal),
    };
  }
  return {
    shipping: {
      country: choice.to.country,
      governorate: isGovernorateOrNull(choice.to.governorate),
      method: presentQuote(offer, await quoteVatRate(ctx, db, choice.to.country)),
    },
    notice: null,
  };
}

/**
 * The cart's discount: its code's when the code passes the rules, else the best automatic
 * promotion. A code that can no longer be used whatever the cart holds (unknown or deleted,
 * expired, used up) is dropped from the cart, and the notice says so; one that gives nothing for
 * this cart only (minimum, not yet valid, nothing it applies to) stays, and the notice says why.
 */
async function cartDiscount(
  ctx: AppContext,
  db: Db,
  owner: CartOwner,
  cart: { id: number; discount_code: string | null },
  cartLines: {
    rows: readonly { variant_id: number; product_id: number }[];
    priced: readonly (ReturnType<typeof pricedLine> | null)[];
    shippingShown: number;
  },
): Promise<{ application: DiscountApplication | null; notice: string | null }> {
  const places = await productsOfVariants(
    db,
    cartLines.rows.map((r) => r.variant_id),
  );
  const lines: DiscountableLine[] = cartLines.rows.flatMap((row, i) => {
    const amounts = cartLines.priced[i];
    if (!amounts) return [];
    return [
      {
        productId: row.product_id,
        categoryId: places.get(row.variant_id)?.categoryId ?? null,
        amounts,
      },
    ];
  });
  const context = {
    today: await shopToday(ctx, db),
    customer:
      owner.kind === 'customer'
        ? { customerId: owner.customer.id, email: owner.customer.email }
        : null,
    parents: await categoryParents(db),
    shippingShown: cartLines.shippingShown,
  };
  let notice: string | null = null;
  if (cart.discount_code !== null) {
    const outcome = await codeOutcome(db, cart.discount_code, lines, context);
    if (outcome.kind === 'applied') return { application: outcome.application, notice: null };
    if (outcome.kind === 'refused' && outcome.permanent) {
      await db
        .updateTable('carts')
        .set({ discount_code: null })
        .where('id', '=', cart.id)
        .where('discount_code', '=', cart.discount_code)
        .execute();
      notice = `${outcome.detail}; it was removed from your cart`;
    } else if (outcome.kind === 'refused') {
      notice = outcome.detail;
    }
  }
  const promotion = lines.length === 0 ? null : await bestPromotion(db, lines, context);
  return { application: promotion, notice };
}

/** The priced lines of the owner's cart as the discount rules see them. */
async function discountableCart(ctx: AppContext, cartId: number): Promise<DiscountableLine[]> {
  const { db } = ctx;
  const rows = await selectCatalogueLines(db)
    .innerJoin('cart_items as ci', 'ci.variant_id', 'v.id')
    .select(['ci.quantity'])
    .where('ci.cart_id', '=', cartId)
    .orderBy('ci.created_at')
    .orderBy('ci.id')
    .execute();
  const pricing = await countryPricing(db, cartCountry(ctx), ctx.now());
  const places = await productsOfVariants(
    db,
    rows.map((r) => r.variant_id),
  );
  return rows.flatMap((row) => {
    const amounts = pricedLine(row, Number(row.quantity), pricing);
    if (!amounts) return [];
    return [
      {
        productId: row.product_id,
        categoryId: places.get(row.variant_id)?.categoryId ?? null,
        amounts,
      },
    ];
  });
}

// ---------------------------------------------------------------------------------------------
// Changing the cart

/** The variant a new line points at, after the contract's checks (404/422). */
async function variantToAdd(
  db: Db,
  productId: number,
  variantId: number | null,
): Promise<CatalogueLineRow> {
  const product = await db
    .selectFrom('products')
    .select(['id', 'has_variants', 'is_active'])
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!product || !toBool(product.is_active)) throw notFound('Product not found');
  if (variantId === null) {
    if (toBool(product.has_variants)) {
      throw invalid(
        ['body', 'variant_id'],
        'variant_id is required for a product with variants',
        'missing',
      );
    }
    const row = await selectCatalogueLines(db)
      .where('v.product_id', '=', productId)
      .where('v.is_default', '=', 1)
      .executeTakeFirst();
    if (!row) throw notFound('Product is not available for sale');
    if (!isSellable(row)) throw notFound('Variant not found');
    return row;
  }
  const row = await selectCatalogueLines(db).where('v.id', '=', variantId).executeTakeFirst();
  if (!row || row.product_id !== productId || !isSellable(row)) throw notFound('Variant not found');
  return row;
}

/** Refuses a line quantity above 999 (422) or above the available stock (409). */
function checkLineQuantity(quantity: number, row: CatalogueLineRow): void {
  if (quantity > MAX_LINE_QUANTITY) throw lineTooLarge();
  const available = availableQuantity(row);
  if (available !== null && quantity > available) throw shortStock(available, row.product_name);
}

/**
 * Adds `quantity` units: creates the cart and the line, or increases the existing line. The
 * increment is one upsert and the resulting quantity is checked inside the same transaction, so
 * concurrent adds to one line neither lose units nor pass the limits together.
 */
async function addItem(
  ctx: AppContext,
  owner: CartOwner,
  input: { product_id: number; variant_id?: number | null; quantity: number },
): Promise<void> {
  const row = await variantToAdd(ctx.db, input.product_id, input.variant_id ?? null);
  // Never sell at a rate that is not in force: no rate in force, no line (409).
  const pricing = await countryPricing(ctx.db, cartCountry(ctx), ctx.now());
  if (pricedLine(row, 1, pricing) === null) throw noRateInForce(row.product_name);
  const now = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const cart = await ensureCart(trx, owner, now);
    const line = await trx
      .insertInto('cart_items')
      .values({
        cart_id: cart.id,
        product_id: row.product_id,
        variant_id: row.variant_id,
        quantity: input.quantity,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['cart_id', 'variant_id']).doUpdateSet({
          quantity: sql<number>`cart_items.quantity + excluded.quantity`,
          updated_at: now,
        }),
      )
      .returning('quantity')
      .executeTakeFirstOrThrow();
    checkLineQuantity(Number(line.quantity), row); // throws: the transaction rolls back
    await trx.updateTable('carts').set({ updated_at: now }).where('id', '=', cart.id).execute();
  });
}

/** The line `lineId` of the owner's cart, with its variant; 404 for any other line. */
async function ownLine(db: Db, owner: CartOwner, lineId: number) {
  const cart = await findCart(db, owner);
  const row = cart
    ? await selectCatalogueLines(db)
        .innerJoin('cart_items as ci', 'ci.variant_id', 'v.id')
        .select(['ci.id as line_id', 'ci.cart_id'])
        .where('ci.id', '=', lineId)
        .where('ci.cart_id', '=', cart.id)
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound(CART_ITEM_NOT_FOUND);
  return row;
}

async function setItemQuantity(
  ctx: AppContext,
  owner: CartOwner,
  lineId: number,
  quantity: number,
): Promise<void> {
  const row = await ownLine(ctx.db, owner, lineId);
  checkLineQuantity(quantity, row);
  const now = ctx.now().toISOString();
  const updated = await ctx.db
    .updateTable('cart_items')
    .set({ quantity, updated_at: now })
    .where('id', '=', lineId)
    .where('cart_id', '=', row.cart_id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw notFound(CART_ITEM_NOT_FOUND);
}

async function removeItem(ctx: AppContext, owner: CartOwner, lineId: number): Promise<void> {
  const row = await ownLine(ctx.db, owner, lineId);
  const deleted = await ctx.db
    .deleteFrom('cart_items')
    .where('id', '=', lineId)
    .where('cart_id', '=', row.cart_id)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound(CART_ITEM_NOT_FOUND);
}

/** Removes every line (the cart itself stays); nothing to do without a cart. */
async function removeLines(db: Db, owner: CartOwner): Promise<void> {
  const cart = await findCart(db, owner);
  if (cart) await db.deleteFrom('cart_items').where('cart_id', '=', cart.id).execute();
}

// ---------------------------------------------------------------------------------------------
// Use cases of routes/cart.ts: each finds the caller's cart (merging the session's anonymous
// cart into a customer's first) and answers the cart as it then reads.

/** Who calls: the access token's user, if any, and the session_id sent. */
export interface CartCaller {
  auth: { userType: string; userId: number } | null;
  sessionId: string | undefined;
}

/** The caller's cart owner, after merging the session's anonymous cart into a customer's. */
async function callerOwner(ctx: AppContext, caller: CartCaller): Promise<CartOwner> {
  const owner = await resolveOwner(ctx.db, caller.auth, caller.sessionId);
  await mergeSessionCart(ctx, owner);
  return owner;
}

export async function getCart(ctx: AppContext, caller: CartCaller): Promise<Cart> {
  return readCart(ctx, await callerOwner(ctx, caller));
}

export async function addCartItem(
  ctx: AppContext,
  caller: CartCaller,
  input: Schemas['CartItemCreate'],
): Promise<Cart> {
  const owner = await callerOwner(ctx, caller);
  await addItem(ctx, owner, input);
  return readCart(ctx, owner);
}

export async function updateCartItem(
  ctx: AppContext,
  caller: CartCaller,
  lineId: number,
  quantity: number,
): Promise<Cart> {
  const owner = await callerOwner(ctx, caller);
  await setItemQuantity(ctx, owner, lineId, quantity);
  return readCart(ctx, owner);
}

export async function removeCartItem(
  ctx: AppContext,
  caller: CartCaller,
  lineId: number,
): Promise<Cart> {
  const owner = await callerOwner(ctx, caller);
  await removeItem(ctx, owner, lineId);
  return readCart(ctx, owner);
}

/**
 * Puts a code on the caller's cart when it can be used now (409 with the rule it breaks
 * otherwise: services/discounts/apply.ts), replacing the code it held. Refused codes are
 * throttled per cart and per client address (`address`; discounts/code-throttle.ts): past the
 * bound, 429 whatever the code.
 */
export async function applyCartDiscount(
  ctx: AppContext,
  caller: CartCaller,
  code: string,
  address: string,
): Promise<Cart> {
  const owner = await callerOwner(ctx, caller);
  const upper = code.trim().toUpperCase();
  if (upper === '') throw invalid(['body', 'code'], 'Enter a code');
  const now = ctx.now().toISOString();
  const cart = await ctx.db.transaction().execute((trx) => ensureCart(trx, owner, now));
  const tryer = {
    cart:
      owner.kind === 'customer'
        ? { kind: 'customer' as const, customerId: owner.customer.id }
        : { kind: 'session' as const, sessionId: owner.sessionId },
    address,
  };
  const outcome = await throttledCodeTry(
    ctx,
    tryer,
    async () =>
      codeOutcome(ctx.db, upper, await discountableCart(ctx, cart.id), {
        today: await shopToday(ctx),
        customer:
          owner.kind === 'customer'
            ? { customerId: owner.customer.id, email: owner.customer.email }
            : null,
        parents: await categoryParents(ctx.db),
      }),
    (o) => o.kind === 'refused',
  );
  if (outcome.kind === 'refused') throw conflict(outcome.detail);
  await ctx.db
    .updateTable('carts')
    .set({ discount_code: upper, updated_at: now })
    .where('id', '=', cart.id)
    .execute();
  return readCart(ctx, owner);
}

/** The cart forgets its code (an automatic promotion may still apply). */
export async function removeCartDiscount(ctx: AppContext, caller: CartCaller): Promise<Cart> {
  const owner = await callerOwner(ctx, caller);
  const cart = await findCart(ctx.db, owner);
  if (cart && cart.discount_code !== null) {
    await ctx.db
      .updateTable('carts')
      .set({ discount_code: null, updated_at: ctx.now().toISOString() })
      .where('id', '=', cart.id)
      .execute();
  }
  return readCart(ctx, owner);
}

export async function clearCart(ctx: AppContext, caller: CartCaller): Promise<void> {
  await removeLines(ctx.db, await callerOwner(ctx, caller));
}

// ---------------------------------------------------------------------------------------------
// Shipping (#36)

/** A governorate as the contract types it (stored only after destinationOf checked it). */
function isGovernorateOrNull(value: string | null): Schemas['Governorate'] | null {
  return value !== null && isGovernorate(value) ? value : null;
}

/** The active methods offered to `to` for the caller's cart as it reads now, priced. */
export async function listCartShippingMethods(
  ctx: AppContext,
  caller: CartCaller,
  destination: { country: string; governorate?: string | null | undefined },
): Promise<Schemas['ShippingQuote'][]> {
  const owner = await callerOwner(ctx, caller);
  const to = destinationOf(destination.country, destination.governorate, ['query', 'governorate']);
  const cart = await findCart(ctx.db, owner);
  const measure = cart
    ? (await cartView(ctx, ctx.db, owner, cart, await choiceOf(ctx.db, cart))).measure
    : { weightGrams: 0, goodsTotal: 0 };
  const rate = await quoteVatRate(ctx, ctx.db, to.country);
  return (await offersFor(ctx.db, to, measure)).map((offer) => presentQuote(offer, rate));
}

/** The cart keeps the destination and the method (409 when it cannot ship the cart there). */
export async function chooseCartShippingMethod(
  ctx: AppContext,
  caller: CartCaller,
  choice: Schemas['CartShippingChoice'],
): Promise<Cart> {
  const owner = await callerOwner(ctx, caller);
  const to = destinationOf(choice.country, choice.governorate, ['body', 'governorate']);
  const cart = await findCart(ctx.db, owner);
  const line =
    cart &&
    (await ctx.db
      .selectFrom('cart_items')
      .select('id')
      .where('cart_id', '=', cart.id)
      .executeTakeFirst());
  if (!cart || !line) throw invalid(['body'], 'Your cart is empty: add an item first');
  const measure = await cartMeasure(ctx, ctx.db, owner, cart, choice.shipping_method_id, to);
  const offer = await choosableMethod(ctx.db, choice.shipping_method_id, to, measure);
  await ctx.db
    .updateTable('carts')
    .set({
      shipping_method_id: offer.row.id,
      shipping_country: to.country,
      shipping_governorate: to.governorate,
      updated_at: ctx.now().toISOString(),
    })
    .where('id', '=', cart.id)
    .execute();
  return readCart(ctx, owner);
}

/** The cart forgets its destination and method. */
export async function removeCartShippingMethod(ctx: AppContext, caller: CartCaller): Promise<Cart> {
  const owner = await callerOwner(ctx, caller);
  const cart = await findCart(ctx.db, owner);
  if (cart && cart.shipping_country !== null) {
    await ctx.db
      .updateTable('carts')
      .set({
        shipping_method_id: null,
        shipping_country: null,
        shipping_governorate: null,
        updated_at: ctx.now().toISOString(),
      })
      .where('id', '=', cart.id)
      .execute();
  }
  return readCart(ctx, owner);
}
