import { describe, expect, it } from 'vitest';
import { orders } from '@mocks/fixtures';
import { customerOrders } from '@mocks/fixtures/customer-orders';
import { filterOrderRows, toOrderRows } from './order-rows';

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
        total: '124.670 TND',
        date: '10 Mar 2025',
        customerKey: 'leila.bouazizi@gmail.com',
      },
    ]);
  });
});

describe('filterOrderRows', () => {
  const rows = toOrderRows(customerOrders);
  const numbers = (list: readonly { orderNumber: string }[]) => list.map((r) => r.orderNumber);

  it('searches the order number, trimmed and case-insensitive', () => {
    expect(numbers(filterOrderRows(rows, { search: ' ord-20250310 ' }))).toEqual([
      'ORD-20250310-0001',
    ]);
    expect(filterOrderRows(rows, { search: '' })).toBe(rows);
    // Only the order number is searched, not the customer.
    expect(filterOrderRows(rows, { search: 'Bouazizi' })).toEqual([]);
  });

  it('filters by shipping e-mail, case-insensitively', () => {
    expect(
      numbers(filterOrderRows(rows, { search: '', email: 'leila.BOUAZIZI@gmail.com' })),
    ).toEqual(['ORD-20250314-0001', 'ORD-20250310-0001', 'ORD-20250201-0002']);
    expect(
      numbers(filterOrderRows(rows, { search: '0314', email: 'leila.bouazizi@gmail.com' })),
    ).toEqual(['ORD-20250314-0001']);
  });

  it("'unknown' lists the orders without a shipping e-mail", () => {
    // The contract's server always sends one; the console still copes with orders that lack it.
    const withoutEmails = toOrderRows(
      customerOrders.map((o) =>
        o.id === 9 || o.id === 10
          ? { ...o, shipping_address: { ...o.shipping_address, email: o.id === 9 ? '' : '  ' } }
          : o,
      ),
    );
    expect(numbers(filterOrderRows(rows, { search: '', email: 'unknown' }))).toEqual([]);
    expect(numbers(filterOrderRows(withoutEmails, { search: '', email: 'unknown' }))).toEqual([
      'ORD-20250305-0001',
      'ORD-20250220-0001',
    ]);
  });
});
