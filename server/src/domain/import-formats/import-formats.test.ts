// The platforms' mappings without a database: the header's format, HTML descriptions as text,
// PrestaShop's written prices, WooCommerce's lists and categories, Shopify's image-only rows.
import { describe, expect, it } from 'vitest';
import { readImportFile } from '../product-import';
import { detectFormat } from '.';
import { htmlToText } from './html-text';
import { prestaShopAmount } from './prestashop';
import { slugOf } from './slug';
import { splitList, wooCategory } from './woocommerce';
import {
  csvText,
  PRESTASHOP_HEADER,
  SHOPIFY_HEADER,
  WOOCOMMERCE_HEADER,
} from '../../../test-support/platform-exports';

const file = (rows: string[][], delimiter = ',') => Buffer.from(csvText(rows, delimiter));

/** PrestaShop 1.7's product list labels, as its back office exports them. */
const PRESTASHOP_17_LIST_HEADER = [
  'Product ID',
  'Image',
  'Name',
  'Reference',
  'Category',
  'Base price',
  'Final price',
  'Quantity',
  'Status',
  'Position',
];

// The cell conversions are pure: one table per conversion, each row a cell and what it becomes.
describe.each([
  {
    name: 'htmlToText',
    convert: htmlToText,
    cases: [
      ['<p>One</p><p>Two</p>', 'One\n\nTwo'],
      ['Line<br>break<br/>here', 'Line\nbreak\nhere'],
      ['<ul><li>A</li><li>B &amp; C</li></ul>', '- A\n- B & C'],
      ['<p>Caf&eacute; &#233; &#x263A; &nbsp;x&lt;y&gt;</p>', 'Café é ☺ x<y>'],
      ['<script>alert(1)</script><style>p{}</style><b>Bold</b> <!-- note -->text', 'Bold text'],
      ['<p>Source\n  line breaks\nare spaces</p>', 'Source line breaks are spaces'],
      ['<table><tr><td>Size</td><td>M</td></tr></table>', 'Size M'],
      ['Plain text, no markup', 'Plain text, no markup'],
      ['&#0;&#xD800;&unknown;', '&unknown;'],
    ],
  },
  {
    name: 'prestaShopAmount',
    convert: prestaShopAmount,
    cases: [
      ['12.50', '12.5'],
      ['12,50 €', '12.5'],
      ['€1,234.50', '1234.5'],
      ['1 234,500000', '1234.5'],
      ['20.000000', '20'],
      ['16.806723', '16.806723'],
      ['45 TND', '45'],
      ['n/a', 'n/a'],
      ['-5', '-5'],
    ],
  },
])('$name', ({ convert, cases }) => {
  it.each(cases)('%j → %j', (cell, converted) => {
    expect(convert(cell)).toBe(converted);
  });
});

describe('WooCommerce cells', () => {
  it("splits lists on commas but escaped ones, and takes the first category's leaf", () => {
    expect(splitList('a.jpg, b.jpg ,, c\\, d.jpg')).toEqual(['a.jpg', 'b.jpg', 'c, d.jpg']);
    expect(wooCategory('Clothing > Tees, Clothing')).toBe('Tees');
    expect(wooCategory('')).toBeUndefined();
  });
});

describe('slugOf', () => {
  it('keeps Latin letters and digits, accents dropped; null when none is left', () => {
    expect(slugOf("Huile d'olive — 75 cl")).toBe('huile-d-olive-75-cl');
    expect(slugOf('Chéchia rouge')).toBe('chechia-rouge');
    expect(slugOf('زيت زيتون')).toBeNull();
  });
});

describe('detectFormat', () => {
  it('recognises each platform from its header, and none from ours', () => {
    expect(detectFormat(SHOPIFY_HEADER)).toBe('shopify');
    expect(detectFormat(WOOCOMMERCE_HEADER)).toBe('woocommerce');
    expect(detectFormat(PRESTASHOP_HEADER)).toBe('prestashop');
    // PrestaShop 1.7's labels, and its CSV import's.
    expect(detectFormat(PRESTASHOP_17_LIST_HEADER)).toBe('prestashop');
    expect(
      detectFormat([
        'ID',
        'Active (0/1)',
        'Name *',
        'Categories (x,y,z...)',
        'Price tax excluded',
        'Reference #',
      ]),
    ).toBe('prestashop');
    expect(detectFormat(['slug', 'product_name', 'sku', 'price'])).toBeNull();
    expect(detectFormat(['Handle', 'Name'])).toBeNull();
  });
});

