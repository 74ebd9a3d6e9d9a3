// Order edits (issue #28 part 2): editOrder changes an order's lines, address or shipping.
//
// Rules (docs/product.md §10.17):
// - Only in a status the table calls editable (contract/order-status.ts: pending, confirmed,
//   processing), and only without returns (a return's credit note and amounts rest on the lines
//   as they were): 409 otherwise. `lines`, when sent, is the new content (at least one line: the
//   contract's minItems): an item named by order_item_id keeps its frozen prices with its new
//   quantity, an item not named is removed, a variant named by variant_id is added and priced by
//   the checkout's own pricing (order-pricing.ts priceOrder, at the order's VAT treatment, now);
//   a variant already on the order is changed through its line (422).
// - An existing line's amounts at its new quantity come from its frozen unit price in the basis
//   it was charged in: a line whose net total is its net unit price × quantity with that net's
//   VAT was priced excl. VAT (net × q, its VAT), any other incl. VAT (gross unit × q, the VAT
//   inside it), as lineAmounts prices them at checkout.
// - The shipping's VAT: the rate the order's shipping had (domain/invoice.ts shippingVatRateBp),
//   the shop country's default rate when the order had none, 0 under a 0 % treatment.
// - One transaction, the order's row locked first, then the products of every variant involved
//   (inventory/stock.ts lockProductsOfVariants) and the variants in id order: stock movements
//   (kind edit) for the differences (a tracked variant gives what is added, 409 with the
//   checkout's words when short; a decrease gives back at most what the order's ledger holds of
//   the variant), the items and totals rewritten (total = Σ lines + shipping + their VAT −
//   discount), an order_edits record listing the changes (the timeline's entry), an audit entry,
//   and, when an invoice is in force, its credit note and a new invoice for the new content
//   (billing/invoices.ts reissueAfterEdit); then the balance. Nothing changed writes nothing.
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { AdminUserRow, Database, OrderItemRow } from '../../db/schema';
import { conflict, HttpProblem, invalid, notFound } from '../../api/problem';
import { json, money } from '../../api/present';
import type { Schemas } from '../../api/types';
import { toBool } from '../../db/bool';
import { lineDescription, shippingVatRateBp } from '../../domain/invoice';
import { toMillimes } from '../../domain/money';
import { countryDefaultInForce, vatOfGross, vatOfNet } from '../../domain/vat';
import { isZeroRated, type VatTreatment } from '../../domain/vat-treatment';
import { issueBy, reissueAfterEdit } from '../billing/invoices';
import { queueCreditNoteEmail } from './order-emails';
import { loadRates } from '../billing/vat-rates';
import { shortStock, skuOf, variantTitleOf } from '../catalogue/sellable-lines';
import { adjustStock, lockProductsOfVariants, type StockChange } from '../inventory/stock';
import { recordAudit } from '../platform/audit';
import { optionalText } from '../platform/text-input';
import { insertOrderItems, shippingSnapshot } from './checkout';
import { ORDER_NOT_FOUND, orderItemsOf } from './order-lookup';
import { refreshOrderBalance } from './order-balance';
import { placeablePricing, priceOrder, noLongerAvailable } from './order-pricing';
import { getAdminOrder } from './orders';
import { emitWebhookEvent } from '../webhooks/outbox';
import { statusesWhere, statusRules } from '../../../../contract/order-status';

type Order = Schemas['Order'];
type Body = Schemas['OrderEditRequest'];
type Change = Schemas['OrderEditChange'];
type Admin = Pick<AdminUserRow, 'id' | 'username'> | null;
type Trx = Transaction<Database>;

// 'Only pending, confirmed or processing orders can be edited', from the status table.
export const NOT_EDITABLE = `Only ${statusesWhere('editable')
  .join(', ')
  .replace(/, ([^,]*)$/, ' or $1')} orders can be edited`;
export const HAS_RETURNS = 'An order with returns cannot be edited';

