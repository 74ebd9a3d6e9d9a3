// The monthly VAT return (#30, docs/product.md §10.27) as an A4 PDF for the accountant: the
// seller's identity from the shop settings, the month and the day it was printed, the figures of
// getVatReturn as they are (nothing recomputed here), in French by default or English. The
// sales register's PDF shares its frame (renderReportPdf).
import type { Schemas } from '../api/types';
import {
  amount,
  drawTable,
  formatDate,
  PAGE,
  renderPdf,
  write,
  type Language,
  type Pdf,
} from './pdf';

/** What the reports print of the seller (the shop settings; a field not filled in shows "-"). */
export interface ReportSeller {
  legal_name: string | null;
  matricule_fiscal: string | null;
  address: string | null;
}

const LABELS = {
  en: {
    title: 'VAT RETURN',
    matricule: 'Tax ID (MF)',
    period: 'Period',
    printed: 'Printed on',
    timeZone: 'Time zone',
    rate: 'VAT rate',
    invoicesBase: 'Invoices: taxable',
    invoicesVat: 'Invoices: VAT',
    creditBase: 'Credit notes: taxable',
    creditVat: 'Credit notes: VAT',
    netBase: 'Net taxable',
    netVat: 'Net VAT',
    item: 'Item',
    taxable: 'Taxable amount',
    vat: 'VAT',
    count: 'Count',
    documents: 'Documents',
    invoices: 'Invoices',
    creditNotes: 'Credit notes',
    shipping: 'Of which shipping',
    exports: 'Sales at 0 %: exports',
    reverseCharge: 'Sales at 0 %: reverse charge',
    stampDuty: 'Stamp duty (invoices – credit notes)',
    totals: 'Totals (invoices – credit notes)',
    amountDue: 'Amounts due incl. VAT and stamp duty',
    withholding: 'Withholding kept by buyers (tax credit)',
    missingCertificates: 'Certificates missing',
    trend: 'Last twelve months',
    month: 'Month',
  },
  fr: {
    title: 'DÉCLARATION MENSUELLE DE TVA',
    matricule: 'Matricule fiscal',
    period: 'Période',
    printed: 'Imprimé le',
    timeZone: 'Fuseau horaire',
    rate: 'Taux de TVA',
    invoicesBase: 'Factures : base HT',
    invoicesVat: 'Factures : TVA',
    creditBase: 'Avoirs : base HT',
    creditVat: 'Avoirs : TVA',
    netBase: 'Base nette',
    netVat: 'TVA nette',
    item: 'Rubrique',
    taxable: 'Base HT',
    vat: 'TVA',
    count: 'Nombre',
    documents: 'Documents',
    invoices: 'Factures',
    creditNotes: 'Avoirs',
    shipping: 'Dont livraison',
    exports: 'Ventes à 0 % : exportations',
    reverseCharge: 'Ventes à 0 % : autoliquidation',
    stampDuty: 'Droit de timbre (factures – avoirs)',
    totals: 'Totaux (factures – avoirs)',
    amountDue: 'Montants TTC dus, timbre compris',
    withholding: 'Retenue à la source subie (crédit d’impôt)',
    missingCertificates: 'Certificats manquants',
    trend: 'Douze derniers mois',
    month: 'Mois',
  },
} satisfies Record<Language, unknown>;

const rate = (r: number) => `${r} %`;

/**
 * The title, the seller's identity, the period and the printing date, from the top of the first
 * page; the y below them.
 */
function reportHeading(
  doc: Pdf,
  heading: {
    title: string;
    seller: ReportSeller;
    matriculeLabel: string;
    lines: string[];
  },
): number {
  const width = doc.page.width - 2 * PAGE.margin;
  doc.font('Helvetica-Bold').fontSize(16);
  write(doc, heading.title, PAGE.margin, PAGE.margin, { width });
  doc.font('Helvetica-Bold').fontSize(10);
  write(doc, heading.seller.legal_name ?? '-', PAGE.margin, PAGE.margin + 28, { width });
  doc.font('Helvetica').fontSize(9);
  const identity = [
    `${heading.matriculeLabel}: ${heading.seller.matricule_fiscal ?? '-'}`,
    heading.seller.address ?? '-',
    ...heading.lines,
  ].join('\n');
  write(doc, identity, PAGE.margin, PAGE.margin + 42, { width });
  return doc.y + 14;
}

/** What a report's PDF says of itself, besides its figures. */
interface ReportPdf {
  /** The file's title (its info). */
  title: string;
  /** The first page's title. */
  heading: string;
  /** After the seller's name at the foot of each page. */
  footer: string;
  matriculeLabel: string;
  /** Under the seller's identity: the period, the printing date, what the report counts. */
  lines: string[];
  layout?: 'portrait' | 'landscape';
}

