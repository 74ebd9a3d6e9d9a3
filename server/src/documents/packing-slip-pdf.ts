// The packing slip of an order: what goes in the parcel and where it goes, without any price.
import { drawLogo, drawTable, formatDate, PAGE, renderPdf, write, type Language } from './pdf';

export interface PackingSlip {
  shop_name: string | null;
  logo_key: string | null;
  order_number: string;
  ordered_at: string;
  time_zone: string;
  /** The shipping address as printed: name, company, street, city, country, phone. */
  ship_to: string;
  notes: string | null;
  lines: { description: string; sku: string | null; quantity: number }[];
}

const LABELS = {
  en: {
    title: 'PACKING SLIP',
    order: 'Order',
    date: 'Order date',
    shipTo: 'Ship to',
    notes: 'Customer note',
    description: 'Item',
    sku: 'SKU',
    quantity: 'Qty',
  },
  fr: {
    title: 'BON DE LIVRAISON',
    order: 'Commande',
    date: 'Date de commande',
    shipTo: 'Livrer à',
    notes: 'Note du client',
    description: 'Article',
    sku: 'Réf.',
    quantity: 'Qté',
  },
} satisfies Record<Language, unknown>;

export function renderPackingSlipPdf(
  slip: PackingSlip,
  lang: Language,
  logo: Buffer | null,
  createdAt: string,
): Promise<Buffer> {
  const l = LABELS[lang];
  return renderPdf(
    {
      title: `${l.title} ${slip.order_number}`,
      author: slip.shop_name ?? '',
      createdAt,
      footer: `${l.title} - ${slip.order_number}`,
    },
    (doc) => {
      drawLogo(doc, logo);
      const x = PAGE.width - PAGE.margin - 240;
      doc.font('Helvetica-Bold').fontSize(18);
      write(doc, l.title, x, PAGE.margin, { width: 240, align: 'right' });
      doc.font('Helvetica').fontSize(9);
      const facts = [
        ...(slip.shop_name ? [slip.shop_name] : []),
        `${l.order}: ${slip.order_number}`,
        `${l.date}: ${formatDate(slip.ordered_at, slip.time_zone, lang)}`,
      ];
      write(doc, facts.join('\n'), x, PAGE.margin + 26, { width: 240, align: 'right' });
      let y = Math.max(doc.y, PAGE.margin + 70) + 16;
      doc.font('Helvetica-Bold');
      write(doc, l.shipTo, PAGE.margin, y);
      doc.font('Helvetica');
      write(doc, slip.ship_to, PAGE.margin, y + 14, { width: 250 });
      y = doc.y + 12;
      if (slip.notes) {
        doc.font('Helvetica-Bold');
        write(doc, l.notes, PAGE.margin, y);
        doc.font('Helvetica');
        write(doc, slip.notes, PAGE.margin, y + 14, { width: 495 });
        y = doc.y + 12;
      }
      drawTable(
        doc,
        y + 8,
        [
          { header: l.description, width: 300 },
          { header: l.sku, width: 135 },
          { header: l.quantity, width: 60, align: 'right' },
        ],
        slip.lines.map((line) => [line.description, line.sku ?? '', String(line.quantity)]),
      );
    },
  );
}