/** The body's lines checked on their own: one of the two ids each, no id twice (422). */
function checkLines(lines: NonNullable<Body['lines']>): void {
  const items = new Set<number>();
  const variants = new Set<number>();
  lines.forEach((line, i) => {
    const item = line.order_item_id;
    const variant = line.variant_id;
    if ((item === undefined) === (variant === undefined)) {
      throw invalid(['body', 'lines', i], 'Give either order_item_id or variant_id');
    }
    if (item !== undefined) {
      if (items.has(item)) throw invalid(['body', 'lines', i, 'order_item_id'], 'Listed twice');
      items.add(item);
    }
    if (variant !== undefined) {
      if (variants.has(variant)) throw invalid(['body', 'lines', i, 'variant_id'], 'Listed twice');
      variants.add(variant);
    }
  });
}

/** An existing line's amounts at a new quantity, in the basis it was charged in (header). */
function lineAt(item: OrderItemRow, quantity: number) {
  const rate = Number(item.vat_rate_bp);
  const unitNet = Number(item.unit_price);
  const q = Number(item.quantity);
  const pricedNet =
    Number(item.total_price) === unitNet * q &&
    Number(item.vat_amount) === vatOfNet(unitNet * q, rate);
  if (pricedNet) {
    const net = unitNet * quantity;
    const vat = vatOfNet(net, rate);
    return { total_price: net, vat_amount: vat, total_price_incl_vat: net + vat };
  }
  const gross = Number(item.unit_price_incl_vat) * quantity;
  const vat = vatOfGross(gross, rate);
  return { total_price: gross - vat, vat_amount: vat, total_price_incl_vat: gross };
}

/** The shipping's VAT rate of this order (header). */
async function shippingRate(
  trx: Trx,
  order: { shipping_amount: number; shipping_vat_amount: number; created_at: string },
  treatment: VatTreatment,
  shopCountry: string,
  at: Date,
): Promise<number> {
  if (isZeroRated(treatment)) return 0;
  const rates = await loadRates(trx);
  const atOrder = countryDefaultInForce(rates, shopCountry, new Date(order.created_at));
  const shipping = Number(order.shipping_amount);
  if (shipping > 0) {
    return shippingVatRateBp(
      shipping,
      Number(order.shipping_vat_amount),
      atOrder ? Number(atOrder.rate_bp) : null,
    );
  }
  // The rate in force at the edit (the app's clock, as every other date of the edit).
  const inForce = countryDefaultInForce(rates, shopCountry, at);
  return inForce ? Number(inForce.rate_bp) : 0;
}

const DISCOUNTED =
  'The lines and shipping of an order with a discount cannot be edited; cancel it and place it again';

