// The templates of the order e-mails (issue #28 part 6): one per event and language, each a
// subject, a plain-text part and an HTML part, from the same data. Pure, so the mocks render the
// preview with them too. The texts live here as code
// (shop owners do not edit them in this version); docs/product.md "Customers told (#28)" lists
// the subjects. Money is written as the invoice writes it (domain/money.ts: "12.500 TND").
// Every value put into the HTML goes through escapeHtml (a customer named "<b>" reads "&lt;b&gt;");
// Arabic e-mails are right to left (dir="rtl" on the document).
import { fromMillimes } from './money';
import { escapeHtml } from './html';
import type { EmailLanguage, OrderEmailEvent } from './order-emails';

/** What an order e-mail says; amounts in millimes, VAT included. */
export interface OrderEmailData {
  shopName: string;
  orderNumber: string;
  /** The shipping address's first and last name; null greets without a name. */
  customerName: string | null;
  lines: { name: string; quantity: number; total: number }[];
  /** Shipping, VAT included. */
  shipping: number;
  discount: number;
  /** The VAT included in total. */
  vat: number;
  total: number;
  /**
   * The latest carrier and tracking number (shipped), with the tracking page of the order's
   * shipping method (#36: its tracking_url_template); null when the method has none.
   */
  shipment: { carrier: string; trackingNumber: string; trackingUrl: string | null } | null;
  /** The number of the credit note attached (refunded, or a cancellation that issued one). */
  creditNote: string | null;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * Where a customer follows a parcel: the carrier's own page when the order's shipping method
 * has a tracking template (#36); otherwise 17TRACK, which finds the carrier from the number
 * itself (La Poste Tunisienne / Rapid-Poste, Aramex, DHL… alike), so a shop without methods or
 * templates still sends a link that works.
 */
function trackingUrl(shipment: NonNullable<OrderEmailData['shipment']>): string {
  return (
    shipment.trackingUrl ??
    `https://t.17track.net/en#nums=${encodeURIComponent(shipment.trackingNumber)}`
  );
}

const money = (millimes: number) => `${fromMillimes(millimes)} TND`;

type Words = {
  /** The refund's subject and lead name its credit note, when there is one. */
  subject: Record<OrderEmailEvent, (n: string, creditNote: string | null) => string>;
  lead: Record<OrderEmailEvent, (d: OrderEmailData) => string>;
  hello: (name: string | null) => string;
  order: (n: string) => string;
  shippedBy: (carrier: string, tracking: string) => string;
  track: string;
  attached: (creditNote: string) => string;
  item: string;
  quantity: string;
  amount: string;
  shipping: string;
  discount: string;
  total: string;
  vatIncluded: (vat: string) => string;
  thanks: (shop: string) => string;
};

const WORDS: Record<EmailLanguage, Words> = {
  en: {
    subject: {
      confirmed: (n) => `Your order ${n} is confirmed`,
      shipped: (n) => `Your order ${n} has shipped`,
      delivered: (n) => `Your order ${n} has been delivered`,
      cancelled: (n) => `Your order ${n} has been cancelled`,
      refunded: (n, cn) =>
        cn ? `Credit note for your order ${n}` : `Your order ${n} has been refunded`,
    },
    lead: {
      confirmed: () => 'Thank you for your order. We have confirmed it and are preparing it.',
      shipped: () => 'Good news: your parcel is on its way.',
      delivered: () => 'Your order has been delivered. We hope you enjoy it.',
      cancelled: () =>
        'Your order has been cancelled. If you have a question, simply reply to this e-mail.',
      refunded: (d) =>
        d.creditNote
          ? `We have issued credit note ${d.creditNote} for your order. It is attached to this e-mail.`
          : 'Your order has been refunded.',
    },
    hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
    order: (n) => `Order ${n}`,
    shippedBy: (carrier, tracking) => `Carrier: ${carrier}. Tracking number: ${tracking}.`,
    track: 'Track your parcel',
    attached: (cn) => `Credit note ${cn} is attached to this e-mail.`,
    item: 'Item',
    quantity: 'Qty',
    amount: 'Amount',
    shipping: 'Shipping',
    discount: 'Discount',
    total: 'Total',
    vatIncluded: (vat) => `Including VAT: ${vat}`,
    thanks: (shop) => `Thank you for shopping with ${shop}.`,
  },
  fr: {
    subject: {
      confirmed: (n) => `Votre commande ${n} est confirmée`,
      shipped: (n) => `Votre commande ${n} a été expédiée`,
      delivered: (n) => `Votre commande ${n} a été livrée`,
      cancelled: (n) => `Votre commande ${n} a été annulée`,
      refunded: (n, cn) =>
        cn ? `Avoir pour votre commande ${n}` : `Votre commande ${n} a été remboursée`,
    },
    lead: {
      confirmed: () => 'Merci pour votre commande. Nous l’avons confirmée et la préparons.',
      shipped: () => 'Bonne nouvelle : votre colis est en route.',
      delivered: () => 'Votre commande a été livrée. Nous espérons qu’elle vous plaira.',
      cancelled: () =>
        'Votre commande a été annulée. Pour toute question, répondez simplement à cet e-mail.',
      refunded: (d) =>
        d.creditNote
          ? `Nous avons établi l’avoir ${d.creditNote} pour votre commande. Vous le trouverez en pièce jointe.`
          : 'Votre commande a été remboursée.',
    },
    hello: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    order: (n) => `Commande ${n}`,
    shippedBy: (carrier, tracking) => `Transporteur : ${carrier}. Numéro de suivi : ${tracking}.`,
    track: 'Suivre votre colis',
    attached: (cn) => `L’avoir ${cn} est joint à cet e-mail.`,
    item: 'Article',
    quantity: 'Qté',
    amount: 'Montant',
    shipping: 'Livraison',
    discount: 'Remise',
    total: 'Total',
    vatIncluded: (vat) => `Dont TVA : ${vat}`,
    thanks: (shop) => `Merci pour votre confiance, ${shop}.`,
  },
  ar: {
    subject: {
      confirmed: (n) => `تم تأكيد طلبك ${n}`,
      shipped: (n) => `تم شحن طلبك ${n}`,
      delivered: (n) => `تم تسليم طلبك ${n}`,
      cancelled: (n) => `تم إلغاء طلبك ${n}`,
      refunded: (n, cn) => (cn ? `إشعار دائن لطلبك ${n}` : `تم استرجاع مبلغ طلبك ${n}`),
    },
    lead: {
      confirmed: () => 'شكرًا على طلبك. لقد قمنا بتأكيده ونحن بصدد تجهيزه.',
      shipped: () => 'خبر سار: طردك في الطريق إليك.',
      delivered: () => 'تم تسليم طلبك. نتمنى أن ينال إعجابك.',
      cancelled: () => 'تم إلغاء طلبك. لأي استفسار، يكفي أن تردّ على هذه الرسالة.',
      refunded: (d) =>
        d.creditNote
          ? `أصدرنا الإشعار الدائن ${d.creditNote} الخاص بطلبك، وتجده مرفقًا بهذه الرسالة.`
          : 'تم استرجاع مبلغ طلبك.',
    },
    hello: (name) => (name ? `مرحبًا ${name}،` : 'مرحبًا،'),
    order: (n) => `الطلب ${n}`,
    shippedBy: (carrier, tracking) => `شركة الشحن: ${carrier}. رقم التتبع: ${tracking}.`,
    track: 'تتبّع طردك',
    attached: (cn) => `الإشعار الدائن ${cn} مرفق بهذه الرسالة.`,
    item: 'المنتج',
    quantity: 'الكمية',
    amount: 'المبلغ',
    shipping: 'التوصيل',
    discount: 'التخفيض',
    total: 'المجموع',
    vatIncluded: (vat) => `منها الأداء على القيمة المضافة: ${vat}`,
    thanks: (shop) => `شكرًا لثقتكم، ${shop}.`,
  },
};

/** The e-mail of `event` in `language` for this order. */
export function renderOrderEmail(
  event: OrderEmailEvent,
  language: EmailLanguage,
  d: OrderEmailData,
): RenderedEmail {
  const w = WORDS[language];
  const subject = w.subject[event](d.orderNumber, d.creditNote);
  const lead = w.lead[event](d);
  const shipment = event === 'shipped' ? d.shipment : null;
  // The cancellation's own credit note is said in a line of its own (the refund's lead says it).
  const attachedLine = event === 'cancelled' && d.creditNote ? w.attached(d.creditNote) : null;
  const totals: [string, string][] = [
    [w.shipping, money(d.shipping)],
    ...(d.discount > 0 ? [[w.discount, `-${money(d.discount)}`] as [string, string]] : []),
    [w.total, money(d.total)],
  ];

  const text = [
    w.hello(d.customerName),
    '',
    lead,
    ...(shipment
      ? [
          w.shippedBy(shipment.carrier, shipment.trackingNumber),
          `${w.track}: ${trackingUrl(shipment)}`,
        ]
      : []),
    ...(attachedLine ? [attachedLine] : []),
    '',
    w.order(d.orderNumber),
    ...d.lines.map((l) => `- ${l.name} × ${l.quantity}: ${money(l.total)}`),
    ...totals.map(([label, value]) => `${label}: ${value}`),
    w.vatIncluded(money(d.vat)),
    '',
    w.thanks(d.shopName),
    '',
  ].join('\n');

  const e = escapeHtml;
  const cell = 'padding: 4px 8px; border-bottom: 1px solid #ddd';
  const rtl = language === 'ar';
  const end = rtl ? 'left' : 'right';
  const html = [
    '<!doctype html>',
    `<html lang="${language}" dir="${rtl ? 'rtl' : 'ltr'}">`,
    `<head><meta charset="utf-8"><title>${e(subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5; color: #222">',
    `<p>${e(w.hello(d.customerName))}</p>`,
    `<p>${e(lead)}</p>`,
    ...(shipment
      ? [
          `<p>${e(w.shippedBy(shipment.carrier, shipment.trackingNumber))}</p>`,
          `<p><a href="${e(trackingUrl(shipment))}">${e(w.track)}</a></p>`,
        ]
      : []),
    ...(attachedLine ? [`<p>${e(attachedLine)}</p>`] : []),
    `<h2 style="font-size: 1.1em">${e(w.order(d.orderNumber))}</h2>`,
    '<table style="border-collapse: collapse">',
    `<thead><tr><th style="${cell}; text-align: start">${e(w.item)}</th>` +
      `<th style="${cell}">${e(w.quantity)}</th>` +
      `<th style="${cell}; text-align: ${end}">${e(w.amount)}</th></tr></thead>`,
    '<tbody>',
    ...d.lines.map(
      (l) =>
        `<tr><td style="${cell}">${e(l.name)}</td>` +
        `<td style="${cell}; text-align: center">${l.quantity}</td>` +
        `<td style="${cell}; text-align: ${end}; white-space: nowrap" dir="ltr">${e(money(l.total))}</td></tr>`,
    ),
    '</tbody>',
    '<tfoot>',
    ...totals.map(
      ([label, value]) =>
        `<tr><th colspan="2" style="${cell}; text-align: start">${e(label)}</th>` +
        `<td style="${cell}; text-align: ${end}; white-space: nowrap" dir="ltr">${e(value)}</td></tr>`,
    ),
    '</tfoot>',
    '</table>',
    `<p style="color: #555">${e(w.vatIncluded(money(d.vat)))}</p>`,
    `<p>${e(w.thanks(d.shopName))}</p>`,
    '</body></html>',
    '',
  ].join('\n');

  return { subject, text, html };
}

/** The sample order of the preview in Settings: every part of every template shows. */
function sampleOrderEmailData(shopName: string): OrderEmailData {
  return {
    shopName,
    orderNumber: 'ORD-20261129-0042',
    customerName: 'Amira Ben Salah',
    lines: [
      { name: 'Chéchia en laine rouge', quantity: 2, total: 70_000 },
      { name: 'Huile d’olive extra vierge 1 L', quantity: 1, total: 28_500 },
    ],
    shipping: 8_330,
    discount: 0,
    vat: 17_056,
    total: 106_830,
    shipment: { carrier: 'Rapid-Poste', trackingNumber: 'RR123456789TN', trackingUrl: null },
    creditNote: 'CN-2026-000003',
  };
}

/** The preview in Settings: the sample order, with a credit note where the real e-mail has one. */
export function previewOrderEmail(
  event: OrderEmailEvent,
  language: EmailLanguage,
  shopName: string,
): RenderedEmail {
  const data = sampleOrderEmailData(shopName);
  return renderOrderEmail(event, language, {
    ...data,
    creditNote: event === 'refunded' || event === 'cancelled' ? data.creditNote : null,
  });
}
