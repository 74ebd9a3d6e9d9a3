// An invoice or credit note as an A4 PDF, from its frozen content only (never from the order or
// the settings as they are now), with its labels in English or French. An e-invoice TTN accepted
// (#30) also prints TTN's reference and QR code, which TTN gave after issue: a document without
// them is drawn byte for byte as before.
import QRCode from 'qrcode';
import type { Schemas } from '../api/types';
import type { InvoiceContent } from '../domain/invoice';
import {
  amount,
  CONTENT_WIDTH,
  drawLogo,
  drawTable,
  formatDate,
  PAGE,
  PAGE_BOTTOM,
  renderPdf,
  write,
  type Language,
  type Pdf,
} from './pdf';

const LABELS = {
  en: {
    invoice: 'INVOICE',
    credit_note: 'CREDIT NOTE',
    number: 'Number',
    date: 'Date',
    order: 'Order',
    credits: 'Credits invoice',
    seller: 'Seller',
    buyer: 'Bill to',
    matricule: 'Tax ID (MF)',
    tradeRegister: 'Trade register (RNE)',
    vatNumber: 'VAT number',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price excl. VAT',
    vatRate: 'VAT',
    totalExcl: 'Total excl. VAT',
    totalIncl: 'Total incl. VAT',
    breakdown: 'VAT by rate',
    taxable: 'Taxable amount',
    vatAmount: 'VAT amount',
    shipping: 'Shipping excl. VAT',
    discount: 'Discount',
    totalVat: 'Total VAT',
    stampDuty: 'Stamp duty',
    amountDue: 'Amount due',
    amountCredited: 'Amount credited',
    payment: 'Payment method',
    reverseCharge:
      'Reverse charge: VAT to be accounted for by the recipient (Art. 196, Directive 2006/112/EC)',
    ttnReference: 'TTN e-invoice reference',
    payments: {
      cash_on_delivery: 'Cash on delivery',
      bank_transfer: 'Bank transfer',
      card: 'Card',
    },
  },
  fr: {
    invoice: 'FACTURE',
    credit_note: 'AVOIR',
    number: 'Numéro',
    date: 'Date',
    order: 'Commande',
    credits: 'Avoir sur la facture',
    seller: 'Vendeur',
    buyer: 'Facturé à',
    matricule: 'Matricule fiscal',
    tradeRegister: 'Registre du commerce (RNE)',
    vatNumber: 'N° de TVA',
    description: 'Désignation',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire HT',
    vatRate: 'TVA',
    totalExcl: 'Total HT',
    totalIncl: 'Total TTC',
    breakdown: 'TVA par taux',
    taxable: 'Base HT',
    vatAmount: 'Montant TVA',
    shipping: 'Livraison HT',
    discount: 'Remise',
    totalVat: 'Total TVA',
    stampDuty: 'Droit de timbre',
    amountDue: 'Net à payer',
    amountCredited: 'Montant de l’avoir',
    payment: 'Mode de paiement',
    reverseCharge: 'Autoliquidation : TVA due par le preneur (art. 196, directive 2006/112/CE)',
    ttnReference: 'Référence TTN de la facture électronique',
    payments: {
      cash_on_delivery: 'Paiement à la livraison',
      bank_transfer: 'Virement bancaire',
      card: 'Carte bancaire',
    },
  },
} satisfies Record<Language, unknown>;

type Labels = (typeof LABELS)['en'];

const rate = (r: number) => `${r} %`;

/** What TTN gave an accepted e-invoice (the document's teif). */
export interface TtnAcceptance {
  reference: string;
  qr_code: string;
}

/** Side of the printed QR code, in points (about 2.5 cm: a phone reads it at arm's length). */
const QR_SIZE = 72;