export async function editOrder(
  ctx: AppContext,
  orderId: number,
  body: Body,
  admin: Admin,
): Promise<Order> {
  if (body.lines) checkLines(body.lines);
  const note = optionalText(body.note);
  const now = ctx.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const query = trx.selectFrom('orders').selectAll().where('id', '=', orderId);
    const order = await (ctx.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
    if (!order) throw notFound(ORDER_NOT_FOUND);
    if (!statusRules(order.status).editable) throw conflict(NOT_EDITABLE);
    const returned = await trx
      .selectFrom('order_returns')
      .select('id')
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    if (returned) throw conflict(HAS_RETURNS);
    const items = await orderItemsOf(trx, orderId);
    const changes: Change[] = [];

    // The lines: kept (new quantity), removed, added.
    const kept = new Map<number, number>();
    const addedLines: { variant_id: number; quantity: number; index: number }[] = [];
    if (body.lines) {
      body.lines.forEach((line, i) => {
        if (line.order_item_id !== undefined) {
          if (!items.some((it) => it.id === line.order_item_id)) {
            throw invalid(
              ['body', 'lines', i, 'order_item_id'],
              `Item ${line.order_item_id} is not an item of this order`,
            );
          }
          kept.set(line.order_item_id, line.quantity);
        } else if (line.variant_id !== undefined) {
          if (items.some((it) => it.variant_id === line.variant_id)) {
            throw invalid(
              ['body', 'lines', i, 'variant_id'],
              "This variant is already on the order: change its line's quantity",
            );
          }
          addedLines.push({ variant_id: line.variant_id, quantity: line.quantity, index: i });
        }
      });
    } else {
      for (const it of items) kept.set(it.id, Number(it.quantity));
    }
    const existing = await trx
      .selectFrom('variants')
      .select('id')
      .where('id', 'in', addedLines.length === 0 ? [-1] : addedLines.map((l) => l.variant_id))
      .execute();
    for (const l of addedLines) {
      if (!existing.some((v) => v.id === l.variant_id)) {
        throw invalid(['body', 'lines', l.index, 'variant_id'], 'No variant has this id');
      }
    }
    const pricing = placeablePricing(
      await priceOrder(trx, {
        shopCountry: ctx.config.shopCountry,
        at: new Date(now),
        treatment: order.vat_treatment as VatTreatment,
        lines: addedLines,
        shippingNet: 0,
      }),
      ctx.config.shopCountry,
    );

    // Stock differences per variant (+ taken by the order, − given back).
    const taken = new Map<number, number>();
    const takeMore = (variantId: number | null, units: number) => {
      if (variantId === null || units === 0) return;
      taken.set(variantId, (taken.get(variantId) ?? 0) + units);
    };
    for (const it of items) {
      const before = Number(it.quantity);
      const after = kept.get(it.id);
      if (after === undefined) {
        changes.push({
          change: 'removed',
          description: lineDescription(it),
          sku: it.product_sku,
          from: String(before),
          to: null,
        });
        takeMore(it.variant_id, -before);
      } else if (after !== before) {
        if (after > before && it.variant_id === null) throw noLongerAvailable(it.product_name);
        changes.push({
          change: 'quantity',
          description: lineDescription(it),
          sku: it.product_sku,
          from: String(before),
          to: String(after),
        });
        takeMore(it.variant_id, after - before);
      }
    }
    for (const { row, line } of pricing.lines) {
      changes.push({
        change: 'added',
        description: lineDescription({
          product_name: row.product_name,
          variant_title: variantTitleOf(row),
        }),
        sku: skuOf(row),
        from: null,
        to: String(line.quantity),
      });
      if (toBool(row.track_inventory)) takeMore(row.variant_id, line.quantity);
    }

    // Address and shipping.
    const address =
      body.shipping_address === undefined
        ? null
        : JSON.stringify(shippingSnapshot(body.shipping_address));
    if (address !== null && address !== order.shipping_address) {
      changes.push({ change: 'address', description: null, sku: null, from: null, to: null });
    }
    const shipping =
      body.shipping_amount === undefined
        ? Number(order.shipping_amount)
        : toMillimes(body.shipping_amount);
    if (shipping !== Number(order.shipping_amount)) {
      changes.push({
        change: 'shipping',
        description: null,
        sku: null,
        from: money(order.shipping_amount),
        to: money(shipping),
      });
    }
    if (changes.length === 0) return getAdminOrder(trx, orderId);
    // A discounted order's lines and shipping are priced with its discount (#29), which an edit
    // does not re-apply yet: refused rather than charged wrong. Its address may change.
    if (order.discount_name !== null && changes.some((c) => c.change !== 'address')) {
      throw conflict(DISCOUNTED);
    }

    // Stock first (its 409 leaves nothing written), in the lock order.
    const variantIds = [...taken.keys()].sort((a, b) => a - b);
    await lockProductsOfVariants(trx, ctx.dialect, variantIds);
    const stockChange: StockChange = {
      kind: 'edit',
      orderId,
      orderNumber: order.order_number,
      adminUserId: admin?.id ?? null,
      now,
    };
    const held = await heldByOrder(trx, orderId);
    for (const variantId of variantIds) {
      const units = taken.get(variantId) ?? 0;
      if (units > 0) await take(trx, variantId, units, stockChange);
      else if (units < 0) {
        const back = Math.min(-units, held.get(variantId) ?? 0);
        if (back > 0) await giveBack(trx, variantId, back, stockChange);
      }
    }

    // Items and totals.
    for (const it of items) {
      const after = kept.get(it.id);
      if (after === undefined) {
        await trx.deleteFrom('order_items').where('id', '=', it.id).execute();
      } else if (after !== Number(it.quantity)) {
        await trx
          .updateTable('order_items')
          .set({ quantity: after, ...lineAt(it, after) })
          .where('id', '=', it.id)
          .execute();
      }
    }
    await insertOrderItems(trx, orderId, pricing.lines);
    const lines = await trx
      .selectFrom('order_items')
      .select(['total_price', 'vat_amount'])
      .where('order_id', '=', orderId)
      .execute();
    const rate = await shippingRate(
      trx,
      order,
      order.vat_treatment as VatTreatment,
      ctx.config.shopCountry,
      new Date(now),
    );
    const shippingVat =
      shipping === Number(order.shipping_amount)
        ? Number(order.shipping_vat_amount)
        : vatOfNet(shipping, rate);
    const subtotal = lines.reduce((s, l) => s + Number(l.total_price), 0);
    const vatAmount = lines.reduce((s, l) => s + Number(l.vat_amount), 0) + shippingVat;
    const totals = {
      subtotal,
      vat_amount: vatAmount,
      shipping_amount: shipping,
      shipping_vat_amount: shippingVat,
      // The order keeps the stamp duty it was placed with (#30; its new invoice copies it).
      total_amount:
        subtotal +
        vatAmount +
        shipping -
        Number(order.discount_amount) +
        Number(order.stamp_duty_amount ?? 0),
    };
    await trx
      .updateTable('orders')
      .set({
        ...totals,
        ...(address === null ? {} : { shipping_address: address }),
        updated_at: now,
      })
      .where('id', '=', orderId)
      .execute();

    await trx
      .insertInto('order_edits')
      .values({
        order_id: orderId,
        changes: JSON.stringify(changes),
        note,
        admin_user_id: admin?.id ?? null,
        created_at: now,
      })
      .execute();
    await recordAudit(trx, admin, {
      action: 'update',
      entity: 'order',
      entity_id: orderId,
      label: order.order_number,
      before: {
        lines: items.map((i) => ({ id: i.id, quantity: Number(i.quantity) })),
        shipping_address: json<unknown>(order.shipping_address, null),
        shipping_amount: money(order.shipping_amount),
        total_amount: money(order.total_amount),
      },
      after: {
        lines: (
          await trx
            .selectFrom('order_items')
            .select(['id', 'quantity'])
            .where('order_id', '=', orderId)
            .orderBy('id')
            .execute()
        ).map((i) => ({ id: i.id, quantity: Number(i.quantity) })),
        shipping_address: json<unknown>(address ?? order.shipping_address, null),
        shipping_amount: money(shipping),
        total_amount: money(totals.total_amount),
      },
    });
    const issued = await reissueAfterEdit(trx, orderId, issueBy(ctx, admin, new Date(now)));
    // The customer gets the credit note of the reversed invoice (the new invoice is theirs to
    // download as any invoice).
    for (const document of issued.filter((d) => d.kind === 'credit_note')) {
      await queueCreditNoteEmail(trx, orderId, document.id, now);
    }
    await refreshOrderBalance(trx, orderId);
    await emitWebhookEvent(trx, 'order.edited', new Date(now), () => getAdminOrder(trx, orderId));
    return getAdminOrder(trx, orderId);
  });
}

