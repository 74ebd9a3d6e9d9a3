// TEIF e-invoices end to end (docs/product.md §10.29): a guest's order is confirmed (its invoice
// is issued), then the admin downloads the invoice's TEIF from the order's page. The file is the
// El Fatoora XML of that invoice (its number, type I-11, the seller's matricule fiscal), unsigned
// and not sent: the e2e server has no TEIF_CERT_P12 nor TTN_URL. SQLite only (the XML, its
// schema, signature and submission are proved on both databases by the server suite).
import { readFileSync } from 'node:fs';
import { expect, test, runOnOwnShop } from './fixtures';
import { adminToken, api, baseURL, guestCart, orderDeskShop, stockedProducts } from './api';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './server';

interface Invoice {
  id: number;
  kind: 'invoice' | 'credit_note';
  number: string;
  teif: { status: string };
}

const RUN = Date.now().toString(36);

// Its shop's legal details and orders would change what orders.e2e.ts counts on.
runOnOwnShop();

test("an invoiced order's TEIF downloads from its page as the invoice's XML", async ({ page }) => {
  const token = await adminToken();
  const shop = await orderDeskShop(token, `E2E TEIF ${RUN}`, { invoicing: true });
  const scarf = await stockedProducts(token, shop, RUN)('E2E Scarf', '30.000');
  const asGuest = guestCart(`sess_e2e_teif_${RUN}`);
  await asGuest('POST', '/cart/items', { product_id: scarf.id, quantity: 2 });
  const placed = await asGuest<{ id: number }>('POST', '/orders/', {
    payment_method: 'cash_on_delivery',
    shipping_address: {
      first_name: 'Salma',
      last_name: 'Trabelsi',
      street_address: '3 Rue de Marseille',
      city: 'Tunis',
      postal_code: '1000',
      country: 'TN',
      phone: '+216 98 000 111',
      email: `teif.${RUN}@example.tn`,
    },
  });
  await api(token, 'PATCH', `/admin/orders/${placed.id}/status`, { status: 'confirmed' });
  const [invoice] = await api<Invoice[]>(token, 'GET', `/admin/orders/${placed.id}/invoices`);
  expect(invoice).toMatchObject({ kind: 'invoice', teif: { status: 'not_sent' } });

  await page.goto(`${baseURL()}/auth`);
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`${baseURL()}/admin/orders/${placed.id}`);

  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents.getByTestId('document-teif')).toHaveText('E-invoice not sent');
  const download = page.waitForEvent('download');
  await documents
    .getByRole('button', { name: `Download TEIF (XML) of ${invoice!.number}` })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${invoice!.number}.xml`);
  const xml = readFileSync((await file.path())!, 'utf8');
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  for (const part of [
    '<TEIF controlingAgency="TTN" version="1.8.8">',
    `<DocumentIdentifier>${invoice!.number}</DocumentIdentifier>`,
    '<DocumentType code="I-11">Facture</DocumentType>',
    '<MessageSenderIdentifier type="I-01">1234567AAM000</MessageSenderIdentifier>',
  ]) {
    expect(xml).toContain(part);
  }
  // No certificate on this server: the TEIF is not signed.
  expect(xml).not.toContain('ds:Signature');
});
