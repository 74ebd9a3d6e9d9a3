// Invoices and credit notes of orders (issue #13). A document is a row whose content (the
// contract's Invoice without id) is frozen at issue and never updated nor deleted.
//
// Numbering: <prefix><year>-<6 digits>, the year of the issue in the shop's time zone, the
// sequence from the (kind, year) row of document_counters, incremented by one upsert in the
// issuing transaction: a rolled-back issue gives its number back, and on PostgreSQL the counter
// row stays locked until the issuing transaction ends, so concurrent issues queue on it (no
// gap, no duplicate). SQLite runs one transaction at a time (db/transaction.ts).
//
// One invoice in force per order: the order's row is locked before the documents are read
// (PostgreSQL `for update`; the status change's own UPDATE in orders.ts), so two issues for one
// order queue and the second sees the first's invoice. An invoice is "in force" until it is
// fully reversed, i.e. until the credit note that reverses it (credits_invoice_id, at most one
// per invoice) is issued. The partial credit notes of returns (issueReturnCreditNote) credit part
// of it and leave it in force: they name it in their content (`credits`) and through their
// return (order_returns.invoice_id), not through credits_invoice_id. The reversing credit note (a
// cancellation, a refund, an edit) credits what those left (domain/credit-notes.ts remainderOf),
// so the credit notes of an invoice sum to it exactly.
//
// An order with returns is invoiced for what it still holds: each line less its returned units
// and the amounts they credited, the shipping less what returns credited (an order reopened after
// returns, or invoiced for the first time after them).
//
// The shipping's VAT rate is not stored on the order: it is the shop country's default rate in
// force when the order was placed, which is how checkout computed shipping_vat_amount (checked
// against the stored amount; see domain/invoice.ts shippingVatRateBp).
import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../api/problem';
import { json } from '../../api/present';
import { emitWebhookEvent } from '../webhooks/outbox';
import type { Schemas } from '../../api/types';
import type { Db } from '../../db/database';
import { toBool } from '../../db/bool';
import type { AdminUserRow, Database, OrderStatus } from '../../db/schema';
import {
  creditNoteContent,
  documentNumber,
  withStampDuty,
  invoiceContent,
  lineDescription,
  shippingVatRateBp,
  yearIn,
  type InvoiceContent,
  type InvoiceKind,
  type InvoiceOrderFacts,
} from '../../domain/invoice';
import { missingForInvoices, settingsIncompleteDetail } from '../../domain/invoice-identity';
import {
  creditedSoFar,
  creditNoteOf,
  remainderOf,
  type CreditedExtras,
  type CreditedLine,
} from '../../domain/credit-notes';
import { countryDefaultInForce } from '../../domain/vat';
import { booksSummaryOf } from '../../domain/books';
import { toMillimes } from '../../domain/money';
import { stampDutyReversed } from '../../domain/stamp-duty';
import type { PackingSlip } from '../../documents/packing-slip-pdf';
import { assertNumberFree } from './document-numbering';
import { queueTeifSubmission, submitsOnIssue } from './teif-queue';
import { presentTeif, TEIF_COLUMNS, type TeifColumns } from '../../teif';
import { loadShopSettings, type ShopSettingsRow } from '../platform/shop-settings';
import { loadRates } from './vat-rates';
import { ORDER_NOT_FOUND, orderItemsOf, requireOrder } from '../orders/order-lookup';
import { recordAudit } from '../platform/audit';
import { documentOnEntry, mayBeInvoiced } from '../../../../contract/order-status';

type Invoice = Schemas['Invoice'];
type Admin = Pick<AdminUserRow, 'id' | 'username'> | null;
type Trx = Transaction<Database>;

export const ALREADY_INVOICED = 'This order already has an invoice';
export const NOT_INVOICEABLE = 'A cancelled or refunded order cannot be invoiced';
export const VAT_NUMBER_UNCONFIRMED =
  'Confirm the VAT number before invoicing: the reverse charge rests on a number whose format only was checked (VIES did not confirm it)';
