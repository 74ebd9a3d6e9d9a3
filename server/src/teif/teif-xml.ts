// A frozen invoice or credit note as a TEIF e-invoice (TTN's El Fatoora format, version 1.8.8;
// docs/product.md §10.29 says what the structure rests on and what we assumed). Pure: the same
// document always gives the same XML (the signature, added by sign.ts, carries the only time).
//
// The layout, as the public summaries of TTN's guide describe it:
//   TEIF (controlingAgency="TTN" version="1.8.8")
//     InvoiceHeader: MessageSenderIdentifier / MessageRecieverIdentifier (sic, as TTN spells it)
//     InvoiceBody
//       Bgm: DocumentIdentifier (the number), DocumentType I-11 invoice / I-13 credit note, and
//            for a credit note the invoice it credits (DocumentReferences, refID I-88)
//       Dtm: the issue date, I-31, ddMMyy in the shop's time zone
//       PartnerSection: seller I-62, buyer I-64 (identifier, name, address)
//       LinSection: one Lin per line (and one for the shipping): identifier, code and description,
//                   quantity, VAT (I-1602) rate, unit price I-183 and total excl. VAT I-171
//       InvoiceMoa: I-179 lines total, I-173 discount, I-176 total excl. VAT, I-182 taxable
//                   base, I-181 taxes (VAT + stamp duty), I-180 total incl. taxes (amount due)
//       InvoiceTax: per VAT rate its base I-177 and VAT I-178; the stamp duty (I-1601)
// Amounts are the content's own wire form: TND with 3 decimals.
import type { Schemas } from '../api/types';
import { fromMillimes, toMillimes } from '../domain/money';

type Invoice = Schemas['Invoice'];
/** What the XML is built from: the frozen content and the document's id (not its teif). */
export type TeifDocument = Omit<Invoice, 'teif'>;

const TEIF_VERSION = '1.8.8';
const TEIF_DOCUMENT_TYPE = { invoice: 'I-11', credit_note: 'I-13' } as const;

/** A node of the tree written out: an element with attributes and children, or text. */
interface XmlElement {
  name: string;
  attrs?: Record<string, string>;
  children?: readonly (XmlElement | string)[];
}

const el = (
  name: string,
  attrs: Record<string, string> = {},
  ...children: (XmlElement | string | null)[]
): XmlElement => ({
  name,
  attrs,
  children: children.filter((c): c is XmlElement | string => c !== null),
});

const escape = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Control characters other than tab and newlines are not XML.
    // eslint-disable-next-line no-control-regex -- the point is to strip them
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

function write(node: XmlElement | string, depth: number): string {
  if (typeof node === 'string') return escape(node);
  const pad = '  '.repeat(depth);
  const attrs = Object.entries(node.attrs ?? {})
    .map(([k, v]) => ` ${k}="${escape(v)}"`)
    .join('');
  const children = node.children ?? [];
  if (children.length === 0) return `${pad}<${node.name}${attrs}/>`;
  if (children.every((c) => typeof c === 'string')) {
    return `${pad}<${node.name}${attrs}>${children.map((c) => write(c, 0)).join('')}</${node.name}>`;
  }
  const inner = children.map((c) => write(c, depth + 1)).join('\n');
  return `${pad}<${node.name}${attrs}>\n${inner}\n${pad}</${node.name}>`;
}

/** The TEIF text of this kind of identifier: a Tunisian business's matricule fiscal (I-01). */
const MATRICULE = /^[0-9]{7}[A-Z][ABDNP][MCPNE][0-9]{3}$/;

/** The matricule fiscal as TEIF writes it: 13 characters, no slash, space or lower case. */
const teifMatricule = (written: string): string =>
  written.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

/**
 * The buyer's identifier: I-01 for a Tunisian business's matricule fiscal; I-04 ("other") with
 * a foreign buyer's VAT number; I-04 with "CONSOMMATEUR FINAL" for a consumer who gave none (the
 * shop does not ask consumers for their identity card number, I-02).
 */
function buyerIdentifier(buyer: Invoice['buyer']): { type: string; value: string } {
  const number = buyer.vat_number?.trim() || null;
  if (number !== null && buyer.country === 'TN' && MATRICULE.test(teifMatricule(number))) {
    return { type: 'I-01', value: teifMatricule(number) };
  }
  if (number !== null) return { type: 'I-04', value: number.slice(0, 35) };
  return { type: 'I-04', value: 'CONSOMMATEUR FINAL' };
}

