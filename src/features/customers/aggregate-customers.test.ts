import { describe, expect, it } from 'vitest';
import type { OrderSummary } from '@generated/model';
import { orders as fixtures } from '@mocks/fixtures';
import { customerOrders } from '@mocks/fixtures/customer-orders';
import { aggregateCustomers, filterCustomers } from './aggregate-customers';
import { customerKey, UNKNOWN_EMAIL } from '@/features/orders';

let nextId = 100;
function order(overrides: Partial<OrderSummary> & { email?: string | null }): OrderSummary {
  const { email, ...rest } = overrides;
  const template = fixtures[0]!;
  const shipping = { ...template.shipping_address, email: email as string };
  if (email === null) delete (shipping as Partial<typeof shipping>).email;
  return { ...template, id: ++nextId, shipping_address: shipping, ...rest };
}

describe('customerKey', () => {
  it('is the trimmed, lower-cased shipping e-mail', () => {
    expect(customerKey(order({ email: '  Foo@Example.TN ' }))).toBe('foo@example.tn');
  });

  it("is 'unknown' without a shipping e-mail", () => {
    expect(customerKey(order({ email: '' }))).toBe(UNKNOWN_EMAIL);
    expect(customerKey(order({ email: '   ' }))).toBe(UNKNOWN_EMAIL);
    expect(customerKey(order({ email: null }))).toBe(UNKNOWN_EMAIL);
  });
});

describe('aggregateCustomers', () => {
  it('returns nothing for no orders', () => {
    expect(aggregateCustomers([])).toEqual([]);
  });

  it('groups by e-mail case-insensitively; values come from the most recent order', () => {
    const customers = aggregateCustomers([
      order({
        email: 'a@x.tn',
        created_at: '2025-01-01T10:00:00Z',
        customer_type: 'individual',
        customer_country_code: 'TN',
        vat_number: null,
        total_amount: '10.000',
      }),
      order({
        email: ' A@X.tn ',
        created_at: '2025-02-01T10:00:00Z',
        customer_type: 'professional',
        customer_country_code: 'FR',
        vat_number: 'FR12345678901',
        total_amount: '5.500',
      }),
      order({
        email: 'a@X.TN',
        created_at: '2025-01-15T10:00:00Z',
        customer_type: 'individual',
        customer_country_code: 'TN',
        total_amount: '1.001',
      }),
    ]);
    expect(customers).toEqual([
      {
        email: 'A@X.tn',
        customer_type: 'professional',
        country_code: 'FR',
        vat_number: 'FR12345678901',
        order_count: 3,
        total_spent: '16.501',
        last_order_date: '2025-02-01T10:00:00Z',
      },
    ]);
  });

  it('breaks a tie on created_at with the higher id, whatever the input order', () => {
    const at = '2025-03-01T00:00:00Z';
    const older = order({ id: 1, email: 'b@x.tn', created_at: at, customer_country_code: 'TN' });
    const newer = order({ id: 2, email: 'B@x.tn', created_at: at, customer_country_code: 'DE' });
    for (const list of [
      [older, newer],
      [newer, older],
    ]) {
      const [customer] = aggregateCustomers(list);
      expect(customer).toMatchObject({ email: 'B@x.tn', country_code: 'DE', order_count: 2 });
    }
  });

  it('compares instants, not strings (time zones)', () => {
    const [customer] = aggregateCustomers([
      order({ email: 'c@x.tn', created_at: '2025-03-01T23:00:00Z', customer_country_code: 'TN' }),
      // Earlier string, later instant (2025-03-02T00:30Z).
      order({
        email: 'c@x.tn',
        created_at: '2025-03-02T01:30:00+01:00',
        customer_country_code: 'IT',
      }),
    ]);
    expect(customer?.country_code).toBe('IT');
  });

  it("puts orders without an e-mail in one 'unknown' customer", () => {
    const customers = aggregateCustomers([
      order({ email: '', total_amount: '1.000', created_at: '2025-01-01T00:00:00Z' }),
      order({ email: null, total_amount: '2.000', created_at: '2025-01-02T00:00:00Z' }),
      order({ email: '  ', total_amount: '3.000', created_at: '2025-01-03T00:00:00Z' }),
    ]);
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({
      email: UNKNOWN_EMAIL,
      order_count: 3,
      total_spent: '6.000',
      last_order_date: '2025-01-03T00:00:00Z',
    });
  });

  it('sums amounts exactly (no floating point), counting invalid ones as 0', () => {
    const [customer] = aggregateCustomers([
      order({ email: 'd@x.tn', total_amount: '0.1' }),
      order({ email: 'd@x.tn', total_amount: '0.2' }),
      order({ email: 'd@x.tn', total_amount: '999999999.999' }),
      order({ email: 'd@x.tn', total_amount: 'not a number' }),
    ]);
    expect(customer?.total_spent).toBe('1000000000.299');
  });

  it('sorts customers by last order, newest first, then by e-mail', () => {
    const customers = aggregateCustomers([
      order({ email: 'z@x.tn', created_at: '2025-01-01T00:00:00Z' }),
      order({ email: 'b@x.tn', created_at: '2025-02-01T00:00:00Z' }),
      order({ email: 'a@x.tn', created_at: '2025-02-01T00:00:00Z' }),
    ]);
    expect(customers.map((c) => c.email)).toEqual(['a@x.tn', 'b@x.tn', 'z@x.tn']);
  });

  it('aggregates the customers fixture', () => {
    const customers = aggregateCustomers(customerOrders);
    const leila = customers.find((c) => c.email.toLowerCase() === 'leila.bouazizi@gmail.com');
    expect(leila).toEqual({
      email: 'LEILA.Bouazizi@Gmail.com',
      customer_type: 'professional',
      country_code: 'TN',
      vat_number: '7654321BAM000',
      order_count: 3,
      total_spent: '124.970',
      last_order_date: '2025-03-14T10:00:00.000Z',
    });
    // The fixture's guests (every order the server sends has a shipping e-mail).
    expect(customers.find((c) => c.email === 'sami.trabelsi@example.tn')).toMatchObject({
      order_count: 1,
      total_spent: '19.990',
    });
    expect(customers.find((c) => c.email === UNKNOWN_EMAIL)).toBeUndefined();
    expect(customers.reduce((n, c) => n + c.order_count, 0)).toBe(customerOrders.length);
  });
});

describe('filterCustomers', () => {
  const customers = aggregateCustomers(customerOrders);

  it('matches e-mail, type and country code, trimmed and case-insensitive', () => {
    expect(filterCustomers(customers, ' MAISON ').map((c) => c.email)).toEqual([
      'commandes@maison-provence.fr',
    ]);
    expect(filterCustomers(customers, 'fr').map((c) => c.country_code)).toContain('FR');
    expect(
      filterCustomers(customers, 'PROFESSIONAL').every((c) => c.customer_type === 'professional'),
    ).toBe(true);
    expect(filterCustomers(customers, 'EXAMPLE.TN').map((c) => c.email)).toEqual([
      'sami.trabelsi@example.tn',
      'nour.bensalah@example.tn',
    ]);
  });

  it('returns every customer for an empty query and none for no match', () => {
    expect(filterCustomers(customers, '  ')).toBe(customers);
    expect(filterCustomers(customers, 'nobody@nowhere')).toEqual([]);
  });
});
