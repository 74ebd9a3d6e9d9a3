import { describe, expect, it } from 'vitest';
import { NO_FILTERS, orderParams, type OrderQuery } from './order-filters';
import { orderExportParams, orderExports } from './export-params';

describe('orderExportParams', () => {
  it('sends the list params with the rows wanted', () => {
    const query: OrderQuery = {
      search: ' ORD-2025 ',
      email: 'leila@example.tn',
      filters: {
        status: 'shipped',
        payment: 'card',
        paymentStatus: 'partially_paid',
        vatReview: 'to_confirm',
        shippingMethod: '3',
        from: '2025-03-10',
        to: '2025-03-01',
      },
      sort: '-total_amount',
    };
    expect(orderExportParams(query, 'lines')).toEqual({ ...orderParams(query), rows: 'lines' });
    expect(orderExportParams(query, 'orders')).toEqual({
      search: 'ORD-2025',
      shipping_email: 'leila@example.tn',
      status: 'shipped',
      payment_method: 'card',
      payment_status: 'partially_paid',
      vat_number_review: 'to_confirm',
      shipping_method_id: 3,
      date_from: '2025-02-28T23:00:00.000Z',
      date_to: '2025-03-10T22:59:59.999Z',
      sort: '-total_amount',
      rows: 'orders',
    });
  });

  it('sends no paging and nothing for an unfiltered list', () => {
    const params = orderExportParams({ search: '', email: null, filters: NO_FILTERS }, 'orders');
    expect(Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined))).toEqual({
      rows: 'orders',
    });
  });

  it('offers one row per order or per line', () => {
    expect(orderExports().map((choice) => [choice.value, choice.label])).toEqual([
      ['orders', 'One row per order'],
      ['lines', 'One row per line'],
    ]);
  });
});