/** The issue date as TEIF's ddMMyy, the day in the shop's time zone. */
function teifDate(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}${part('month')}${part('year')}`;
}

const moa = (code: string, amount: string) =>
  el(
    'Moa',
    { amountTypeCode: code, currencyCodeList: 'ISO_4217' },
    el('Amount', { currencyIdentifier: 'TND' }, amount),
  );

/** A rate as TEIF writes it: the percent, without trailing zeros (19, 7, 0, 13.5). */
const rate = (percent: number) => String(percent);

const address = (text: string, country: string) =>
  el(
    'PartnerAdresses',
    { lang: 'fr' },
    el(
      'AdressDescription',
      {},
      text
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean)
        .join(', ')
        .slice(0, 500) || '-',
    ),
    el('Country', { codeList: 'ISO_3166-1' }, country),
  );

function partner(
  functionCode: 'I-62' | 'I-64',
  id: { type: string; value: string },
  name: string,
  addressText: string,
  country: string,
  tradeRegister: string | null,
): XmlElement {
  return el(
    'PartnerDetails',
    { functionCode },
    el(
      'Nad',
      {},
      el('PartnerIdentifier', { type: id.type }, id.value),
      el('PartnerName', { nameType: 'Qualification' }, name.slice(0, 200) || '-'),
      address(addressText, country),
    ),
    tradeRegister ? el('RffSection', {}, el('Reference', { refID: 'I-815' }, tradeRegister)) : null,
  );
}

interface TeifLine {
  code: string;
  description: string;
  quantity: number;
  vatRate: number;
  unitPrice: string;
  total: string;
}

function lin(line: TeifLine, index: number): XmlElement {
  return el(
    'Lin',
    {},
    el('ItemIdentifier', {}, String(index + 1)),
    el(
      'LinImd',
      { lang: 'fr' },
      el('ItemCode', {}, line.code.slice(0, 35) || '-'),
      el('ItemDescription', {}, line.description.slice(0, 500) || '-'),
    ),
    el('LinQty', {}, el('Quantity', { measurementUnit: 'UNIT' }, String(line.quantity))),
    el(
      'LinTax',
      {},
      el('TaxTypeName', { code: 'I-1602' }, 'TVA'),
      el('TaxDetails', {}, el('TaxRate', {}, rate(line.vatRate))),
    ),
    el(
      'LinMoa',
      {},
      el('MoaDetails', {}, moa('I-183', line.unitPrice)),
      el('MoaDetails', {}, moa('I-171', line.total)),
    ),
  );
}

const isZero = (amount: string) => /^-?0+(\.0+)?$/.test(amount);

/** Σ of wire amounts ("12.500"), exactly, in the same form. */
const sumAmounts = (amounts: readonly string[]): string =>
  fromMillimes(amounts.reduce((s, a) => s + toMillimes(a), 0));

/** The TEIF XML of a document (unsigned; sign.ts adds the signature). */
export function teifXml(doc: TeifDocument): string {
  const lines: TeifLine[] = doc.lines.map((l) => ({
    code: l.sku ?? '-',
    description: l.description,
    quantity: l.quantity,
    vatRate: l.vat_rate,
    unitPrice: l.unit_price,
    total: l.total_price,
  }));
  // The shipping is a line of its own: TEIF's totals are sums of lines and taxes.
  if (!isZero(doc.shipping_amount)) {
    lines.push({
      code: 'LIVRAISON',
      description: 'Frais de livraison',
      quantity: 1,
      vatRate: doc.shipping_vat_rate,
      unitPrice: doc.shipping_amount,
      total: doc.shipping_amount,
    });
  }
  const linesTotal = sumAmounts(lines.map((l) => l.total));
  const seller = doc.seller;
  const buyerName = doc.buyer.company ? `${doc.buyer.company} (${doc.buyer.name})` : doc.buyer.name;
  const sellerId = { type: 'I-01', value: teifMatricule(seller.matricule_fiscal) };
  const buyerId = buyerIdentifier(doc.buyer);
  const date = teifDate(doc.issued_at, doc.time_zone);
  const creditNote = doc.kind === 'credit_note';
  const tree = el(
    'TEIF',
    { controlingAgency: 'TTN', version: TEIF_VERSION },
    el(
      'InvoiceHeader',
      {},
      el('MessageSenderIdentifier', { type: sellerId.type }, sellerId.value),
      el('MessageRecieverIdentifier', { type: buyerId.type }, buyerId.value),
    ),
    el(
      'InvoiceBody',
      {},
      el(
        'Bgm',
        {},
        el('DocumentIdentifier', {}, doc.number),
        el(
          'DocumentType',
          { code: TEIF_DOCUMENT_TYPE[doc.kind] },
          creditNote ? 'Avoir' : 'Facture',
        ),
        creditNote && doc.credits
          ? el('DocumentReferences', {}, el('Reference', { refID: 'I-88' }, doc.credits.number))
          : null,
      ),
      el('Dtm', {}, el('DateText', { format: 'ddMMyy', functionCode: 'I-31' }, date)),
      el(
        'PartnerSection',
        {},
        partner(
          'I-62',
          sellerId,
          seller.legal_name,
          seller.address,
          'TN',
          seller.trade_register_number,
        ),
        partner('I-64', buyerId, buyerName, doc.buyer.address, doc.buyer.country, null),
      ),
      lines.length > 0 ? el('LinSection', {}, ...lines.map(lin)) : null,
      el(
        'InvoiceMoa',
        {},
        ...[
          moa('I-179', linesTotal),
          isZero(doc.discount_amount) ? null : moa('I-173', doc.discount_amount),
          moa('I-176', doc.total_excl_vat),
          moa('I-182', doc.total_excl_vat),
          moa('I-181', sumAmounts([doc.total_vat, doc.stamp_duty])),
          moa('I-180', doc.amount_due),
        ]
          .filter((m): m is XmlElement => m !== null)
          .map((m) => el('AmountDetails', {}, m)),
      ),
      el(
        'InvoiceTax',
        {},
        ...doc.vat_breakdown.map((b) =>
          el(
            'InvoiceTaxDetails',
            {},
            el(
              'Tax',
              {},
              el('TaxTypeName', { code: 'I-1602' }, 'TVA'),
              el('TaxDetails', {}, el('TaxRate', {}, rate(b.vat_rate))),
            ),
            el('AmountDetails', {}, moa('I-177', b.taxable_amount)),
            el('AmountDetails', {}, moa('I-178', b.vat_amount)),
          ),
        ),
        isZero(doc.stamp_duty)
          ? null
          : el(
              'InvoiceTaxDetails',
              {},
              el(
                'Tax',
                {},
                el('TaxTypeName', { code: 'I-1601' }, 'droit de timbre'),
                el('TaxDetails', {}, el('TaxRate', {}, '0')),
              ),
              el('AmountDetails', {}, moa('I-178', doc.stamp_duty)),
            ),
      ),
    ),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${write(tree, 0)}\n`;
}
