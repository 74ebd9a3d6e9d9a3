// The CSV stream's flow control, without a database: pages are read only as fast as the
// consumer takes the text, and a consumer that goes away stops the reading.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { decimal, type CsvValue } from '../../domain/csv';
import { csvStream, localTimestamps } from './csv-export';

/**
 * A file of `pages` pages of 1,000 records that counts the pages read and notices its end; each
 * page is one turn of the event loop away, as a page read from the database is.
 */
function countedFile(pages: number) {
  const seen = { pages: 0, closed: false };
  async function* read(): AsyncGenerator<CsvValue[][]> {
    try {
      for (let p = 0; p < pages; p += 1) {
        seen.pages += 1;
        yield Array.from({ length: 1000 }, (_, i) => [p * 1000 + i, 'some text to fill the line']);
        await nextTurn();
      }
    } finally {
      seen.closed = true;
    }
  }
  return { seen, file: { total: pages * 1000, columns: ['n', 'text'], pages: read() } };
}

describe('csvStream', () => {
  it('reads no further than the consumer takes', async () => {
    const { seen, file } = countedFile(50);
    const stream = csvStream(file);
    // As long as reading the whole file takes, page after page: a stream that read on without
    // its consumer would have read it all by then.
    const control = countedFile(50);
    for await (const page of control.file.pages) void page;
    expect(control.seen).toEqual({ pages: 50, closed: true });
    expect(seen.pages).toBeLessThanOrEqual(2);

    let records = 0;
    for await (const chunk of stream) records += String(chunk).split('\r\n').length - 1;
    expect(records).toBe(50 * 1000 + 1);
    expect(seen).toEqual({ pages: 50, closed: true });
  });

  it('stops reading when the stream is destroyed', async () => {
    const { seen, file } = countedFile(50);
    const stream = csvStream(file);
    // The first chunk, then the client goes away.
    const reader = stream[Symbol.asyncIterator]();
    await reader.next();
    await reader.return?.();
    // The reading ends (the file's generator is closed: it can read no more page).
    await vi.waitFor(() => expect(seen.closed).toBe(true));
    expect(seen.pages).toBeLessThanOrEqual(2);
  });
});

describe('csvStream variants', () => {
  const text = async (stream: NodeJS.ReadableStream) => {
    let out = '';
    for await (const chunk of stream) out += String(chunk);
    return out;
  };
  const file = () => ({
    total: 2,
    columns: ['name', 'amount', 'rate', 'qty', 'flag', 'none'],
    pages: [
      [
        ['x;+1+1;', decimal('12.500'), 19.5, -3, true, null],
        ['a,b\ttab "quoted"\nline', decimal('-1.250'), 7, 2, false, '=1+1'],
      ] satisfies CsvValue[][],
    ],
  });

  it('quotes every cell with a comma, a semicolon, a tab, a line break or a quote (comma file)', async () => {
    expect(await text(csvStream(file()))).toBe(
      '\uFEFFname,amount,rate,qty,flag,none\r\n' +
        '"x;+1+1;",12.500,19.5,-3,true,\r\n' +
        `"a,b\ttab ""quoted""\nline",-1.250,7,2,false,'=1+1\r\n`,
    );
  });

  it('writes semicolons and decimal commas, quoting the same cells (semicolon file)', async () => {
    // A decimal comma is a comma: quoted too, which spreadsheets still read as a number.
    expect(await text(csvStream(file(), 'semicolon'))).toBe(
      '\uFEFFname;amount;rate;qty;flag;none\r\n' +
        '"x;+1+1;";"12,500";"19,5";-3;true;\r\n' +
        `"a,b\ttab ""quoted""\nline";"-1,250";7;2;false;'=1+1\r\n`,
    );
  });

  it('leaves no cell of either file that a spreadsheet splitting on , ; or a tab would run', async () => {
    for (const separator of ['comma', 'semicolon'] as const) {
      const body = await text(csvStream(file(), separator));
      // Outside quotes, no piece between separators starts a formula.
      const unquoted = body.replace(/"(?:[^"]|"")*"/g, '""');
      for (const piece of unquoted.split(/[,;\t\r\n]/)) {
        expect(piece, separator).not.toMatch(/^[=+\-@]\D/);
      }
    }
  });
});

describe('localTimestamps', () => {
  it('writes the instant in the zone with its offset, summer time included', () => {
    const tunis = localTimestamps('Africa/Tunis');
    expect(tunis('2026-11-24T16:05:00.000Z')).toBe('2026-11-24T17:05:00+01:00');
    const paris = localTimestamps('Europe/Paris');
    expect(paris('2026-07-01T22:30:00.000Z')).toBe('2026-07-02T00:30:00+02:00');
    // The spring change in Paris: 02:00 local does not exist.
    expect(paris('2026-03-29T00:59:59.000Z')).toBe('2026-03-29T01:59:59+01:00');
    expect(paris('2026-03-29T01:00:00.000Z')).toBe('2026-03-29T03:00:00+02:00');
    expect(localTimestamps('America/St_Johns')('2026-01-15T12:00:00.000Z')).toBe(
      '2026-01-15T08:30:00-03:30',
    );
    expect(localTimestamps('UTC')('2026-01-01T00:00:00.000Z')).toBe('2026-01-01T00:00:00+00:00');
  });
});