/** What the order's ledger holds of each variant (−Σ its movements). */
async function heldByOrder(trx: Trx, orderId: number): Promise<Map<number, number>> {
  const rows = await trx
    .selectFrom('stock_movements')
    .select(['variant_id', (eb) => eb.fn.sum<number | string>('delta').as('net')])
    .where('order_id', '=', orderId)
    .where('variant_id', 'is not', null)
    .groupBy('variant_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.variant_id), -Number(r.net)]));
}

/** Takes units of a variant that tracks inventory (an untracked one has nothing to take). */
async function take(trx: Trx, variantId: number, units: number, change: StockChange) {
  const variant = await trx
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.track_inventory', 'p.name'])
    .where('v.id', '=', variantId)
    .executeTakeFirst();
  if (!variant || !toBool(variant.track_inventory)) return;
  try {
    await adjustStock(trx, variantId, -units, change);
  } catch (err) {
    if (!(err instanceof HttpProblem) || err.statusCode !== 409) throw err;
    const now = await trx
      .selectFrom('variants')
      .select('stock_quantity')
      .where('id', '=', variantId)
      .executeTakeFirstOrThrow();
    throw shortStock(Math.max(0, Number(now.stock_quantity)), variant.name);
  }
}

/** Gives back units the order took (even to a variant that stopped tracking since). */
async function giveBack(trx: Trx, variantId: number, units: number, change: StockChange) {
  try {
    await adjustStock(trx, variantId, units, change, { evenUntracked: true });
  } catch (err) {
    if (!(err instanceof HttpProblem && err.statusCode === 404)) throw err;
  }
}
