// The sales register (#30, docs/product.md §10.27) as an A4 landscape PDF: the heading of the
// VAT return's PDF (seller, period, printing date), every document of the period in number order
// (a credit note's amounts negative, as getSalesRegister gives them), the totals and the
// numbering check: "No gap in the numbering", or the numbers missing. French by default.
import type { Schemas } from '../api/types';
import { amount, drawTable, formatDate, PAGE, write, type Language } from './pdf';
import { printedDay, renderReportPdf, type ReportSeller } from './vat-return-pdf';

const LABELS = {
  en: {
    title: 'SALES REGISTER',
    matricule: 'Tax ID (MF)',
    period: 'Period',
    printed: 'Printed on',
    documents: 'Documents',
    date: 'Date',
    number: 'Number',
    credits: 'Credits',
    order: 'Order',
    buyer: 'Buyer',
    taxId: 'Tax ID',
    finalConsumer: 'final consumer',
    rates: 'Taxable / VAT by rate',
    excl: 'Excl. VAT',
    vat: 'VAT',
    stamp: 'Stamp',
    due: 'Amount due',
    totals: 'Totals (invoices – credit notes)',
    numbering: 'Numbering',
    invoice: 'Invoices',
    credit_note: 'Credit notes',
    gapFree: 'No gap in the numbering',
    missing: 'missing',
    andMore: (n: number) => `and ${n} more`,
  },
  fr: {
    title: 'REGISTRE DES VENTES',
    matricule: 'Matricule fiscal',
    period: 'Période',
    printed: 'Imprimé le',
    documents: 'Documents',
    date: 'Date',
    number: 'Numéro',
    credits: 'Avoir sur',
    order: 'Commande',
    buyer: 'Client',
    taxId: 'Identifiant fiscal',
    finalConsumer: 'consommateur final',
    rates: 'Base HT / TVA par taux',
    excl: 'Total HT',
    vat: 'TVA',
    stamp: 'Timbre',
    due: 'Net à payer',
    totals: 'Totaux (factures – avoirs)',
    numbering: 'Numérotation',
    invoice: 'Factures',
    credit_note: 'Avoirs',
    gapFree: 'Aucune rupture de numérotation',
    missing: 'manquants',
    andMore: (n: number) => `et ${n} autres`,
  },
} satisfies Record<Language, unknown>;

export function renderSalesRegisterPdf(
  register: Schemas['SalesRegister'],
  seller: ReportSeller,
  lang: Language,
  printedAt: string,
): Promise<Buffer> {
  const l = LABELS[lang];
  const day = (d: string) => printedDay(d, lang);
  return renderReportPdf(
    {
      title: `${l.title} ${register.from} ${register.to}`,
      heading: l.title,
      footer: `${l.title} ${register.from} - ${register.to}`,
      matriculeLabel: l.matricule,
      lines: [
        `${l.period}: ${day(register.from)} - ${day(register.to)} (${register.time_zone})`,
        `${l.printed}: ${formatDate(printedAt, register.time_zone, lang, true)}`,
        `${l.documents}: ${register.total}`,
      ],
      layout: 'landscape',
    },
    seller,
    printedAt,
    (doc, headingEnd) => {
      const y = drawTable(
        doc,
        headingEnd,
        [
          { header: l.date, width: 62 },
          { header: l.number, width: 80 },
          { header: l.credits, width: 76 },
          { header: l.order, width: 73 },
          { header: l.buyer, width: 80 },
          { header: l.taxId, width: 90 },
          { header: l.rates, width: 85 },
          { header: l.excl, width: 55, align: 'right' },
          { header: l.vat, width: 50, align: 'right' },
          { header: l.stamp, width: 40, align: 'right' },
          { header: l.due, width: 50, align: 'right' },
        ],
        register.entries.map((e) => [
          e.issued_on,
          e.number,
          e.credits ?? '',
          e.order_number,
          e.buyer_name,
          e.buyer_tax_id ?? l.finalConsumer,
          e.rates.map((r) => `${r.vat_rate} %: ${r.taxable_amount} / ${r.vat_amount}`).join('\n'),
          e.total_excl_vat,
          e.total_vat,
          e.stamp_duty,
          e.amount_due,
        ]),
      );
      const width = doc.page.width - 2 * PAGE.margin;
      doc.font('Helvetica-Bold').fontSize(10);
      write(doc, l.totals, PAGE.margin, y + 6, { width });
      doc.font('Helvetica').fontSize(9);
      const t = register.totals;
      write(
        doc,
        [
          `${l.excl}: ${amount(t.taxable_amount)}`,
          `${l.vat}: ${amount(t.vat_amount)}`,
          `${l.stamp}: ${amount(t.stamp_duty)}`,
          `${l.due}: ${amount(t.amount_due)}`,
        ].join('    '),
        PAGE.margin,
        doc.y + 2,
        { width },
      );
      doc.font('Helvetica-Bold').fontSize(10);
      write(doc, l.numbering, PAGE.margin, doc.y + 12, { width });
      doc.font('Helvetica').fontSize(9);
      const lines = register.numbering.map((c) => {
        const range = `${l[c.kind]} ${c.year} (${c.prefix}): ${c.first} - ${c.last} (${c.count})`;
        if (c.missing_count === 0) return range;
        const more = c.missing_count - c.missing.length;
        const listed = c.missing.join(', ') + (more > 0 ? `, ${l.andMore(more)}` : '');
        return `${range}; ${c.missing_count} ${l.missing}: ${listed}`;
      });
      if (register.gap_free) lines.push(l.gapFree);
      write(doc, lines.join('\n'), PAGE.margin, doc.y + 2, { width });
    },
  );
}
