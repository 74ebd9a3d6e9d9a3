import { describe, expect, it } from 'vitest';
import { filtersFromSearch, isFiltered, NO_FILTERS, orderParams } from './order-filters';

const query = { search: '', email: null, filters: NO_FILTERS };

describe('orderParams', () => {
  it('sends nothing for an unfiltered list (the key the route preloads)', () => {
    expect(JSON.parse(JSON.stringify(orderParams(query)))).toEqual({});
    expect(isFiltered(query)).toBe(false);
  });

  it('sends the trimmed search, the e-mail as shipping_email, the status and payment method', () => {
    const filters = { ...NO_FILTERS, status: 'shipped', payment: 'card' } as const;
    const params = orderParams({
      search: ' Leila ',
      email: 'a@b.tn',
      filters,
      sort: '-total_amount',
    });
    expect(params).toMatchObject({
      search: 'Leila',
      shipping_email: 'a@b.tn',
      status: 'shipped',
      payment_method: 'card',
      sort: '-total_amount',
    });
    expect(isFiltered({ search: '', email: 'a@b.tn', filters: NO_FILTERS })).toBe(true);
    expect(isFiltered({ ...query, filters })).toBe(true);
  });

  it('sends the VAT number review as vat_number_review', () => {
    const filters = { ...NO_FILTERS, vatReview: 'to_confirm' } as const;
    expect(orderParams({ ...query, filters })).toMatchObject({ vat_number_review: 'to_confirm' });
    expect(isFiltered({ ...query, filters })).toBe(true);
  });

  it('sends the shipping method as its id, a number (#36)', () => {
    const filters = { ...NO_FILTERS, shippingMethod: '3' };
    expect(orderParams({ ...query, filters })).toMatchObject({ shipping_method_id: 3 });
    expect(isFiltered({ ...query, filters })).toBe(true);
  });

  it("starts from a link's shipping_method_id, and ignores one that is not an id", () => {
    expect(filtersFromSearch('?shipping_method_id=3')).toEqual({
      ...NO_FILTERS,
      shippingMethod: '3',
    });
    expect(filtersFromSearch('email=a%40b.tn&shipping_method_id=12')).toMatchObject({
      shippingMethod: '12',
    });
    for (const wrong of [
      '',
      '?shipping_method_id=',
      '?shipping_method_id=0',
      '?shipping_method_id=3x',
    ])
      expect(filtersFromSearch(wrong)).toEqual(NO_FILTERS);
  });

  it("starts from a link's status and payment filters (the dashboard's To do), known values only", () => {
    expect(
      filtersFromSearch('?payment_method=cash_on_delivery&payment_status=unpaid&status=pending'),
    ).toEqual({
      ...NO_FILTERS,
      status: 'pending',
      payment: 'cash_on_delivery',
      paymentStatus: 'unpaid',
    });
    expect(filtersFromSearch('?status=lost&payment_method=cash&payment_status=')).toEqual(
      NO_FILTERS,
    );
  });

  it('sends whole days in Tunis (UTC+1), and a range typed backwards the right way round', () => {
    const days = (from: string, to: string) => {
      const { date_from, date_to } = orderParams({
        ...query,
        filters: { ...NO_FILTERS, from, to },
      });
      return [date_from, date_to];
    };
    expect(days('2025-03-01', '2025-03-31')).toEqual([
      '2025-02-28T23:00:00.000Z',
      '2025-03-31T22:59:59.999Z',
    ]);
    expect(days('2025-03-31', '2025-03-01')).toEqual([
      '2025-02-28T23:00:00.000Z',
      '2025-03-31T22:59:59.999Z',
    ]);
    expect(days('2025-03-01', '')).toEqual(['2025-02-28T23:00:00.000Z', undefined]);
    expect(days('', '2025-03-31')).toEqual([undefined, '2025-03-31T22:59:59.999Z']);
  });
});
