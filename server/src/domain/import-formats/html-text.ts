// A platform's product description (Shopify's Body (HTML), WooCommerce's Description) as the plain
// text our products hold: block elements and <br> end lines, list items start with "- ", every
// other tag is dropped with what it holds when it is a script or a style, and entities are decoded.
// No HTML library is a dependency of the server; the subset product descriptions use is small.

/** Elements whose content is never text (dropped with it). */
const HIDDEN = /<(script|style|template|head|iframe|object|svg)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
/** Elements that start and end a line of their own. */
const BLOCK =
  /<\/?(p|div|h[1-6]|ul|ol|table|tr|blockquote|section|article|header|footer|pre|hr|dl|dt|dd)\b[^>]*>/gi;
const LINE_BREAK = /<br\s*\/?>/gi;
const LIST_ITEM = /<li\b[^>]*>/gi;
const CELL_END = /<\/t[dh]\s*>/gi;
const TAG = /<\/?[a-z][^>]*>/gi;

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  laquo: '«',
  raquo: '»',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  euro: '€',
  times: '×',
  eacute: 'é',
  egrave: 'è',
  ecirc: 'ê',
  agrave: 'à',
  acirc: 'â',
  ccedil: 'ç',
  ocirc: 'ô',
  ucirc: 'û',
  ugrave: 'ù',
  icirc: 'î',
  iuml: 'ï',
  euml: 'ë',
};

/** A code point an entity may stand for (not a control character nor a lone surrogate). */
const printable = (n: number) =>
  Number.isInteger(n) &&
  n <= 0x10ffff &&
  !(n >= 0xd800 && n <= 0xdfff) &&
  (n >= 0x20 || n === 0x09 || n === 0x0a) &&
  !(n >= 0x7f && n <= 0x9f);

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const n =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return printable(n) ? String.fromCodePoint(n) : '';
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

/** The text of an HTML fragment: one line per block, at most one blank line between blocks. */
export function htmlToText(html: string): string {
  const text = html
    .replace(COMMENT, '')
    .replace(HIDDEN, '')
    .replace(/\r\n?/g, '\n')
    // Line breaks in the source are spaces in HTML; only the markup ends lines.
    .replace(/\s*\n\s*/g, ' ')
    .replace(LINE_BREAK, '\n')
    .replace(LIST_ITEM, '\n- ')
    .replace(CELL_END, ' ')
    .replace(BLOCK, '\n\n')
    .replace(TAG, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
