// The console and the mock API agree with the one status table (contract/order-status.ts, issue
// #27): the display and paperwork helpers give the table's answer for every status, and the mock
// handlers refuse a cancel, an edit, a shipment or an invoice exactly where the server does.
import { describe, expect, it } from 'vitest';
import type { Invoice, OrderStatus, OrderSummary } from '@generated/model';
import { issueInvoice } from '@generated/clients/invoices/invoices';
import { cancelOrder, editOrder, setOrderShipment } from '@generated/clients/orders/orders';
import { orderDetails, orders } from '@mocks/fixtures';
import { statsOf } from '@mocks/fixtures/customers';
import { withMockApi } from '@/testing/mock-api';
import {
  ORDER_STATUSES as TABLE_STATUSES,
  mayBeInvoiced,
  mayBeShipped,
  statusRules,
  transitionEffects,
} from '../../../contract/order-status';
import { ORDER_STATUSES, statusBadgeVariant } from './order-display';
import { canIssueInvoice, endingEffects } from './order-paperwork';

withMockApi();

describe('the console', () => {
  it('lists the table’s statuses in its order', () => {
    expect(ORDER_STATUSES).toEqual(TABLE_STATUSES);
  });

  it('shows a credited status as destructive, the others not', () => {
    for (const status of ORDER_STATUSES)
      expect(statusBadgeVariant(status) === 'destructive', status).toBe(
        statusRules(status).credited,
      );
  });

  it('offers an invoice where the table may invoice', () => {
    // An invoice and the credit note that reverses all of it.
    const credited = [
      { kind: 'invoice', amount_due: '39.330' },
      { kind: 'credit_note', amount_due: '39.330' },
    ] as Invoice[];
    for (const status of ORDER_STATUSES) {
      expect(canIssueInvoice(status, []), status).toBe(mayBeInvoiced(status));
      expect(canIssueInvoice(status, credited), status).toBe(mayBeInvoiced(status));
    }
  });

  it('tells the stock coming back as the table’s move to cancelled or refunded does', () => {
    for (const from of ORDER_STATUSES)
      for (const to of ['cancelled', 'refunded'] as const) {
        if (from === to) continue;
        expect(endingEffects(from, []).restock, `${from} → ${to}`).toBe(
          transitionEffects(from, to).stock === 'give_back',
        );
      }
  });
});

describe('the mock API', () => {
  // The fixture order without documents, put in each status in turn (and back).
  const order = orderDetails.find((o) => o.id === 1)!;
  async function inStatus(status: OrderStatus, run: () => Promise<void>) {
    const was = order.status;
    order.status = status;
    try {
      await run();
    } finally {
      order.status = was;
    }
  }
  const refusal = (call: Promise<unknown>) =>
    call.then(
      () => null,
      (e: { status: number; message: string }) => ({ status: e.status, message: e.message }),
    );

  it('cancels, ships and invoices exactly where the table allows', async () => {
    for (const status of ORDER_STATUSES)
      await inStatus(status, async () => {
        expect(await refusal(cancelOrder(1)), status).toEqual(
          statusRules(status).cancellable
            ? null
            : {
                status: 409,
                message: 'Only pending, confirmed or processing orders can be cancelled',
              },
        );
        expect(
          await refusal(setOrderShipment(1, { carrier: 'Aramex', tracking_number: 'AR1' })),
          status,
        ).toEqual(
          mayBeShipped(status)
            ? null
            : { status: 409, message: `A ${status} order cannot be shipped` },
        );
        expect(await refusal(editOrder(1, { shipping_amount: '5.000' })), status).toEqual(
          statusRules(status).editable
            ? null
            : {
                status: 409,
                message: 'Only pending, confirmed or processing orders can be edited',
              },
        );
        expect(await refusal(issueInvoice(1)), status).toEqual(
          mayBeInvoiced(status)
            ? null
            : { status: 409, message: 'A cancelled or refunded order cannot be invoiced' },
        );
      });
  });

  it('leaves the credited statuses out of the earned revenue', () => {
    const one = orders[0]!;
    const summaries: OrderSummary[] = ORDER_STATUSES.map((status) => ({
      ...one,
      status,
      total_amount: '1.000',
    }));
    const stats = statsOf([], summaries);
    expect(stats.revenue).toBe('7.000');
    const earned = ORDER_STATUSES.filter((s) => !statusRules(s).credited).length;
    expect(stats.revenue_excluding_cancelled_refunded).toBe(`${earned}.000`);
  });
});
