// Checkout: turns the caller's cart into an order, in ONE database transaction.
// Pricing (buyerOf, priceOrder) lives in order-pricing.ts and the writing of the order
// (writeOrder) here, both shared with the completion of staff orders (draft-orders.ts): a staff
// order is placed by the same code as the checkout's.
//
// Amounts (integer millimes; VAT rates in basis points, see domain/vat.ts):
// - The VAT treatment (domain/vat-treatment.ts): domestic when shipped within the shop's country,
//   else reverse_charge (below) or export; both of these charge 0 % on every line and on the
//   shipping, and need no rate of the destination country.
// - Every line is re-priced from the catalogue at checkout for the SHOP's country (the cart is
//   never trusted) at the rate IN FORCE now (pricing.ts: the variant's own rate, else the
//   product's, or the first of its successors in force; the shop country's default in force when
//   that rate belongs to another country). A line with no rate in force is refused (409). Under a
//   0 % treatment that rate only turns a price entered incl. VAT into its net.
// - Line amounts: domain/vat.ts lineAmounts. A price entered including VAT is charged exactly
//   as shown (unit_price_incl_vat = the price, total_price_incl_vat = price × quantity; the VAT
//   inside it half-up, the net is the difference). A price entered excluding VAT:
//   total_price = unit × quantity, vat_amount = total_price × rate half-up ON THE LINE.
// - Order amounts: domain/vat.ts orderAmounts. subtotal = Σ total_price; SHIPPING_FLAT_RATE is
//   NET: its VAT at the shop country's (TN) default rate in force, half-up, is
//   shipping_vat_amount (0 under the reverse charge; 409 when shipping is charged and no
//   default rate is in force); vat_amount = Σ line VAT + shipping VAT; discount_amount = Σ the
//   lines' discount_amount (#29: the cart's code, else the best automatic promotion, re-checked
//   in the transaction, services/discounts/apply.ts; its use counted there);
//   stamp_duty_amount = the stamp duty the buyer and address bear under the settings now
//   (domain/stamp-duty.ts, #30); total_amount = subtotal + vat_amount + shipping_amount −
//   discount_amount + stamp_duty_amount, the amount due of the order's invoice.
// - Reverse charge (isReverseChargeEligible): a professional whose VAT number is valid for
//   customer_country_code (format, and VIES when VIES_URL is set and VIES answers in time), an
//   EU member state other than the shop's, with the shipping address in that same country:
//   every line's rate and VAT are 0; vat_reverse_charge is true. vat_number_check records how
//   the number was checked (format_invalid, format_checked, vies_confirmed, vies_rejected); a
//   reverse charge on a number only format_checked gets vat_number_review to_confirm (an admin
//   confirms the number before the order can be invoiced: services/orders/orders.ts).
//
// Shipping (#36, services/shipping/quotes.ts orderShipping): with an active shipping method in
// the shop, the order needs one (the body's shipping_method_id, else the cart's) that still
// ships the cart to the shipping address (country and governorate): 409 with a detail
// otherwise. shipping_amount is its price for the cart at checkout (the cart's weight and goods
// total as the cart shows them, cart.ts cartMeasure) plus its cash-on-delivery fee when so paid,
// all read inside the transaction; the method is frozen on the order (shipping_method_id and
// the shipping_method snapshot). A free-shipping discount waives all of it. Without an active
// method, SHIPPING_FLAT_RATE as before and no method on the order. A governorate on the address
// is only for TN (422).
//
// Buyer details: customer_type, vat_number and customer_country_code come from the body, else
// from the signed-in customer's profile, else (guest) individual, no VAT number and TN (the
// CheckoutRequest schema). vat_number is stored normalised as validate-vat does (upper case, no
// separators, EU country prefix) when valid for the country, else only upper-cased without
// separators; a vat_number sent as null means none (the profile's is not used). customer_email
// is the account's e-mail, or the shipping e-mail (lower-cased) for a guest. A customer token
// sent with a session_id checks out the customer's cart (no merge at checkout: see cart.ts).
//
// Concurrency (the transaction's statements, in this order):
// 1. DELETE the cart's lines … RETURNING them: the lines are taken exactly once; a concurrent
//    checkout of the same cart waits on them and then finds the cart empty (409).
// 2. The order number (atomic upsert on order_number_counters, order-numbers.ts).
// 3. The order, its item snapshots and its first status_history entry (null → pending).
// 4. Stock: adjustStock (one conditional UPDATE per tracked variant, in variant id order, after
//    the lines' products were locked in id order before step 2, as every writer of variants
//    locks them: inventory/stock.ts lockProductsOfVariants) never takes the stock below 0
//    without backorders; a short line
//    throws a 409 naming the product and what is left, and everything rolls back. Each movement
//    is the order's (stock_movements.order_id): cancelling gives back exactly these.
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import { toBool } from '../../db/bool';
import type { AdminUserRow, Database } from '../../db/schema';
import { normalizeCountry } from '../../domain/vat';
import { conflict, HttpProblem } from '../../api/problem';
import type { Body, Schemas } from '../../api/types';
import { cartMeasure, findCart, resolveOwner, type CartCaller } from './cart';
import { destinationOf, orderShipping, type OrderShipping } from '../shipping/quotes';
import { nextOrderNumber } from './order-numbers';
import { findOrder, getAdminOrder } from './orders';
import { emitWebhookEvent } from '../webhooks/outbox';
import {
  buyerOf,
  noLongerAvailable,
  placeablePricing,
  priceOrder,
  type Buyer,
  type PlaceablePricing,
} from './order-pricing';
import { shortStock, skuOf, variantTitleOf } from '../catalogue/sellable-lines';
import { adjustStock, lockProductsOfVariants, type StockChange } from '../inventory/stock';
import { takeDiscountUse, type DiscountCustomer } from '../discounts/apply';
import { shopToday } from '../discounts/discounts';
import { discountForOrder, withDiscount, type OrderDiscount } from '../discounts/order-discount';
import { STATUS_AT_CHECKOUT } from '../../../../contract/order-status';
import { stampDutyOf } from '../../domain/stamp-duty';
import { loadStampDutySettings } from '../platform/shop-settings';

