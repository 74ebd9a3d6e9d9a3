import { expect, it } from 'vitest';
import type { Invoice, OrderTimelineEvent } from '@generated/model';
import {
  canIssueInvoice,
  describeEvent,
  endingEffects,
  toShipmentUpdate,
  validateNote,
  validateShipment,
} from './order-paperwork';

const base = { id: 'e1', created_at: '2026-11-24T10:00:00.000Z', changed_by: 'alice' };
const doc = (kind: Invoice['kind'], amountDue = '39.330') =>
  ({ kind, amount_due: amountDue }) as Invoice;

it('offers an invoice when none is in force and the order is not cancelled or refunded', () => {
  expect(canIssueInvoice('pending', [])).toBe(true);
  expect(canIssueInvoice('confirmed', [doc('invoice')])).toBe(false);
  // Reopened after a cancel: the invoice was credited.
  expect(canIssueInvoice('confirmed', [doc('invoice'), doc('credit_note')])).toBe(true);
  expect(canIssueInvoice('cancelled', [])).toBe(false);
  expect(canIssueInvoice('refunded', [doc('invoice'), doc('credit_note')])).toBe(false);
  // A return's partial credit note leaves the invoice in force; what is left reverses it.
  const partial = [doc('invoice'), doc('credit_note', '12.975')];
  expect(canIssueInvoice('confirmed', partial)).toBe(false);
  expect(canIssueInvoice('confirmed', [...partial, doc('credit_note', '26.355')])).toBe(true);
});

it('tells what ending an order does: the stock it holds back, the invoice in force credited', () => {
  const numbered = (kind: Invoice['kind'], number: string, amountDue = '39.330') =>
    ({ kind, number, amount_due: amountDue }) as Invoice;
  const invoice = numbered('invoice', 'INV-2026-000007');
  const note = numbered('credit_note', 'CN-2026-000002');
  // Every status but cancelled and refunded holds stock.
  for (const from of ['pending', 'confirmed', 'processing', 'shipped', 'delivered'] as const)
    expect(endingEffects(from, [invoice])).toEqual({
      restock: true,
      creditedInvoice: 'INV-2026-000007',
    });
  expect(endingEffects('pending', [])).toEqual({ restock: true, creditedInvoice: null });
  // Credited already (cancelled, then refunded): nothing back, nothing to credit.
  expect(endingEffects('cancelled', [invoice, note])).toEqual({
    restock: false,
    creditedInvoice: null,
  });
  // Partly credited by a return: still the one a cancellation credits (what is left of it).
  expect(
    endingEffects('confirmed', [invoice, numbered('credit_note', 'CN-2026-000003', '12.975')])
      .creditedInvoice,
  ).toBe('INV-2026-000007');
  // Reopened and invoiced again: the new invoice is the one in force.
  const again = numbered('invoice', 'INV-2026-000009');
  expect(endingEffects('confirmed', [invoice, note, again]).creditedInvoice).toBe(
    'INV-2026-000009',
  );
  // The documents not loaded yet: not known.
  expect(endingEffects('shipped', undefined)).toEqual({
    restock: true,
    creditedInvoice: undefined,
  });
});

it('says each kind of event in one sentence, with its note', () => {
  const cases: [OrderTimelineEvent, string, string | null][] = [
    [
      { ...base, type: 'status_change', from_status: null, to_status: 'pending', note: null },
      'Order placed',
      null,
    ],
    [
      {
        ...base,
        type: 'status_change',
        from_status: 'confirmed',
        to_status: 'cancelled',
        note: 'Client injoignable',
      },
      'Status changed from confirmed to cancelled',
      'Client injoignable',
    ],
    [
      { ...base, type: 'document_issued', document: { id: 1, kind: 'invoice', number: 'INV-1' } },
      'Invoice INV-1 issued',
      null,
    ],
    [
      {
        ...base,
        type: 'document_issued',
        document: { id: 2, kind: 'credit_note', number: 'CN-2026-000001' },
      },
      'Credit note CN-2026-000001 issued',
      null,
    ],
    [
      {
        ...base,
        type: 'stock_movement',
        kind: 'checkout',
        variant_id: 5,
        sku: 'TS-M',
        quantity_change: -2,
        reason: null,
      },
      'Stock of TS-M: -2',
      null,
    ],
    [
      {
        ...base,
        type: 'stock_movement',
        kind: 'checkout',
        variant_id: null,
        sku: null,
        quantity_change: 1,
        reason: null,
      },
      'Stock of an item without SKU: +1',
      null,
    ],
    [{ ...base, type: 'note', note: 'Call back\ntomorrow' }, 'Note added', 'Call back\ntomorrow'],
    [
      {
        ...base,
        type: 'shipment',
        carrier: 'Aramex',
        tracking_number: '7731 0042',
        tracking_url: null,
      },
      'Shipped with Aramex, tracking number 7731 0042',
      null,
    ],
    [
      {
        ...base,
        type: 'return',
        return_id: 3,
        reason: 'Wrong size',
        quantity: 2,
        total_amount: '12.975',
      },
      '2 items returned, 12.975 TND credited',
      'Wrong size',
    ],
    [
      {
        ...base,
        type: 'edit',
        note: null,
        changes: [
          { change: 'quantity', description: 'Scarf', sku: 'SC-1', from: '2', to: '3' },
          { change: 'address', description: null, sku: null, from: null, to: null },
        ],
      },
      'Order edited: 2 changes',
      null,
    ],
  ];
  for (const [event, sentence, detail] of cases)
    expect(describeEvent(event)).toEqual({ sentence, detail });
});

it('refuses a blank or too long note', () => {
  expect(validateNote('  \n ')).toBe('Note is required');
  expect(validateNote(' ok ')).toBeNull();
  expect(validateNote('x'.repeat(2000))).toBeNull();
  expect(validateNote('x'.repeat(2001))).toBe('Note must be at most 2000 characters');
});

it('checks the shipment against the contract bounds and trims it', () => {
  expect(validateShipment({ carrier: 'Aramex', tracking_number: 'RR123456789TN' }).summary).toBe(
    null,
  );
  expect(validateShipment({ carrier: ' ', tracking_number: '' }).errors).toEqual({
    carrier: 'Carrier is required',
    tracking_number: 'Tracking number is required',
  });
  expect(validateShipment({ carrier: 'x'.repeat(101), tracking_number: 'A#1' }).errors).toEqual({
    carrier: 'Carrier must be at most 100 characters',
    tracking_number: 'Tracking number may only hold letters, digits, spaces and . / _ -',
  });
  expect(toShipmentUpdate({ carrier: ' Aramex ', tracking_number: ' 7731/0042 ' })).toEqual({
    carrier: 'Aramex',
    tracking_number: '7731/0042',
  });
});
