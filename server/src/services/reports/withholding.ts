// The withholding (retenue à la source) professional buyers kept on the payments received in a
// month (#30, docs/product.md §10.27): the payments not removed with a withholding, by
// received_on (a shop day), oldest first; the buyer as the order names it and the invoice in
// force when the payment was received.
import type { Schemas } from '../../api/types';
import {
  buyerNameOf,
  certificateOf,
  dayStart,
  nextDay,
  withholdingTotalsOf,
  WITHHOLDING_COLUMNS,
  withholdingRow,
  type ShopDay,
} from '../../domain/books';
import { fromMillimes } from '../../domain/money';
import type { CsvSeparator } from '../../domain/csv';
import { csvStream, type CsvDownload } from '../platform/csv-export';
import { reportMonth, type ReportContext } from './documents';

type WithholdingEntry = Schemas['WithholdingEntry'];

/** The JSON shipping address's company, when it names one. */
function addressCompany(address: string): string | null {
  try {
    const parsed = JSON.parse(address) as { company?: unknown };
    return typeof parsed.company === 'string' ? parsed.company : null;
  } catch {
    return null;
  }
}

/**
 * The entries of the payments received between two shop days (both included). The invoice in
 * force at received_on is the order's last invoice issued by the end of that day (in the shop's
 * time zone); null when the order had none yet.
 */
export async function withholdingEntries(
  ctx: ReportContext,
  period: { from: ShopDay; to: ShopDay; timeZone: string },
): Promise<WithholdingEntry[]> {
  const payments = await ctx.db
    .selectFrom('order_payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .leftJoin('customers as c', 'c.id', 'o.customer_id')
    .select([
      'p.id',
      'p.received_on',
      'p.amount',
      'p.withholding_amount',
      'p.withholding_certificate',
      'o.id as order_id',
      'o.order_number',
      'o.shipping_address',
      'o.shipping_name',
      'o.customer_email',
      'o.vat_number',
      'c.company_name',
    ])
    .where('p.received_on', '>=', period.from)
    .where('p.received_on', '<=', period.to)
    .where('p.removed_at', 'is', null)
    .where('p.withholding_amount', '>', 0)
    .orderBy('p.received_on')
    .orderBy('p.id')
    .execute();
  const orderIds = [...new Set(payments.map((p) => Number(p.order_id)))];
  const invoices =
    orderIds.length === 0
      ? []
      : await ctx.db
          .selectFrom('invoices')
          .select(['order_id', 'number', 'issued_at'])
          .where('kind', '=', 'invoice')
          .where('order_id', 'in', orderIds)
          .orderBy('issued_at')
          .execute();
  return payments.map((p) => {
    const dayEnd = dayStart(nextDay(p.received_on), period.timeZone).toISOString();
    const inForce = invoices
      .filter((i) => Number(i.order_id) === Number(p.order_id) && i.issued_at < dayEnd)
      .at(-1);
    const company = addressCompany(p.shipping_address) ?? p.company_name;
    return {
      payment_id: Number(p.id),
      received_on: p.received_on,
      order_id: Number(p.order_id),
      order_number: p.order_number,
      buyer_name: buyerNameOf(company, p.shipping_name ?? p.customer_email),
      buyer_tax_id: p.vat_number?.trim() ? p.vat_number.trim() : null,
      invoice_number: inForce?.number ?? null,
      paid_amount: fromMillimes(Number(p.amount)),
      withholding_amount: fromMillimes(Number(p.withholding_amount)),
      certificate: certificateOf(p.withholding_certificate),
    };
  });
}

/** getWithholdingReport: the month's entries and their totals. */
export async function getWithholdingReport(
  ctx: ReportContext,
  month: string,
): Promise<Schemas['WithholdingReport']> {
  const bounds = await reportMonth(ctx, month);
  const entries = await withholdingEntries(ctx, bounds);
  return { month, entries, totals: withholdingTotalsOf(entries) };
}

/** exportWithholdingCsv: the month's entries as withholding-<month>.csv. */
export async function exportWithholdingCsv(
  ctx: ReportContext,
  month: string,
  separator: CsvSeparator,
): Promise<CsvDownload> {
  const { entries } = await getWithholdingReport(ctx, month);
  return {
    fileName: `withholding-${month}.csv`,
    total: entries.length,
    body: csvStream(
      { total: entries.length, columns: WITHHOLDING_COLUMNS, pages: [entries.map(withholdingRow)] },
      separator,
    ),
  };
}
