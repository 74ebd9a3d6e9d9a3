import { HttpResponse } from 'msw';
import type {
  Invoice,
  SalesRegister,
  VatReturn,
  WithholdingEntry,
  WithholdingReport,
} from '@generated/model';
import {
  addMonths,
  certificateOf,
  buyerNameOf,
  monthBounds,
  monthRefusal,
  numberingChecks,
  periodBounds,
  periodRefusal,
  ratesOf,
  registerColumns,
  registerEntryOf,
  registerOrder,
  registerRow,
  registerTotals,
  sequenceKey,
  shopDayOf,
  trendMonthOf,
  VAT_RETURN_COLUMNS,
  vatReturnOf,
  vatReturnRows,
  WITHHOLDING_COLUMNS,
  withholdingRow,
  withholdingTotalsOf,
  type NumberedDocument,
} from '../../server/src/domain/books';
import { CSV_DELIMITER, csvCell, QUOTED_CELL, type CsvValue } from '../../server/src/domain/csv';
import { toMillimes } from '../../server/src/domain/money';
import { invoices, orderDetails } from '../fixtures';
import { orderPayments } from '../fixtures/payments';
import { shopSettings } from '../fixtures/settings';
import { separatorOf } from './exports';
import { pdf } from './invoices';
import { endpoint, json } from './endpoint';

// The accountant's books computed from the fixtures' invoices, credit notes and payments with the
// server's own rules (server/src/domain/books.ts): the mock and the server cannot disagree on a
// figure. A story that wants other figures hands its own report to the factory.

const timeZone = () => shopSettings.time_zone;
const today = () => shopDayOf(new Date().toISOString(), timeZone());

/** The server's 422 for a query parameter: `{detail: [{loc: ['query', field], msg}]}`. */
export const queryRefusal = (field: string, msg: string) =>
  json({ detail: [{ loc: ['query', field], msg, type: 'value_error' }] }, 422);

/** The fixtures' documents issued in [start, end). */
const issuedIn = ({ start, end }: { start: Date; end: Date }): Invoice[] =>
  invoices.filter((doc) => {
    const at = Date.parse(doc.issued_at);
    return at >= start.getTime() && at < end.getTime();
  });

/** A document's frozen content (the stored row without its id). */
const contentOf = ({ id: _id, ...content }: Invoice) => content;

/** The withholding entries of the payments received in the month, oldest first. */
function withholdingEntries(month: string): WithholdingEntry[] {
  const { from, to, end } = monthBounds(month, timeZone());
  return orderPayments
    .filter(
      (p) =>
        p.removed_at === null &&
        toMillimes(p.withholding_amount) > 0 &&
        p.received_on >= from &&
        p.received_on <= to,
    )
    .sort((a, b) => a.received_on.localeCompare(b.received_on) || a.id - b.id)
    .map((p) => {
      const order = orderDetails.find((o) => o.id === p.order_id);
      const address = order?.shipping_address;
      // The invoice in force when the payment came: the order's last invoice issued by then.
      const invoice = invoices
        .filter(
          (doc) =>
            doc.order_id === p.order_id &&
            doc.kind === 'invoice' &&
            Date.parse(doc.issued_at) < end.getTime() &&
            shopDayOf(doc.issued_at, timeZone()) <= p.received_on,
        )
        .at(-1);
      return {
        payment_id: p.id,
        received_on: p.received_on,
        order_id: p.order_id,
        order_number: order?.order_number ?? '',
        buyer_name: buyerNameOf(
          address?.company,
          address ? `${address.first_name} ${address.last_name}` : '',
        ),
        buyer_tax_id: order?.vat_number ?? null,
        invoice_number: invoice?.number ?? null,
        paid_amount: p.amount,
        withholding_amount: p.withholding_amount,
        certificate: certificateOf(p.withholding_certificate),
      };
    });
}

/** The month's VAT return from the fixtures. */
function fixtureVatReturn(month: string): VatReturn {
  const zone = timeZone();
  return vatReturnOf({
    month,
    timeZone: zone,
    documents: issuedIn(monthBounds(month, zone)).map(contentOf),
    withholding: withholdingTotalsOf(withholdingEntries(month)),
    trend: Array.from({ length: 12 }, (_, i) => {
      const m = addMonths(month, i - 11);
      return trendMonthOf(m, issuedIn(monthBounds(m, zone)));
    }),
  });
}

const NUMBER = /(\d{4})-(\d{6})$/;
const numbered = (doc: Invoice): NumberedDocument => {
  const [, year = '0', sequence = '0'] = NUMBER.exec(doc.number) ?? [];
  return { kind: doc.kind, number: doc.number, year: Number(year), sequence: Number(sequence) };
};

/** The register of a period from the fixtures: every entry, with totals and numbering checks. */
function fixtureRegister(from: string, to: string): SalesRegister {
  const zone = timeZone();
  const bounds = periodBounds(from, to, zone);
  const docs = issuedIn(bounds).sort((a, b) => registerOrder(numbered(a), numbered(b)));
  const lastBefore = new Map<string, number>();
  for (const doc of invoices.filter((d) => Date.parse(d.issued_at) < bounds.start.getTime())) {
    const n = numbered(doc);
    const key = sequenceKey(n.kind, n.year);
    lastBefore.set(key, Math.max(lastBefore.get(key) ?? 0, n.sequence));
  }
  const entries = docs.map((doc) => registerEntryOf({ id: doc.id, content: contentOf(doc) }, zone));
  return {
    from,
    to,
    time_zone: zone,
    total: entries.length,
    entries,
    totals: registerTotals(entries),
    ...numberingChecks(docs.map(numbered), lastBefore),
  };
}