type Order = Schemas['Order'];

const CART_EMPTY = 'Your cart is empty';

/** The name and postal lines of an address, its optional ones null when not given. */
export function postalFields(a: Schemas['ShippingAddress']) {
  return {
    first_name: a.first_name,
    last_name: a.last_name,
    company: a.company ?? null,
    street_address: a.street_address,
    apartment: a.apartment ?? null,
    city: a.city,
    state: a.state ?? null,
    postal_code: a.postal_code,
  };
}

/** The address as stored on the order: optional fields null (governorate absent), the country upper-cased. */
export function shippingSnapshot(a: Schemas['ShippingAddress']): Schemas['ShippingAddress'] {
  return {
    ...postalFields(a),
    country: normalizeCountry(a.country),
    // Only when given (#36): orders placed before governorates existed have none either.
    ...(a.governorate ? { governorate: a.governorate } : {}),
    phone: a.phone,
    email: a.email,
  };
}

/** Checks the caller's cart out: the order placed (see the rules at the top of this file). */
export async function placeOrder(
  ctx: AppContext,
  caller: CartCaller,
  body: Body<'createOrder'>,
): Promise<Order> {
  const owner = await resolveOwner(ctx.db, caller.auth, caller.sessionId);
  const at = ctx.now();
  const now = at.toISOString();
  const address = shippingSnapshot(body.shipping_address);
  const to = destinationOf(address.country, address.governorate, [
    'body',
    'shipping_address',
    'governorate',
  ]);
  const profile = owner.kind === 'customer' ? owner.customer : null;
  const buyer = await buyerOf(ctx, body, profile, address.country);
  const customerEmail =
    owner.kind === 'customer' ? owner.customer.email : address.email.trim().toLowerCase();
  const notes = body.notes?.trim() ? body.notes.trim() : null;

  const orderId = await ctx.db.transaction().execute(async (trx) => {
    const cart = await findCart(trx, owner);
    if (!cart) throw conflict(CART_EMPTY);
    const measure = await cartMeasure(
      ctx,
      trx,
      owner,
      cart,
      body.shipping_method_id ?? cart.shipping_method_id,
      to,
    );
    // 1. Take the lines (see the header).
    const taken = await trx
      .deleteFrom('cart_items')
      .where('cart_id', '=', cart.id)
      .returning(['variant_id', 'quantity'])
      .execute();
    if (taken.length === 0) throw conflict(CART_EMPTY);
    await trx.updateTable('carts').set({ updated_at: now }).where('id', '=', cart.id).execute();

    // The shipping method and its price for the cart as it read before its lines were taken.
    const named = body.shipping_method_id !== undefined && body.shipping_method_id !== null;
    const methodId = named ? body.shipping_method_id! : cart.shipping_method_id;
    const shipping = await orderShipping(trx, {
      methodId,
      to,
      measure,
      paymentMethod: body.payment_method,
      named,
      lost: !named && cart.shipping_country !== null && cart.shipping_method_id === null,
    });
    const shippingNet = shipping === null ? ctx.config.shippingFlatRateMillimes : shipping.net;

    // Priced by the one pricing of orders (order-pricing.ts), in variant id order.
    const undiscounted = placeablePricing(
      await priceOrder(trx, {
        shopCountry: ctx.config.shopCountry,
        at,
        treatment: buyer.treatment,
        lines: [...taken]
          .sort((a, b) => a.variant_id - b.variant_id)
          .map((l) => ({ variant_id: l.variant_id, quantity: Number(l.quantity) })),
        shippingNet,
      }),
      ctx.config.shopCountry,
    );
    // The cart's code, or the best automatic promotion, every rule re-checked now (#29).
    const customer = {
      customerId: owner.kind === 'customer' ? owner.customer.id : null,
      email: customerEmail,
    };
    const { priced, discount } = withDiscount(
      undiscounted,
      await discountForOrder(trx, {
        code: cart.discount_code,
        priced: undiscounted,
        today: await shopToday(ctx, trx),
        customer,
        shippingNet,
      }),
    );
    if (cart.discount_code !== null || cart.shipping_country !== null) {
      await trx
        .updateTable('carts')
        .set({
          discount_code: null,
          shipping_method_id: null,
          shipping_country: null,
          shipping_governorate: null,
        })
        .where('id', '=', cart.id)
        .execute();
    }
    return writeOrder(trx, ctx, {
      at,
      priced,
      discount: discount === null ? null : { ...discount, customer },
      buyer,
      customerId: owner.kind === 'customer' ? owner.customer.id : null,
      customerEmail,
      paymentMethod: body.payment_method,
      address,
      notes,
      language: body.language ?? null,
      by: null,
      shipping,
    });
  });
  // The buyer's view (guests too): no admin notes or names in the history.
  const order = await findOrder(ctx.db, orderId, 'customer');
  if (!order) throw new Error(`Order ${orderId} vanished right after checkout`);
  return order;
}

