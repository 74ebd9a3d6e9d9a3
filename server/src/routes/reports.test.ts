// The accountant's books through the API (#30): the VAT return, the sales register and the
// withholding of October 2026 in Africa/Tunis, on a copy of a shop's data written straight into
// the tables (server/test-support/books.ts builds the documents with the domain's own builders):
//   E  INV-2026-000001  2026-09-30 22:30 UTC (23:30 in Tunis: September), 10.000 at 19 %
//   A  INV-2026-000002  2026-10-05, 100.000 at 19 % + 2 × 10.000 at 7 % + shipping 7.000 at 19 %;
//      partly returned: CN-2026-000002 (2026-10-25) credits one unit of its first line
//   B  INV-2026-000003  2026-10-12, a professional's 2 × 50.000 at 19 %, cancelled:
//      CN-2026-000001 (2026-10-20) reverses it, stamp duty included
//   C  INV-2026-000004  2026-10-15, an export: 100.000 + shipping 7.000 at 0 %, no stamp duty
//   D  INV-2026-000005  2026-10-31 23:30 UTC (00:30 on 1 November in Tunis: November)
// and withholding on four payments, two of them in October and not removed.
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Schemas } from '../api/types';
import type { Database } from '../db/schema';
import { ROLES } from '../domain/roles';
import { useTestApp, type AuthHeaders } from '../../test-support/app';
import { BUYER_TAX_ID, insertSale, sale, saleLine as line } from '../../test-support/books';
import { expectStatus } from '../../test-support/contract';
import { parseCsv } from '../../test-support/csv';
import { testDialects } from '../../test-support/databases';
import { deleteAll, insertOrder } from '../../test-support/fixtures';
import { completeShopSettings, pdfText, resetShopSettings } from '../../test-support/invoices';

type VatReturn = Schemas['VatReturn'];
type Register = Schemas['SalesRegister'];

/** The documents and payments above; the orders' ids by letter. */
async function fillBooks(db: Kysely<Database>) {
  await deleteAll(db, ['order_payments', 'order_returns', 'invoices']);
  const order = async (shipping: Record<string, unknown> = {}, vat_number: string | null = null) =>
    Number((await insertOrder(db, { shipping, vat_number, customer_type: 'individual' })).id);
  const ids = {
    E: await order(),
    A: await order(),
    B: await order({ company: 'Atlas SARL' }, BUYER_TAX_ID),
    C: await order({ country: 'FR' }),
    D: await order(),
  };
  const doc = (number: string, issuedAt: string) => ({ number, issuedAt });
  const none = doc('unused', '');
  await insertSale(db, sale({}), ids.E, {
    invoice: doc('INV-2026-000001', '2026-09-30T22:30:00.000Z'),
    creditNote: none,
  });
  const a = sale({
    lines: [line(119_000, 1900, 1, true), line(10_000, 700, 2)],
    shipping: 7_000,
    fate: 'returned',
  });
  const b = sale({ lines: [line(50_000, 1900, 2)], company: 'Atlas SARL', fate: 'cancelled' });
  const c = sale({ lines: [line(119_000, 1900, 1, true)], shipping: 7_000, treatment: 'export' });
  // In number order of each kind: B's credit note (20 October) before A's (25 October).
  await insertSale(db, a, ids.A, {
    invoice: doc('INV-2026-000002', '2026-10-05T09:00:00.000Z'),
    creditNote: doc('CN-2026-000002', '2026-10-25T10:00:00.000Z'),
  });
  await insertSale(db, b, ids.B, {
    invoice: doc('INV-2026-000003', '2026-10-12T10:00:00.000Z'),
    creditNote: doc('CN-2026-000001', '2026-10-20T10:00:00.000Z'),
  });
  await insertSale(db, c, ids.C, {
    invoice: doc('INV-2026-000004', '2026-10-15T10:00:00.000Z'),
    creditNote: none,
  });
  await insertSale(db, sale({}), ids.D, {
    invoice: doc('INV-2026-000005', '2026-10-31T23:30:00.000Z'),
    creditNote: none,
  });
  const payment = (
    orderId: number,
    received_on: string,
    amount: number,
    withholding_amount: number,
    withholding_certificate: string | null,
    removed_at: string | null = null,
  ) => ({
    order_id: orderId,
    amount,
    withholding_amount,
    withholding_certificate,
    method: 'bank_transfer' as const,
    received_on,
    reference: null,
    credit_note_id: null,
    remittance_id: null,
    recorded_by_admin_id: null,
    recorded_by: 'alice',
    created_at: '2026-11-01T10:00:00.000Z',
    removed_at,
    removed_by_admin_id: null,
    removed_by: removed_at ? 'alice' : null,
  });
  await db
    .insertInto('order_payments')
    .values([
      // Before A's invoice: no invoice in force yet; the certificate left blank.
      payment(ids.A, '2026-10-04', 147_730, 2_000, '  '),
      payment(ids.B, '2026-10-13', 118_215, 1_785, 'RS-2026-0042'),
      // Not counted: removed, without withholding, received in November.
      payment(ids.B, '2026-10-14', 100_000, 1_000, 'RS-X', '2026-10-15T10:00:00.000Z'),
      payment(ids.C, '2026-10-16', 107_000, 0, null),
      payment(ids.D, '2026-11-01', 10_000, 900, null),
    ])
    .execute();
  return ids;
}

