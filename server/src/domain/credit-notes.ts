// Partial credit notes (issue #28, returns): what a return credits, and what is left of an
// invoice after the credit notes that credited part of it. Pure: millimes in, the contract's
// wire form out.
//
// - A line of Q units and amount A (a column) credits, once k of its units have come back in
//   all, creditedSoFar(A, k, Q) = round(A × k / Q) (half-up). A return of q more units after
//   `prev` credits creditedSoFar(prev + q) − creditedSoFar(prev) per column, so the returns of
//   a line never credit more than the line and all of its units credit it exactly. The columns
//   rounded are the VAT incl. amount and the VAT; the excl. VAT amount is their difference, so
//   every credited line reads net + VAT = gross as the invoice's lines do, and a unit priced
//   VAT incl. credits exactly its price (10.000 of 30.000 for 3 units, not 10.001), while a
//   unit priced excl. VAT credits exactly its net (gross = an exact net + the VAT, rounded).
//   The shipping credited works alike: its VAT is creditedSoFar(shipping VAT, shipping
//   credited in all, shipping).
// - What is left of an invoice is the invoice minus its credit notes, per line (lines are
//   matched by description, SKU, unit price and VAT rate: a line never changes these between
//   the invoice and its credit notes) and per amount (shipping, its VAT, discount, stamp duty).
//   The credit note that reverses the rest (a cancellation, a refund, an edit) credits exactly
//   that, so the credit notes of an invoice sum to it.
import type { Schemas } from '../api/types';
import {
  creditNoteContent,
  vatBreakdown,
  type InvoiceContent,
  type IssueFacts,
  type Taxed,
} from './invoice';
import { fromMillimes, toMillimes } from './money';
import { bpToRate, rateToBp } from './vat';

type InvoiceLine = Schemas['InvoiceLine'];

/** round(amount × k / q), half-up, exact for any millimes and quantities (BigInt). */
export function creditedSoFar(amount: number, k: number, q: number): number {
  if (q <= 0 || k <= 0) return 0;
  if (k >= q) return amount;
  const num = BigInt(amount) * BigInt(k) * 2n + BigInt(q);
  return Number(num / (2n * BigInt(q)));
}

/** The part of `amount` (a line of `total` units) that units prev+1 … prev+q credit. */
export const creditedPart = (amount: number, prev: number, q: number, total: number) =>
  creditedSoFar(amount, prev + q, total) - creditedSoFar(amount, prev, total);

/** A line credited: millimes, with what names it on the invoice. */
export interface CreditedLine {
  description: string;
  sku: string | null;
  quantity: number;
  unit_price: number;
  vat_rate_bp: number;
  total_price: number;
  vat_amount: number;
}

/** What a credit note credits besides its lines (millimes). */
export interface CreditedExtras {
  shipping_amount: number;
  shipping_vat_amount: number;
  discount_amount: number;
  stamp_duty: number;
}

function breakdown(
  lines: readonly CreditedLine[],
  extras: CreditedExtras,
  shippingRateBp: number,
): Schemas['VatBreakdownLine'][] {
  const taxed: Taxed[] = lines.map((l) => ({
    rateBp: l.vat_rate_bp,
    net: l.total_price,
    vat: l.vat_amount,
  }));
  if (extras.shipping_amount !== 0 || extras.shipping_vat_amount !== 0) {
    taxed.push({
      rateBp: shippingRateBp,
      net: extras.shipping_amount,
      vat: extras.shipping_vat_amount,
    });
  }
  return vatBreakdown(taxed);
}

/**
 * A credit note of `invoice` crediting these lines and amounts: the invoice's seller, buyer
 * and mentions, the note's own identity, and totals derived as the invoice's are.
 */
