// The TEIF of a document (teif-xml.ts), checked against the committed schema (teif.xsd, by
// xmllint), its XAdES-BES signature verified by an independent verifier (xml-crypto, not the
// xadesjs that signed it), and the certificate settings' errors at start (config.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, readTeifCertificate } from '../config';
import {
  fullCreditNoteOf,
  ISSUED_BOOK,
  ISSUED_INVOICE,
  ISSUED_SHIRTS,
  PROFESSIONAL_BUYER,
  SELLER,
} from '../../test-support/invoices';
import { makeTestCertificate } from '../../test-support/teif';
import { signTeif, teifErrors, teifXml, type TeifDocument } from '.';

/**
 * The invoice of the document tests (issued at 23:30 UTC on 31 December, already 1 January in
 * Tunis: the date is the shop's) with a 10 % discount on the shirts (3.000) and the fields issued
 * since (line discounts, the VAT treatment); characters the XML must escape in a line's
 * description and the buyer's company.
 */
const INVOICE: TeifDocument = {
  ...ISSUED_INVOICE,
  id: 42,
  seller: { ...SELLER, logo_key: null },
  buyer: { ...PROFESSIONAL_BUYER, company: 'Atelier Hafsia & Fils' },
  lines: [
    {
      ...ISSUED_SHIRTS,
      description: 'Chemise été <M>',
      discount_amount: '3.000',
      vat_amount: '5.130',
      total_price_incl_vat: '32.130',
    },
    { ...ISSUED_BOOK, discount_amount: '0.000' },
  ],
  vat_breakdown: [
    { vat_rate: 19, taxable_amount: '35.882', vat_amount: '6.248' },
    { vat_rate: 7, taxable_amount: '10.000', vat_amount: '0.700' },
  ],
  discount_amount: '3.000',
  total_excl_vat: '42.882',
  total_vat: '6.948',
  total_incl_vat: '49.830',
  amount_due: '50.830',
  vat_treatment: 'domestic',
  vat_mention: null,
};

const CREDIT_NOTE: TeifDocument = { ...fullCreditNoteOf(INVOICE), id: 43 };

/** The signature's verdict by xml-crypto, with only the certificate's PEM to go on. */
function verifies(xml: string, pem: string): boolean {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const signature = doc.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature');
  expect(signature.length).toBe(1);
  const verifier = new SignedXml({ publicCert: pem });
  verifier.loadSignature(signature[0]!);
  try {
    return verifier.checkSignature(xml);
  } catch {
    return false;
  }
}

describe('the TEIF of a document', () => {
  it('is the El Fatoora structure of the frozen invoice, valid against the committed schema', async () => {
    const xml = teifXml(INVOICE);
    expect(await teifErrors(xml)).toEqual([]);
    for (const part of [
      '<TEIF controlingAgency="TTN" version="1.8.8">',
      '<MessageSenderIdentifier type="I-01">1234567AAM000</MessageSenderIdentifier>',
      '<MessageRecieverIdentifier type="I-01">7654321BAM000</MessageRecieverIdentifier>',
      '<DocumentIdentifier>INV-2026-000042</DocumentIdentifier>',
      '<DocumentType code="I-11">Facture</DocumentType>',
      '<DateText format="ddMMyy" functionCode="I-31">010127</DateText>',
      '<PartnerDetails functionCode="I-62">',
      '<AdressDescription>12 Avenue Habib Bourguiba, 1000 Tunis</AdressDescription>',
      '<Reference refID="I-815">B01234562026</Reference>',
      '<PartnerName nameType="Qualification">Atelier Hafsia &amp; Fils (Jane Doe)</PartnerName>',
      '<ItemDescription>Chemise été &lt;M&gt;</ItemDescription>',
      '<ItemCode>LIVRAISON</ItemCode>',
      '<Moa amountTypeCode="I-179" currencyCodeList="ISO_4217">\n',
      '<Amount currencyIdentifier="TND">45.882</Amount>',
      '<TaxTypeName code="I-1601">droit de timbre</TaxTypeName>',
    ]) {
      expect(xml).toContain(part);
    }
    // The amounts, by code: discount, totals excl. and incl. taxes, taxes (VAT + stamp duty).
    const amountOf = (code: string) =>
      new RegExp(`amountTypeCode="${code}"[^>]*>\\s*<Amount[^>]*>([^<]+)<`).exec(
        xml.slice(xml.indexOf('<InvoiceMoa>')),
      )?.[1];
    expect(['I-173', 'I-176', 'I-181', 'I-180'].map(amountOf)).toEqual([
      '3.000',
      '42.882',
      '7.948',
      '50.830',
    ]);
    // The same document, the same XML.
    expect(teifXml(structuredClone(INVOICE))).toBe(xml);
  });

  it('makes a credit note an I-13 naming the invoice it credits', async () => {
    const xml = teifXml(CREDIT_NOTE);
    expect(await teifErrors(xml)).toEqual([]);
    expect(xml).toContain('<DocumentType code="I-13">Avoir</DocumentType>');
    expect(xml).toContain('<Reference refID="I-88">INV-2026-000042</Reference>');
  });

  it('names a consumer without identifier and a foreign buyer by their VAT number (I-04)', async () => {
    const consumer = teifXml({
      ...INVOICE,
      buyer: { ...INVOICE.buyer, company: null, customer_type: 'individual', vat_number: null },
    });
    const german = teifXml({
      ...INVOICE,
      buyer: { ...INVOICE.buyer, country: 'DE', vat_number: 'DE123456789' },
      stamp_duty: '0.000',
      amount_due: '49.830',
    });
    for (const xml of [consumer, german]) expect(await teifErrors(xml)).toEqual([]);
    expect(consumer).toContain(
      '<MessageRecieverIdentifier type="I-04">CONSOMMATEUR FINAL</MessageRecieverIdentifier>',
    );
    expect(german).toContain('<PartnerIdentifier type="I-04">DE123456789</PartnerIdentifier>');
    expect(german).toContain('<Country codeList="ISO_3166-1">DE</Country>');
    expect(german).not.toContain('I-1601');
  });

  it('is refused by the schema when a section is missing or an amount is not in millimes', async () => {
    const xml = teifXml(INVOICE);
    const withoutDate = xml.replace(/<Dtm>[\s\S]*?<\/Dtm>/, '');
    const twoDecimals = xml.replace('>45.882<', '>45.88<');
    expect((await teifErrors(withoutDate)).join('\n')).toMatch(/PartnerSection.*Expected is.*Dtm/);
    expect((await teifErrors(twoDecimals)).join('\n')).toContain("'45.88'");
    expect(await teifErrors('<TEIF>')).not.toEqual([]);
  });
});

