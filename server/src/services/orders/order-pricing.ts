// The one pricing of an order, shared by the checkout (checkout.ts) and staff orders
// (draft-orders.ts), so that a staff order is charged exactly what the checkout would charge
// the same buyer for the same lines at the same moment (the rules themselves are at the top of
// checkout.ts):
// - buyerOf: the buyer's VAT situation (body, else profile, else the guest defaults; the VAT
//   number checked by format, then VIES when configured) and the VAT treatment it gives with
//   the shipping country;
// - priceOrder: the catalogue rows of the lines, the rates in force for the shop's country at
//   that instant, every line priced (zero-rated under a 0 % treatment), the shipping's VAT at
//   the shop country's default rate in force, and the order's amounts. A line that cannot be
//   sold keeps its place with the reason (a draft shows it); orderRefusal is the 409 the
//   checkout answers for the first of them, in its order (lines, then shipping).
// A staff order's unit price override replaces the catalogue price in the basis the product's
// price is entered in (incl. VAT when price_includes_vat), so it is priced by the same
// lineAmounts as a catalogue price: the gross override is charged as shown, a net one gets its
// VAT on the line.
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import {
  normalizeCountry,
  orderAmounts,
  type LineAmounts,
  type OrderAmounts,
} from '../../domain/vat';
import { checkOutcome, normaliseVatNumber } from '../../domain/vat-number';
import { initialVatNumberReview, isZeroRated, vatTreatment } from '../../domain/vat-treatment';
import { conflict, type HttpProblem } from '../../api/problem';
import type { Schemas } from '../../api/types';
import { countryPricing, noRateInForce } from '../catalogue/pricing';
import {
  isSellable,
  pricedLine,
  selectCatalogueLines,
  type CatalogueLineRow,
} from '../catalogue/sellable-lines';
import { vatNumberCheckerFor } from '../billing/vat-numbers';

export const noLongerAvailable = (productName: string) =>
  conflict(`${productName} is no longer available`);

/** What the buyer says of their VAT situation (each field optional: see buyerOf). */
export interface BuyerInput {
  customer_type?: Schemas['CustomerType'] | undefined;
  /** null: no VAT number (the profile's is not used); undefined: the profile's. */
  vat_number?: string | null | undefined;
  customer_country_code?: string | undefined;
}

/** A customer account's VAT details. */
export interface BuyerProfile {
  customer_type: Schemas['CustomerType'];
  vat_number: string | null;
  country_code: string;
}

/** The buyer's VAT situation: input, else profile, else the guest defaults. */
export async function buyerOf(
  ctx: AppContext,
  input: BuyerInput,
  profile: BuyerProfile | null,
  shippingCountry: string,
) {
  const customerType = input.customer_type ?? profile?.customer_type ?? 'individual';
  const country = normalizeCountry(
    input.customer_country_code ?? profile?.country_code ?? ctx.config.shopCountry,
  );
  const rawVat = input.vat_number !== undefined ? input.vat_number : (profile?.vat_number ?? null);
  const compact = rawVat === null ? '' : normaliseVatNumber(rawVat);
  // Format, then VIES when configured (format only when VIES cannot be reached in time).
  const checked = compact === '' ? null : await vatNumberCheckerFor(ctx).check(compact, country);
  // The normalised form of a number of valid format (with its EU prefix); an invalid one is
  // kept as sent, only compacted, rather than prefixed with a country it may not belong to.
  const formatValid = checked !== null && (checked.valid || checked.check === 'vies');
  const vatNumber = checked === null ? null : formatValid ? checked.normalised : compact;
  const treatment = vatTreatment(
    {
      customer_type: customerType,
      vat_number_valid: checked?.valid ?? false,
      country_code: country,
      shipping_country: shippingCountry,
    },
    ctx.config.shopCountry,
  );
  const vatNumberCheck = checked === null ? null : checkOutcome(checked);
  const review = initialVatNumberReview(treatment, vatNumberCheck);
  return { customerType, country, vatNumber, vatNumberCheck, treatment, review };
}

export type Buyer = Awaited<ReturnType<typeof buyerOf>>;

/** A line to price: a variant, a quantity and, for a staff order, an override (millimes). */
export interface LineRequest {
  variant_id: number;
  quantity: number;
  unit_price_override?: number | null;
}

