// Issued documents never change (issue #25): an invoice's and a credit note's PDF stay the same
// bytes after their logo is replaced or its file is lost and after the settings change, including
// a document issued before its logo was frozen; an upload that a product, a variant, the settings
// or an issued document uses cannot be deleted (deleteFiles 409 naming who uses it).
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { expectProblem, expectStatus, issuesOf } from '../../test-support/contract';
import { useAdminAccount, useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { insertSimpleProduct, insertVariant } from '../../test-support/fixtures';
import { completeShopSettings, type Invoice, resetShopSettings } from '../../test-support/invoices';
import { placeOrder, useShop } from '../../test-support/shop';
import { mediaStorage } from '../services/platform/media';

// Two different real images: a 1×1 RGBA PNG and a 1×1 grey PNG.
const LOGO_A = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const LOGO_B = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const media = (key: string) => `/api/v1/media/${key}`;
let keys = 0;
/** A fresh storage key per test: the file store outlives each test's rows. */
const newKey = (ext = 'png') => `img_frozen${++keys}_${Date.now().toString(36)}.${ext}`;

describe.each(testDialects)('issued documents never change (%s)', (dialect) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'frozen-documents-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const t = useTestApp(dialect, { config: { dataDir, shippingFlatRateMillimes: 7_000 } });
  const shop = useShop(t);
  const admin = useAdminAccount(t, 'admin');
  const inventory = useAdminAccount(t, 'inventory_manager');
  const storage = () => mediaStorage(t.ctx.config);
  let session = 0;
  beforeEach(async () => {
    await resetShopSettings(t.database.db);
    await completeShopSettings(t.database.db);
  });

  const store = async (bytes: Buffer, key = newKey()) => {
    await storage().put(key, bytes, 'image/png');
    return key;
  };
  const saveSettings = (payload: object) =>
    t.request('updateShopSettings', {
      method: 'PATCH',
      url: '/api/v1/admin/settings/shop',
      headers: admin.headers,
      payload,
    });
  const deleteFiles = (keysToDelete: string[]) =>
    t.request('deleteFiles', {
      method: 'DELETE',
      url: '/api/v1/admin/uploads/files',
      headers: inventory.headers,
      payload: { keys: keysToDelete },
    });
  const order = async () => {
    const { productId } = await shop.simple({ name: 'Sac cabas', base_price: 11_900 });
    return placeOrder(t.app, { session: `frozen-${++session}` }, [{ productId, quantity: 2 }]);
  };
  const setStatus = (id: number, status: 'confirmed' | 'cancelled') =>
    t.request('updateOrderStatus', {
      method: 'PATCH',
      url: `/api/v1/admin/orders/${id}/status`,
      headers: admin.headers,
      payload: { status },
    });
  const documents = async (orderId: number) =>
    expectStatus<Invoice[]>(
      await t.request('listOrderInvoices', {
        method: 'GET',
        url: `/api/v1/admin/orders/${orderId}/invoices`,
        headers: admin.headers,
      }),
      200,
      'listOrderInvoices',
    );
  const pdf = async (id: number, lang: 'en' | 'fr'): Promise<Buffer> => {
    const res: LightMyRequestResponse = await t.request('getInvoicePdf', {
      method: 'GET',
      url: `/api/v1/admin/invoices/${id}/pdf?lang=${lang}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };
  /** sha256 of every PDF of these documents, in both languages. */
  const fingerprints = async (docs: Invoice[]) => {
    const out: Record<string, string> = {};
    for (const doc of docs) {
      for (const lang of ['en', 'fr'] as const)
        out[`${doc.number} ${lang}`] = sha256(await pdf(doc.id, lang));
    }
    return out;
  };
  /** An invoiced, then cancelled order: its invoice and credit note. */
  const invoiceAndCreditNote = async () => {
    const placed = await order();
    expect((await setStatus(placed.id, 'confirmed')).statusCode).toBe(200);
    expect((await setStatus(placed.id, 'cancelled')).statusCode).toBe(200);
    const docs = await documents(placed.id);
    expect(docs.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    return docs;
  };

  it('prints an invoice and its credit note byte-identical after the logo is replaced and lost and the settings change', async () => {
    const logoA = await store(LOGO_A);
    expect((await saveSettings({ logo_key: logoA })).statusCode).toBe(200);
    const docs = await invoiceAndCreditNote();
    expect(docs.map((d) => d.seller.logo_key)).toEqual([logoA, logoA]);
    const before = await fingerprints(docs);
    // The logo is drawn (an image in the file), and the same file gives the same bytes.
    expect((await pdf(docs[0]!.id, 'en')).includes('/Subtype /Image')).toBe(true);
    expect(await fingerprints(docs)).toEqual(before);

    const logoB = await store(LOGO_B);
    const changed = await saveSettings({
      logo_key: logoB,
      legal_name: 'New Name SA',
      address: '1 Rue de Rome\n1001 Tunis',
      phone: '+216 70 111 222',
      invoice_prefix: 'FA-',
      credit_note_prefix: 'AV-',
      stamp_duty: '0.600',
      time_zone: 'Pacific/Kiritimati',
    });
    expect(changed.statusCode).toBe(200);
    expect(await fingerprints(docs)).toEqual(before);

    // The old logo's file cannot be deleted; lost anyway (a bucket emptied by hand), the
    // documents still print the bytes frozen when it was saved.
    expectProblem(
      await deleteFiles([logoA]),
      409,
      'Used by 1 issued invoice and 1 credit note',
      'deleteFiles',
    );
    expect(await storage().exists(logoA)).toBe(true);
    await storage().delete(logoA);
    expect(await fingerprints(docs)).toEqual(before);

    // A document issued now prints the new logo and name: its bytes differ.
    const later = await order();
    await setStatus(later.id, 'confirmed');
    const [next] = await documents(later.id);
    expect(next?.seller).toMatchObject({ legal_name: 'New Name SA', logo_key: logoB });
    expect(next?.number).toMatch(/^FA-\d{4}-\d{6}$/);
  });

  it('freezes the logo of a document issued before logos were frozen at its first PDF', async () => {
    // As a shop upgraded from before migration 021: the settings name a logo that was never
    // frozen (written without the settings save).
    const legacy = await store(LOGO_A);
    await completeShopSettings(t.database.db, { logo_key: legacy });
    const docs = await invoiceAndCreditNote();
    const frozenRow = () =>
      t.database.db
        .selectFrom('document_logos')
        .select(['sha256', 'content_type'])
        .where('key', '=', legacy)
        .executeTakeFirst();
    expect(await frozenRow()).toBeUndefined();
    const before = await fingerprints(docs);
    expect(await frozenRow()).toEqual({ sha256: sha256(LOGO_A), content_type: 'image/png' });

    await completeShopSettings(t.database.db, { logo_key: null, legal_name: 'Other SARL' });
    await storage().delete(legacy);
    expect(await fingerprints(docs)).toEqual(before);
  });

  it('refuses a logo over 2 MB when it is saved, before any document prints it', async () => {
    const big = await store(Buffer.concat([LOGO_A, Buffer.alloc(2 * 1024 * 1024, 7)]));
    const res = await saveSettings({ logo_key: big });
    expect(issuesOf(res, 'updateShopSettings')).toEqual([
      { loc: ['body', 'logo_key'], msg: 'The logo must be at most 2 MB', type: 'value_error' },
    ]);
    const exact = await store(
      Buffer.concat([LOGO_A, Buffer.alloc(2 * 1024 * 1024 - LOGO_A.length, 7)]),
    );
    expect((await saveSettings({ logo_key: exact })).statusCode).toBe(200);
  });

  describe('deleting an upload in use', () => {
    it('answers 409 naming the product or the variant that shows it, and deletes nothing', async () => {
      const photo = await store(LOGO_A);
      const { productId } = await insertSimpleProduct(t.database.db, {
        name: 'Sac cabas',
        images: JSON.stringify([`https://shop.example${media(photo)}`]),
      });
      expectProblem(await deleteFiles([photo]), 409, 'Used by product «Sac cabas»', 'deleteFiles');

      const swatch = await store(LOGO_B);
      await insertVariant(t.database.db, productId, {
        variant_title: 'Rouge',
        images: JSON.stringify([media(swatch)]),
      });
      const unused = await store(LOGO_B);
      // All or nothing: the unused file of the same request stays too.
      expectProblem(
        await deleteFiles([unused, swatch]),
        409,
        `${swatch}: Used by variant «Sac cabas / Rouge»`,
        'deleteFiles',
      );
      expect(await storage().exists(unused)).toBe(true);
      expect(await storage().exists(swatch)).toBe(true);

      const res = await deleteFiles([unused]);
      expect(expectStatus(res, 200, 'deleteFiles')).toEqual({ deleted: [unused], count: 1 });
      expect(await storage().exists(unused)).toBe(false);
    });

    it('names every user, a few names each, bounded', async () => {
      const shared = await store(LOGO_A);
      for (const name of ['A', 'B', 'C', 'D', `E${'x'.repeat(100)}`]) {
        await insertSimpleProduct(t.database.db, { name, images: JSON.stringify([media(shared)]) });
      }
      expect((await saveSettings({ logo_key: shared })).statusCode).toBe(200);
      await invoiceAndCreditNote();
      await invoiceAndCreditNote();
      const res = await deleteFiles([shared]);
      expectProblem(
        res,
        409,
        'Used by products «A», «B», «C» (and 2 more), the shop logo in Settings, 2 issued invoices and 2 credit notes',
        'deleteFiles',
      );
    });

    it('keeps the logo the settings name, and the one an issued invoice printed after the settings moved on', async () => {
      const first = await store(LOGO_A);
      expect((await saveSettings({ logo_key: first })).statusCode).toBe(200);
      expectProblem(
        await deleteFiles([first]),
        409,
        'Used by the shop logo in Settings',
        'deleteFiles',
      );

      const placed = await order();
      await setStatus(placed.id, 'confirmed');
      const second = await store(LOGO_B);
      expect((await saveSettings({ logo_key: second })).statusCode).toBe(200);
      expectProblem(await deleteFiles([first]), 409, 'Used by 1 issued invoice', 'deleteFiles');

      // Once the settings drop it and no document printed it, the second logo can go.
      expect((await saveSettings({ logo_key: null })).statusCode).toBe(200);
      expect(expectStatus(await deleteFiles([second]), 200, 'deleteFiles')).toEqual({
        deleted: [second],
        count: 1,
      });
    });
  });
});