/** Whether the order waits for its VAT number's confirmation (services/orders/order-vat-review.ts). */
const awaitsVatReview = (order: { vat_number_review: string | null }) =>
  order.vat_number_review === 'to_confirm';
const INVOICE_NOT_FOUND = 'Invoice not found';

interface Issue {
  dialect: AppContext['dialect'];
  admin: Admin;
  now: Date;
  /** Queue each document issued for TTN (teif-queue.ts submitsOnIssue). */
  teif: boolean;
}

/**
 * Who issues a document and when, as every issuing path (a status change, a return, an edit, an
 * admin's request) passes it: the shop's database dialect and whether e-invoicing submits each
 * document issued (#30) come from the app's context, in one place.
 */
export const issueBy = (
  ctx: Pick<AppContext, 'dialect' | 'config'>,
  admin: Admin,
  now: Date,
): Issue => ({ dialect: ctx.dialect, admin, now, teif: submitsOnIssue(ctx.config) });

// ---------------------------------------------------------------------------------------------
// Reading

type InvoiceRow = { id: number; content: string };

const present = (row: InvoiceRow & TeifColumns): Invoice => ({
  id: row.id,
  ...json<InvoiceContent>(row.content, {} as InvoiceContent),
  // Not frozen: where the e-invoice stands at TTN (#30).
  teif: presentTeif(row),
});

/** Documents as the API shows them: the frozen content under the row's id, and its teif. */
const selectDocuments = (db: Db) =>
  db.selectFrom('invoices').select(['id', 'content', ...TEIF_COLUMNS]);

export async function listOrderInvoices(db: Db, orderId: number): Promise<Invoice[]> {
  await requireOrder(db, orderId);
  const rows = await selectDocuments(db).where('order_id', '=', orderId).orderBy('id').execute();
  return rows.map(present);
}

export async function getInvoice(db: Db, id: number): Promise<Invoice> {
  const row = await selectDocuments(db).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  return present(row);
}

/**
 * The condition on `invoices as i` (an invoice) that it is in force: no credit note reverses it
 * (see the header). The one statement of the rule: the orders export reads it too.
 */
export const inForce = (eb: ExpressionBuilder<Database & { i: Database['invoices'] }, 'i'>) =>
  eb.not(
    eb.exists(
      eb.selectFrom('invoices as c').select('c.id').whereRef('c.credits_invoice_id', '=', 'i.id'),
    ),
  );

/** The order's invoice in force, if any. */
async function invoiceInForce(db: Db, orderId: number): Promise<InvoiceRow | undefined> {
  return db
    .selectFrom('invoices as i')
    .select(['i.id', 'i.content'])
    .where('i.order_id', '=', orderId)
    .where('i.kind', '=', 'invoice')
    .where(inForce)
    .executeTakeFirst();
}

/** The content of the partial credit notes of an invoice (its returns'), oldest first. */
async function partialCreditsOf(db: Db, invoiceId: number): Promise<InvoiceContent[]> {
  const rows = await db
    .selectFrom('order_returns as r')
    .innerJoin('invoices as c', 'c.id', 'r.credit_note_id')
    .select('c.content')
    .where('r.invoice_id', '=', invoiceId)
    .orderBy('c.id')
    .execute();
  return rows.map((r) => json<InvoiceContent>(r.content, {} as InvoiceContent));
}

