// What shipping a cart is offered and charged (#36): the destination's zone (domain/shipping.ts
// zoneOf over every zone), the ACTIVE methods delivering to that zone whose bands hold the cart,
// each priced by quoteShipping. The cart's list, the cart's chosen method, the checkout and the
// refusals' texts all come from here, so a quote and the order's shipping cannot differ.
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { toBool } from '../../db/bool';
import { conflict, invalid, notFound } from '../../api/problem';
import { json, money, moneyOrNull } from '../../api/present';
import type { Schemas } from '../../api/types';
import {
  GOVERNORATE_COUNTRY,
  quoteShipping,
  zoneOf,
  type CartMeasure,
  type Destination,
  type ShippingQuoteAmounts,
  type ShippingRefusal,
  SHIPPING_REFUSALS,
} from '../../domain/shipping';
import { normalizeCountry, vatOfNet } from '../../domain/vat';
import { countryPricing } from '../catalogue/pricing';
import {
  activeMethodRows,
  findMethodRow,
  METHOD_NOT_FOUND,
  methodName,
  pricingOf,
  zonesOfMethods,
  type MethodRow,
} from './methods';
import { allZoneRows, zoneRule } from './zones';

/**
 * The destination from a request, country upper-cased; a governorate only for TN (422 at `loc`).
 */
export function destinationOf(
  country: string,
  governorate: string | null | undefined,
  loc: (string | number)[],
): Destination {
  const to = { country: normalizeCountry(country), governorate: governorate ?? null };
  if (to.governorate !== null && to.country !== GOVERNORATE_COUNTRY) {
    throw invalid(loc, `A governorate is only for an address in ${GOVERNORATE_COUNTRY}`);
  }
  return to;
}

