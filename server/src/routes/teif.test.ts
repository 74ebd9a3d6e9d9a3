// TEIF e-invoices through the API (#30 part 5): getInvoiceTeif for real documents (a domestic
// invoice with a discount and shipping, its credit note, an export, a reverse charge), each valid
// against the committed schema and signed; submitInvoiceTeif's 409s; and the teif.submit job
// against a fake TTN on 127.0.0.1: accepted (reference and QR code stored, the PDF prints the
// reference), rejected (reason stored, submitted again), unreachable then retried.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { expectProblem, expectStatus } from '../../test-support/contract';
import { buildSibling, useAdminAccount, useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import {
  completeShopSettings,
  pdfText,
  resetShopSettings,
  type Invoice,
} from '../../test-support/invoices';
import { silentJobLog } from '../../test-support/jobs';
import { placeOrder, shippingAddress, useShop, type Order } from '../../test-support/shop';
import { makeTestCertificate, startFakeTtn, type FakeTtn } from '../../test-support/teif';
import { jobRunner } from '../jobs/worker';
import { backgroundJobHandlers } from '../services/platform/background-jobs';
import { mediaStorage } from '../services/platform/media';
import { TEIF_ACCEPTED, TEIF_OFF, TEIF_UNDER_WAY, TEIF_UNSIGNED } from '../services/billing/teif';
import { TEIF_JOB } from '../services/billing/teif-queue';
import { teifErrors } from '../teif';

const CERT = makeTestCertificate();
const HOUR = 60 * 60 * 1000;

/** Whether xml-crypto (not the xadesjs that signed it) verifies the signature with CERT. */
function verifies(xml: string): boolean {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const [signature] = Array.from(
    doc.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature'),
  );
  if (!signature) return false;
  const verifier = new SignedXml({ publicCert: CERT.pem });
  verifier.loadSignature(signature);
  return verifier.checkSignature(xml);
}

describe.each(testDialects)('TEIF e-invoices (%s)', (dialect) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'teif-api-'));
  let ttn: FakeTtn;
  beforeAll(async () => {
    ttn = await startFakeTtn();
  });
  afterAll(async () => {
    await ttn.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  // E-invoicing on: TTN_URL is the fake, and the shop signs with CERT.
  const t = useTestApp(dialect, () => ({
    config: {
      dataDir,
      shippingFlatRateMillimes: 7_000,
      ttnUrl: ttn.url,
      teifCertificate: CERT.certificate,
    },
  }));
  const shop = useShop(t);
  const support = useAdminAccount(t, 'support');
  const inventory = useAdminAccount(t, 'inventory_manager');
  let session = 0;
  beforeEach(async () => {
    await resetShopSettings(t.database.db);
    await completeShopSettings(t.database.db);
    ttn.mode = 'accept';
    ttn.received.length = 0;
  });

  const buy = async (body: object = {}, price = 11_900): Promise<Order> => {
    const { productId } = await shop.simple({ name: 'Linen shirt', base_price: price });
    return placeOrder(
      t.app,
      { session: `teif-${dialect}-${++session}` },
      [{ productId, quantity: 2 }],
      body,
    );
  };
  const admin = () => support.headers;
  const setStatus = async (id: number, status: Order['status']) =>
    expect(
      (
        await t.request('updateOrderStatus', {
          method: 'PATCH',
          url: `/api/v1/admin/orders/${id}/status`,
          headers: admin(),
          payload: { status },
        })
      ).statusCode,
    ).toBe(200);
  const documents = async (orderId: number) =>
    expectStatus<Invoice[]>(
      await t.request('listOrderInvoices', {
        method: 'GET',
        url: `/api/v1/admin/orders/${orderId}/invoices`,
        headers: admin(),
      }),
      200,
      'listOrderInvoices',
    );
  const invoiceOf = async (orderId: number, kind: Invoice['kind'] = 'invoice') => {
    const found = (await documents(orderId)).find((d) => d.kind === kind);
    if (!found) throw new Error(`order ${orderId} has no ${kind}`);
    return found;
  };
  const getTeif = (id: number, headers: Record<string, string> = admin()) =>
    t.request('getInvoiceTeif', {
      method: 'GET',
      url: `/api/v1/admin/invoices/${id}/teif`,
      headers,
    });
  const submit = (id: number, headers: Record<string, string> = admin(), app = t.app) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/admin/invoices/${id}/teif/submission`,
      headers,
    });
  /** Runs the due teif.submit jobs as an instance's worker would, at `at`. */
  const runJobs = async (at = t.ctx.now()) => {
    const runner = jobRunner({
      db: t.ctx.db,
      dialect,
      handlers: {
        [TEIF_JOB]: backgroundJobHandlers(t.ctx, {
          storage: mediaStorage(t.ctx.config),
          log: silentJobLog,
        })[TEIF_JOB],
      },
      log: silentJobLog,
      now: () => at,
    });
    while (await runner.runNext());
  };
  const teifXmlOf = async (res: LightMyRequestResponse, number: string) => {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${number}.xml"`);
    const xml = res.body;
    expect(await teifErrors(xml)).toEqual([]);
    expect(verifies(xml)).toBe(true);
    expect(xml).toContain(`<DocumentIdentifier>${number}</DocumentIdentifier>`);
    return xml;
  };

  it('answers the signed TEIF of an invoice with a discount and shipping, and of its credit note', async () => {
    const { id: discountId } = expectStatus<{ id: number }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/discounts/',
        headers: (await t.authAs('admin')) as Record<string, string>,
        payload: { name: 'Ten', code: 'TEN', kind: 'percent', percent: 10, scope: 'order' },
      }),
      201,
      'createDiscount',
    );
    expect(discountId).toBeGreaterThan(0);
    const { productId } = await shop.simple({ name: 'Linen shirt', base_price: 11_900 });
    const buyer = { session: `teif-${dialect}-${++session}` };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/cart/items?session_id=${buyer.session}`,
          payload: { product_id: productId, quantity: 3 },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/cart/discount?session_id=${buyer.session}`,
          payload: { code: 'TEN' },
        })
      ).statusCode,
    ).toBe(200);
    const order = await placeOrder(t.app, buyer, []);
    await setStatus(order.id, 'confirmed');
    const invoice = await invoiceOf(order.id);
    expect(invoice.discount_amount).not.toBe('0.000');
    expect(invoice.shipping_amount).toBe('7.000');
    const xml = await teifXmlOf(await getTeif(invoice.id), invoice.number);
    expect(xml).toContain('<DocumentType code="I-11">Facture</DocumentType>');
    expect(xml).toContain(`<Amount currencyIdentifier="TND">${invoice.discount_amount}</Amount>`);
    expect(xml).toContain(`<Amount currencyIdentifier="TND">${invoice.amount_due}</Amount>`);
    expect(xml).toContain('<ItemCode>LIVRAISON</ItemCode>');

    await setStatus(order.id, 'cancelled');
    const note = await invoiceOf(order.id, 'credit_note');
    const noteXml = await teifXmlOf(await getTeif(note.id), note.number);
    expect(noteXml).toContain('<DocumentType code="I-13">Avoir</DocumentType>');
    expect(noteXml).toContain(`<Reference refID="I-88">${invoice.number}</Reference>`);
  });

  it('answers valid TEIFs of an export and of a reverse charge (0 %, the buyer by VAT number)', async () => {
    const geneva = shippingAddress({ country: 'CH', city: 'Genève', postal_code: '1201' });
    const exported = await buy({ customer_country_code: 'CH', shipping_address: geneva });
    const berlin = shippingAddress({ country: 'DE', city: 'Berlin', postal_code: '10115' });
    const reverse = await buy({
      customer_type: 'professional',
      vat_number: 'DE 123 456 789',
      customer_country_code: 'DE',
      shipping_address: { ...berlin, company: 'Muster GmbH' },
    });
    expect([exported.vat_treatment, reverse.vat_treatment]).toEqual(['export', 'reverse_charge']);
    // The reverse charge rests on a number VIES did not confirm: staff confirm it first.
    const confirmed = await t.request('confirmOrderVatNumber', {
      method: 'POST',
      url: `/api/v1/admin/orders/${reverse.id}/confirm-vat-number`,
      headers: admin(),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    for (const order of [exported, reverse]) await setStatus(order.id, 'confirmed');
    const swiss = await teifXmlOf(
      await getTeif((await invoiceOf(exported.id)).id),
      (await invoiceOf(exported.id)).number,
    );
    expect(swiss).toContain('<Country codeList="ISO_3166-1">CH</Country>');
    expect(swiss).toContain('<TaxRate>0</TaxRate>');
    const german = await teifXmlOf(
      await getTeif((await invoiceOf(reverse.id)).id),
      (await invoiceOf(reverse.id)).number,
    );
    expect(german).toContain(
      '<MessageRecieverIdentifier type="I-04">DE123456789</MessageRecieverIdentifier>',
    );
  });

  it('answers 401, 403 and 404 as the contract says', async () => {
    const order = await buy();
    await setStatus(order.id, 'confirmed');
    const { id } = await invoiceOf(order.id);
    expect((await getTeif(id, {})).statusCode).toBe(401);
    expect((await submit(id, {})).statusCode).toBe(401);
    expect((await getTeif(id, inventory.headers)).statusCode).toBe(403);
    expect((await submit(id, inventory.headers)).statusCode).toBe(403);
    expectProblem(await getTeif(999_999), 404, 'Invoice not found', 'getInvoiceTeif');
    expectProblem(await submit(999_999), 404, 'Invoice not found', 'submitInvoiceTeif');
  });

  it('queues each document issued, and TTN accepts it: reference and QR code kept, printed on the PDF', async () => {
    const order = await buy();
    await setStatus(order.id, 'confirmed');
    const issued = await invoiceOf(order.id);
    expect(issued.teif).toMatchObject({ status: 'queued', attempts: 0, reason: null });
    // Already on its way: submitting it again is refused.
    expectProblem(await submit(issued.id), 409, TEIF_UNDER_WAY, 'submitInvoiceTeif');
    await runJobs();
    const sent = ttn.received.find((r) => r.number === issued.number);
    expect(sent && verifies(sent.xml)).toBe(true);
    const accepted = await invoiceOf(order.id);
    expect(accepted.teif).toMatchObject({
      status: 'accepted',
      attempts: 1,
      reason: null,
      qr_code: `https://ttn.example/verify/${issued.number}`,
    });
    expect(accepted.teif.reference).toMatch(/^TTN-2026-\d{10}$/);
    const pdf = await pdfText(
      await t.request('getInvoicePdf', {
        method: 'GET',
        url: `/api/v1/admin/invoices/${issued.id}/pdf?lang=fr`,
        headers: admin(),
      }),
    );
    expect(pdf).toContain(`Référence TTN de la facture électronique: ${accepted.teif.reference}`);
    expectProblem(await submit(issued.id), 409, TEIF_ACCEPTED, 'submitInvoiceTeif');
    // A second run of the done job sends nothing more.
    const before = ttn.received.length;
    await runJobs();
    expect(ttn.received.length).toBe(before);
  });

  it('keeps the reason TTN rejected it, and submits it again on demand', async () => {
    ttn.mode = 'reject';
    const order = await buy();
    await setStatus(order.id, 'confirmed');
    const { id, number } = await invoiceOf(order.id);
    await runJobs();
    expect((await invoiceOf(order.id)).teif).toMatchObject({
      status: 'rejected',
      attempts: 1,
      reason: `Matricule fiscal of the buyer unknown (${number})`,
      reference: null,
    });
    ttn.mode = 'accept';
    const queued = expectStatus<Invoice>(await submit(id), 202, 'submitInvoiceTeif');
    expect(queued.teif).toMatchObject({ status: 'queued', reason: null });
    await runJobs();
    expect((await invoiceOf(order.id)).teif).toMatchObject({ status: 'accepted', attempts: 2 });
    // The resubmission is in the audit log, by whom it was asked.
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['admin_user_id', 'label', 'changes'])
      .where('entity', '=', 'invoice')
      .where('entity_id', '=', id)
      .where('action', '=', 'update')
      .execute();
    expect(audit.map((a) => ({ ...a, changes: JSON.parse(a.changes) as unknown }))).toEqual([
      {
        admin_user_id: support.id,
        label: number,
        changes: [{ field: 'teif_status', before: 'rejected', after: 'queued' }],
      },
    ]);
  });

  it('queues one submission when two are asked at once: the other gets the 409', async () => {
    ttn.mode = 'reject';
    const order = await buy();
    await setStatus(order.id, 'confirmed');
    const { id } = await invoiceOf(order.id);
    await runJobs();
    expect((await invoiceOf(order.id)).teif.status).toBe('rejected');
    const answers = await Promise.all([submit(id), submit(id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409]);
    expectProblem(
      answers.find((a) => a.statusCode === 409)!,
      409,
      TEIF_UNDER_WAY,
    );
    const jobs = await t.database.db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'teif.submit')
      .where('status', '=', 'queued')
      .execute();
    const ofThis = jobs.filter(
      (j) => (JSON.parse(String(j.payload)) as { invoice_id: number }).invoice_id === id,
    );
    expect(ofThis).toHaveLength(1);
  });

  it('stays queued with the reason while TTN cannot be reached, then is accepted on a retry', async () => {
    ttn.mode = 'down';
    const order = await buy();
    await setStatus(order.id, 'confirmed');
    const { number } = await invoiceOf(order.id);
    const at = t.ctx.now();
    await runJobs(at);
    const waiting = (await invoiceOf(order.id)).teif;
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.reason).toMatch(/^TTN could not be reached: /);
    // Not due again before its back-off: nothing is sent even once TTN is back.
    ttn.mode = 'accept';
    await runJobs(at);
    expect(ttn.received.filter((r) => r.number === number)).toEqual([]);
    await runJobs(new Date(at.getTime() + HOUR));
    expect((await invoiceOf(order.id)).teif).toMatchObject({
      status: 'accepted',
      attempts: 2,
      reason: null,
    });
    expect(ttn.received.filter((r) => r.number === number)).toHaveLength(1);
  });

  it('refuses to submit while e-invoicing is off or without a certificate (409), and issues not_sent', async () => {
    const off = await buildSibling(t, { config: { ttnUrl: undefined } });
    const unsigned = await buildSibling(t, { config: { teifCertificate: undefined } });
    try {
      const order = await buy();
      await setStatus(order.id, 'confirmed');
      const { id } = await invoiceOf(order.id);
      await runJobs();
      expect((await invoiceOf(order.id)).teif.status).toBe('accepted');
      // A document TTN has not accepted yet: the two settings are checked first.
      await t.database.db
        .updateTable('invoices')
        .set({ teif_status: 'rejected' })
        .where('id', '=', id)
        .execute();
      expectProblem(await submit(id, admin(), off), 409, TEIF_OFF);
      expectProblem(await submit(id, admin(), unsigned), 409, TEIF_UNSIGNED);
      // Without TTN_URL a document is issued not_sent, and its TEIF is still there to download.
      const other = await buy();
      const confirmed = await off.inject({
        method: 'PATCH',
        url: `/api/v1/admin/orders/${other.id}/status`,
        headers: admin(),
        payload: { status: 'confirmed' },
      });
      expect(confirmed.statusCode).toBe(200);
      const plain = await invoiceOf(other.id);
      expect(plain.teif).toEqual({
        status: 'not_sent',
        reference: null,
        qr_code: null,
        reason: null,
        attempts: 0,
        updated_at: null,
      });
      // Unsigned without a certificate.
      const res = await unsigned.inject({
        method: 'GET',
        url: `/api/v1/admin/invoices/${plain.id}/teif`,
        headers: admin(),
      });
      expect(res.statusCode).toBe(200);
      expect(await teifErrors(res.body)).toEqual([]);
      expect(res.body).not.toContain('ds:Signature');
    } finally {
      await off.close();
      await unsigned.close();
    }
  });
});