/** Units returned of each item of the order, and the shipping (and its VAT) returns credited. */
export async function returnedSoFar(db: Db, orderId: number) {
  const [lines, shipping] = await Promise.all([
    db
      .selectFrom('order_return_lines as l')
      .innerJoin('order_returns as r', 'r.id', 'l.return_id')
      .select(['l.order_item_id', (eb) => eb.fn.sum<number | string>('l.quantity').as('n')])
      .where('r.order_id', '=', orderId)
      .groupBy('l.order_item_id')
      .execute(),
    db
      .selectFrom('order_returns')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number | string>('shipping_amount'), eb.lit(0)).as('net'),
        eb.fn.coalesce(eb.fn.sum<number | string>('shipping_vat_amount'), eb.lit(0)).as('vat'),
      ])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: new Map(lines.map((l) => [l.order_item_id, Number(l.n)])),
    shipping: Number(shipping.net),
    shippingVat: Number(shipping.vat),
  };
}

// ---------------------------------------------------------------------------------------------
// Issuing

const isComplete = (s: ShopSettingsRow) => missingForInvoices(s).length === 0;

/** The next number of this kind for the year, taken in the issuing transaction. */
async function nextSequence(trx: Trx, kind: InvoiceKind, year: number): Promise<number> {
  const row = await trx
    .insertInto('document_counters')
    .values({ kind, year, last_sequence: 1 })
    .onConflict((oc) =>
      oc.columns(['kind', 'year']).doUpdateSet({
        last_sequence: sql<number>`document_counters.last_sequence + 1`,
      }),
    )
    .returning('last_sequence')
    .executeTakeFirstOrThrow();
  return Number(row.last_sequence);
}

async function insertDocument(
  trx: Trx,
  orderId: number,
  kind: InvoiceKind,
  settings: ShopSettingsRow,
  issue: Issue,
  content: (facts: { number: string; issued_at: string }) => InvoiceContent,
  creditsInvoiceId: number | null = null,
): Promise<Invoice> {
  const year = yearIn(settings.time_zone, issue.now);
  const sequence = await nextSequence(trx, kind, year);
  const prefix = kind === 'invoice' ? settings.invoice_prefix : settings.credit_note_prefix;
  const issuedAt = issue.now.toISOString();
  const frozen = content({ number: documentNumber(prefix, year, sequence), issued_at: issuedAt });
  await assertNumberFree(trx, frozen.number);
  const row = await trx
    .insertInto('invoices')
    .values({
      kind,
      number: frozen.number,
      year,
      sequence,
      order_id: orderId,
      credits_invoice_id: creditsInvoiceId,
      content: JSON.stringify(frozen),
      // What the reports read of it (#30, domain/books.ts; migration 037).
      books_summary: JSON.stringify(booksSummaryOf(frozen)),
      issued_by_admin_id: issue.admin?.id ?? null,
      issued_at: issuedAt,
    })
    .returning(['id', 'content', ...TEIF_COLUMNS])
    .executeTakeFirstOrThrow();
  if (issue.teif) await queueTeifSubmission(trx, row.id, issue.now);
  const document = present(
    issue.teif ? { ...row, teif_status: 'queued', teif_updated_at: issue.now.toISOString() } : row,
  );
  // The frozen content is on the document itself: the log names it and its amounts.
  await recordAudit(trx, issue.admin, {
    action: 'create',
    entity: 'invoice',
    entity_id: document.id,
    label: document.number,
    after: {
      kind: document.kind,
      number: document.number,
      order_id: document.order_id,
      order_number: document.order_number,
      credits: document.credits,
      total_incl_vat: document.total_incl_vat,
      amount_due: document.amount_due,
    },
  });
  await emitWebhookEvent(trx, `${kind}.issued`, issue.now, () => Promise.resolve(document));
  return document;
}