/**
 * A report's PDF, the seller its author and `printedAt` its creation date (the same report gives
 * the same bytes): the heading, then `body` from the y below it.
 */
export function renderReportPdf(
  report: ReportPdf,
  seller: ReportSeller,
  printedAt: string,
  body: (doc: Pdf, y: number) => void,
): Promise<Buffer> {
  return renderPdf(
    {
      title: report.title,
      author: seller.legal_name ?? '',
      createdAt: printedAt,
      footer: `${seller.legal_name ?? ''} - ${report.footer}`,
      layout: report.layout,
    },
    (doc) =>
      body(
        doc,
        reportHeading(doc, {
          title: report.heading,
          seller,
          matriculeLabel: report.matriculeLabel,
          lines: report.lines,
        }),
      ),
  );
}

/** A shop day (YYYY-MM-DD) as printed: noon UTC keeps it that day whatever the server's zone. */
export const printedDay = (day: string, lang: Language) =>
  formatDate(`${day}T12:00:00.000Z`, 'UTC', lang);

export function renderVatReturnPdf(
  vat: Schemas['VatReturn'],
  seller: ReportSeller,
  lang: Language,
  printedAt: string,
): Promise<Buffer> {
  const l = LABELS[lang];
  const day = (d: string) => printedDay(d, lang);
  return renderReportPdf(
    {
      title: `${l.title} ${vat.month}`,
      heading: `${l.title} - ${vat.month}`,
      footer: `${l.title} ${vat.month}`,
      matriculeLabel: l.matricule,
      lines: [
        `${l.period}: ${day(vat.from)} - ${day(vat.to)} (${l.timeZone}: ${vat.time_zone})`,
        `${l.printed}: ${formatDate(printedAt, vat.time_zone, lang, true)}`,
        `${l.documents}: ${vat.invoices} ${l.invoices.toLowerCase()}, ${vat.credit_notes} ${l.creditNotes.toLowerCase()}`,
      ],
    },
    seller,
    printedAt,
    (doc, headingEnd) => {
      let y = drawTable(
        doc,
        headingEnd,
        [
          { header: l.rate, width: 53 },
          { header: l.invoicesBase, width: 72, align: 'right' },
          { header: l.invoicesVat, width: 68, align: 'right' },
          { header: l.creditBase, width: 72, align: 'right' },
          { header: l.creditVat, width: 68, align: 'right' },
          { header: l.netBase, width: 82, align: 'right' },
          { header: l.netVat, width: 80, align: 'right' },
        ],
        vat.rates.map((r) => [
          rate(r.vat_rate),
          r.invoices.taxable_amount,
          r.invoices.vat_amount,
          r.credit_notes.taxable_amount,
          r.credit_notes.vat_amount,
          r.net.taxable_amount,
          r.net.vat_amount,
        ]),
      );
      y = drawTable(
        doc,
        y + 10,
        [
          { header: l.item, width: 245 },
          { header: l.taxable, width: 90, align: 'right' },
          { header: l.vat, width: 90, align: 'right' },
          { header: l.count, width: 70, align: 'right' },
        ],
        [
          [l.shipping, amount(vat.shipping.taxable_amount), amount(vat.shipping.vat_amount), ''],
          [l.exports, amount(vat.zero_rated.exports), '', ''],
          [l.reverseCharge, amount(vat.zero_rated.reverse_charge), '', ''],
          [
            l.stampDuty,
            '',
            amount(vat.stamp_duty.amount),
            `${vat.stamp_duty.invoices} / ${vat.stamp_duty.credit_notes}`,
          ],
          [
            l.totals,
            amount(vat.totals.taxable_amount),
            amount(vat.totals.vat_amount),
            String(vat.invoices + vat.credit_notes),
          ],
          [l.amountDue, '', amount(vat.totals.amount_due), ''],
          [l.withholding, '', amount(vat.withholding.amount), String(vat.withholding.payments)],
          [l.missingCertificates, '', '', String(vat.withholding.missing_certificates)],
        ],
      );
      doc.font('Helvetica-Bold').fontSize(10);
      write(doc, l.trend, PAGE.margin, y + 10);
      drawTable(
        doc,
        doc.y + 6,
        [
          { header: l.month, width: 165 },
          { header: l.taxable, width: 165, align: 'right' },
          { header: l.vat, width: 165, align: 'right' },
        ],
        vat.trend.map((m) => [m.month, amount(m.taxable_amount), amount(m.vat_amount)]),
      );
    },
  );
}
