// Staff (draft) orders (#28): an order an admin takes down for a customer (phone, WhatsApp,
// Facebook) before it is placed. docs/product.md "Staff orders" has the rules; in short:
// - A draft names its buyer (a customer account, or a guest's name, phone and e-mail), the
//   shipping address, lines (variant, quantity, an optional unit price override with its
//   reason), a NET shipping amount, a payment method and notes. It holds no stock and stores no
//   price: every read prices it NOW with the checkout's own pricing (order-pricing.ts) for its
//   buyer, so what the admin is shown is what completing it charges. Each line says whether it
//   can be completed now (not sellable, no VAT rate in force, short of stock).
// - Writes are audited with the lines, so every override is in the log with its reason.
// - Shipping (#36): a draft may name a shipping method, priced on every read for its lines and
//   destination by the checkout's own quote (services/shipping/quotes.ts orderShipping: the same
//   refusals), and frozen on the order on completion as the checkout freezes it. A shipping
//   amount staff give (shipping_amount_set) is a price agreed with the customer: it replaces the
//   method's price and cash-on-delivery fee (the order's method then records price = that
//   amount, cod_fee 0, so that shipping_amount = price + cod_fee still holds), the method still
//   recorded and still checked (it must deliver there). Without a method the amount given is
//   charged; with neither, the flat rate while the shop has no active method, else the draft
//   cannot be completed (no_shipping_method). As in the cart, the goods total a method sees
//   (free_above, subtotal bands) is after the discount, and a free-shipping discount is weighed
//   against the shipping of the goods before it.
// - Completing writes the order with the checkout's own writeOrder (checkout.ts): order number,
//   items, VAT treatment, the stock movements of kind checkout, the products locked first; the
//   first history entry names the admin and the draft. With status confirmed the order then
//   moves to confirmed through the status change's own effects (orders.ts changeStatusIn: the
//   invoice on entry). The draft is deleted in the same transaction.
// Concurrency: completing locks the draft's row first (FOR UPDATE on PostgreSQL; SQLite runs one
// writing transaction at a time), so of two admins completing one draft the second finds it gone
// (404): one order, never two. The buyer's VAT number is checked (VIES) before the transaction,
// as the checkout does; a draft changed between that check and the lock is refused (409) rather
// than completed with a check of other details.
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { AdminUserRow, Database } from '../../db/schema';
import { filteredCount, searchIn, selectedPage, sortOrder } from '../../db/search';
import { toMillimes } from '../../domain/money';
import { conflict, HttpProblem, invalid, notFound } from '../../api/problem';
import { json, money, moneyOrNull, percent } from '../../api/present';
import type { Body, Query, Schemas } from '../../api/types';
import { availableQuantity, skuOf, variantTitleOf } from '../catalogue/sellable-lines';
import { recordAudit, type AuditActor } from '../platform/audit';
import { loadStampDutySettings } from '../platform/shop-settings';
import { stampDutyOf } from '../../domain/stamp-duty';
import { shippingSnapshot, writeOrder } from './checkout';
import {
  buyerOf,
  placeablePricing,
  priceOrder,
  type Buyer,
  type BuyerInput,
  type BuyerProfile,
  type OrderPricing,
} from './order-pricing';
import { changeStatusIn, getAdminOrder } from './orders';
import { shopToday } from '../discounts/discounts';
import { withDiscount } from '../discounts/order-discount';
import {
  checkedDraftDiscount,
  draftDiscount,
  draftDiscountShown,
  draftDiscountView,
} from '../discounts/draft-discount';
import { vatOfNet } from '../../domain/vat';
import { unitGrams, type CartMeasure } from '../../domain/shipping';
import { findMethodRow } from '../shipping/methods';
import {
  frozenShipping,
  orderShipping,
  presentOrderShippingMethod,
  type OrderShipping,
} from '../shipping/quotes';
import type { DiscountApplication } from '../discounts/apply';

