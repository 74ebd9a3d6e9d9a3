// Invoices, credit notes and packing slips (listOrderInvoices, issueInvoice, getInvoice,
// getInvoicePdf, getPackingSlipPdf, and the documents that updateOrderStatus and cancelOrder
// issue): numbering without gap or duplicate under concurrency, per kind and per year in the shop's
// time zone; content frozen at issue; credit notes on cancel and refund; the PDFs' text.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { expectProblem, expectStatus } from '../../test-support/contract';
import { useAdminAccount, useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { insertCustomer, insertSimpleProduct, insertVatRate } from '../../test-support/fixtures';
import {
  BUYER_MATRICULE,
  completeShopSettings,
  pdfText,
  type Invoice,
  resetShopSettings,
  SELLER,
} from '../../test-support/invoices';
import { placeOrder, shippingAddress, useShop, type Order } from '../../test-support/shop';
import { yearIn } from '../domain/invoice';
import { toMillimes } from '../domain/money';
import {
  ALREADY_INVOICED,
  issueDocumentsOnStatusChange,
  issueInvoice,
  NOT_INVOICEABLE,
} from '../services/billing/invoices';
import type { Schemas } from '../api/types';

describe.each(testDialects)('invoices and credit notes (%s)', (dialect) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'invoices-api-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const t = useTestApp(dialect, { config: { dataDir, shippingFlatRateMillimes: 7_000 } });
  const shop = useShop(t);
  const support = useAdminAccount(t, 'support');
  const admin = useAdminAccount(t, 'admin');
  let session = 0;
  beforeEach(async () => {
    await resetShopSettings(t.database.db);
    await completeShopSettings(t.database.db);
  });

  const year = () => yearIn('Africa/Tunis', new Date());
  const headers = () => support.headers;
  const order = async (quantity = 1, body: object = {}): Promise<Order> => {
    const { productId } = await shop.simple({ name: 'Linen shirt', base_price: 11_900 });
    return placeOrder(t.app, { session: `session-${++session}` }, [{ productId, quantity }], body);
  };
  const setStatus = (id: number, status: Order['status']) =>
    t.request('updateOrderStatus', {
      method: 'PATCH',
      url: `/api/v1/admin/orders/${id}/status`,
      headers: headers(),
      payload: { status },
    });
  const cancel = (id: number) =>
    t.request('cancelOrder', {
      method: 'POST',
      url: `/api/v1/admin/orders/${id}/cancel`,
      headers: headers(),
    });
  const issue = (id: number) =>
    t.request('issueInvoice', {
      method: 'POST',
      url: `/api/v1/admin/orders/${id}/invoices`,
      headers: headers(),
    });
  const documents = async (id: number) =>
    expectStatus<Invoice[]>(
      await t.request('listOrderInvoices', {
        method: 'GET',
        url: `/api/v1/admin/orders/${id}/invoices`,
        headers: headers(),
      }),
      200,
      'listOrderInvoices',
    );
  const getInvoice = async (id: number) =>
    expectStatus<Invoice>(
      await t.request('getInvoice', {
        method: 'GET',
        url: `/api/v1/admin/invoices/${id}`,
        headers: headers(),
      }),
      200,
      'getInvoice',
    );
  const pdf = (id: number, lang?: 'en' | 'fr') =>
    t.request('getInvoicePdf', {
      method: 'GET',
      url: `/api/v1/admin/invoices/${id}/pdf${lang ? `?lang=${lang}` : ''}`,
      headers: headers(),
    });

  it('issues the invoice when the order is confirmed, with the order, seller and buyer frozen in it', async () => {
    const placed = await order(2);
    expect((await setStatus(placed.id, 'confirmed')).statusCode).toBe(200);
    const [invoice, ...others] = await documents(placed.id);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      number: `INV-${year()}-000001`,
      order_id: placed.id,
      order_number: placed.order_number,
      credits: null,
      seller: { ...SELLER, logo_key: null },
      buyer: { name: 'Jane Doe', country: 'TN', customer_type: 'individual', vat_number: null },
      lines: [
        {
          description: 'Linen shirt',
          sku: placed.items[0]?.product_sku,
          quantity: 2,
          unit_price: placed.items[0]?.unit_price,
          vat_rate: 19,
          total_price: placed.items[0]?.total_price,
        },
      ],
      shipping_amount: '7.000',
      shipping_vat_rate: 19,
      shipping_vat_amount: placed.shipping_vat_amount,
      // The order's stamp duty (#30), its total the invoice's amount due.
      stamp_duty: placed.stamp_duty_amount,
      amount_due: placed.total_amount,
      currency: 'TND',
      payment_method: 'cash_on_delivery',
      vat_reverse_charge: false,
      time_zone: 'Africa/Tunis',
    });
    expect(placed.stamp_duty_amount).toBe('1.000');
    expect(toMillimes(invoice!.total_incl_vat)).toBe(toMillimes(placed.total_amount) - 1000);
    expect(invoice?.issued_by).toMatch(/^admin\d+$/);
    expect(await getInvoice(invoice?.id ?? 0)).toEqual(invoice);
  });

  it('issues on demand once; a second issue, or one for a cancelled order, is refused', async () => {
    const placed = await order();
    const issued = expectStatus<Invoice>(await issue(placed.id), 201, 'issueInvoice');
    expectProblem(await issue(placed.id), 409, ALREADY_INVOICED, 'issueInvoice');
    await setStatus(placed.id, 'confirmed');
    expect(await documents(placed.id)).toEqual([issued]);

    const cancelled = await order();
    await cancel(cancelled.id);
    expectProblem(await issue(cancelled.id), 409, NOT_INVOICEABLE, 'issueInvoice');
  });

  it('changes the status without an invoice while the settings are incomplete', async () => {
    await resetShopSettings(t.database.db);
    const placed = await order();
    expect((await setStatus(placed.id, 'confirmed')).statusCode).toBe(200);
    expect(await documents(placed.id)).toEqual([]);
    expectProblem(
      await issue(placed.id),
      409,
      'Complete the shop settings before issuing invoices (missing: legal_name, address, matricule_fiscal)',
      'issueInvoice',
    );
    expect((await cancel(placed.id)).statusCode).toBe(200);
    expect(await documents(placed.id)).toEqual([]);
  });

  it('names the fields still missing, in the refusal and the settings, as each is saved', async () => {
    await resetShopSettings(t.database.db);
    const placed = await order();
    const missing = async () =>
      expectStatus<Schemas['ShopSettings']>(
        await t.request('getShopSettings', {
          method: 'GET',
          url: '/api/v1/admin/settings/shop',
          headers: headers(),
        }),
        200,
        'getShopSettings',
      ).missing_for_invoices;
    const save = async (payload: object) =>
      expect(
        (
          await t.request('updateShopSettings', {
            method: 'PATCH',
            url: '/api/v1/admin/settings/shop',
            headers: admin.headers,
            payload,
          })
        ).statusCode,
      ).toBe(200);
    const refusal = (fields: string) =>
      `Complete the shop settings before issuing invoices (missing: ${fields})`;

    // The fields an invoice does not need do not count.
    await save({ phone: SELLER.phone, email: SELLER.email });
    expect(await missing()).toEqual(['legal_name', 'address', 'matricule_fiscal']);
    await save({ address: SELLER.address });
    expect(await missing()).toEqual(['legal_name', 'matricule_fiscal']);
    expectProblem(
      await issue(placed.id),
      409,
      refusal('legal_name, matricule_fiscal'),
      'issueInvoice',
    );
    await save({ matricule_fiscal: SELLER.matricule_fiscal });
    expectProblem(await issue(placed.id), 409, refusal('legal_name'), 'issueInvoice');
    expect(await documents(placed.id)).toEqual([]);

    await save({ legal_name: SELLER.legal_name });
    expect(await missing()).toEqual([]);
    const invoice = expectStatus<Invoice>(await issue(placed.id), 201, 'issueInvoice');
    expect(invoice.seller).toMatchObject({ legal_name: SELLER.legal_name });
    expect(await documents(placed.id)).toEqual([invoice]);
  });

  it('credits the invoice on cancel and on refund, in its own sequence; reopening invoices again', async () => {
    const a = await order();
    await setStatus(a.id, 'confirmed');
    expect((await cancel(a.id)).statusCode).toBe(200);
    const [invoice, note] = await documents(a.id);
    expect(note).toEqual({
      ...invoice,
      id: note?.id,
      kind: 'credit_note',
      number: `CN-${year()}-000001`,
      issued_at: note?.issued_at,
      credits: { id: invoice?.id, kind: 'invoice', number: invoice?.number },
    });

    await setStatus(a.id, 'confirmed');
    const reopened = await documents(a.id);
    expect(reopened.map((d) => d.number)).toEqual([
      `INV-${year()}-000001`,
      `CN-${year()}-000001`,
      `INV-${year()}-000002`,
    ]);
    expectProblem(await issue(a.id), 409, ALREADY_INVOICED, 'issueInvoice');

    const b = await order();
    await setStatus(b.id, 'delivered');
    await setStatus(b.id, 'refunded');
    expect((await documents(b.id)).map((d) => [d.kind, d.number])).toEqual([
      ['invoice', `INV-${year()}-000003`],
      ['credit_note', `CN-${year()}-000002`],
    ]);
    // Refunded after cancelled: the invoice is already credited.
    await setStatus(a.id, 'cancelled');
    await setStatus(a.id, 'refunded');
    expect(await documents(a.id)).toHaveLength(4);
  });

  it('numbers 50 invoices issued in parallel 000001 to 000050', async () => {
    const orders: Order[] = [];
    for (let i = 0; i < 50; i++) orders.push(await order());
    const answers = await Promise.all(orders.map((o) => issue(o.id)));
    const numbers = answers.map((res) => expectStatus<Invoice>(res, 201, 'issueInvoice').number);
    const expected = Array.from(
      { length: 50 },
      (_, i) => `INV-${year()}-${String(i + 1).padStart(6, '0')}`,
    );
    expect([...numbers].sort()).toEqual(expected);
  });

  it('gives the number of a rolled-back issue back', async () => {
    const placed = await order();
    const rollback = new Error('rolled back');
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await issueDocumentsOnStatusChange(trx, placed.id, 'confirmed', {
          dialect,
          admin: null,
          now: new Date(),
          teif: false,
        });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await documents(placed.id)).toEqual([]);
    expect(expectStatus<Invoice>(await issue(placed.id), 201, 'issueInvoice').number).toBe(
      `INV-${year()}-000001`,
    );
  });

  it("takes the number's year in the shop's time zone", async () => {
    const newYearsEve = { ...t.ctx, now: () => new Date('2026-12-31T23:30:00.000Z') };
    const tunis = await issueInvoice(newYearsEve, (await order()).id, null);
    expect(tunis.number).toBe('INV-2027-000001');
    await completeShopSettings(t.database.db, { time_zone: 'UTC', invoice_prefix: 'F' });
    const utc = await issueInvoice(newYearsEve, (await order()).id, null);
    expect(utc.number).toBe('F2026-000001');
  });

  it('keeps the issued content, JSON and PDF, when the product and the settings change', async () => {
    const placed = await order();
    const issued = expectStatus<Invoice>(await issue(placed.id), 201, 'issueInvoice');
    const before = await pdfText(await pdf(issued.id));
    await t.database.db
      .updateTable('products')
      .set({ name: 'Renamed shirt', base_price: 99_000 })
      .execute();
    await t.database.db.updateTable('variants').set({ price: 99_000 }).execute();
    const patch = await t.request('updateShopSettings', {
      method: 'PATCH',
      url: '/api/v1/admin/settings/shop',
      headers: await t.authAs('admin'),
      payload: { legal_name: 'New Name SA', stamp_duty: '2.000' },
    });
    expect(patch.statusCode).toBe(200);
    expect(await getInvoice(issued.id)).toEqual(issued);
    expect(await pdfText(await pdf(issued.id))).toBe(before);
    expect(before).toContain('Maison Carthage SARL');
    expect(before).not.toContain('New Name SA');
  });

  it('prints the number, both tax identifiers, each VAT rate, the stamp duty and the totals, in en and fr', async () => {
    const tn7 = await insertVatRate(t.database.db, { rate_bp: 700, country_code: 'TN' });
    const books = await insertSimpleProduct(t.database.db, {
      name: 'Livre',
      vat_rate_id: tn7.id,
      base_price: 10_700,
    });
    const shirt = await shop.simple({ name: 'Chemise été', base_price: 11_900 });
    const placed = await placeOrder(
      t.app,
      { session: `session-${++session}` },
      [
        { productId: books.productId, quantity: 1 },
        { productId: shirt.productId, quantity: 3 },
      ],
      { customer_type: 'professional', vat_number: BUYER_MATRICULE },
    );
    const invoice = expectStatus<Invoice>(await issue(placed.id), 201, 'issueInvoice');
    expect(invoice.vat_breakdown.map((b) => b.vat_rate)).toEqual([19, 7]);
    const res = await pdf(invoice.id);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    const texts = { en: await pdfText(res), fr: await pdfText(await pdf(invoice.id, 'fr')) };
    for (const text of Object.values(texts)) {
      expect(text).toContain(invoice.number);
      expect(text).toContain(SELLER.matricule_fiscal);
      expect(text).toContain(placed.vat_number ?? BUYER_MATRICULE);
      expect(text).toContain('Chemise été');
      for (const b of invoice.vat_breakdown) {
        expect(text).toContain(`${b.vat_rate} %`);
        expect(text).toContain(`${b.taxable_amount} TND`);
        expect(text).toContain(`${b.vat_amount} TND`);
      }
      for (const figure of [
        invoice.stamp_duty,
        invoice.total_excl_vat,
        invoice.total_vat,
        invoice.total_incl_vat,
        invoice.amount_due,
      ]) {
        expect(text).toContain(`${figure} TND`);
      }
    }
    expect(texts.en).toContain('INVOICE');
    expect(texts.en).toContain('Stamp duty');
    expect(texts.fr).toContain('FACTURE');
    expect(texts.fr).toContain('Droit de timbre');
    expect(texts.fr).toContain('Net à payer');
  });

  it('charges no stamp duty abroad and prints the reverse charge of an EU business', async () => {
    const { productId } = await shop.simple({ name: 'Linen shirt', base_price: 11_900 });
    const placed = await placeOrder(
      t.app,
      { session: `session-${++session}` },
      [{ productId, quantity: 1 }],
      {
        customer_type: 'professional',
        vat_number: 'FR40303265045',
        customer_country_code: 'FR',
        shipping_address: shippingAddress({ country: 'FR', city: 'Paris', postal_code: '75001' }),
      },
    );
    expect(placed.vat_reverse_charge).toBe(true);
    // Format checked only (no VIES): an admin confirms the number before invoicing.
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${placed.id}/confirm-vat-number`,
      headers: await t.authAs('admin'),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const invoice = expectStatus<Invoice>(await issue(placed.id), 201, 'issueInvoice');
    expect(invoice).toMatchObject({
      vat_reverse_charge: true,
      stamp_duty: '0.000',
      total_vat: '0.000',
      amount_due: placed.total_amount,
      buyer: { country: 'FR', vat_number: placed.vat_number },
    });
    const en = await pdfText(await pdf(invoice.id));
    expect(en).toContain('Reverse charge: VAT to be accounted for by the recipient');
    expect(en).toContain(String(placed.vat_number));
    expect(await pdfText(await pdf(invoice.id, 'fr'))).toContain('Autoliquidation');
  });

  it("names a business buyer's company from its account when the address names none", async () => {
    const { productId } = await shop.simple({ name: 'Linen shirt', base_price: 11_900 });
    const account = await insertCustomer(t.database.db, {
      email: `atelier${++session}@example.tn`,
      customer_type: 'professional',
      company_name: 'Atelier Hafsia SARL',
      vat_number: BUYER_MATRICULE,
    });
    const placed = await placeOrder(
      t.app,
      { headers: await t.customerAuth(account.id) },
      [{ productId, quantity: 1 }],
      { customer_type: 'professional', vat_number: BUYER_MATRICULE },
    );
    const invoice = expectStatus<Invoice>(await issue(placed.id), 201, 'issueInvoice');
    expect(invoice.buyer).toMatchObject({
      company: 'Atelier Hafsia SARL',
      customer_type: 'professional',
      vat_number: placed.vat_number,
    });
    expect(await pdfText(await pdf(invoice.id))).toContain('Atelier Hafsia SARL');
  });

  it('prints the credit note with the invoice it credits', async () => {
    const placed = await order();
    await setStatus(placed.id, 'confirmed');
    await cancel(placed.id);
    const [invoice, note] = await documents(placed.id);
    const text = await pdfText(await pdf(note?.id ?? 0, 'fr'));
    expect(text).toContain('AVOIR');
    expect(text).toContain(note?.number);
    expect(text).toContain(invoice?.number);
  });

  it('prints a packing slip without prices', async () => {
    const placed = await order(4);
    const res = await t.request('getPackingSlipPdf', {
      method: 'GET',
      url: `/api/v1/admin/orders/${placed.id}/packing-slip?lang=fr`,
      headers: headers(),
    });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="packing-slip-${placed.order_number}.pdf"`,
    );
    const text = await pdfText(res);
    expect(text).toContain('BON DE LIVRAISON');
    expect(text).toContain(placed.order_number);
    expect(text).toContain('Linen shirt');
    expect(text).toContain('1 Rue de Marseille');
    expect(text).not.toContain('TND');
    for (const price of [placed.total_amount, placed.items[0]?.unit_price ?? '', '11.900']) {
      expect(text).not.toContain(price);
    }
  });

  it('answers 404 for a missing order or document', async () => {
    expectProblem(await issue(999_999), 404, 'Order not found', 'issueInvoice');
    const list = await t.request('listOrderInvoices', {
      method: 'GET',
      url: '/api/v1/admin/orders/999999/invoices',
      headers: headers(),
    });
    expectProblem(list, 404, 'Order not found', 'listOrderInvoices');
    expectProblem(await pdf(999_999), 404, 'Invoice not found', 'getInvoicePdf');
  });
});
