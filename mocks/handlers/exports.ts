import type { Product } from '@generated/model';
import { HttpResponse } from 'msw';
import { orderDetails, orders as orderFixtures, products as productFixtures } from '../fixtures';
import { endpoint, queryItems } from './endpoint';
import { orderListSpec } from './orders';
import { productListSpec } from './products';
import { CSV_COLUMNS } from '../../contract/csv-columns';

export type Cell = string | number | boolean | null | undefined;

/** The file's variant, as the export operations' `separator` parameter asks. */
type Separator = 'comma' | 'semicolon';

export const separatorOf = (url: URL): Separator =>
  url.searchParams.get('separator') === 'semicolon' ? 'semicolon' : 'comma';

/**
 * One RFC 4180 cell: quoted when it holds a comma, a semicolon, a tab, a quote or a line break;
 * in the semicolon file a decimal figure ("12.500") gets its decimal comma.
 */
const csvCell = (value: Cell, separator: Separator) => {
  let text = value === null || value === undefined ? '' : String(value);
  if (separator === 'semicolon' && /^-?\d+\.\d+$/.test(text)) text = text.replace('.', ',');
  return /[",;\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/**
 * A CSV file as the server sends it: a byte order mark, the header row, CRLF line ends, and
 * the row count (X-Total-Count) of an export.
 */
export function csvFile(
  name: string,
  header: readonly string[],
  rows: readonly Cell[][],
  count?: number,
  separator: Separator = 'comma',
) {
  const delimiter = separator === 'semicolon' ? ';' : ',';
  const lines = [header, ...rows].map((row) =>
    row.map((cell) => csvCell(cell, separator)).join(delimiter),
  );
  return new HttpResponse(`\uFEFF${lines.join('\r\n')}\r\n`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      ...(count !== undefined && { 'X-Total-Count': String(count) }),
    },
  });
}

const ORDER_COLUMNS = CSV_COLUMNS.orders;

const LINE_COLUMNS = CSV_COLUMNS.lines;

const PRODUCT_COLUMNS = CSV_COLUMNS.products;

export const FILE_DATE = '2025-03-14';

/** A product row without its variant columns (the mock does not join the variants). */
const productRow = (p: Product): Cell[] => [
  p.id,
  p.name,
  p.slug,
  p.category_id,
  p.is_active,
  p.price_includes_vat,
  p.base_price,
  `${p.vat_rate}%`,
  ...Array<Cell>(PRODUCT_COLUMNS.length - 8).fill(''),
];

export const csvExports = {
  /**
   * GET /admin/exports/orders: the list's filters and sort, one row per order or per line; `ids`
   * keeps only the selected orders.
   */
  orders: endpoint('get', '/admin/exports/orders', () => ({ url }) => {
    const ids = url.searchParams.get('ids')?.split(',');
    const found = queryItems(orderFixtures, url.searchParams, orderListSpec).filter(
      (o) => ids === undefined || ids.includes(String(o.id)),
    );
    const name = `orders-${FILE_DATE}.csv`;
    if (url.searchParams.get('rows') === 'lines') {
      const lines = found.flatMap((summary) => {
        const order = orderDetails.find((o) => o.id === summary.id);
        return (order?.items ?? []).map((item): Cell[] => [
          summary.order_number,
          summary.created_at,
          summary.status,
          summary.customer_email,
          item.product_name,
          item.variant_title,
          item.product_sku,
          item.quantity,
          item.unit_price,
          item.vat_rate,
          item.vat_amount,
          item.total_price,
          item.total_price_incl_vat,
        ]);
      });
      return csvFile(name, LINE_COLUMNS, lines, found.length, separatorOf(url));
    }
    const rows = found.map((o): Cell[] => [
      o.order_number,
      o.created_at,
      o.status,
      o.payment_method,
      o.customer_email,
      o.customer_type,
      o.customer_country_code,
      o.vat_number,
      o.vat_reverse_charge,
      `${o.shipping_address.first_name} ${o.shipping_address.last_name}`,
      o.shipping_address.company,
      o.shipping_address.city,
      o.shipping_address.country,
      o.shipping_address.governorate ?? null,
      // The frozen method's English name (#36); none for a flat-rate order.
      orderDetails.find((d) => d.id === o.id)?.shipping_method?.name.en ?? null,
      o.item_count,
      o.subtotal,
      o.vat_amount,
      o.shipping_amount,
      '0.000',
      o.discount_amount,
      o.stamp_duty_amount,
      o.total_amount,
      o.currency,
      '',
      o.payment_status,
      o.amount_paid,
      o.balance_due,
    ]);
    return csvFile(name, ORDER_COLUMNS, rows, found.length, separatorOf(url));
  }),
  /** GET /admin/exports/products: the list's search, filters and sort, one row per product. */
  products: endpoint('get', '/admin/exports/products', () => ({ url }) => {
    const found = queryItems(productFixtures, url.searchParams, productListSpec);
    return csvFile(
      `products-${FILE_DATE}.csv`,
      PRODUCT_COLUMNS,
      found.map(productRow),
      found.length,
      separatorOf(url),
    );
  }),
};