type DraftOrder = Schemas['DraftOrder'];
type DraftOrderLine = Schemas['DraftOrderLine'];
type DraftInput = Body<'createDraftOrder'>;
type Admin = Pick<AdminUserRow, 'id' | 'username'>;
type DraftRow = Awaited<ReturnType<ReturnType<typeof draftRows>['executeTakeFirstOrThrow']>>;
type LineRow = Awaited<ReturnType<typeof lineRows>>[number];

export const DRAFT_NOT_FOUND = 'Draft order not found';
export const DRAFT_WITHOUT_LINES = 'A staff order needs at least one line to be completed';
export const NO_SUCH_METHOD = 'No shipping method has this id';
const DRAFT_CHANGED =
  'This staff order was changed while it was being completed: review it and complete it again';

/** The note of a staff order's first history entry (its timeline says who and from which draft). */
export const staffOrderNote = (draftId: number) => `Staff order, from draft ${draftId}`;

// ---------------------------------------------------------------------------------------------
// Reading

const draftRows = (db: Db) =>
  db
    .selectFrom('draft_orders as d')
    .leftJoin('customers as c', 'c.id', 'd.customer_id')
    .leftJoin('admin_users as a', 'a.id', 'd.created_by_admin_id')
    .selectAll('d')
    .select([
      'c.email as customer_email',
      'c.customer_type as profile_customer_type',
      'c.vat_number as profile_vat_number',
      'c.country_code as profile_country_code',
      'c.is_active as customer_is_active',
      'a.username as created_by',
    ]);

const lineRows = (db: Db, draftIds: number[]) =>
  db
    .selectFrom('draft_order_lines')
    .selectAll()
    .where('draft_order_id', 'in', draftIds)
    .orderBy('draft_order_id')
    .orderBy('position')
    .execute();

const profileOf = (d: DraftRow): BuyerProfile | null =>
  d.customer_id === null || d.profile_country_code === null || d.profile_customer_type === null
    ? null
    : {
        customer_type: d.profile_customer_type,
        vat_number: d.profile_vat_number,
        country_code: d.profile_country_code,
      };

/** What the draft says of the buyer's VAT details (null fields: the profile's or the defaults). */
const buyerInputOf = (d: DraftRow): BuyerInput => ({
  customer_type: d.customer_type ?? undefined,
  vat_number: Number(d.vat_number_set) === 1 ? d.vat_number : undefined,
  customer_country_code: d.customer_country_code ?? undefined,
});

const addressOf = (d: DraftRow) =>
  json<Schemas['ShippingAddress']>(d.shipping_address, {} as Schemas['ShippingAddress']);

/** The e-mail the order will carry: the account's, else the guest's, else the address's. */
const customerEmailOf = (d: DraftRow) =>
  d.customer_email ?? (d.guest_email ?? addressOf(d).email).trim().toLowerCase();

const pricingLines = (lines: LineRow[]) =>
  lines.map((l) => ({
    ...l,
    quantity: Number(l.quantity),
    unit_price_override: l.unit_price_override === null ? null : Number(l.unit_price_override),
  }));

type PricingLine = ReturnType<typeof pricingLines>[number];

/** Why a draft's shipping cannot be priced by its method (DraftOrder.shipping_problem). */
type MethodProblem = 'no_shipping_method' | 'method_unavailable';

/** The draft's shipping: NET, the method the order freezes (null: none), or why it cannot. */
interface DraftShipping {
  net: number;
  method: OrderShipping | null;
  /** The checkout's 409 for it, and the draft's shipping_problem. */
  problem: { code: MethodProblem; error: HttpProblem } | null;
}

/** The amount staff gave (a price agreed with the customer), or null when none was given. */
const givenAmount = (d: DraftRow) =>
  Number(d.shipping_amount_set) === 1 ? Number(d.shipping_amount) : null;

/** The method named, as the order would freeze it, at `price` (an agreed amount, or 0). */
async function namedMethod(db: Db, methodId: number, price: number): Promise<OrderShipping | null> {
  const row = await findMethodRow(db, methodId);
  return row ? frozenShipping(row, price, 0) : null;
}