/** The order's row, locked until the transaction ends on PostgreSQL. */
async function lockOrder(trx: Trx, orderId: number, dialect: Issue['dialect']) {
  const query = trx.selectFrom('orders').selectAll().where('id', '=', orderId);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

async function issueInvoiceIn(
  trx: Trx,
  orderId: number,
  settings: ShopSettingsRow,
  issue: Issue,
): Promise<Invoice> {
  const order = await trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const items = await orderItemsOf(trx, orderId);
  const shopDefault = countryDefaultInForce(await loadRates(trx), 'TN', new Date(order.created_at));
  const account =
    order.customer_id !== null && order.customer_type === 'professional'
      ? await trx
          .selectFrom('customers')
          .select('company_name')
          .where('id', '=', order.customer_id)
          .executeTakeFirst()
      : undefined;
  // What the order still holds: returned units and the amounts they credited are not invoiced.
  const returned = await returnedSoFar(trx, orderId);
  const shipping = Number(order.shipping_amount) - returned.shipping;
  const shippingVat = Number(order.shipping_vat_amount) - returned.shippingVat;
  const held = items.flatMap((i) => {
    const quantity = Number(i.quantity);
    const back = returned.items.get(i.id) ?? 0;
    if (back >= quantity) return [];
    const gross =
      Number(i.total_price_incl_vat) -
      creditedSoFar(Number(i.total_price_incl_vat), back, quantity);
    const vat = Number(i.vat_amount) - creditedSoFar(Number(i.vat_amount), back, quantity);
    // The line's discount (#29) still held, in proportion to the units as returns credit it.
    const discount =
      Number(i.discount_amount) - creditedSoFar(Number(i.discount_amount), back, quantity);
    const net = gross - vat;
    return [
      {
        ...i,
        quantity: quantity - back,
        total_price: net + discount,
        discount_amount: discount,
        vat_amount: vat,
      },
    ];
  });
  // The discount of the lines held, plus any discount on the order as a whole (before #29).
  const orderLevelDiscount =
    Number(order.discount_amount) - items.reduce((s, i) => s + Number(i.discount_amount), 0);
  const discountHeld = held.reduce((s, i) => s + i.discount_amount, 0) + orderLevelDiscount;
  const facts = {
    id: order.id,
    order_number: order.order_number,
    payment_method: order.payment_method as Schemas['PaymentMethod'],
    customer_email: order.customer_email,
    customer_type: order.customer_type,
    vat_number: order.vat_number,
    vat_reverse_charge: toBool(order.vat_reverse_charge),
    vat_treatment: order.vat_treatment as InvoiceOrderFacts['vat_treatment'],
    shipping_amount: shipping,
    shipping_vat_amount: shippingVat,
    shipping_vat_rate_bp: shippingVatRateBp(
      shipping,
      shippingVat,
      shopDefault ? Number(shopDefault.rate_bp) : null,
    ),
    discount_amount: discountHeld,
    stamp_duty_amount: order.stamp_duty_amount === null ? null : Number(order.stamp_duty_amount),
    total_amount:
      held.reduce((sum, i) => sum + i.total_price + i.vat_amount, 0) +
      shipping +
      shippingVat -
      discountHeld,
    shipping_address: json<Schemas['ShippingAddress']>(
      order.shipping_address,
      {} as Schemas['ShippingAddress'],
    ),
    account_company: account?.company_name ?? null,
    lines: held.map((i) => ({
      product_name: i.product_name,
      variant_title: i.variant_title,
      product_sku: i.product_sku,
      quantity: i.quantity,
      unit_price: Number(i.unit_price),
      vat_rate_bp: Number(i.vat_rate_bp),
      vat_amount: i.vat_amount,
      total_price: i.total_price,
      discount_amount: i.discount_amount,
      // Net after the discount + VAT: for a line without returns, the stored total incl. VAT.
      total_price_incl_vat: i.total_price - i.discount_amount + i.vat_amount,
    })),
  };
  const seller = {
    seller: {
      legal_name: settings.legal_name ?? '',
      address: settings.address ?? '',
      matricule_fiscal: settings.matricule_fiscal ?? '',
      trade_register_number: settings.trade_register_number,
      phone: settings.phone,
      email: settings.email,
      logo_key: settings.logo_key,
    },
    stamp_duty: Number(settings.stamp_duty),
  };
  return insertDocument(trx, orderId, 'invoice', settings, issue, (n) =>
    invoiceContent(facts, seller, {
      kind: 'invoice',
      ...n,
      issued_by: issue.admin?.username ?? null,
      time_zone: settings.time_zone,
    }),
  );
}

/** issueInvoice: the invoice of an order with none in force, or a 409 saying why not. */
export async function issueInvoice(
  ctx: AppContext,
  orderId: number,
  admin: Admin,
): Promise<Invoice> {
  const issue = issueBy(ctx, admin, ctx.now());
  return ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId, ctx.dialect);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    if (!mayBeInvoiced(order.status)) throw conflict(NOT_INVOICEABLE);
    if (await invoiceInForce(trx, orderId)) throw conflict(ALREADY_INVOICED);
    if (awaitsVatReview(order)) throw conflict(VAT_NUMBER_UNCONFIRMED);
    const settings = await loadShopSettings(trx, { dialect: ctx.dialect, share: true });
    const missing = missingForInvoices(settings);
    if (missing.length > 0) throw conflict(settingsIncompleteDetail(missing));
    return issueInvoiceIn(trx, orderId, settings, issue);
  });
}