/** A download: its file name, as the browser saves it. */
function expectAttachment(res: LightMyRequestResponse, filename: string): void {
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
}

/** A PDF answer whose text holds every one of `texts`. */
async function expectPdfTexts(
  res: LightMyRequestResponse,
  texts: readonly string[],
): Promise<void> {
  const text = await pdfText(res);
  for (const part of texts) expect(text).toContain(part);
}

const ZERO = { taxable_amount: '0.000', vat_amount: '0.000' };

/** October 2026's totals, which the VAT return and the sales register both show. */
const OCTOBER_TOTALS = {
  taxable_amount: '134.000',
  vat_amount: '2.730',
  stamp_duty: '1.000',
  amount_due: '137.730',
};

/** The twelve months ending with October 2026, as the trend gives them. */
const OCTOBER_TREND = [
  ...['2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04'].map((month) => ({
    month,
    ...ZERO,
  })),
  ...['2026-05', '2026-06', '2026-07', '2026-08'].map((month) => ({ month, ...ZERO })),
  { month: '2026-09', taxable_amount: '10.000', vat_amount: '1.900' },
  { month: '2026-10', taxable_amount: '134.000', vat_amount: '2.730' },
];

describe.each(testDialects)('reports on %s', (dialect) => {
  const t = useTestApp(dialect);
  let admin: AuthHeaders;
  let ids: Awaited<ReturnType<typeof fillBooks>>;

  beforeAll(async () => {
    admin = await t.authAs('admin');
  });
  beforeEach(async () => {
    await resetShopSettings(t.database.db);
    await completeShopSettings(t.database.db);
    ids = await fillBooks(t.database.db);
  });

  const get = (url: string, headers: AuthHeaders = admin) =>
    t.app.inject({ method: 'GET', url: `/api/v1/admin/reports/${url}`, headers });

  it('states the VAT return of October in the shop’s time zone', async () => {
    const vat = expectStatus<VatReturn>(await get('vat-return?month=2026-10'), 200, 'getVatReturn');
    expect(vat).toEqual({
      month: '2026-10',
      time_zone: 'Africa/Tunis',
      from: '2026-10-01',
      to: '2026-10-31',
      invoices: 3,
      credit_notes: 2,
      rates: [
        {
          vat_rate: 19,
          invoices: { taxable_amount: '207.000', vat_amount: '39.330' },
          credit_notes: { taxable_amount: '200.000', vat_amount: '38.000' },
          net: { taxable_amount: '7.000', vat_amount: '1.330' },
        },
        {
          vat_rate: 7,
          invoices: { taxable_amount: '20.000', vat_amount: '1.400' },
          credit_notes: ZERO,
          net: { taxable_amount: '20.000', vat_amount: '1.400' },
        },
        {
          vat_rate: 0,
          invoices: { taxable_amount: '107.000', vat_amount: '0.000' },
          credit_notes: ZERO,
          net: { taxable_amount: '107.000', vat_amount: '0.000' },
        },
      ],
      shipping: { taxable_amount: '14.000', vat_amount: '1.330' },
      zero_rated: { exports: '107.000', reverse_charge: '0.000' },
      stamp_duty: { invoices: 2, credit_notes: 1, amount: '1.000' },
      withholding: { payments: 2, amount: '3.785', missing_certificates: 1 },
      totals: OCTOBER_TOTALS,
      trend: OCTOBER_TREND,
    });
  });

  it('counts an invoice of 23:30 UTC on 31 October in November (Tunis is UTC+1)', async () => {
    const vat = expectStatus<VatReturn>(await get('vat-return?month=2026-11'), 200, 'getVatReturn');
    expect(vat).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-30',
      invoices: 1,
      credit_notes: 0,
      totals: {
        taxable_amount: '10.000',
        vat_amount: '1.900',
        stamp_duty: '1.000',
        amount_due: '12.900',
      },
      withholding: { payments: 1, amount: '0.900', missing_certificates: 1 },
    });
    const september = expectStatus<VatReturn>(
      await get('vat-return?month=2026-09'),
      200,
      'getVatReturn',
    );
    expect(september.invoices).toBe(1);
    expect(september.totals.taxable_amount).toBe('10.000');
  });

  it('writes the VAT return as CSV, both variants', async () => {
    const res = await get('vat-return.csv?month=2026-10');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expectAttachment(res, 'vat-return-2026-10.csv');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(parseCsv(res.body.slice(1))).toEqual([
      ['section', 'vat_rate', 'taxable_amount', 'vat_amount', 'count'],
      ['invoices', '19', '207.000', '39.330', ''],
      ['credit_notes', '19', '200.000', '38.000', ''],
      ['net', '19', '7.000', '1.330', ''],
      ['invoices', '7', '20.000', '1.400', ''],
      ['credit_notes', '7', '0.000', '0.000', ''],
      ['net', '7', '20.000', '1.400', ''],
      ['invoices', '0', '107.000', '0.000', ''],
      ['credit_notes', '0', '0.000', '0.000', ''],
      ['net', '0', '107.000', '0.000', ''],
      ['shipping', '', '14.000', '1.330', ''],
      ['exports', '0', '107.000', '', ''],
      ['reverse_charge', '0', '0.000', '', ''],
      ['stamp_duty', '', '', '1.000', '1'],
      ['withholding', '', '', '3.785', '2'],
      ['withholding_missing_certificates', '', '', '', '1'],
      ['totals', '', '134.000', '2.730', '5'],
    ]);
    const semicolon = await get('vat-return.csv?month=2026-10&separator=semicolon');
    expect(semicolon.body.split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFsection;vat_rate;taxable_amount;vat_amount;count',
      // A decimal comma is quoted, as any cell holding a separator.
      'invoices;19;"207,000";"39,330";',
    ]);
  });

  it('prints the VAT return in French by default, in English when asked', async () => {
    const res = await get('vat-return.pdf?month=2026-10');
    expectAttachment(res, 'vat-return-2026-10.pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await expectPdfTexts(res, [
      'DÉCLARATION MENSUELLE DE TVA - 2026-10',
      'Maison Carthage SARL',
      'Matricule fiscal: 1234567A/A/M/000',
      'Période: 1 octobre 2026 - 31 octobre 2026',
      'Ventes à 0 % : exportations',
      '134.000 TND',
      '2.730 TND',
      '137.730 TND',
      '3.785 TND',
    ]);
    await expectPdfTexts(await get('vat-return.pdf?month=2026-10&lang=en'), [
      'VAT RETURN - 2026-10',
      'Period: 1 October 2026 - 31 October 2026',
      'Withholding kept by buyers (tax credit)',
    ]);
  });

  const REGISTER = 'sales-register?from=2026-10-01&to=2026-10-31';

  it('lists October’s documents in number order, paged, with totals and numbering', async () => {
    const res = await get(REGISTER);
    const register = expectStatus<Register>(res, 200, 'getSalesRegister');
    expect(res.headers['x-total-count']).toBe('5');
    expect(register.entries.map((e) => [e.number, e.total_excl_vat, e.issued_on])).toEqual([
      ['INV-2026-000002', '127.000', '2026-10-05'],
      ['INV-2026-000003', '100.000', '2026-10-12'],
      ['INV-2026-000004', '107.000', '2026-10-15'],
      ['CN-2026-000001', '-100.000', '2026-10-20'],
      ['CN-2026-000002', '-100.000', '2026-10-25'],
    ]);
    expect(register.entries[3]).toMatchObject({
      kind: 'credit_note',
      order_id: ids.B,
      credits: 'INV-2026-000003',
      buyer_name: 'Atlas SARL',
      buyer_tax_id: BUYER_TAX_ID,
      rates: [{ vat_rate: 19, taxable_amount: '-100.000', vat_amount: '-19.000' }],
      total_vat: '-19.000',
      stamp_duty: '-1.000',
      amount_due: '-120.000',
    });
    expect(register.entries[0]?.buyer_tax_id).toBeNull();
    expect(register).toMatchObject({
      from: '2026-10-01',
      to: '2026-10-31',
      time_zone: 'Africa/Tunis',
      total: 5,
      // The VAT return's totals, to the millime.
      totals: OCTOBER_TOTALS,
      gap_free: true,
      numbering: [
        {
          kind: 'invoice',
          prefix: 'INV-',
          year: 2026,
          first: 'INV-2026-000002',
          last: 'INV-2026-000004',
          count: 3,
          missing: [],
          missing_count: 0,
        },
        {
          kind: 'credit_note',
          prefix: 'CN-',
          year: 2026,
          first: 'CN-2026-000001',
          last: 'CN-2026-000002',
          count: 2,
          missing: [],
          missing_count: 0,
        },
      ],
    });
    const page = await get(`${REGISTER}&skip=2&limit=2`);
    const second = expectStatus<Register>(page, 200, 'getSalesRegister');
    expect(page.headers['x-total-count']).toBe('5');
    expect(second.entries.map((e) => e.number)).toEqual(['INV-2026-000004', 'CN-2026-000001']);
    expect(second.totals).toEqual(register.totals);
  });

  it('shows the number missing when an invoice was deleted from a copy of the data', async () => {
    const db = t.database.db;
    await db.deleteFrom('invoices').where('number', '=', 'INV-2026-000002').execute();
    const register = expectStatus<Register>(await get(REGISTER), 200, 'getSalesRegister');
    expect(register.gap_free).toBe(false);
    expect(register.numbering[0]).toEqual({
      kind: 'invoice',
      prefix: 'INV-',
      year: 2026,
      first: 'INV-2026-000003',
      last: 'INV-2026-000004',
      count: 2,
      missing: ['INV-2026-000002'],
      missing_count: 1,
    });
    const pdf = await pdfText(await get(`sales-register.pdf?from=2026-10-01&to=2026-10-31`));
    expect(pdf).toContain('1 manquants: INV-2026-000002');
    expect(pdf).not.toContain('Aucune rupture de numérotation');
  });

  it('writes the register as CSV with a column pair per rate met', async () => {
    const res = await get('sales-register.csv?from=2026-10-01&to=2026-10-31');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('5');
    expectAttachment(res, 'sales-register-2026-10-01-2026-10-31.csv');
    const [header, ...rows] = parseCsv(res.body.slice(1));
    expect(header).toEqual([
      'kind',
      'number',
      'issued_on',
      'order_number',
      'credits',
      'buyer_name',
      'buyer_tax_id',
      'taxable_19',
      'vat_19',
      'taxable_7',
      'vat_7',
      'taxable_0',
      'vat_0',
      'total_excl_vat',
      'total_vat',
      'stamp_duty',
      'amount_due',
    ]);
    const orderNumber = (id: number) => `ORD-${String(id).padStart(6, '0')}`;
    expect(rows).toEqual([
      [
        'invoice',
        'INV-2026-000002',
        '2026-10-05',
        orderNumber(ids.A),
        '',
        'Jane Doe',
        'final consumer',
        '107.000',
        '20.330',
        '20.000',
        '1.400',
        '',
        '',
        '127.000',
        '21.730',
        '1.000',
        '149.730',
      ],
      [
        'invoice',
        'INV-2026-000003',
        '2026-10-12',
        orderNumber(ids.B),
        '',
        'Atlas SARL',
        BUYER_TAX_ID,
        '100.000',
        '19.000',
        '',
        '',
        '',
        '',
        '100.000',
        '19.000',
        '1.000',
        '120.000',
      ],
      [
        'invoice',
        'INV-2026-000004',
        '2026-10-15',
        orderNumber(ids.C),
        '',
        'Jane Doe',
        'final consumer',
        '',
        '',
        '',
        '',
        '107.000',
        '0.000',
        '107.000',
        '0.000',
        '0.000',
        '107.000',
      ],
      [
        'credit_note',
        'CN-2026-000001',
        '2026-10-20',
        orderNumber(ids.B),
        'INV-2026-000003',
        'Atlas SARL',
        BUYER_TAX_ID,
        '-100.000',
        '-19.000',
        '',
        '',
        '',
        '',
        '-100.000',
        '-19.000',
        '-1.000',
        '-120.000',
      ],
      [
        'credit_note',
        'CN-2026-000002',
        '2026-10-25',
        orderNumber(ids.A),
        'INV-2026-000002',
        'Jane Doe',
        'final consumer',
        '-100.000',
        '-19.000',
        '',
        '',
        '',
        '',
        '-100.000',
        '-19.000',
        '0.000',
        '-119.000',
      ],
    ]);
  });

  it('prints the register on A4 landscape with its numbering check', async () => {
    const res = await get('sales-register.pdf?from=2026-10-01&to=2026-10-31');
    expectAttachment(res, 'sales-register-2026-10-01-2026-10-31.pdf');
    expect(res.rawPayload.toString('latin1')).toContain('/MediaBox [0 0 841.89 595.28]');
    await expectPdfTexts(res, [
      'REGISTRE DES VENTES',
      'Maison Carthage SARL',
      'INV-2026-000003',
      'CN-2026-000002',
      'consommateur final',
      'Total HT: 134.000 TND',
      'Net à payer: 137.730 TND',
      'Aucune rupture de numérotation',
    ]);
    await expectPdfTexts(await get('sales-register.pdf?from=2026-10-01&to=2026-10-31&lang=en'), [
      'SALES REGISTER',
      'No gap in the numbering',
      'final consumer',
    ]);
  });

  it('lists October’s withholding: buyer, invoice in force, certificates missing', async () => {
    const report = expectStatus<Schemas['WithholdingReport']>(
      await get('withholding?month=2026-10'),
      200,
      'getWithholdingReport',
    );
    expect(report).toEqual({
      month: '2026-10',
      entries: [
        {
          payment_id: expect.any(Number) as unknown as number,
          received_on: '2026-10-04',
          order_id: ids.A,
          order_number: expect.stringMatching(/^ORD-/) as unknown as string,
          buyer_name: 'Jane Doe',
          buyer_tax_id: null,
          invoice_number: null,
          paid_amount: '147.730',
          withholding_amount: '2.000',
          certificate: null,
        },
        {
          payment_id: expect.any(Number) as unknown as number,
          received_on: '2026-10-13',
          order_id: ids.B,
          order_number: expect.stringMatching(/^ORD-/) as unknown as string,
          buyer_name: 'Atlas SARL',
          buyer_tax_id: BUYER_TAX_ID,
          invoice_number: 'INV-2026-000003',
          paid_amount: '118.215',
          withholding_amount: '1.785',
          certificate: 'RS-2026-0042',
        },
      ],
      totals: { payments: 2, amount: '3.785', missing_certificates: 1 },
    });
    const csv = await get('withholding.csv?month=2026-10&separator=semicolon');
    expectAttachment(csv, 'withholding-2026-10.csv');
    const lines = csv.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'received_on;order_number;invoice_number;buyer_name;buyer_tax_id;paid_amount;withholding_amount;certificate',
    );
    expect(lines[2]).toBe(
      `2026-10-13;${report.entries[1]?.order_number};INV-2026-000003;Atlas SARL;${BUYER_TAX_ID};"118,215";"1,785";RS-2026-0042`,
    );
    expect(lines).toHaveLength(4); // header, two rows, and the empty text after the last CRLF
  });

  it('refuses a month not started and a period too long or backwards (422)', async () => {
    const refusal = async (url: string, field: string, msg: string) => {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json<{ detail: unknown }>().detail).toEqual([
        { loc: ['query', field], msg, type: 'value_error' },
      ]);
    };
    for (const url of [
      'vat-return',
      'vat-return.csv',
      'vat-return.pdf',
      'withholding',
      'withholding.csv',
    ]) {
      await refusal(`${url}?month=2999-01`, 'month', 'The month has not started yet');
    }
    for (const url of ['sales-register', 'sales-register.csv', 'sales-register.pdf']) {
      await refusal(`${url}?from=2026-10-02&to=2026-10-01`, 'from', 'from must not be after to');
      await refusal(
        `${url}?from=2025-01-01&to=2026-01-02`,
        'to',
        'The period must not be longer than 366 days',
      );
    }
    // 366 days (2024 is a leap year) is allowed.
    expect((await get('sales-register?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
    const malformed = await get('vat-return?month=2026-13');
    expect(malformed.statusCode).toBe(422);
  });

  it('answers super admins and admins only', async () => {
    const urls = [
      'vat-return?month=2026-10',
      'vat-return.csv?month=2026-10',
      'vat-return.pdf?month=2026-10',
      REGISTER,
      'sales-register.csv?from=2026-10-01&to=2026-10-31',
      'sales-register.pdf?from=2026-10-01&to=2026-10-31',
      'withholding?month=2026-10',
      'withholding.csv?month=2026-10',
    ];
    for (const role of ROLES) {
      const headers = await t.authAs(role);
      const expected = role === 'super_admin' || role === 'admin' ? 200 : 403;
      for (const url of urls)
        expect((await get(url, headers)).statusCode, `${role} ${url}`).toBe(expected);
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/reports/vat-return?month=2026-10',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