/** An order to write: priced (every line sellable), for a buyer, placed by a buyer or an admin. */
interface OrderToWrite {
  at: Date;
  priced: PlaceablePricing;
  buyer: Buyer;
  customerId: number | null;
  customerEmail: string;
  paymentMethod: Schemas['PaymentMethod'];
  /** As stored (shippingSnapshot). */
  address: Schemas['ShippingAddress'];
  notes: string | null;
  /** The language of the customer's e-mails; null: the shipping country's (order-emails.ts). */
  language: Schemas['EmailLanguage'] | null;
  /** The admin who placed it (a staff order) and the note of its first history entry; null: the buyer. */
  by: { admin: Pick<AdminUserRow, 'id' | 'username'> | null; note: string } | null;
  /** The discount given (priced is already discounted) and who uses it; null: none (#29). */
  discount?: (OrderDiscount & { customer: DiscountCustomer }) | null;
  /** The shipping method given, frozen (priced includes its amount); null/absent: the flat rate (#36). */
  shipping?: OrderShipping | null;
}

/**
 * Steps 2 to 4 of the header (after the products of the lines are locked): the order number,
 * the order, its items in the order priced, its first history entry (null → pending) and the
 * stock it takes. The checkout and the completion of a staff order (draft-orders.ts) both place
 * their orders here. Returns the order's id.
 */