/**
 * The documents a status change issues, in its transaction (the order's row is already locked
 * by the change), as the status table says (contract/order-status.ts, documentOnEntry): entering
 * an invoiced status with no invoice in force issues the invoice (not when the settings are
 * incomplete or the VAT number awaits its confirmation: the change itself goes on), entering a
 * credited status (cancelled, refunded) with an invoice in force issues its credit note.
 * Resolves with that credit note (the customer's e-mail attaches it), null otherwise.
 */
export async function issueDocumentsOnStatusChange(
  trx: Trx,
  orderId: number,
  to: OrderStatus,
  issue: Issue,
): Promise<Invoice | null> {
  const effect = documentOnEntry(to);
  if (effect === 'none') return null;
  const invoiced = effect === 'invoice';
  const inForce = await invoiceInForce(trx, orderId);
  const settings = await loadShopSettings(trx, { dialect: issue.dialect, share: true });
  if (invoiced) {
    if (inForce || !isComplete(settings)) return null;
    const order = await trx
      .selectFrom('orders')
      .select('vat_number_review')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    if (!awaitsVatReview(order)) await issueInvoiceIn(trx, orderId, settings, issue);
    return null;
  }
  if (!inForce) return null;
  return reverseInForce(trx, orderId, inForce, settings, issue, 'credited');
}

/**
 * The credit note of what is left of the invoice in force (all of it without partial credit
 * notes: then the invoice's own content, as before returns existed). The stamp duty left goes
 * back as the settings in force now say (domain/stamp-duty.ts stampDutyReversed: reversed, or
 * kept unless the credit note is an edit's, whose new invoice bears the order's stamp again).
 */
async function reverseInForce(
  trx: Trx,
  orderId: number,
  inForce: InvoiceRow,
  settings: ShopSettingsRow,
  issue: Issue,
  reason: 'credited' | 'edit',
): Promise<Invoice> {
  const invoice = {
    id: inForce.id,
    content: json<InvoiceContent>(inForce.content, {} as InvoiceContent),
  };
  const credits = await partialCreditsOf(trx, inForce.id);
  const facts = (n: { number: string; issued_at: string }) => ({
    kind: 'credit_note' as const,
    ...n,
    issued_by: issue.admin?.username ?? null,
    time_zone: settings.time_zone,
  });
  const left = credits.length === 0 ? null : remainderOf(invoice.content, credits);
  const stampLeft = left ? left.extras.stamp_duty : toMillimes(invoice.content.stamp_duty);
  const stampBack = stampDutyReversed(stampLeft, settings.stamp_duty_on_credit_notes, reason);
  return insertDocument(
    trx,
    orderId,
    'credit_note',
    settings,
    issue,
    (n) =>
      left
        ? creditNoteOf(invoice, left.lines, { ...left.extras, stamp_duty: stampBack }, facts(n))
        : withStampDuty(creditNoteContent(invoice, facts(n)), stampBack),
    inForce.id,
  );
}