/** The draft's shipping for a cart of this measure (see the header). */
async function draftShipping(
  ctx: AppContext,
  db: Db,
  d: DraftRow,
  measure: CartMeasure,
): Promise<DraftShipping> {
  const given = givenAmount(d);
  const methodId = d.shipping_method_id;
  if (methodId === null && given !== null) return { net: given, method: null, problem: null };
  const address = addressOf(d);
  try {
    const shipping = await orderShipping(db, {
      methodId,
      to: { country: address.country, governorate: address.governorate ?? null },
      measure,
      paymentMethod: d.payment_method as Schemas['PaymentMethod'],
      named: methodId !== null,
      // A method deleted since is forgotten by the draft (on delete set null): it names none.
      lost: false,
    });
    if (shipping === null) {
      return { net: ctx.config.shippingFlatRateMillimes, method: null, problem: null };
    }
    if (given === null) return { net: shipping.net, method: shipping, problem: null };
    const agreed = { ...shipping.snapshot, price: given, cod_fee: 0 };
    return { net: given, method: { ...shipping, snapshot: agreed, net: given }, problem: null };
  } catch (err) {
    if (!(err instanceof HttpProblem) || err.statusCode !== 409) throw err;
    // Shown without what cannot be priced: the method still named, at the agreed amount or 0.
    return {
      net: given ?? 0,
      method: methodId === null ? null : await namedMethod(db, methodId, given ?? 0),
      problem: {
        code: methodId === null ? 'no_shipping_method' : 'method_unavailable',
        error: err,
      },
    };
  }
}

/** The weight of the lines in grams (domain/shipping.ts unitGrams), as the cart weighs itself. */
async function linesWeight(db: Db, lines: readonly PricingLine[]): Promise<number> {
  if (lines.length === 0) return 0;
  const rows = await db
    .selectFrom('variants')
    .select(['id', 'weight'])
    .where(
      'id',
      'in',
      lines.map((l) => l.variant_id),
    )
    .execute();
  const weights = new Map(rows.map((r) => [r.id, r.weight === null ? null : Number(r.weight)]));
  return lines.reduce(
    (sum, l) => sum + unitGrams(weights.get(l.variant_id) ?? null) * l.quantity,
    0,
  );
}

/** The goods incl. VAT of the lines that have a price, after the discount when there is one. */
const goodsTotal = (
  pricing: OrderPricing<PricingLine>,
  application: DiscountApplication | null,
): number =>
  (application?.lines ?? pricing.lines.flatMap((l) => (l.price === null ? [] : [l.price]))).reduce(
    (sum, line) => sum + line.totalInclVat,
    0,
  );

const isPlaceable = (
  pricing: OrderPricing<PricingLine>,
): pricing is Parameters<typeof withDiscount<PricingLine>>[0] =>
  pricing.shippingRateBp !== null && pricing.lines.every((l) => l.price !== null);

/**
 * The draft priced at `at` for its buyer: its lines, its shipping (see the header) and its
 * discount (the code's, the manual one or the best promotion, once every line and the shipping
 * have a price, as the order will). As the checkout: the method is priced for the goods after
 * the discount (the discount being chosen against the shipping of the goods before it, as the
 * cart shows it), then the discount is taken against the shipping charged. `refuse`
 * (completing): the checkout's 409s in its order: the shipping method, the lines and the
 * shipping's VAT, the discount code.
 */
