// The CSV export of orders: the list's filters and sort, one row per order or per line
// (platform/csv-export.ts streams it).
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import { toBool } from '../../db/bool';
import { filteredCount, keysetPages, type ListSelection } from '../../db/search';
import { decimal, type CsvValue } from '../../domain/csv';
import { json, money, percent } from '../../api/present';
import type { Query, Schemas } from '../../api/types';
import {
  datedExport,
  groupBy,
  exportCountAndClock,
  PAGE_SIZE,
  type CsvExport,
} from '../platform/csv-export';
import { adminOrderSelection, withItemCounts, type AdminOrderFilters } from './orders';
import { inForce } from '../billing/invoices';
import { CSV_COLUMNS } from '../../../../contract/csv-columns';
import type { OrderMethodSnapshot } from '../shipping/quotes';

const ORDER_COLUMNS = CSV_COLUMNS.orders;

const LINE_COLUMNS = CSV_COLUMNS.lines;

/** The list's filters and sort, and one row per order or per line; `ids`: a selection. */
type ExportOrdersQuery = AdminOrderFilters & {
  rows: NonNullable<Query<'exportOrders'>['rows']>;
  ids?: string | undefined;
};

/**
 * The selection narrowed to the orders of `ids` ('12,15,31', the orders list's selection; the
 * contract bounds it to 500 ids), counted with that filter too (the list's count may come from
 * the per-status counters, which know nothing of a selection).
 */
function onlyIds(db: Db, selection: ListSelection, ids: string | undefined): ListSelection {
  if (ids === undefined) return selection;
  const wanted = [...new Set(ids.split(',').map(Number))];
  const filters = [...selection.filters, sql<SqlBool>`o.id in (${sql.join(wanted)})`];
  const count = db.selectFrom('orders as o').select((eb) => eb.fn.countAll<number>().as('n'));
  return { ...selection, filters, count: () => filteredCount(count, filters) };
}

const selectExportedOrders = (db: Db) =>
  db
    .selectFrom('orders as o')
    .select([
      'o.id',
      'o.order_number',
      'o.created_at',
      'o.status',
      'o.payment_method',
      'o.customer_email',
      'o.customer_type',
      'o.customer_country_code',
      'o.vat_number',
      'o.vat_reverse_charge',
      'o.shipping_name',
      'o.shipping_address',
      'o.shipping_method',
      'o.subtotal',
      'o.vat_amount',
      'o.shipping_amount',
      'o.shipping_vat_amount',
      'o.discount_amount',
      'o.stamp_duty_amount',
      'o.total_amount',
      'o.currency',
      'o.payment_status',
      'o.amount_paid',
      'o.balance_due',
    ]);

/**
 * The English name of the shipping method frozen on the order (#36), null (an empty cell) for an
 * order shipped at the flat rate: the file is for the shop's own books, which read one language.
 */
function frozenMethodName(snapshot: string | null): string | null {
  return json<OrderMethodSnapshot | null>(snapshot, null)?.name.en ?? null;
}

/** The number of the invoice in force (billing/invoices.ts inForce) of each of these orders. */
async function invoicesInForce(db: Db, orderIds: number[]): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('invoices as i')
    .select(['i.order_id', 'i.number'])
    .where('i.kind', '=', 'invoice')
    .where(inForce)
    .where('i.order_id', 'in', orderIds)
    .execute();
  return new Map(rows.map((r) => [r.order_id, r.number]));
}

/** The orders file of the export (orders-<day>.csv). */
export const exportOrders = datedExport('orders', orderRows);

async function orderRows(db: Db, q: ExportOrdersQuery): Promise<CsvExport> {
  const { rows: rowsPer, ids, ...filters } = q;
  const selection = onlyIds(db, adminOrderSelection(db, filters), ids);
  const { total, local } = await exportCountAndClock(db, selection);
  const orderPages = keysetPages(selectExportedOrders(db), selection, PAGE_SIZE);

  async function* orderRecords(): AsyncGenerator<CsvValue[][]> {
    for await (const page of orderPages) {
      const ids = page.map((o) => o.id);
      const [counted, invoices] = await Promise.all([
        withItemCounts(db, page),
        invoicesInForce(db, ids),
      ]);
      yield counted.map((o) => {
        const address = json<Partial<Schemas['ShippingAddress']>>(o.shipping_address, {});
        return [
          o.order_number,
          local(o.created_at),
          o.status,
          o.payment_method,
          o.customer_email,
          o.customer_type,
          o.customer_country_code,
          o.vat_number,
          toBool(o.vat_reverse_charge),
          o.shipping_name,
          address.company ?? null,
          address.city ?? null,
          address.country ?? null,
          address.governorate ?? null,
          frozenMethodName(o.shipping_method),
          o.item_count,
          decimal(money(o.subtotal)),
          decimal(money(o.vat_amount)),
          decimal(money(o.shipping_amount)),
          decimal(money(o.shipping_vat_amount)),
          decimal(money(o.discount_amount)),
          decimal(money(o.stamp_duty_amount ?? 0)),
          decimal(money(o.total_amount)),
          o.currency,
          invoices.get(o.id) ?? null,
          o.payment_status,
          decimal(money(o.amount_paid)),
          decimal(money(o.balance_due)),
        ];
      });
    }
  }

  async function* lineRecords(): AsyncGenerator<CsvValue[][]> {
    for await (const page of orderPages) {
      const ids = page.map((o) => o.id);
      const items = await db
        .selectFrom('order_items')
        .selectAll()
        .where('order_id', 'in', ids)
        .orderBy('id')
        .execute();
      const byOrder = groupBy(items, (i) => i.order_id);
      yield page.flatMap((o) =>
        (byOrder.get(o.id) ?? []).map((i) => [
          o.order_number,
          local(o.created_at),
          o.status,
          o.customer_email,
          i.product_name,
          i.variant_title,
          i.product_sku,
          Number(i.quantity),
          decimal(money(i.unit_price)),
          percent(i.vat_rate_bp),
          decimal(money(i.vat_amount)),
          decimal(money(i.total_price)),
          decimal(money(i.total_price_incl_vat)),
        ]),
      );
    }
  }

  return rowsPer === 'lines'
    ? { total, columns: LINE_COLUMNS, pages: lineRecords() }
    : { total, columns: ORDER_COLUMNS, pages: orderRecords() };
}