/** Why a line cannot be sold now (null: it can). */
type LineProblem = 'not_sellable' | 'no_vat_rate' | null;

interface PricedOrderLine<L extends LineRequest = LineRequest> {
  line: L;
  row: CatalogueLineRow;
  /** null when no rate is in force for the line. */
  price: LineAmounts | null;
  problem: LineProblem;
}

export interface OrderPricing<L extends LineRequest = LineRequest> {
  /** In the order given. */
  lines: PricedOrderLine<L>[];
  /** The shipping's rate (basis points); null when shipping is charged and none is in force. */
  shippingRateBp: number | null;
  /** Over the lines that have a price (all of them when the order may be placed). */
  amounts: OrderAmounts;
}

/**
 * Prices the lines for a buyer of this VAT treatment at `at`, with this NET shipping amount.
 * Every line's variant must exist (the caller read the lines in the same transaction, or the
 * variant's deletion took the line with it).
 */
export async function priceOrder<L extends LineRequest>(
  db: Db,
  options: {
    shopCountry: string;
    at: Date;
    treatment: Buyer['treatment'];
    lines: readonly L[];
    shippingNet: number;
  },
): Promise<OrderPricing<L>> {
  const { lines: requested, shippingNet } = options;
  const rows =
    requested.length === 0
      ? []
      : await selectCatalogueLines(db)
          .where(
            'v.id',
            'in',
            requested.map((l) => l.variant_id),
          )
          .execute();
  const byVariant = new Map(rows.map((r) => [r.variant_id, r]));
  const pricing = await countryPricing(db, options.shopCountry, options.at);
  const zeroRated = isZeroRated(options.treatment);
  const lines = requested.map((line): PricedOrderLine<L> => {
    const row = byVariant.get(line.variant_id);
    if (!row) throw new Error(`Variant ${line.variant_id} of an order line vanished`);
    const override = line.unit_price_override ?? null;
    const priced = override === null ? row : { ...row, price: override };
    const price = pricedLine(priced, line.quantity, pricing, zeroRated);
    const problem: LineProblem = !isSellable(row)
      ? 'not_sellable'
      : price === null
        ? 'no_vat_rate'
        : null;
    return { line, row, price, problem };
  });
  // Shipping's VAT: the shop country's default rate in force (none at 0 %).
  let shippingRateBp: number | null = 0;
  if (!zeroRated && shippingNet > 0) {
    const shopDefault = pricing.countryDefault;
    shippingRateBp = shopDefault === null ? null : Number(shopDefault.rate_bp);
  }
  const amounts = orderAmounts(
    lines.flatMap((l) => (l.price === null ? [] : [l.price])),
    shippingNet,
    shippingRateBp ?? 0,
  );
  return { lines, shippingRateBp, amounts };
}

/** The 409 of a shipping charge without a default rate in force for the shop's country. */
const shippingCannotBeCharged = (shopCountry: string) =>
  conflict(`No default VAT rate is in force for ${shopCountry}: shipping cannot be charged`);

/**
 * Why the order cannot be placed as priced, as the checkout says it (the first line that cannot
 * be sold, in the order given; else the shipping); null when it can.
 */
function orderRefusal(pricing: OrderPricing, shopCountry: string): HttpProblem | null {
  for (const { row, problem } of pricing.lines) {
    if (problem === 'not_sellable') return noLongerAvailable(row.product_name);
    if (problem === 'no_vat_rate') return noRateInForce(row.product_name);
  }
  return pricing.shippingRateBp === null ? shippingCannotBeCharged(shopCountry) : null;
}

/** The pricing of an order that may be placed: every line priced, the shipping's rate known. */
export interface PlaceablePricing<L extends LineRequest = LineRequest> {
  lines: (PricedOrderLine<L> & { price: LineAmounts })[];
  shippingRateBp: number;
  amounts: OrderAmounts;
}

/** The pricing of an order that may be placed, else its 409 (orderRefusal). */
export function placeablePricing<L extends LineRequest>(
  pricing: OrderPricing<L>,
  shopCountry: string,
): PlaceablePricing<L> {
  const refusal = orderRefusal(pricing, shopCountry);
  if (refusal) throw refusal;
  return pricing as PlaceablePricing<L>;
}
