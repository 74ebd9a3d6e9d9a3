// Property (#30, "Done when"): whatever the month's sales — Tunisian individuals and
// professionals, exports and the reverse charge, lines at the standard rate (19 % until 15
// October, 18 % from 16 October: a rate change mid-month) and at 7 %, shipping, a discount on the
// order, each invoiced, then kept, cancelled (a credit note of the rest) or partly returned (a
// credit note of one unit), issued at any time around the month (some just before or after it in
// the shop's time zone) and numbered in the order issued — the VAT return of October 2026 answers
// totals = Σ invoices − Σ credit notes issued in the month (total_excl_vat, total_vat, stamp_duty,
// amount_due) to the millime, Σ rates = totals, the sales register of the month has the same
// totals and its entries add up to them, and its numbering has no gap.
// The documents are built with the domain's own builders (server/test-support/books.ts) and
// written into the tables, as a copy of a shop's data holds them. Both databases; FC_SEED /
// FC_PATH / FC_RUNS replay a failure (server/test-support/properties.ts).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../api/types';
import { monthBounds } from '../domain/books';
import type { InvoiceContent } from '../domain/invoice';
import { toMillimes } from '../domain/money';
import type { VatTreatment } from '../domain/vat-treatment';
import { useTestApp, type AuthHeaders } from '../../test-support/app';
import {
  BOOKS_TIME_ZONE,
  insertDocument,
  saleCreditNote,
  saleInvoice,
  type Sale,
} from '../../test-support/books';
import { expectStatus } from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import { deleteAll, insertOrder } from '../../test-support/fixtures';
import { completeShopSettings, resetShopSettings } from '../../test-support/invoices';
import { assertProperty } from '../../test-support/properties';
import { enteredPrice } from '../../test-support/entered-price';

const NUM_RUNS = 15;
const MAX_SALES = 8;
const MINUTE = 60_000;
const OCTOBER = monthBounds('2026-10', BOOKS_TIME_ZONE);
/** The standard rate changes at the start of 16 October in Tunis. */
const RATE_CHANGE = Date.parse('2026-10-15T23:00:00.000Z');