export async function renderInvoicePdf(
  invoice: InvoiceContent,
  lang: Language,
  logo: Buffer | null,
  ttn: TtnAcceptance | null = null,
): Promise<Buffer> {
  const l = LABELS[lang];
  const qr = ttn
    ? await QRCode.toBuffer(ttn.qr_code, { type: 'png', margin: 1, width: 4 * QR_SIZE })
    : null;
  return renderPdf(
    {
      title: `${l[invoice.kind]} ${invoice.number}`,
      author: invoice.seller.legal_name,
      createdAt: invoice.issued_at,
      footer: `${invoice.seller.legal_name} - ${l.matricule}: ${invoice.seller.matricule_fiscal} - ${invoice.number}`,
    },
    (doc) => {
      drawLogo(doc, logo);
      let y = drawHeading(doc, invoice, l, lang);
      y = drawParties(doc, invoice, l, y);
      y = drawTable(
        doc,
        y,
        [
          { header: l.description, width: 165 },
          { header: l.quantity, width: 35, align: 'right' },
          { header: l.unitPrice, width: 80, align: 'right' },
          { header: l.vatRate, width: 45, align: 'right' },
          { header: l.totalExcl, width: 80, align: 'right' },
          { header: l.totalIncl, width: CONTENT_WIDTH - 405, align: 'right' },
        ],
        invoice.lines.map((line) => [
          [
            line.description,
            line.sku,
            // The line's share of the discount (#29), under its name: the columns stay the same.
            line.discount_amount && line.discount_amount !== '0.000'
              ? `${l.discount} -${amount(line.discount_amount)}`
              : null,
          ]
            .filter((part): part is string => part !== null && part !== '')
            .join('\n'),
          String(line.quantity),
          amount(line.unit_price),
          rate(line.vat_rate),
          amount(line.total_price),
          amount(line.total_price_incl_vat),
        ]),
      );
      y = drawBreakdownAndTotals(doc, invoice, l, y);
      y = drawNotes(doc, invoice, l, lang, y);
      if (ttn && qr) drawTtn(doc, ttn, qr, l, y);
    },
  );
}

function drawHeading(doc: Pdf, invoice: InvoiceContent, l: Labels, lang: Language): number {
  const x = PAGE.width - PAGE.margin - 220;
  doc.font('Helvetica-Bold').fontSize(18);
  write(doc, l[invoice.kind], x, PAGE.margin, { width: 220, align: 'right' });
  doc.font('Helvetica').fontSize(9);
  const facts = [
    `${l.number}: ${invoice.number}`,
    `${l.date}: ${formatDate(invoice.issued_at, invoice.time_zone, lang)}`,
    `${l.order}: ${invoice.order_number}`,
    ...(invoice.credits ? [`${l.credits}: ${invoice.credits.number}`] : []),
  ];
  write(doc, facts.join('\n'), x, PAGE.margin + 26, { width: 220, align: 'right' });
  return Math.max(doc.y, PAGE.margin + 70) + 16;
}

function drawParties(doc: Pdf, invoice: InvoiceContent, l: Labels, y: number): number {
  const { seller, buyer } = invoice;
  const half = CONTENT_WIDTH / 2 - 10;
  const sellerLines = [
    seller.legal_name,
    seller.address,
    `${l.matricule}: ${seller.matricule_fiscal}`,
    ...(seller.trade_register_number
      ? [`${l.tradeRegister}: ${seller.trade_register_number}`]
      : []),
    ...[seller.phone, seller.email].filter((v): v is string => v !== null),
  ];
  const buyerLines = [
    ...(buyer.company ? [buyer.company] : []),
    buyer.name,
    buyer.address,
    buyer.country,
    ...(buyer.vat_number
      ? [`${buyer.country === 'TN' ? l.matricule : l.vatNumber}: ${buyer.vat_number}`]
      : []),
    buyer.email,
    buyer.phone,
  ];
  const block = (title: string, lines: string[], x: number) => {
    doc.font('Helvetica-Bold').fontSize(9);
    write(doc, title, x, y, { width: half });
    doc.font('Helvetica').fontSize(9);
    write(doc, lines.join('\n'), x, y + 14, { width: half });
    return doc.y;
  };
  const bottom = Math.max(
    block(l.seller, sellerLines, PAGE.margin),
    block(l.buyer, buyerLines, PAGE.margin + half + 20),
  );
  return bottom + 20;
}