async function priceDraft(
  ctx: AppContext,
  db: Db,
  d: DraftRow,
  lines: LineRow[],
  at: Date,
  options: { buyer?: Buyer; today: string; refuse: boolean },
) {
  const address = addressOf(d);
  const who = options.buyer ?? (await buyerOf(ctx, buyerInputOf(d), profileOf(d), address.country));
  const requested = pricingLines(lines);
  const price = (shippingNet: number) =>
    priceOrder(db, {
      shopCountry: ctx.config.shopCountry,
      at,
      treatment: who.treatment,
      lines: requested,
      shippingNet,
    });
  const discountOf = async (
    pricing: OrderPricing<PricingLine>,
    shippingNet: number,
    refuse: boolean,
  ) =>
    isPlaceable(pricing)
      ? draftDiscount(db, d, pricing, {
          today: options.today,
          customer: { customerId: d.customer_id, email: customerEmailOf(d) },
          shippingNet,
          refuse,
        })
      : { application: null, notice: null };
  // Only a method's price depends on the goods; a line's price never depends on the shipping,
  // so any of these pricings gives the goods.
  const named = d.shipping_method_id !== null;
  const weightGrams = named ? await linesWeight(db, requested) : 0;
  const shippingFor = (goods: number) =>
    draftShipping(ctx, db, d, { weightGrams, goodsTotal: goods });
  const goods = named ? await price(0) : null;
  // The shipping of the goods before any discount: what a free shipping is weighed against (0
  // when the method cannot ship them, as in the cart).
  const before = await shippingFor(goods === null ? 0 : goodsTotal(goods, null));
  const weighed = goods !== null && before.net === 0 ? goods : await price(before.net);
  const weighedDiscount = await discountOf(weighed, before.net, false);
  // The shipping charged: for the goods after the discount (free_above, subtotal bands).
  const after = goodsTotal(weighed, weighedDiscount.application);
  const shipping =
    !named || after === goodsTotal(weighed, null) ? before : await shippingFor(after);
  if (options.refuse && shipping.problem) throw shipping.problem.error;
  const pricing = shipping.net === before.net ? weighed : await price(shipping.net);
  if (options.refuse) placeablePricing(pricing, ctx.config.shopCountry);
  const { application, notice } =
    options.refuse || shipping.net !== before.net
      ? await discountOf(pricing, shipping.net, options.refuse)
      : weighedDiscount;
  const placeable = isPlaceable(pricing) ? pricing : null;
  return {
    buyer: who,
    pricing,
    /** The pricing with its discount once it may be placed; null while it may not. */
    discounted: placeable === null ? null : withDiscount(placeable, application),
    application: placeable === null ? null : application,
    notice,
    shipping,
  };
}

/** The method as the draft shows it: what the order will freeze, presented as the order's. */
const presentMethod = (method: OrderShipping | null) =>
  method === null
    ? null
    : presentOrderShippingMethod({
        shipping_method_id: method.methodId,
        shipping_method: JSON.stringify(method.snapshot),
      });

function presentLine({ line, row, price, problem }: OrderPricing<PricingLine>['lines'][number]) {
  const available = availableQuantity(row);
  const short = available !== null && line.quantity > available;
  const out: DraftOrderLine = {
    id: line.id,
    variant_id: row.variant_id,
    product_id: row.product_id,
    product_name: row.product_name,
    variant_title: variantTitleOf(row),
    product_sku: skuOf(row),
    quantity: line.quantity,
    unit_price_override: moneyOrNull(line.unit_price_override),
    override_reason: line.override_reason,
    unit_price: price === null ? null : money(price.unitPrice),
    unit_price_incl_vat: price === null ? null : money(price.unitPriceInclVat),
    vat_rate: price === null ? null : percent(price.rateBp),
    vat_amount: price === null ? null : money(price.vatAmount),
    total_price: price === null ? null : money(price.totalPrice),
    total_price_incl_vat: price === null ? null : money(price.totalInclVat),
    discount_amount:
      price === null ? null : money('discountAmount' in price ? Number(price.discountAmount) : 0),
    available_quantity: available,
    problem: problem ?? (short ? 'short_stock' : null),
  };
  return out;
}

