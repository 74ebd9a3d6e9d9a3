import { describe, expect, it } from 'vitest';
import { orders } from '@mocks/fixtures';
import { toOrderRows } from './order-rows';

describe('toOrderRows', () => {
  it('computes the cells of each order', () => {
    const first = orders.find((o) => o.id === 1)!;
    expect(toOrderRows([first])).toEqual([
      {
        id: 1,
        orderNumber: 'ORD-20250310-0001',
        customer: 'Leïla Bouazizi',
        status: 'pending',
        badge: 'secondary',
        payment: 'CASH ON DELIVERY',
        paymentStatus: { text: 'Partially paid', badge: 'outline' },
        total: '124.670 TND',
        date: '10 Mar 2025',
        vatReview: null,
      },
    ]);
  });

  it('names the VAT number review of a reverse-charge order, with its badge', () => {
    const base = orders.find((o) => o.id === 1)!;
    const rows = toOrderRows([
      { ...base, vat_number_review: 'to_confirm' },
      { ...base, vat_number_review: 'confirmed' },
    ]);
    expect(rows.map((r) => r.vatReview)).toEqual([
      { text: 'VAT number to confirm', badge: 'destructive' },
      { text: 'VAT number confirmed', badge: 'outline' },
    ]);
  });
});
