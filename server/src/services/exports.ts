// CSV exports of orders (exportOrders) and products (exportProducts), streamed.
//
// The rows are read with the list's own filters and sort (adminOrderSelection,
// adminProductSelection) in keyset pages of PAGE_SIZE (db/search.ts keysetPages), each page
// with one query for what it needs besides (item counts, invoices, lines, variants), and turned
// into records only as fast as the client takes them: the stream pulls the next page when the
// socket has room, and a client that goes away ends the reading (see csvStream). So memory holds
// about one page whatever the number of orders.
//
// Cells are written as the API writes values (amounts "12.500", rates 19.5), times in the shop's
// time zone with its offset, booleans true/false, nothing as empty; text that a spreadsheet would
// run as a formula is neutralised (domain/csv.ts).
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Db } from '../db/database';
import { keysetPages } from '../db/search';
import { toBool } from '../db/bool';
import {
  CSV_DELIMITER,
  csvCell,
  decimal,
  QUOTED_CELL,
  type CsvSeparator,
  type CsvValue,
} from '../domain/csv';
import { toGross } from '../domain/vat';
import { json, money, percent } from '../api/present';
import type { Query, Schemas } from '../api/types';
import { adminOrderSelection, withItemCounts, type AdminOrderFilters } from './orders';
import { adminProductSelection, type AdminProductFilters } from './products';
import { ratesInForce } from './pricing';
import { shopTimeZone } from './shop-settings';
import { CSV_COLUMNS } from '../../../contract/csv-columns';

/** Rows read per query: large enough that queries are few, small enough to hold. */
export const PAGE_SIZE = 1000;

/** A CSV file still to be written: its row count is known before the first byte. */
export interface CsvExport {
  total: number;
  columns: readonly string[];
  /** Records, a page at a time; nothing is read before the stream asks. */
  pages: AsyncIterable<CsvValue[][]> | Iterable<CsvValue[][]>;
}

/**
 * The file as a stream: BOM, header row, CRLF, RFC 4180 quoting (a cell with a comma, a
 * semicolon, a tab, a line break or a quote is quoted in both variants), comma- or
 * semicolon-separated (domain/csv.ts CsvSeparator). Destroying it (the client went away) ends the page reading at the next page.
 */
export function csvStream(file: CsvExport, separator: CsvSeparator = 'comma'): Readable {
  const csv = stringify({
    bom: true,
    header: true,
    columns: [...file.columns],
    delimiter: CSV_DELIMITER[separator],
    record_delimiter: 'windows',
    quoted_match: QUOTED_CELL,
  });
  async function* records() {
    for await (const page of file.pages) {
      for (const record of page) yield record.map((value) => csvCell(value, separator));
    }
  }
  // Errors reach the reply through `csv` (destroyed with the error), so nothing is lost here.
  pipeline(Readable.from(records()), csv).catch(() => undefined);
  return csv;
}

/** The rows by key, each group in the rows' order (Map.groupBy is not in Node 20). */
function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

// ---------------------------------------------------------------------------------------------
// Times and dates in the shop's zone

function zoneParts(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  });
  return (at: Date) => {
    const part: Record<string, string> = {};
    for (const p of format.formatToParts(at)) part[p.type] = p.value;
    // "GMT+01:00", or "GMT" at offset zero.
    const offset = (part.timeZoneName ?? 'GMT').slice(3) || '+00:00';
    return {
      date: `${part.year}-${part.month}-${part.day}`,
      time: `${part.hour}:${part.minute}:${part.second}`,
      offset,
    };
  };
}

/** Zone offsets change at whole quarter hours of UTC (every zone's offset is a multiple). */
const QUARTER_HOUR_MS = 15 * 60_000;
/** Quarter hours whose offset is remembered: enough for a file sorted by anything. */
const OFFSET_CACHE_SIZE = 10_000;

/**
 * 2026-11-24T17:05:00+01:00 for a stored instant, in this time zone. Intl takes tens of
 * microseconds a call, so it is asked once per quarter hour of UTC and the local time added.
 */
export function localTimestamps(timeZone: string): (iso: string) => string {
  const parts = zoneParts(timeZone);
  const offsets = new Map<number, { text: string; ms: number }>();
  const offsetAt = (quarter: number) => {
    let offset = offsets.get(quarter);
    if (!offset) {
      const text = parts(new Date(quarter * QUARTER_HOUR_MS)).offset;
      const sign = text.startsWith('-') ? -1 : 1;
      const [hours = 0, minutes = 0] = text.slice(1).split(':').map(Number);
      offset = { text, ms: sign * (hours * 60 + minutes) * 60_000 };
      if (offsets.size >= OFFSET_CACHE_SIZE) offsets.clear();
      offsets.set(quarter, offset);
    }
    return offset;
  };
  return (iso) => {
    const ms = Date.parse(iso);
    const offset = offsetAt(Math.floor(ms / QUARTER_HOUR_MS));
    return `${new Date(ms + offset.ms).toISOString().slice(0, 19)}${offset.text}`;
  };
}

