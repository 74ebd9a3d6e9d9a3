// CSV files streamed a page at a time: the exports of orders (orders/order-export.ts), products
// (catalogue/product-export.ts) and stock movements, and the import's error report.
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
import type { Db } from '../../db/database';
import type { ListSelection } from '../../db/search';
import { zoneClock } from '../../domain/zone-clock';
import {
  CSV_DELIMITER,
  csvCell,
  QUOTED_CELL,
  type CsvSeparator,
  type CsvValue,
} from '../../domain/csv';
import { shopTimeZone } from './shop-settings';

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
export function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
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
  const clock = zoneClock(timeZone);
  return (at: Date) => {
    const part = clock(at);
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

/**
 * What the export of a list reads before its rows, together: how many rows its selection holds
 * (the file's row count, sent before the first byte) and the shop's local time of a timestamp.
 */
export async function exportCountAndClock(
  db: Db,
  selection: Pick<ListSelection, 'count'>,
): Promise<{ total: number; local: (iso: string) => string }> {
  const [total, timeZone] = await Promise.all([selection.count(), shopTimeZone(db)]);
  return { total, local: localTimestamps(timeZone) };
}

/** The day it is in the shop (for a file name: this CSV's, the orders' joined PDF's). */
export async function shopDate(db: Db, at: Date): Promise<string> {
  return zoneParts(await shopTimeZone(db))(at).date;
}

/** A CSV file ready to send: its name, its row count (known before the first byte) and its bytes. */
export interface CsvDownload {
  fileName: string;
  total: number;
  body: Readable;
}

/** `file` as `<name>-<the shop's day>.csv`, e.g. orders-2026-11-29.csv. */
async function datedCsv(
  db: Db,
  at: Date,
  name: string,
  file: CsvExport,
  separator: CsvSeparator = 'comma',
): Promise<CsvDownload> {
  return {
    fileName: `${name}-${await shopDate(db, at)}.csv`,
    total: file.total,
    body: csvStream(file, separator),
  };
}

/**
 * The export of a list as a download (the orders, products and stock-movements files): the
 * rows `rows` reads for the query at `at`, in the file `<name>-<the shop's day>.csv`.
 */
export const datedExport =
  <Q>(name: string, rows: (db: Db, q: Q, at: Date) => Promise<CsvExport>) =>
  async (db: Db, q: Q, at: Date, separator?: CsvSeparator): Promise<CsvDownload> =>
    datedCsv(db, at, name, await rows(db, q, at), separator);
