import { object, string } from 'yup';
import type {
  Invoice,
  OrderShipmentUpdate,
  OrderStatus,
  OrderTimelineEvent,
} from '@generated/model';
import { validationSummary, type ValidationResult } from '@/components/form';
import { formatMoney } from '@/lib/format';
import { isolate } from '@/lib/i18n';
import { describeEmailEvent } from '@/features/settings';
import { t } from './messages';
import { describePaymentEvent } from './payments/payment-event';
import { mayBeInvoiced, statusRules } from '../../../contract/order-status';

/** Millimes of a Money string ("12.975" → 12975). */
const millimes = (amount: string) => Math.round(Number(amount) * 1000);

/**
 * The order's invoice in force, if any: its last invoice, unless the credit notes issued after
 * it credit all of it. A return's partial credit note credits part of it and leaves it in force;
 * the credit note of a cancellation, a refund or an edit credits what is left (docs/product.md
 * §10.17), so the invoice's credit notes then add up to its amount due.
 */
export function invoiceInForce(documents: readonly Invoice[]): Invoice | null {
  const at = documents.findLastIndex((d) => d.kind === 'invoice');
  const invoice = documents[at];
  if (!invoice) return null;
  const credited = documents
    .slice(at + 1)
    .reduce((sum, note) => sum + millimes(note.amount_due), 0);
  const notes = documents.length - at - 1;
  return notes > 0 && credited >= millimes(invoice.amount_due) ? null : invoice;
}

/**
 * The contract's issueInvoice rule: an order gets an invoice on demand when none is in force
 * (none yet, or the last one credited in full) and its status may be invoiced (not cancelled or
 * refunded; contract/order-status.ts).
 */
export function canIssueInvoice(status: OrderStatus, documents: readonly Invoice[]): boolean {
  if (!mayBeInvoiced(status)) return false;
  return invoiceInForce(documents) === null;
}

/**
 * What moving an order to cancelled or refunded (a change asked first: the table's `asksFirst`)
 * does besides the status (docs/product.md).
 */
export interface EndingEffects {
  /** Its items go back to stock: it holds stock now (every status but cancelled and refunded). */
  restock: boolean;
  /** The number of the invoice a credit note reverses; null without one; undefined unknown. */
  creditedInvoice: string | null | undefined;
}

/**
 * The server's life-cycle rules (server/src/services/orders/orders.ts and invoices.ts) as the console
 * can tell them before the change: `documents` is the order's list, undefined until loaded.
 */
export function endingEffects(
  from: OrderStatus,
  documents: readonly Invoice[] | undefined,
): EndingEffects {
  return {
    // The asked move goes to a status that holds none (the table's `give_back` effect).
    restock: statusRules(from).holdsStock,
    creditedInvoice:
      documents === undefined ? undefined : (invoiceInForce(documents)?.number ?? null),
  };
}

/**
 * A timeline event in words (the active language): what happened, and the text written with it
 * (if any).
 */
export function describeEvent(event: OrderTimelineEvent): {
  sentence: string;
  detail: string | null;
} {
  switch (event.type) {
    case 'status_change':
      return {
        sentence:
          event.from_status === null
            ? t('event.placed')
            : // The statuses as the API names them: each language words them in its sentence
              // (a French participle agrees with « commande »; unknown ones read as sent).
              t('event.statusChanged', { from: event.from_status, to: event.to_status }),
        detail: event.note,
      };
    case 'document_issued':
      return {
        // The kind as the API names it: « Facture … émise », « Avoir … émis ».
        sentence: t('event.documentIssued', {
          kind: event.document.kind,
          number: event.document.number,
        }),
        detail: null,
      };
    case 'stock_movement': {
      const change = event.quantity_change;
      return {
        sentence: t('event.stock', {
          sku: event.sku ? isolate(event.sku) : t('event.noSku'),
          change: isolate(`${change > 0 ? '+' : ''}${change}`),
        }),
        detail: null,
      };
    }
    case 'note':
      return { sentence: t('noteAdded'), detail: event.note };
    case 'shipment':
      return {
        sentence: t('event.shipment', {
          carrier: event.carrier,
          tracking: event.tracking_number,
        }),
        detail: null,
      };
    case 'return':
      return {
        sentence: t('event.return', {
          quantity: event.quantity,
          amount: isolate(formatMoney(event.total_amount)),
        }),
        detail: event.reason,
      };
    case 'edit':
      return { sentence: t('event.edit', { count: event.changes.length }), detail: event.note };
    case 'email_sent':
      // The customer's e-mails are the settings' (Settings → Customer e-mails), words included.
      return describeEmailEvent(event);
    case 'payment':
      // Payments, refunds and their removals: the payments' own words (payments/messages).
      return describePaymentEvent(event);
  }
}

export const NOTE_MAX_LENGTH = 2000;

/** The internal note of the timeline's form (OrderNoteCreate: 1-2000 characters, trimmed). */
export function validateNote(note: string): string | null {
  if (!note.trim()) return t('noteRequired');
  return note.trim().length > NOTE_MAX_LENGTH ? t('noteTooLong', { max: NOTE_MAX_LENGTH }) : null;
}

/** A required text of at most 100 characters (OrderShipmentUpdate's bounds). */
const shipmentText = (required: () => string, tooLong: () => string) =>
  string().trim().required(required).max(100, tooLong);

const shipmentSchema = object({
  carrier: shipmentText(
    () => t('carrierRequired'),
    () => t('carrierTooLong'),
  ),
  tracking_number: shipmentText(
    () => t('trackingRequired'),
    () => t('trackingTooLong'),
  ).matches(/^[A-Za-z0-9 ./_-]+$/, () => t('trackingInvalid')),
});

export function validateShipment(
  values: OrderShipmentUpdate,
): ValidationResult<OrderShipmentUpdate> {
  return validationSummary(shipmentSchema, values, { requiredSummary: t('shipmentSummary') });
}

/** The shipment body (valid values): trimmed, as the form shows them after saving. */
export const toShipmentUpdate = (values: OrderShipmentUpdate): OrderShipmentUpdate => ({
  carrier: values.carrier.trim(),
  tracking_number: values.tracking_number.trim(),
});