/** The day it is in the shop (for the file name). */
export async function shopDate(db: Db, at: Date): Promise<string> {
  return zoneParts(await shopTimeZone(db))(at).date;
}

// ---------------------------------------------------------------------------------------------
// Orders

const ORDER_COLUMNS = CSV_COLUMNS.orders;

const LINE_COLUMNS = CSV_COLUMNS.lines;

/** The list's filters and sort, and one row per order or per line. */
type ExportOrdersQuery = AdminOrderFilters & {
  rows: NonNullable<Query<'exportOrders'>['rows']>;
};

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
      'o.subtotal',
      'o.vat_amount',
      'o.shipping_amount',
      'o.shipping_vat_amount',
      'o.discount_amount',
      'o.total_amount',
      'o.currency',
    ]);

/** The number of the invoice in force (not reversed by a credit note) of each of these orders. */
async function invoicesInForce(db: Db, orderIds: number[]): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('invoices as i')
    .leftJoin('invoices as cn', 'cn.credits_invoice_id', 'i.id')
    .select(['i.order_id', 'i.number'])
    .where('i.kind', '=', 'invoice')
    .where('cn.id', 'is', null)
    .where('i.order_id', 'in', orderIds)
    .execute();
  return new Map(rows.map((r) => [r.order_id, r.number]));
}

export async function exportOrders(db: Db, q: ExportOrdersQuery): Promise<CsvExport> {
  const { rows: rowsPer, ...filters } = q;
  const selection = adminOrderSelection(db, filters);
  const [total, timeZone] = await Promise.all([selection.count(), shopTimeZone(db)]);
  const local = localTimestamps(timeZone);
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
          o.item_count,
          decimal(money(o.subtotal)),
          decimal(money(o.vat_amount)),
          decimal(money(o.shipping_amount)),
          decimal(money(o.shipping_vat_amount)),
          decimal(money(o.discount_amount)),
          decimal(money(o.total_amount)),
          o.currency,
          invoices.get(o.id) ?? null,
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

// ---------------------------------------------------------------------------------------------
// Products

const PRODUCT_COLUMNS = CSV_COLUMNS.products;

/** The product columns of a row, then empty variant columns when it has no variant. */
const NO_VARIANT: CsvValue[] = Array<CsvValue>(PRODUCT_COLUMNS.length - 8).fill(null);

/** What a variant's cells need. */
const VARIANT_COLUMNS = [
  'id',
  'product_id',
  'sku',
  'variant_title',
  'option_values',
  'price',
  'compare_at_price',
  'vat_rate_id',
  'stock_quantity',
  'track_inventory',
  'allow_backorder',
  'is_active',
] as const;

const selectExportedProducts = (db: Db) =>
  db
    .selectFrom('products as p')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('vat_rates as r', 'r.id', 'p.vat_rate_id')
    .selectAll('p')
    .select(['c.name as category', 'r.name as vat_rate_name']);

/** "color=Red; size=M" */
const optionText = (optionValues: string): string =>
  Object.entries(json<Record<string, string>>(optionValues, {}))
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

/**
 * One row per variant, every variant (a simple product's own one too), by position. `pageSize`:
 * products read per query (tests page across many boundaries with a few products).
 */
export async function exportProducts(
  db: Db,
  q: AdminProductFilters,
  at: Date,
  pageSize = PAGE_SIZE,
): Promise<CsvExport> {
  const selection = adminProductSelection(db, q);
  const [total, rates] = await Promise.all([selection.count(), ratesInForce(db, at)]);
  const productPages = keysetPages(selectExportedProducts(db), selection, pageSize);

  async function* records(): AsyncGenerator<CsvValue[][]> {
    for await (const page of productPages) {
      const variants = await db
        .selectFrom('variants')
        .select(VARIANT_COLUMNS)
        .where(
          'product_id',
          'in',
          page.map((p) => p.id),
        )
        .orderBy('position')
        .orderBy('id')
        .execute();
      const byProduct = groupBy(variants, (v) => v.product_id);
      yield page.flatMap((p) => {
        const product: CsvValue[] = [
          p.id,
          p.name,
          p.slug,
          p.category,
          toBool(p.is_active),
          toBool(p.price_includes_vat),
          decimal(money(p.base_price)),
          p.vat_rate_name,
        ];
        const own = byProduct.get(p.id) ?? [];
        if (own.length === 0) return [[...product, ...NO_VARIANT]];
        return own.map((v) => {
          const rateBp = rates.ownRateBp(v.vat_rate_id ?? p.vat_rate_id);
          return [
            ...product,
            v.id,
            v.sku,
            v.variant_title,
            optionText(v.option_values),
            decimal(money(v.price)),
            rateBp === null
              ? null
              : decimal(money(toGross(Number(v.price), Number(p.price_includes_vat), rateBp))),
            v.compare_at_price === null ? null : decimal(money(v.compare_at_price)),
            Number(v.stock_quantity),
            toBool(v.track_inventory),
            toBool(v.allow_backorder),
            toBool(v.is_active),
          ];
        });
      });
    }
  }

  return { total, columns: PRODUCT_COLUMNS, pages: records() };
}
