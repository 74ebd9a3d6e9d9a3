import { object, string } from 'yup';
import type {
  Invoice,
  InvoiceKind,
  OrderShipmentUpdate,
  OrderStatus,
  OrderTimelineEvent,
} from '@generated/model';
import { validationSummary, type ValidationResult } from '@/components/form';

export const DOCUMENT_KIND_LABEL: Record<InvoiceKind, string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
};

/**
 * The contract's issueInvoice rule: an order gets an invoice on demand when none is in force
 * (none yet, or the last one credited) and it is not cancelled or refunded.
 */
export function canIssueInvoice(status: OrderStatus, documents: readonly Invoice[]): boolean {
  if (status === 'cancelled' || status === 'refunded') return false;
  return documents.at(-1)?.kind !== 'invoice';
}

/** A timeline event in words: what happened, and the text written with it (if any). */
export function describeEvent(event: OrderTimelineEvent): {
  sentence: string;
  detail: string | null;
} {
  switch (event.type) {
    case 'status_change':
      return {
        sentence:
          event.from_status === null
            ? 'Order placed'
            : `Status changed from ${event.from_status} to ${event.to_status}`,
        detail: event.note,
      };
    case 'document_issued':
      return {
        sentence: `${DOCUMENT_KIND_LABEL[event.document.kind]} ${event.document.number} issued`,
        detail: null,
      };
    case 'stock_movement': {
      const change = event.quantity_change;
      return {
        sentence: `Stock of ${event.sku ?? 'an item without SKU'}: ${change > 0 ? '+' : ''}${change}`,
        detail: null,
      };
    }
    case 'note':
      return { sentence: 'Note added', detail: event.note };
    case 'shipment':
      return {
        sentence: `Shipped with ${event.carrier}, tracking number ${event.tracking_number}`,
        detail: null,
      };
  }
}

export const NOTE_MAX_LENGTH = 2000;
export const NOTE_REQUIRED_MESSAGE = 'Note is required';

/** The internal note of the timeline's form (OrderNoteCreate: 1-2000 characters, trimmed). */
export function validateNote(note: string): string | null {
  if (!note.trim()) return NOTE_REQUIRED_MESSAGE;
  return note.trim().length > NOTE_MAX_LENGTH
    ? `Note must be at most ${NOTE_MAX_LENGTH} characters`
    : null;
}

export const TRACKING_NUMBER_MESSAGE =
  'Tracking number may only hold letters, digits, spaces and . / _ -';

/** A required text of at most 100 characters (OrderShipmentUpdate's bounds). */
const shipmentText = (label: string) =>
  string()
    .trim()
    .required(`${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

const shipmentSchema = object({
  carrier: shipmentText('Carrier'),
  tracking_number: shipmentText('Tracking number').matches(
    /^[A-Za-z0-9 ./_-]+$/,
    TRACKING_NUMBER_MESSAGE,
  ),
});

export function validateShipment(
  values: OrderShipmentUpdate,
): ValidationResult<OrderShipmentUpdate> {
  return validationSummary(
    shipmentSchema,
    values,
    'Please fill in the carrier and tracking number',
  );
}

/** The shipment body (valid values): trimmed, as the form shows them after saving. */
export const toShipmentUpdate = (values: OrderShipmentUpdate): OrderShipmentUpdate => ({
  carrier: values.carrier.trim(),
  tracking_number: values.tracking_number.trim(),
});