describe('the XAdES-BES signature', () => {
  const cert = makeTestCertificate();

  it('is verified by an independent verifier, and a changed amount breaks it', async () => {
    const signingTime = new Date('2027-01-02T09:00:00.000Z');
    const signed = await signTeif(teifXml(INVOICE), cert.certificate, signingTime);
    expect(await teifErrors(signed)).toEqual([]);
    for (const part of [
      '<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>',
      '<ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>',
      '<ds:Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/>',
      `<ds:X509Certificate>${cert.certificate.certificateBase64}</ds:X509Certificate>`,
      '<xades:SigningTime>2027-01-02T09:00:00.000Z</xades:SigningTime>',
      '<xades:SigningCertificate>',
    ]) {
      expect(signed).toContain(part);
    }
    expect(verifies(signed, cert.pem)).toBe(true);
    // The amount due raised by a millime: the digest no longer matches.
    const tampered = signed.replace('>50.830<', '>50.831<');
    expect(tampered).not.toBe(signed);
    expect(verifies(tampered, cert.pem)).toBe(false);
    // Another certificate's key did not sign it.
    expect(verifies(signed, makeTestCertificate().pem)).toBe(false);
  });
});

describe('TEIF_CERT_P12 and TEIF_CERT_PASSWORD at start', () => {
  const dir = mkdtempSync(join(tmpdir(), 'teif-cert-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cert = makeTestCertificate('s3cret-pass');
  const p12 = join(dir, 'shop.p12');
  writeFileSync(p12, cert.p12);
  const env = (values: Record<string, string>) => ({ DATA_DIR: dir, ...values });

  it('reads the key and certificate of the file with its password', () => {
    const config = loadConfig(env({ TEIF_CERT_P12: p12, TEIF_CERT_PASSWORD: 's3cret-pass' }));
    expect(config.teifCertificate?.certificateBase64).toBe(cert.certificate.certificateBase64);
    expect(config.ttnUrl).toBeUndefined();
    expect(loadConfig(env({})).teifCertificate).toBeUndefined();
  });

  it('stops the start with what is wrong', () => {
    expect(() => loadConfig(env({ TEIF_CERT_P12: p12, TEIF_CERT_PASSWORD: 'wrong' }))).toThrow(
      'TEIF_CERT_PASSWORD does not open TEIF_CERT_P12 (wrong password)',
    );
    expect(() => loadConfig(env({ TEIF_CERT_P12: join(dir, 'missing.p12') }))).toThrow(
      /^TEIF_CERT_P12 must be a readable PKCS#12 \(\.p12\) file: ENOENT/,
    );
    expect(() => readTeifCertificate(Buffer.from('not a p12'), '')).toThrow(
      /^TEIF_CERT_P12 is not a PKCS#12 \(\.p12\) file/,
    );
    expect(() => loadConfig(env({ TEIF_CERT_PASSWORD: 'x' }))).toThrow(
      'TEIF_CERT_PASSWORD set without TEIF_CERT_P12 (the PKCS#12 file to open)',
    );
    expect(() => loadConfig(env({ TTN_URL: 'ftp://ttn.example' }))).toThrow(
      'TTN_URL must be an http:// or https:// URL, got "ftp://ttn.example"',
    );
  });
});