/**
 * A return's partial credit note, in the return's transaction (the order's row locked): these
 * lines and amounts of the invoice in force, which stays in force (no credits_invoice_id; the
 * caller links the return to both). Null when no invoice is in force (nothing was invoiced, so
 * nothing to credit).
 */
export async function issueReturnCreditNote(
  trx: Trx,
  orderId: number,
  credited: { lines: readonly CreditedLine[]; extras: CreditedExtras },
  issue: Issue,
): Promise<{ note: Invoice; invoiceId: number } | null> {
  const inForceRow = await invoiceInForce(trx, orderId);
  if (!inForceRow) return null;
  const settings = await loadShopSettings(trx, { dialect: issue.dialect, share: true });
  const invoice = {
    id: inForceRow.id,
    content: json<InvoiceContent>(inForceRow.content, {} as InvoiceContent),
  };
  const note = await insertDocument(trx, orderId, 'credit_note', settings, issue, (n) =>
    creditNoteOf(invoice, credited.lines, credited.extras, {
      kind: 'credit_note',
      ...n,
      issued_by: issue.admin?.username ?? null,
      time_zone: settings.time_zone,
    }),
  );
  return { note, invoiceId: inForceRow.id };
}

/**
 * An edit's documents, in the edit's transaction (the order's row locked): when an invoice is in
 * force, its credit note (what is left of it) and the invoice of the new content (when the
 * settings are complete and the VAT number does not await its confirmation, as on entering an
 * invoiced status). Returns the documents issued.
 */
export async function reissueAfterEdit(
  trx: Trx,
  orderId: number,
  issue: Issue,
): Promise<Invoice[]> {
  const inForceRow = await invoiceInForce(trx, orderId);
  if (!inForceRow) return [];
  const settings = await loadShopSettings(trx, { dialect: issue.dialect, share: true });
  const issued = [await reverseInForce(trx, orderId, inForceRow, settings, issue, 'edit')];
  const order = await trx
    .selectFrom('orders')
    .select('vat_number_review')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  if (isComplete(settings) && !awaitsVatReview(order)) {
    issued.push(await issueInvoiceIn(trx, orderId, settings, issue));
  }
  return issued;
}

// ---------------------------------------------------------------------------------------------
// Packing slip: made from the order as it is now (it is not a frozen document).

export async function packingSlipOf(db: Db, orderId: number): Promise<PackingSlip> {
  const order = await db
    .selectFrom('orders')
    .select(['order_number', 'created_at', 'shipping_address', 'notes'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const [items, settings] = await Promise.all([
    db
      .selectFrom('order_items')
      .select(['product_name', 'variant_title', 'product_sku', 'quantity'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    loadShopSettings(db),
  ]);
  const a = json<Schemas['ShippingAddress']>(
    order.shipping_address,
    {} as Schemas['ShippingAddress'],
  );
  const shipTo = [
    `${a.first_name} ${a.last_name}`,
    a.company,
    [a.street_address, a.apartment].filter(Boolean).join(', '),
    [a.postal_code, a.city].filter(Boolean).join(' '),
    a.state,
    a.country,
    a.phone,
  ].filter((line): line is string => typeof line === 'string' && line !== '');
  return {
    shop_name: settings.legal_name,
    logo_key: settings.logo_key,
    order_number: order.order_number,
    ordered_at: order.created_at,
    time_zone: settings.time_zone,
    ship_to: shipTo.join('\n'),
    notes: order.notes,
    lines: items.map((i) => ({
      description: lineDescription(i),
      sku: i.product_sku,
      quantity: Number(i.quantity),
    })),
  };
}