/** The drafts, priced now: their lines in one query, each draft's catalogue rows in one more. */
async function presentDrafts(ctx: AppContext, db: Db, drafts: DraftRow[]): Promise<DraftOrder[]> {
  if (drafts.length === 0) return [];
  const at = ctx.now();
  const lines = await lineRows(
    db,
    drafts.map((d) => d.id),
  );
  const today = await shopToday(ctx, db);
  const stampSettings = await loadStampDutySettings(db);
  const out: DraftOrder[] = [];
  for (const d of drafts) {
    const { buyer, pricing, discounted, application, notice, shipping } = await priceDraft(
      ctx,
      db,
      d,
      lines.filter((l) => l.draft_order_id === d.id),
      at,
      { today, refuse: false },
    );
    // As at checkout, shipping cannot be priced without the shop country's default rate; the
    // draft is still shown (a rate that lapses must not take the drafts list down with it),
    // its shipping VAT unknown and the draft not completable until a default rate is in force.
    // Nor can it be by a method that cannot ship it (#36): shown at 0 (or the agreed amount).
    const shippingPriced = pricing.shippingRateBp !== null;
    const shown = discounted === null ? pricing : discounted.priced;
    const presented = shown.lines.map(presentLine);
    const { amounts } = shown;
    const shippingShown = shipping.net + vatOfNet(shipping.net, pricing.shippingRateBp ?? 0);
    // The stamp duty the order will bear (#30): the rule checkout's writeOrder applies too.
    const stampDuty = stampDutyOf(stampSettings, {
      shipping_country: addressOf(d).country,
      customer_type: buyer.customerType,
    });
    out.push({
      id: d.id,
      customer_id: d.customer_id,
      guest:
        d.guest_name === null
          ? null
          : { name: d.guest_name, phone: d.guest_phone ?? '', email: d.guest_email },
      customer_email: customerEmailOf(d),
      customer_type: buyer.customerType,
      vat_number: buyer.vatNumber,
      customer_country_code: buyer.country,
      vat_treatment: buyer.treatment,
      shipping_address: addressOf(d),
      payment_method: d.payment_method as Schemas['PaymentMethod'],
      notes: d.notes,
      language: d.language as Schemas['EmailLanguage'] | null,
      ...draftDiscountView(d),
      discount: draftDiscountShown(application, shippingShown),
      discount_notice: notice,
      lines: presented,
      subtotal: money(amounts.subtotal),
      vat_amount: money(amounts.vatAmount),
      shipping_amount: money(amounts.shippingAmount),
      shipping_amount_agreed: givenAmount(d) !== null,
      shipping_vat_amount: shippingPriced ? money(amounts.shippingVatAmount) : null,
      discount_amount: money(amounts.discountAmount),
      stamp_duty_amount: money(stampDuty),
      total_amount: money(amounts.totalAmount + stampDuty),
      currency: 'TND',
      shipping_problem: shipping.problem?.code ?? (shippingPriced ? null : 'no_vat_rate'),
      shipping_method: presentMethod(shipping.method),
      completable:
        shipping.problem === null &&
        shippingPriced &&
        presented.length > 0 &&
        presented.every((l) => l.problem === null),
      created_by: d.created_by,
      created_at: d.created_at,
      updated_at: d.updated_at,
    });
  }
  return out;
}