const saleArb = fc.record({
  lines: fc.array(
    fc.record({
      ...enteredPrice(2_000_000),
      standard: fc.boolean(),
      quantity: fc.integer({ min: 1, max: 4 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  treatment: fc.constantFrom<VatTreatment>('domestic', 'domestic', 'export', 'reverse_charge'),
  shipping: fc.constantFrom(0, 7_000, 12_345),
  discountShare: fc.constantFrom(0, 0, 0.1, 0.333),
  fate: fc.constantFrom<Sale['fate']>('kept', 'cancelled', 'returned'),
  professional: fc.boolean(),
  /** Minutes from the month's start (a little before it to a little after it). */
  invoicedAt: fc.integer({ min: -180, max: 31 * 24 * 60 + 180 }),
  /** Minutes from the invoice to its credit note. */
  creditedAfter: fc.integer({ min: 1, max: 5 * 24 * 60 }),
});

type Field = 'total_excl_vat' | 'total_vat' | 'stamp_duty' | 'amount_due';
const signed = (doc: InvoiceContent, field: Field) =>
  (doc.kind === 'credit_note' ? -1 : 1) * toMillimes(doc[field]);

describe.each(testDialects)('the books reconcile (property) on %s', (dialect) => {
  const t = useTestApp(dialect);
  let admin: AuthHeaders;
  const orders: number[] = [];

  beforeAll(async () => {
    admin = await t.authAs('admin');
    await resetShopSettings(t.database.db);
    await completeShopSettings(t.database.db);
    for (let i = 0; i < MAX_SALES; i++) orders.push(Number((await insertOrder(t.database.db)).id));
  });

  it('VAT return totals = Σ invoices − Σ credit notes = Σ rates = the register’s', async () => {
    await assertProperty(
      fc.asyncProperty(fc.array(saleArb, { minLength: 1, maxLength: MAX_SALES }), async (sales) => {
        const db = t.database.db;
        await deleteAll(db, ['invoices']);
        const at = (minutes: number) =>
          new Date(OCTOBER.start.getTime() + minutes * MINUTE).toISOString();
        // Invoices numbered in the order issued, then credit notes likewise.
        const invoiced = sales
          .map((s, i) => ({ s, i, issuedAt: at(s.invoicedAt) }))
          .sort((a, b) => a.issuedAt.localeCompare(b.issuedAt));
        const documents: InvoiceContent[] = [];
        const written: { s: (typeof sales)[number]; id: number; content: InvoiceContent }[] = [];
        for (const [n, { s, i, issuedAt }] of invoiced.entries()) {
          const sale: Sale = {
            lines: s.lines.map((l) => ({
              price: l.price,
              includesVat: l.includesVat,
              quantity: l.quantity,
              rateBp: l.standard ? (Date.parse(issuedAt) < RATE_CHANGE ? 1900 : 1800) : 700,
            })),
            treatment: s.treatment,
            shipping: s.shipping,
            discountShare: s.discountShare,
            fate: s.fate,
            company: s.professional ? 'Atlas SARL' : null,
          };
          const content = saleInvoice(sale, orders[i] ?? 0, {
            number: `INV-2026-${String(n + 1).padStart(6, '0')}`,
            issuedAt,
          });
          written.push({ s, id: await insertDocument(db, content), content });
          documents.push(content);
        }
        const credited = written
          .map((w) => ({ ...w, issuedAt: at(w.s.invoicedAt + w.s.creditedAfter) }))
          .sort((a, b) => a.issuedAt.localeCompare(b.issuedAt));
        let notes = 0;
        for (const w of credited) {
          const note = saleCreditNote({ id: w.id, content: w.content }, w.s.fate, {
            number: `CN-2026-${String(notes + 1).padStart(6, '0')}`,
            issuedAt: w.issuedAt,
          });
          if (!note) continue;
          notes += 1;
          await insertDocument(db, note, w.s.fate === 'cancelled' ? w.id : null);
          documents.push(note);
        }

        const inMonth = documents.filter(
          (d) =>
            d.issued_at >= OCTOBER.start.toISOString() && d.issued_at < OCTOBER.end.toISOString(),
        );
        const sum = (field: Field) => inMonth.reduce((s, d) => s + signed(d, field), 0);
        const vat = expectStatus<Schemas['VatReturn']>(
          await t.app.inject({
            method: 'GET',
            url: '/api/v1/admin/reports/vat-return?month=2026-10',
            headers: admin,
          }),
          200,
          'getVatReturn',
        );
        const m = toMillimes;
        expect(vat.invoices).toBe(inMonth.filter((d) => d.kind === 'invoice').length);
        expect(vat.credit_notes).toBe(inMonth.filter((d) => d.kind === 'credit_note').length);
        expect({
          taxable: m(vat.totals.taxable_amount),
          vat: m(vat.totals.vat_amount),
          stamp: m(vat.totals.stamp_duty),
          due: m(vat.totals.amount_due),
        }).toEqual({
          taxable: sum('total_excl_vat'),
          vat: sum('total_vat'),
          stamp: sum('stamp_duty'),
          due: sum('amount_due'),
        });
        expect(vat.rates.reduce((s, r) => s + m(r.net.taxable_amount), 0)).toBe(
          sum('total_excl_vat'),
        );
        expect(vat.rates.reduce((s, r) => s + m(r.net.vat_amount), 0)).toBe(sum('total_vat'));
        expect(m(vat.stamp_duty.amount)).toBe(sum('stamp_duty'));
        for (const r of vat.rates) expect([19, 18, 7, 0]).toContain(r.vat_rate);
        expect(vat.trend.at(-1)).toEqual({
          month: '2026-10',
          taxable_amount: vat.totals.taxable_amount,
          vat_amount: vat.totals.vat_amount,
        });

        const res = await t.app.inject({
          method: 'GET',
          url: '/api/v1/admin/reports/sales-register?from=2026-10-01&to=2026-10-31&limit=1000',
          headers: admin,
        });
        const register = expectStatus<Schemas['SalesRegister']>(res, 200, 'getSalesRegister');
        expect(res.headers['x-total-count']).toBe(String(inMonth.length));
        expect(register.totals).toEqual(vat.totals);
        expect(register.entries.reduce((s, e) => s + m(e.amount_due), 0)).toBe(sum('amount_due'));
        expect(register.entries.map((e) => e.number).sort()).toEqual(
          inMonth.map((d) => d.number).sort(),
        );
        expect(register.gap_free).toBe(true);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
