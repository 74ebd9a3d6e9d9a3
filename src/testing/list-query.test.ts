// The mock API's lists (mocks/handlers/endpoint.ts queryItems) search, filter and sort as the
// contract says the server does, so that stories behave like the server.
import { describe, expect, it } from 'vitest';
import { listAdminOrders } from '@generated/clients/orders/orders';
import type { ListAdminOrdersParams } from '@generated/model';
import { customerOrders } from '@mocks/fixtures/customer-orders';
import { orders } from '@mocks/handlers';
import { queryItems, type ListSpec } from '@mocks/handlers/endpoint';
import { server } from '@mocks/node';
import { withMockApi } from '@/testing/mock-api';

interface Row {
  id: number;
  name: string;
  price: number;
  active: boolean;
}
const rows: Row[] = [
  { id: 1, name: 'Sac cabas en cuir', price: 30, active: true },
  { id: 2, name: 'Portefeuille homme', price: 10, active: false },
  { id: 3, name: 'SAC à dos', price: 30, active: true },
];
const spec: ListSpec<Row> = {
  search: (row) => [row.name],
  filters: { is_active: (row, value) => String(row.active) === value },
  sortKeys: { name: (row) => row.name.toLowerCase(), price: (row) => row.price },
  tieBreak: (row) => row.id,
};
const names = (query: string) =>
  queryItems(rows, new URLSearchParams(query), spec).map((r) => r.name);

describe('queryItems: search', () => {
  it('matches a substring, ignoring case', () => {
    expect(names('search=sac')).toEqual(['Sac cabas en cuir', 'SAC à dos']);
    expect(names('search=CUIR')).toEqual(['Sac cabas en cuir']);
    expect(names('search=FEUILLE HO')).toEqual(['Portefeuille homme']);
  });

  it('ignores surrounding spaces and keeps every row without a query', () => {
    expect(names('search=%20%20dos%20')).toEqual(['SAC à dos']);
    expect(names('')).toEqual(rows.map((r) => r.name));
  });

  it('matches nothing for an unknown name', () => {
    expect(names('search=chéchia')).toEqual([]);
  });

  it('does not change the list it was given', () => {
    const copy = [...rows];
    queryItems(rows, new URLSearchParams('sort=-name'), spec);
    expect(rows).toEqual(copy);
  });
});

describe('queryItems: filters and sort', () => {
  it('applies every filter given', () => {
    expect(names('is_active=false')).toEqual(['Portefeuille homme']);
    expect(names('is_active=true&search=cuir')).toEqual(['Sac cabas en cuir']);
  });

  it('sorts ascending, or descending with a leading -, ties by id in the same direction', () => {
    expect(names('sort=name')).toEqual(['Portefeuille homme', 'Sac cabas en cuir', 'SAC à dos']);
    expect(names('sort=price')).toEqual(['Portefeuille homme', 'Sac cabas en cuir', 'SAC à dos']);
    expect(names('sort=-price')).toEqual(['SAC à dos', 'Sac cabas en cuir', 'Portefeuille homme']);
  });
});

describe('queryItems: a sort key without a value', () => {
  const stocked = [
    { id: 1, stock: 5 as number | null },
    { id: 2, stock: null },
    { id: 3, stock: -2 },
    { id: 4, stock: null },
    { id: 5, stock: 5 },
  ];
  const ids = (sort: string) =>
    queryItems(stocked, new URLSearchParams(`sort=${sort}`), {
      sortKeys: { stock: (row) => row.stock },
    }).map((row) => row.id);

  it('puts the rows without a value (null) last in either direction, ties by id', () => {
    expect(ids('stock')).toEqual([3, 1, 5, 2, 4]);
    expect(ids('-stock')).toEqual([5, 1, 3, 4, 2]);
  });
});

describe('the orders list of the mock API', () => {
  withMockApi();

  const numbers = async (params: ListAdminOrdersParams) => {
    server.use(orders.list(customerOrders));
    return (await listAdminOrders(params)).map((o) => o.order_number);
  };

  it('searches the order number, trimmed and case-insensitive, and the customer', async () => {
    expect(await numbers({ search: 'ord-20250310' })).toEqual(['ORD-20250310-0001']);
    expect(await numbers({ search: 'Bouazizi' })).toEqual([
      'ORD-20250314-0001',
      'ORD-20250310-0001',
      'ORD-20250201-0002',
    ]);
  });

  it('filters by shipping e-mail, trimmed and case-insensitively, with the search', async () => {
    expect(await numbers({ shipping_email: ' leila.BOUAZIZI@gmail.com' })).toEqual([
      'ORD-20250314-0001',
      'ORD-20250310-0001',
      'ORD-20250201-0002',
    ]);
    expect(await numbers({ search: '0314', shipping_email: 'leila.bouazizi@gmail.com' })).toEqual([
      'ORD-20250314-0001',
    ]);
  });
});