async function findDraftRow(db: Db, id: number): Promise<DraftRow> {
  const row = await draftRows(db).where('d.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(DRAFT_NOT_FOUND);
  return row;
}

export async function getDraftOrder(ctx: AppContext, id: number): Promise<DraftOrder> {
  const row = await findDraftRow(ctx.db, id);
  return (await presentDrafts(ctx, ctx.db, [row]))[0] as DraftOrder;
}

const SORT_COLUMNS = { updated_at: 'd.updated_at', created_at: 'd.created_at' };

export async function listDraftOrders(
  ctx: AppContext,
  q: Query<'listDraftOrders'> & { skip: number; limit: number; sort: Schemas['DraftOrderSort'] },
): Promise<{ items: DraftOrder[]; total: number }> {
  const { db } = ctx;
  const filters = searchIn(q.search, [
    'c.email',
    'd.guest_name',
    'd.guest_phone',
    'd.guest_email',
    'd.shipping_name',
  ]);
  const count = db
    .selectFrom('draft_orders as d')
    .leftJoin('customers as c', 'c.id', 'd.customer_id')
    .select((eb) => eb.fn.countAll<number>().as('n'));
  const { rows, total } = await selectedPage(
    draftRows(db),
    {
      filters,
      order: sortOrder(q.sort, SORT_COLUMNS, 'd.id'),
      count: () => filteredCount(count, filters),
    },
    q,
  );
  return { items: await presentDrafts(ctx, db, rows), total };
}

// ---------------------------------------------------------------------------------------------
// Writing

const blankToNull = (text: string | null | undefined) => {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** The input checked against the database (422 naming the field), as stored. */
async function checkedInput(db: Db, input: DraftInput) {
  const guest = input.guest ?? null;
  const customerId = input.customer_id ?? null;
  if (customerId !== null && guest !== null) {
    throw invalid(['body', 'guest'], 'Give either customer_id or guest, not both');
  }
  if (customerId === null && guest === null) {
    throw invalid(['body', 'customer_id'], 'Choose a customer account or enter a guest');
  }
  if (customerId !== null) {
    const customer = await db
      .selectFrom('customers')
      .select(['id', 'is_active'])
      .where('id', '=', customerId)
      .executeTakeFirst();
    if (!customer || Number(customer.is_active) !== 1) {
      throw invalid(['body', 'customer_id'], 'No active customer account has this id');
    }
  }
  const guestName = guest === null ? null : blankToNull(guest.name);
  if (guest !== null && guestName === null) {
    throw invalid(['body', 'guest', 'name'], "Enter the guest's name");
  }
  const seen = new Set<number>();
  const lines = input.lines.map((l, i) => {
    if (seen.has(l.variant_id)) {
      throw invalid(['body', 'lines', i, 'variant_id'], 'This variant is already on another line');
    }
    seen.add(l.variant_id);
    const override = l.unit_price_override ?? null;
    const reason = blankToNull(l.override_reason);
    if (override !== null && reason === null) {
      throw invalid(
        ['body', 'lines', i, 'override_reason'],
        'Give the reason for the unit price override',
      );
    }
    if (override === null && reason !== null) {
      throw invalid(
        ['body', 'lines', i, 'override_reason'],
        'A reason is only given with a unit price override',
      );
    }
    return {
      variant_id: l.variant_id,
      quantity: l.quantity,
      unit_price_override: override === null ? null : toMillimes(override),
      override_reason: reason,
      position: i,
    };
  });
  if (lines.length > 0) {
    const found = await db
      .selectFrom('variants')
      .select('id')
      .where(
        'id',
        'in',
        lines.map((l) => l.variant_id),
      )
      .execute();
    const known = new Set(found.map((v) => v.id));
    const missing = lines.findIndex((l) => !known.has(l.variant_id));
    if (missing >= 0)
      throw invalid(['body', 'lines', missing, 'variant_id'], 'No variant has this id');
  }
  const methodId = input.shipping_method_id ?? null;
  // A method that does not exist is a mistake in the request; one that exists but cannot ship
  // the draft (now) is saved and said by shipping_problem, as a line's variant is.
  if (methodId !== null && !(await findMethodRow(db, methodId))) {
    throw invalid(['body', 'shipping_method_id'], NO_SUCH_METHOD);
  }
  const address = shippingSnapshot(input.shipping_address);
  const draft = {
    customer_id: customerId,
    guest_name: guestName,
    guest_phone: guest === null ? null : guest.phone.trim(),
    guest_email: guest === null ? null : (blankToNull(guest.email)?.toLowerCase() ?? null),
    customer_type: input.customer_type ?? null,
    vat_number: input.vat_number ?? null,
    vat_number_set: input.vat_number !== undefined ? 1 : 0,
    customer_country_code: input.customer_country_code?.trim().toUpperCase() ?? null,
    shipping_address: JSON.stringify(address),
    shipping_name: `${address.first_name} ${address.last_name}`,
    shipping_method_id: methodId,
    // Not given: priced on every read (the method's price, else the flat rate; see the header).
    shipping_amount: input.shipping_amount === undefined ? 0 : toMillimes(input.shipping_amount),
    shipping_amount_set: input.shipping_amount === undefined ? 0 : 1,
    payment_method: input.payment_method,
    notes: blankToNull(input.notes),
    language: input.language ?? null,
    ...checkedDraftDiscount(input),
  };
  return { draft, lines };
}

type Checked = Awaited<ReturnType<typeof checkedInput>>;

/** A draft as the audit log records it: every field, the lines with their overrides and reasons. */
function auditValues(c: Checked) {
  const { draft } = c;
  return {
    customer_id: draft.customer_id,
    guest_name: draft.guest_name,
    guest_phone: draft.guest_phone,
    guest_email: draft.guest_email,
    customer_type: draft.customer_type,
    vat_number: draft.vat_number,
    customer_country_code: draft.customer_country_code,
    shipping_address: JSON.parse(draft.shipping_address) as unknown,
    shipping_method_id: draft.shipping_method_id,
    shipping_amount: draft.shipping_amount_set === 1 ? money(draft.shipping_amount) : null,
    payment_method: draft.payment_method,
    notes: draft.notes,
    language: draft.language,
    ...draftDiscountView(draft),
    lines: c.lines.map((l) => ({
      variant_id: l.variant_id,
      quantity: l.quantity,
      unit_price_override: moneyOrNull(l.unit_price_override),
      override_reason: l.override_reason,
    })),
  };
}

/** The stored draft as checkedInput makes it (the audit's "before"). */
async function storedDraft(trx: Transaction<Database>, row: DraftRow): Promise<Checked> {
  const lines = await lineRows(trx, [row.id]);
  return {
    draft: {
      customer_id: row.customer_id,
      guest_name: row.guest_name,
      guest_phone: row.guest_phone,
      guest_email: row.guest_email,
      customer_type: row.customer_type,
      vat_number: row.vat_number,
      vat_number_set: Number(row.vat_number_set),
      customer_country_code: row.customer_country_code,
      shipping_address: row.shipping_address,
      shipping_name: row.shipping_name,
      shipping_method_id: row.shipping_method_id,
      shipping_amount: Number(row.shipping_amount),
      shipping_amount_set: Number(row.shipping_amount_set),
      payment_method: row.payment_method as Schemas['PaymentMethod'],
      notes: row.notes,
      language: row.language as Schemas['EmailLanguage'] | null,
      discount_code: row.discount_code,
      manual_discount_percent_bp: row.manual_discount_percent_bp,
      manual_discount_amount: row.manual_discount_amount,
      manual_discount_reason: row.manual_discount_reason,
    },
    lines: pricingLines(lines).map((l) => ({
      variant_id: l.variant_id,
      quantity: l.quantity,
      unit_price_override: l.unit_price_override,
      override_reason: l.override_reason,
      position: Number(l.position),
    })),
  };
}

/** A label for the log: the guest's name or the account's id, and the shipping name. */
const draftLabel = (c: Checked) =>
  c.draft.guest_name ?? `customer ${c.draft.customer_id ?? ''} (${c.draft.shipping_name})`;

async function insertLines(trx: Transaction<Database>, draftId: number, lines: Checked['lines']) {
  if (lines.length === 0) return;
  await trx
    .insertInto('draft_order_lines')
    .values(lines.map((l) => ({ ...l, draft_order_id: draftId })))
    .execute();
}

/** Locks the draft's row for the rest of the transaction (PostgreSQL; SQLite writes one at a time). */
async function lockedDraft(
  trx: Transaction<Database>,
  ctx: AppContext,
  id: number,
): Promise<DraftRow> {
  let lock = trx.selectFrom('draft_orders').select('id').where('id', '=', id);
  if (ctx.dialect === 'postgres') lock = lock.forUpdate();
  if (!(await lock.executeTakeFirst())) throw notFound(DRAFT_NOT_FOUND);
  return findDraftRow(trx, id);
}

export async function createDraftOrder(
  ctx: AppContext,
  input: DraftInput,
  admin: AuditActor,
): Promise<DraftOrder> {
  const now = ctx.now().toISOString();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const checked = await checkedInput(trx, input);
    const row = await trx
      .insertInto('draft_orders')
      .values({
        ...checked.draft,
        created_by_admin_id: admin?.id ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertLines(trx, row.id, checked.lines);
    await recordAudit(trx, admin, {
      action: 'create',
      entity: 'draft_order',
      entity_id: row.id,
      label: draftLabel(checked),
      after: auditValues(checked),
    });
    return row.id;
  });
  return getDraftOrder(ctx, id);
}

export async function updateDraftOrder(
  ctx: AppContext,
  id: number,
  input: DraftInput,
  admin: AuditActor,
): Promise<DraftOrder> {
  const now = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await storedDraft(trx, await lockedDraft(trx, ctx, id));
    const checked = await checkedInput(trx, input);
    await trx
      .updateTable('draft_orders')
      .set({ ...checked.draft, updated_at: now })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('draft_order_lines').where('draft_order_id', '=', id).execute();
    await insertLines(trx, id, checked.lines);
    await recordAudit(trx, admin, {
      action: 'update',
      entity: 'draft_order',
      entity_id: id,
      label: draftLabel(checked),
      before: auditValues(before),
      after: auditValues(checked),
    });
  });
  return getDraftOrder(ctx, id);
}