/** Whether the shop prices shipping by its methods (else SHIPPING_FLAT_RATE applies). */
export async function hasActiveMethod(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('shipping_methods')
    .select('id')
    .where('is_active', '=', 1)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The zone the destination belongs to (the first matching), or null. */
async function zoneIdOf(db: Db, to: Destination): Promise<number | null> {
  return zoneOf((await allZoneRows(db)).map(zoneRule), to)?.id ?? null;
}

/** A method offered for a cart: its row and its amounts for the cart. */
export interface Offer {
  row: MethodRow;
  amounts: ShippingQuoteAmounts;
}

/** The method's offer for the cart and destination, or why there is none. */
export async function offerOf(
  db: Db,
  row: MethodRow,
  to: Destination,
  measure: CartMeasure,
): Promise<Offer | { refusal: ShippingRefusal }> {
  if (!toBool(row.is_active)) return { refusal: 'inactive' };
  const zoneId = await zoneIdOf(db, to);
  const zones = (await zonesOfMethods(db, [row.id])).get(row.id) ?? [];
  if (zoneId === null || !zones.includes(zoneId)) return { refusal: 'not_delivering' };
  const amounts = quoteShipping(pricingOf(row), measure);
  if (amounts === null) return { refusal: 'no_band' };
  return { row, amounts };
}

/** Every active method offered for the cart and destination, in the methods' order. */
export async function offersFor(db: Db, to: Destination, measure: CartMeasure): Promise<Offer[]> {
  const zoneId = await zoneIdOf(db, to);
  if (zoneId === null) return [];
  const rows = await activeMethodRows(db);
  const zones = await zonesOfMethods(
    db,
    rows.map((r) => r.id),
  );
  return rows.flatMap((row) => {
    if (!(zones.get(row.id) ?? []).includes(zoneId)) return [];
    const amounts = quoteShipping(pricingOf(row), measure);
    return amounts === null ? [] : [{ row, amounts }];
  });
}

/**
 * The VAT rate of shipping to `country` as the cart shows it: the shop country's default rate
 * in force within the shop's country, 0 abroad (an export; the reverse charge is only known at
 * checkout, where order-pricing.ts decides the order's).
 */
export async function quoteVatRate(
  ctx: Pick<AppContext, 'config' | 'now'>,
  db: Db,
  country: string,
): Promise<number> {
  if (country !== ctx.config.shopCountry) return 0;
  const { countryDefault } = await countryPricing(db, ctx.config.shopCountry, ctx.now());
  return countryDefault === null ? 0 : Number(countryDefault.rate_bp);
}

/** An offer as the contract's ShippingQuote, its _incl_vat amounts at `rateBp`. */
export function presentQuote(offer: Offer, rateBp: number): Schemas['ShippingQuote'] {
  const { row, amounts } = offer;
  return {
    id: row.id,
    name: methodName(row),
    carrier: row.carrier,
    price: money(amounts.price),
    price_incl_vat: money(amounts.price + vatOfNet(amounts.price, rateBp)),
    cod_fee: money(amounts.codFee),
    cod_fee_incl_vat: money(amounts.codFee + vatOfNet(amounts.codFee, rateBp)),
    free_above: moneyOrNull(row.free_above === null ? null : Number(row.free_above)),
    is_free: amounts.isFree,
  };
}

/** A method row as the refusal texts name it. */
const refused = (row: MethodRow) => ({ name: row.name_en, rateKind: row.rate_kind });

/** The 409 of choosing (cart) or checking out with a method that cannot ship the cart. */
const refusalDetail = (row: MethodRow, refusal: ShippingRefusal) =>
  SHIPPING_REFUSALS.refused(refused(row), refusal);

/** The cart's notice, once, when a method it held can no longer ship it. */
export const droppedNotice = (row: MethodRow | null, refusal: ShippingRefusal) =>
  SHIPPING_REFUSALS.dropped(row === null ? null : refused(row), refusal);

/** What an order freezes of its method (orders.shipping_method JSON). */
export interface OrderMethodSnapshot {
  name: { en: string; fr: string; ar: string };
  carrier: string | null;
  tracking_url_template: string | null;
  price: number;
  cod_fee: number;
}

/** The shipping of an order being placed: its method and amounts; null at the flat rate. */
export interface OrderShipping {
  methodId: number;
  snapshot: OrderMethodSnapshot;
  /** NET: the price, plus the COD fee when paid cash on delivery. */
  net: number;
}

/**
 * The method as an order freezes it (its names, carrier and tracking page) at this price and
 * COD fee: a checkout's quote, or a staff order's agreed amount.
 */
export function frozenShipping(row: MethodRow, price: number, codFee: number): OrderShipping {
  return {
    methodId: row.id,
    snapshot: {
      name: methodName(row),
      carrier: row.carrier,
      tracking_url_template: row.tracking_url_template,
      price,
      cod_fee: codFee,
    },
    net: price + codFee,
  };
}

/**
 * The shipping of an order placed with `methodId` (the body's, else the cart's), for the cart
 * and destination, paid by `paymentMethod`: null when the shop has no active method (the flat
 * rate; 409 when a method was named anyway); else the method's quote, 409 with a detail when
 * none is named, or it is deleted, inactive, not delivering there or holds no band for the cart.
 */
export async function orderShipping(
  db: Db,
  input: {
    methodId: number | null;
    to: Destination;
    measure: CartMeasure;
    paymentMethod: Schemas['PaymentMethod'];
    /** The body named the method (a deleted one is then an unknown id, not a lost choice). */
    named: boolean;
    /** The cart held a method that was deleted since (its destination stays, its id is null). */
    lost?: boolean;
  },
): Promise<OrderShipping | null> {
  if (!(await hasActiveMethod(db))) {
    if (input.named && input.methodId !== null) throw conflict(SHIPPING_REFUSALS.noMethods);
    return null;
  }
  if (input.methodId === null)
    throw conflict(
      input.lost === true ? SHIPPING_REFUSALS.deleted : SHIPPING_REFUSALS.chooseAMethod,
    );
  const row = await findMethodRow(db, input.methodId);
  if (!row) throw conflict(SHIPPING_REFUSALS.deleted);
  const offer = await offerOf(db, row, input.to, input.measure);
  if ('refusal' in offer) throw conflict(refusalDetail(row, offer.refusal));
  const codFee = input.paymentMethod === 'cash_on_delivery' ? offer.amounts.codFee : 0;
  return frozenShipping(row, offer.amounts.price, codFee);
}

/** The method to choose for a cart (PUT cart/shipping-method): 404 unknown, 409 refusals. */
export async function choosableMethod(
  db: Db,
  methodId: number,
  to: Destination,
  measure: CartMeasure,
): Promise<Offer> {
  const row = await findMethodRow(db, methodId);
  if (!row) throw notFound(METHOD_NOT_FOUND);
  const offer = await offerOf(db, row, to, measure);
  if ('refusal' in offer) throw conflict(refusalDetail(row, offer.refusal));
  return offer;
}

/** An order's frozen method (orders.shipping_method_id and the snapshot) as OrderShippingMethod. */
export function presentOrderShippingMethod(row: {
  shipping_method_id: number | null;
  shipping_method: string | null;
}): Schemas['OrderShippingMethod'] | null {
  const snapshot = json<OrderMethodSnapshot | null>(row.shipping_method, null);
  if (snapshot === null) return null;
  return {
    id: row.shipping_method_id,
    name: snapshot.name,
    carrier: snapshot.carrier,
    tracking_url_template: snapshot.tracking_url_template,
    price: money(snapshot.price),
    cod_fee: money(snapshot.cod_fee),
  };
}