export async function writeOrder(
  trx: Transaction<Database>,
  ctx: AppContext,
  o: OrderToWrite,
): Promise<number> {
  const now = o.at.toISOString();
  const { priced, buyer } = o;
  // The products of the lines, locked before their variants are written, as every writer of
  // variants locks them (a product's save holds the product, then writes its variants), and
  // before the order's items refer to them (a key-share lock the stock figures' trigger, at
  // commit, would have to upgrade).
  await lockProductsOfVariants(
    trx,
    ctx.dialect,
    priced.lines.map(({ row }) => row.variant_id),
  );

  // The discount's use, counted before the order exists (its per-customer count reads the
  // customer's other orders), after the products' locks as every writer takes them.
  const discount = o.discount ?? null;
  if (discount !== null && discount.id !== null) {
    await takeDiscountUse(trx, discount.id, discount.customer);
  }

  // 2. The order number.
  const orderNumber = await nextOrderNumber(trx, o.at);

  // 3. The order, with the stamp duty its buyer and address bear under the settings now (#30):
  // its own line, in total_amount, copied by its invoice.
  const amounts = priced.amounts;
  const stampDuty = stampDutyOf(await loadStampDutySettings(trx), {
    shipping_country: o.address.country,
    customer_type: buyer.customerType,
  });
  const order = await trx
    .insertInto('orders')
    .values({
      order_number: orderNumber,
      status: STATUS_AT_CHECKOUT,
      payment_method: o.paymentMethod,
      customer_id: o.customerId,
      customer_email: o.customerEmail,
      customer_type: buyer.customerType,
      customer_country_code: buyer.country,
      vat_number: buyer.vatNumber,
      vat_reverse_charge: buyer.treatment === 'reverse_charge' ? 1 : 0,
      vat_number_check: buyer.vatNumberCheck,
      vat_treatment: buyer.treatment,
      vat_number_review: buyer.review,
      subtotal: amounts.subtotal,
      vat_amount: amounts.vatAmount,
      shipping_amount: amounts.shippingAmount,
      shipping_vat_amount: amounts.shippingVatAmount,
      discount_amount: amounts.discountAmount,
      stamp_duty_amount: stampDuty,
      total_amount: amounts.totalAmount + stampDuty,
      currency: 'TND',
      shipping_address: JSON.stringify(o.address),
      notes: o.notes,
      language: o.language,
      discount_id: discount?.id ?? null,
      discount_code: discount?.code ?? null,
      discount_name: discount?.name ?? null,
      discount_kind: discount?.kind ?? null,
      discount_shipping_amount: discount?.shippingWaived ?? 0,
      shipping_method_id: o.shipping?.methodId ?? null,
      shipping_method: o.shipping ? JSON.stringify(o.shipping.snapshot) : null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertOrderItems(trx, order.id, priced.lines);
  await trx
    .insertInto('order_status_history')
    .values({
      order_id: order.id,
      from_status: null,
      to_status: STATUS_AT_CHECKOUT,
      note: o.by?.note ?? null,
      changed_by_admin_id: o.by?.admin?.id ?? null,
      changed_by: o.by?.admin?.username ?? null,
      created_at: now,
    })
    .execute();

  // 4. Stock, taken by this order, in variant id order (the lock order of variants).
  const stockChange: StockChange = {
    kind: 'checkout',
    orderId: order.id,
    orderNumber,
    adminUserId: o.by?.admin?.id ?? null,
    now,
  };
  const byVariant = [...priced.lines].sort((a, b) => a.row.variant_id - b.row.variant_id);
  for (const { row, line } of byVariant) {
    if (toBool(row.track_inventory))
      await takeStock(trx, row.variant_id, line.quantity, row.product_name, stockChange);
  }
  await emitWebhookEvent(trx, 'order.created', o.at, () => getAdminOrder(trx, order.id));
  return order.id;
}

/**
 * The order's items for priced lines, each with its catalogue snapshot (name, variant title,
 * SKU) and amounts: the checkout's, a staff order's and the lines an edit adds are written alike.
 */
export async function insertOrderItems(
  trx: Transaction<Database>,
  orderId: number,
  lines: PlaceablePricing['lines'],
): Promise<void> {
  if (lines.length === 0) return;
  await trx
    .insertInto('order_items')
    .values(
      lines.map(({ row, line, price }) => ({
        order_id: orderId,
        product_id: row.product_id,
        variant_id: row.variant_id,
        product_name: row.product_name,
        variant_title: variantTitleOf(row),
        product_sku: skuOf(row),
        quantity: line.quantity,
        unit_price: price.unitPrice,
        unit_price_incl_vat: price.unitPriceInclVat,
        vat_rate_bp: price.rateBp,
        vat_amount: price.vatAmount,
        total_price: price.totalPrice,
        total_price_incl_vat: price.totalInclVat,
        discount_amount: discountAmountOf(price),
      })),
    )
    .execute();
}

/** A line's discount_amount (net): set by withDiscount on a discounted line, else 0. */
const discountAmountOf = (price: object): number =>
  'discountAmount' in price && typeof price.discountAmount === 'number' ? price.discountAmount : 0;

/**
 * Removes `quantity` units of a tracked variant.
 * When the stock is short, the 409 names the product and the quantity still available; a
 * variant that stopped tracking meanwhile is left alone (nothing to decrement), one
 * deleted meanwhile is no longer available (409).
 */
async function takeStock(
  trx: Transaction<Database>,
  variantId: number,
  quantity: number,
  productName: string,
  change: StockChange,
): Promise<void> {
  try {
    await adjustStock(trx, variantId, -quantity, change);
  } catch (err) {
    if (!(err instanceof HttpProblem)) throw err;
    // Deleted since the cart was read (adjustStock's 404): no longer available.
    if (err.statusCode === 404) throw noLongerAvailable(productName);
    if (err.statusCode !== 409) throw err;
    const variant = await trx
      .selectFrom('variants')
      .select(['stock_quantity', 'track_inventory'])
      .where('id', '=', variantId)
      .executeTakeFirst();
    if (variant && !toBool(variant.track_inventory)) return;
    throw shortStock(Math.max(0, Number(variant?.stock_quantity ?? 0)), productName);
  }
}