describe('readImportFile of a platform', () => {
  it("names the platform's columns and keeps the file's lines", () => {
    const { format, lines } = readImportFile(
      file([
        [
          'Handle',
          'Title',
          'Body (HTML)',
          'Option1 Name',
          'Option1 Value',
          'Variant SKU',
          'Variant Price',
          'Variant Inventory Policy',
          'Image Src',
        ],
        [
          'cap',
          'Cap',
          '<p>A cap</p>',
          'Colour',
          'Red',
          'CAP-RED',
          '10',
          'deny',
          'https://x.test/1.jpg',
        ],
        ['cap', '', '', '', 'Blue', '', '1.2345', 'sometimes', 'https://x.test/2.jpg'],
        ['cap', '', '', '', '', '', '', '', 'https://x.test/3.jpg'],
        ['', 'No handle', '', '', '', '', '5', '', ''],
        ['bag', 'Bag', '', 'Title', 'Default Title', 'BAG 1', '5', '', ''],
      ]),
      { pricesIncludeVat: false },
    );
    expect(format).toBe('shopify');
    expect(lines.map((l) => [l.line, l.slug, l.sku, l.product, l.variant, l.errors])).toEqual([
      [
        2,
        'cap',
        'CAP-RED',
        { name: 'Cap', price_includes_vat: false },
        {
          variant_title: 'Red',
          option_values: { Colour: 'Red' },
          price: 10_000,
          allow_backorder: false,
        },
        [],
      ],
      [
        3,
        'cap',
        // A variant without SKU gets one from its handle and options.
        'CAP-BLUE',
        {},
        { variant_title: 'Blue', option_values: { Colour: 'Blue' } },
        [
          { column: 'Variant Inventory Policy', message: '"sometimes" is not deny or continue' },
          { column: 'price', message: '"1.2345" has more than 3 decimals' },
        ],
      ],
      [5, null, null, {}, {}, [{ column: 'Handle', message: 'Required' }]],
      [
        6,
        'bag',
        null,
        { name: 'Bag', price_includes_vat: false, base_price: 5_000 },
        {},
        [{ column: 'sku', message: '"BAG 1" is not a SKU: no spaces' }],
      ],
    ]);
    // The image-only row's image goes to its product's first row, with the others.
    expect(lines[0]?.platform).toEqual({
      description: 'A cap',
      images: ['https://x.test/1.jpg', 'https://x.test/2.jpg', 'https://x.test/3.jpg'],
      sources: {
        slug: 'Handle',
        product_name: 'Title',
        price_includes_vat: 'Variant Price',
        option_values: 'Option1 Value',
        variant_title: 'Option1 Value',
        sku: 'Variant SKU',
        price: 'Variant Price',
        allow_backorder: 'Variant Inventory Policy',
      },
    });
  });

  it('reads a semicolon PrestaShop export and refuses a variation whose parent is missing', () => {
    const presta = readImportFile(
      file(
        [
          PRESTASHOP_17_LIST_HEADER,
          [
            '7',
            'https://x.test/7.jpg',
            'Tajine',
            'TAJ-7',
            'Pottery',
            '33,613445',
            '40,00 €',
            '3',
            '1',
            '0',
          ],
        ],
        ';',
      ),
    );
    expect(presta.format).toBe('prestashop');
    expect(presta.lines[0]).toMatchObject({
      slug: 'tajine',
      product: {
        name: 'Tajine',
        category: 'Pottery',
        base_price: 40_000,
        price_includes_vat: true,
        is_active: true,
      },
      variant: { stock_quantity: 3, track_inventory: true },
      platform: { simpleSku: 'TAJ-7', images: ['https://x.test/7.jpg'] },
    });
    const woo = readImportFile(
      file([
        ['ID', 'Type', 'SKU', 'Name', 'Regular price', 'Parent'],
        ['9', 'variation', 'X-1', 'Lost - S', '5', 'id:8'],
      ]),
    );
    expect(woo.lines[0]?.errors).toEqual([
      { column: 'Parent', message: 'No variable product "id:8" in the file' },
    ]);
  });
});