export function creditNoteOf(
  invoice: { id: number; content: InvoiceContent },
  lines: readonly CreditedLine[],
  extras: CreditedExtras,
  issue: IssueFacts,
): InvoiceContent {
  const linesNet = lines.reduce((s, l) => s + l.total_price, 0);
  const linesVat = lines.reduce((s, l) => s + l.vat_amount, 0);
  const totalExclVat = linesNet + extras.shipping_amount - extras.discount_amount;
  const totalVat = linesVat + extras.shipping_vat_amount;
  const totalInclVat = totalExclVat + totalVat;
  const shippingRateBp = rateToBp(invoice.content.shipping_vat_rate);
  return {
    ...creditNoteContent(invoice, issue),
    lines: lines.map((l) => ({
      description: l.description,
      sku: l.sku,
      quantity: l.quantity,
      unit_price: fromMillimes(l.unit_price),
      vat_rate: bpToRate(l.vat_rate_bp),
      total_price: fromMillimes(l.total_price),
      discount_amount: fromMillimes(0),
      vat_amount: fromMillimes(l.vat_amount),
      total_price_incl_vat: fromMillimes(l.total_price + l.vat_amount),
    })),
    vat_breakdown: breakdown(lines, extras, shippingRateBp),
    shipping_amount: fromMillimes(extras.shipping_amount),
    shipping_vat_amount: fromMillimes(extras.shipping_vat_amount),
    discount_amount: fromMillimes(extras.discount_amount),
    total_excl_vat: fromMillimes(totalExclVat),
    total_vat: fromMillimes(totalVat),
    total_incl_vat: fromMillimes(totalInclVat),
    stamp_duty: fromMillimes(extras.stamp_duty),
    amount_due: fromMillimes(totalInclVat + extras.stamp_duty),
  };
}

const lineKey = (l: Pick<InvoiceLine, 'description' | 'sku' | 'unit_price' | 'vat_rate'>) =>
  JSON.stringify([l.description, l.sku, toMillimes(l.unit_price), rateToBp(l.vat_rate)]);

/**
 * An invoice line as credit notes credit it: at its discounted net (#29), as returns credit each
 * line's discounted amounts in proportion to the units; the invoice's discount_amount less its
 * lines' discounts is what is left of a discount on the order as a whole (orders before #29).
 */
function creditedLineOf(l: InvoiceLine): CreditedLine {
  return {
    description: l.description,
    sku: l.sku,
    quantity: l.quantity,
    unit_price: toMillimes(l.unit_price),
    vat_rate_bp: rateToBp(l.vat_rate),
    total_price: toMillimes(l.total_price) - lineDiscountOf(l),
    vat_amount: toMillimes(l.vat_amount),
  };
}

const lineDiscountOf = (l: InvoiceLine) =>
  l.discount_amount === undefined ? 0 : toMillimes(l.discount_amount);

/** What is left of `invoice` after `credits` (its credit notes so far): lines and amounts. */
export function remainderOf(
  invoice: InvoiceContent,
  credits: readonly InvoiceContent[],
): { lines: CreditedLine[]; extras: CreditedExtras } {
  const left = new Map<string, CreditedLine>();
  for (const l of invoice.lines) {
    const key = lineKey(l);
    const line = creditedLineOf(l);
    const sum = left.get(key);
    left.set(
      key,
      sum
        ? {
            ...sum,
            quantity: sum.quantity + line.quantity,
            total_price: sum.total_price + line.total_price,
            vat_amount: sum.vat_amount + line.vat_amount,
          }
        : line,
    );
  }
  const m = (value: string) => toMillimes(value);
  const extras: CreditedExtras = {
    shipping_amount: m(invoice.shipping_amount),
    shipping_vat_amount: m(invoice.shipping_vat_amount),
    discount_amount:
      m(invoice.discount_amount) - invoice.lines.reduce((s, l) => s + lineDiscountOf(l), 0),
    stamp_duty: m(invoice.stamp_duty),
  };
  for (const credit of credits) {
    for (const l of credit.lines) {
      const sum = left.get(lineKey(l));
      if (!sum) continue; // a credit note only ever credits the invoice's own lines
      sum.quantity -= l.quantity;
      sum.total_price -= m(l.total_price);
      sum.vat_amount -= m(l.vat_amount);
    }
    extras.shipping_amount -= m(credit.shipping_amount);
    extras.shipping_vat_amount -= m(credit.shipping_vat_amount);
    extras.discount_amount -= m(credit.discount_amount);
    extras.stamp_duty -= m(credit.stamp_duty);
  }
  const lines = [...left.values()].filter(
    (l) => l.quantity !== 0 || l.total_price !== 0 || l.vat_amount !== 0,
  );
  return { lines, extras };
}