/** The month's withholding from the fixtures' payments. */
function fixtureWithholding(month: string): WithholdingReport {
  const entries = withholdingEntries(month);
  return { month, entries, totals: withholdingTotalsOf(entries) };
}

/** A CSV file as the server writes it (domain/csv.ts cells, a byte order mark, CRLF). */
export function csvAnswer(url: URL, name: string, header: readonly string[], rows: CsvValue[][]) {
  const separator = separatorOf(url);
  const line = (row: readonly CsvValue[]) =>
    row
      .map((value) => {
        const cell = csvCell(value, separator);
        return QUOTED_CELL.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
      })
      .join(CSV_DELIMITER[separator]);
  const body = [line(header), ...rows.map(line)].join('\r\n');
  return new HttpResponse(`\uFEFF${body}\r\n`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
    },
  });
}

const monthOf = (url: URL) => url.searchParams.get('month') ?? '';
const notStarted = (month: string) => {
  const refusal = monthRefusal(month, today());
  return refusal ? queryRefusal('month', refusal) : null;
};
const periodOf = (url: URL) => ({
  from: url.searchParams.get('from') ?? '',
  to: url.searchParams.get('to') ?? '',
});
const badPeriod = ({ from, to }: { from: string; to: string }) => {
  const refusal = periodRefusal(from, to);
  return refusal ? queryRefusal(refusal.field, refusal.text) : null;
};

export const reports = {
  /** GET /admin/reports/vat-return?month → the return (422 for a month not started) */
  vatReturn: endpoint('get', '/admin/reports/vat-return', (data?: VatReturn) => ({ url }) => {
    const month = monthOf(url);
    return notStarted(month) ?? json(data ?? fixtureVatReturn(month));
  }),
  /** GET /admin/reports/vat-return.csv?month&separator → vat-return-<month>.csv */
  vatReturnCsv: endpoint('get', '/admin/reports/vat-return.csv', () => ({ url }) => {
    const month = monthOf(url);
    return (
      notStarted(month) ??
      csvAnswer(
        url,
        `vat-return-${month}.csv`,
        VAT_RETURN_COLUMNS,
        vatReturnRows(fixtureVatReturn(month)),
      )
    );
  }),
  /** GET /admin/reports/vat-return.pdf?month&lang → vat-return-<month>.pdf */
  vatReturnPdf: endpoint('get', '/admin/reports/vat-return.pdf', () => ({ url }) => {
    const month = monthOf(url);
    return notStarted(month) ?? pdf(`vat-return-${month}.pdf`);
  }),
  /** GET /admin/reports/sales-register?from&to&skip&limit → one page, X-Total-Count */
  salesRegister: endpoint(
    'get',
    '/admin/reports/sales-register',
    (data?: SalesRegister) =>
      ({ url }) => {
        const period = periodOf(url);
        const refused = badPeriod(period);
        if (refused) return refused;
        const register = data ?? fixtureRegister(period.from, period.to);
        const skip = Number(url.searchParams.get('skip') ?? 0) || 0;
        const limit = Number(url.searchParams.get('limit') ?? 100) || 100;
        return HttpResponse.json(
          { ...register, entries: register.entries.slice(skip, skip + limit) },
          { headers: { 'X-Total-Count': String(register.total) } },
        );
      },
  ),
  /** GET /admin/reports/sales-register.csv?from&to&separator → sales-register-<from>-<to>.csv */
  salesRegisterCsv: endpoint('get', '/admin/reports/sales-register.csv', () => ({ url }) => {
    const period = periodOf(url);
    const refused = badPeriod(period);
    if (refused) return refused;
    const { entries } = fixtureRegister(period.from, period.to);
    const rates = ratesOf(entries);
    return csvAnswer(
      url,
      `sales-register-${period.from}-${period.to}.csv`,
      registerColumns(rates),
      entries.map((entry) => registerRow(entry, rates)),
    );
  }),
  /** GET /admin/reports/sales-register.pdf?from&to&lang → sales-register-<from>-<to>.pdf */
  salesRegisterPdf: endpoint('get', '/admin/reports/sales-register.pdf', () => ({ url }) => {
    const period = periodOf(url);
    return badPeriod(period) ?? pdf(`sales-register-${period.from}-${period.to}.pdf`);
  }),
  /** GET /admin/reports/withholding?month → the month's entries and totals */
  withholding: endpoint(
    'get',
    '/admin/reports/withholding',
    (data?: WithholdingReport) =>
      ({ url }) => {
        const month = monthOf(url);
        return notStarted(month) ?? json(data ?? fixtureWithholding(month));
      },
  ),
  /** GET /admin/reports/withholding.csv?month&separator → withholding-<month>.csv */
  withholdingCsv: endpoint('get', '/admin/reports/withholding.csv', () => ({ url }) => {
    const month = monthOf(url);
    return (
      notStarted(month) ??
      csvAnswer(
        url,
        `withholding-${month}.csv`,
        WITHHOLDING_COLUMNS,
        fixtureWithholding(month).entries.map(withholdingRow),
      )
    );
  }),
};