export async function deleteDraftOrder(
  ctx: AppContext,
  id: number,
  admin: AuditActor,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await storedDraft(trx, await lockedDraft(trx, ctx, id));
    await trx.deleteFrom('draft_orders').where('id', '=', id).execute();
    await recordAudit(trx, admin, {
      action: 'delete',
      entity: 'draft_order',
      entity_id: id,
      label: draftLabel(before),
      before: auditValues(before),
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Completing

export async function completeDraftOrder(
  ctx: AppContext,
  id: number,
  body: Body<'completeDraftOrder'> | undefined,
  admin: Admin,
): Promise<Schemas['Order']> {
  const status = body?.status ?? 'pending';
  // The buyer's VAT number is checked before the transaction (VIES may take seconds), as the
  // checkout does; the draft must not change between that check and the lock.
  const read = await findDraftRow(ctx.db, id);
  if (read.customer_id !== null && Number(read.customer_is_active) !== 1) {
    throw conflict('The customer account of this staff order is deactivated');
  }
  const address = shippingSnapshot(addressOf(read));
  const buyer = await buyerOf(ctx, buyerInputOf(read), profileOf(read), address.country);
  const at = ctx.now();
  const now = at.toISOString();

  const orderId = await ctx.db.transaction().execute(async (trx) => {
    const draft = await lockedDraft(trx, ctx, id);
    if (draft.updated_at !== read.updated_at) throw conflict(DRAFT_CHANGED);
    const lines = await lineRows(trx, [id]);
    if (lines.length === 0) throw conflict(DRAFT_WITHOUT_LINES);
    // The checkout's 409s (lines, shipping method, shipping VAT, discount code) in its order.
    const customer = { customerId: draft.customer_id, email: customerEmailOf(draft) };
    const { discounted, shipping } = await priceDraft(ctx, trx, draft, lines, at, {
      buyer,
      today: await shopToday(ctx, trx),
      refuse: true,
    });
    if (discounted === null) throw new Error('unreachable: a refused draft was thrown above');
    const { priced, discount } = discounted;
    const newOrderId = await writeOrder(trx, ctx, {
      at,
      priced,
      discount: discount === null ? null : { ...discount, customer },
      buyer,
      customerId: draft.customer_id,
      customerEmail: customerEmailOf(draft),
      paymentMethod: draft.payment_method as Schemas['PaymentMethod'],
      address,
      notes: draft.notes,
      language: draft.language as Schemas['EmailLanguage'] | null,
      shipping: shipping.method,
      by: { admin, note: staffOrderNote(id) },
    });
    if (status === 'confirmed') {
      await changeStatusIn(trx, ctx, newOrderId, 'confirmed', { admin, note: null, now });
    }
    const before = await storedDraft(trx, draft);
    await trx.deleteFrom('draft_orders').where('id', '=', id).execute();
    const order = await trx
      .selectFrom('orders')
      .select(['order_number', 'total_amount'])
      .where('id', '=', newOrderId)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, admin, [
      {
        action: 'create',
        entity: 'order',
        entity_id: newOrderId,
        label: order.order_number,
        after: {
          order_number: order.order_number,
          status,
          draft_order_id: id,
          customer_id: draft.customer_id,
          customer_email: customerEmailOf(draft),
          total_amount: money(Number(order.total_amount)),
        },
      },
      {
        action: 'delete',
        entity: 'draft_order',
        entity_id: id,
        label: draftLabel(before),
        before: auditValues(before),
      },
    ]);
    return newOrderId;
  });
  return getAdminOrder(ctx.db, orderId);
}