function drawBreakdownAndTotals(doc: Pdf, invoice: InvoiceContent, l: Labels, top: number): number {
  const height = 14 * Math.max(invoice.vat_breakdown.length + 1, 8) + 10;
  let y = top + 6;
  if (y + height > PAGE_BOTTOM) {
    doc.addPage();
    y = PAGE.margin;
  }
  // VAT by rate on the left.
  doc.font('Helvetica-Bold').fontSize(9);
  write(doc, l.breakdown, PAGE.margin, y);
  const cols = [PAGE.margin, PAGE.margin + 60, PAGE.margin + 150];
  const row = (cells: string[], at: number) =>
    cells.forEach((text, i) =>
      write(doc, text, cols[i] ?? 0, at, { width: 85, align: i === 0 ? 'left' : 'right' }),
    );
  doc.font('Helvetica').fontSize(8);
  row([l.vatRate, l.taxable, l.vatAmount], y + 14);
  doc.fontSize(9);
  invoice.vat_breakdown.forEach((b: Schemas['VatBreakdownLine'], i) =>
    row([rate(b.vat_rate), amount(b.taxable_amount), amount(b.vat_amount)], y + 28 + 14 * i),
  );
  const leftBottom = y + 28 + 14 * invoice.vat_breakdown.length;

  // Totals on the right.
  const totals: [string, string, boolean?][] = [
    [`${l.shipping} (${rate(invoice.shipping_vat_rate)})`, amount(invoice.shipping_amount)],
    [
      l.discount,
      // A discount lowers the total: printed as a subtraction.
      invoice.discount_amount === '0.000'
        ? amount(invoice.discount_amount)
        : `-${amount(invoice.discount_amount)}`,
    ],
    [l.totalExcl, amount(invoice.total_excl_vat)],
    [l.totalVat, amount(invoice.total_vat)],
    [l.totalIncl, amount(invoice.total_incl_vat)],
    [l.stampDuty, amount(invoice.stamp_duty)],
    [
      invoice.kind === 'credit_note' ? l.amountCredited : l.amountDue,
      amount(invoice.amount_due),
      true,
    ],
  ];
  const x = PAGE.width - PAGE.margin - 250;
  totals.forEach(([label, value, strong], i) => {
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    write(doc, label, x, y + 14 * i, { width: 160 });
    write(doc, value, x + 160, y + 14 * i, { width: 90, align: 'right' });
  });
  doc.font('Helvetica');
  return Math.max(leftBottom, y + 14 * totals.length) + 16;
}

function drawNotes(
  doc: Pdf,
  invoice: InvoiceContent,
  l: Labels,
  lang: Language,
  y: number,
): number {
  const notes = [`${l.payment}: ${l.payments[invoice.payment_method]}`];
  // The mention frozen at issue; documents issued before it existed print the reverse-charge
  // label of their flag, as they always did (a document never changes).
  if (invoice.vat_mention) notes.push(invoice.vat_mention[lang]);
  else if (invoice.vat_mention === undefined && invoice.vat_reverse_charge) {
    notes.push(l.reverseCharge);
  }
  doc.fontSize(9);
  write(doc, notes.join('\n'), PAGE.margin, y, { width: CONTENT_WIDTH });
  return doc.y + 12;
}

/** TTN's reference and QR code, below the notes (on a new page when there is no room left). */
function drawTtn(doc: Pdf, ttn: TtnAcceptance, qr: Buffer, l: Labels, top: number): void {
  let y = top;
  if (y + QR_SIZE > PAGE_BOTTOM) {
    doc.addPage();
    y = PAGE.margin;
  }
  doc.image(qr, PAGE.margin, y, { width: QR_SIZE, height: QR_SIZE });
  doc.fontSize(9);
  write(
    doc,
    `${l.ttnReference}: ${ttn.reference}`,
    PAGE.margin + QR_SIZE + 12,
    y + QR_SIZE / 2 - 5,
    {
      width: CONTENT_WIDTH - QR_SIZE - 12,
    },
  );
}
