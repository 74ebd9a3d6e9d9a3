// What the documents (invoice, credit note, packing slip) share: an A4 page in pdfkit's built-in
// Helvetica, the logo, text made printable in that font, dates in the shop's time zone, and the
// finished file as one Buffer.
import PDFDocument from 'pdfkit';
import type { Storage } from '../storage/storage';

export type Language = 'en' | 'fr';
export type Pdf = PDFKit.PDFDocument;

export const PAGE = { margin: 50, width: 595.28, height: 841.89 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Below this line a new row goes on the next page (room for the footer). */
export const PAGE_BOTTOM = PAGE.height - PAGE.margin - 30;

/** The characters of WinAnsiEncoding above Latin-1's printable range (cp1252 0x80-0x9F). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * The text as Helvetica (WinAnsi) can print it: French accents stay; other letters lose their
 * accents when they decompose (ș → s), anything else becomes "?" rather than a wrong glyph.
 */
export function printable(text: string): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ')) {
    out += inWinAnsi(ch) ? ch : fallback(ch);
  }
  return out;
}

function inWinAnsi(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return (
    code === 0x0a ||
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0xff) ||
    WIN_ANSI_EXTRA.has(ch)
  );
}

function fallback(ch: string): string {
  const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
  return base !== '' && [...base].every(inWinAnsi) ? base : '?';
}

/** A date (and time when asked) in the shop's time zone, written the language's way. */
export function formatDate(iso: string, timeZone: string, lang: Language, withTime = false) {
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
    timeZone,
    dateStyle: 'long',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(new Date(iso));
}

/** "12.500 TND": the stored decimal form, so the figures read exactly as in the data. */
export const amount = (value: string) => `${value} TND`;

/** The logo's bytes when the key names a stored PNG or JPEG (else the document goes without). */
export async function loadLogo(storage: Storage, key: string | null): Promise<Buffer | null> {
  if (key === null) return null;
  const file = await storage.get(key).catch(() => null);
  if (!file || !['image/png', 'image/jpeg'].includes(file.contentType)) {
    file?.stream.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Lays out a document with `draw` and resolves with the PDF file. `createdAt` is written as the
 * file's creation date, so the same document always gives the same bytes.
 */
export function renderPdf(
  meta: {
    title: string;
    author: string;
    createdAt: string;
    footer: string;
    /** A4 upright (the default) or on its side (the sales register's wide table). */
    layout?: 'portrait' | 'landscape';
  },
  draw: (doc: Pdf) => void,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: meta.layout ?? 'portrait',
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: printable(meta.title),
      Author: printable(meta.author),
      CreationDate: new Date(meta.createdAt),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica');
  draw(doc);
  drawFooters(doc, meta.footer);
  doc.end();
  return done;
}

/** On every page, under the bottom margin: what the document is, and page i/n. */
function drawFooters(doc: Pdf, footer: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Text below the bottom margin would start a new page.
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor('#666666');
    // The page's own size: a landscape page is wider than PAGE.
    write(doc, `${footer} - ${i - start + 1}/${count}`, PAGE.margin, doc.page.height - 35, {
      width: doc.page.width - 2 * PAGE.margin,
      align: 'center',
      lineBreak: false,
    });
  }
}

/** The logo in the top left corner, or nothing; a file pdfkit cannot read is left out. */
export function drawLogo(doc: Pdf, logo: Buffer | null): void {
  if (!logo) return;
  try {
    doc.image(logo, PAGE.margin, PAGE.margin, { fit: [140, 60] });
  } catch {
    // A damaged image must not cost the shop its invoice.
  }
}

/** Text at a position, printable in Helvetica. */
export function write(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  options: PDFKit.Mixins.TextOptions = {},
): void {
  doc.text(printable(text), x, y, options);
}

/** A thin horizontal rule across the content width. */
function rule(doc: Pdf, y: number): void {
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(doc.page.width - PAGE.margin, y)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
}

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

/**
 * A table from y on: the header row, then each row (cells as text), starting a new page (with
 * the header again) when a row would cross the bottom. Resolves with the y below the table.
 */
export function drawTable(doc: Pdf, y: number, columns: Column[], rows: string[][]): number {
  const pad = 4;
  const rowHeight = (cells: string[]) =>
    Math.max(
      ...columns.map(
        (c, i) =>
          doc.heightOfString(printable(cells[i] ?? ''), { width: c.width - 2 * pad }) + 2 * pad,
      ),
    );
  const drawRow = (cells: string[], top: number) => {
    let x = PAGE.margin;
    columns.forEach((c, i) => {
      write(doc, cells[i] ?? '', x + pad, top + pad, {
        width: c.width - 2 * pad,
        align: c.align ?? 'left',
      });
      x += c.width;
    });
  };
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(8);
    const top = y;
    drawRow(
      columns.map((c) => c.header),
      top,
    );
    y = top + rowHeight(columns.map((c) => c.header));
    rule(doc, y);
    doc.font('Helvetica').fontSize(9);
  };
  header();
  for (const cells of rows) {
    const height = rowHeight(cells);
    // PAGE_BOTTOM of the page's own height (a landscape page is shorter).
    if (y + height > doc.page.height - (PAGE.height - PAGE_BOTTOM)) {
      doc.addPage();
      y = PAGE.margin;
      header();
    }
    drawRow(cells, y);
    y += height;
  }
  rule(doc, y);
  return y + 6;
}
