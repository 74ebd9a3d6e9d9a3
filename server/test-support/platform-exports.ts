// Product exports of other platforms, written for the tests with each platform's documented
// columns (docs/product.md, "Moving in"): a few products, a variable product with two options,
// HTML descriptions, a category the shop lacks and a bad price. Cells are joined by csvText.

/** A 1×1 PNG: what the fake image servers answer. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A CSV text from rows of cells (CRLF; cells holding the delimiter, a quote or a line quoted). */
export function csvText(rows: readonly (readonly string[])[], delimiter = ','): string {
  const quote = (c: string) =>
    c.includes(delimiter) || /["\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c;
  return rows.map((r) => r.map(quote).join(delimiter)).join('\r\n') + '\r\n';
}

/** Rows of named cells under a header: every other cell empty. */
export function csvTable(
  header: readonly string[],
  rows: readonly Record<string, string>[],
): string[][] {
  for (const r of rows) {
    const unknown = Object.keys(r).find((k) => !header.includes(k));
    if (unknown) throw new Error(`Not a column of the header: ${unknown}`);
  }
  return [[...header], ...rows.map((r) => header.map((h) => r[h] ?? ''))];
}

// ---------------------------------------------------------------------------------------------
// Shopify: Products > Export ("CSV for Excel, Numbers, or other spreadsheet programs").

export const SHOPIFY_HEADER = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Product Category',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Tracker',
  'Variant Inventory Qty',
  'Variant Inventory Policy',
  'Variant Fulfillment Service',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Variant Taxable',
  'Variant Barcode',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Gift Card',
  'SEO Title',
  'SEO Description',
  'Variant Image',
  'Variant Weight Unit',
  'Variant Tax Code',
  'Cost per item',
  'Status',
] as const;

const shopifyVariant = (r: Record<string, string>) => ({
  'Variant Grams': '300',
  'Variant Inventory Tracker': 'shopify',
  'Variant Inventory Policy': 'deny',
  'Variant Fulfillment Service': 'manual',
  'Variant Requires Shipping': 'TRUE',
  'Variant Taxable': 'TRUE',
  'Variant Weight Unit': 'kg',
  ...r,
});

/**
 * Line 2 a product without variants (Title / Default Title), lines 3-5 a shirt in Size and
 * Colour, line 6 an image-only row, line 7 a category the shop lacks (Pottery), line 8 a bad
 * price (`price` replaces it).
 */
export function shopifyFile({ price = '12,5O' } = {}): string {
  return csvText(
    csvTable(SHOPIFY_HEADER, [
      shopifyVariant({
        Handle: 'olive-oil-1l',
        Title: 'Olive oil 1 L',
        'Body (HTML)':
          '<p>Cold-pressed <strong>extra virgin</strong> oil from Sfax.</p><ul><li>1 L tin</li><li>Harvest 2026</li></ul>',
        Vendor: 'Zitouna',
        'Product Category': 'Food, Beverages & Tobacco > Food Items > Cooking Oils',
        Type: 'Oils',
        Tags: 'oil, sfax',
        Published: 'TRUE',
        'Option1 Name': 'Title',
        'Option1 Value': 'Default Title',
        'Variant SKU': 'OIL-1L',
        'Variant Inventory Qty': '40',
        'Variant Price': '25.500',
        'Variant Compare At Price': '28.000',
        'Image Src': 'https://cdn.shopify.com/s/files/1/0001/oil.jpg',
        'Image Position': '1',
        'Image Alt Text': 'Olive oil tin',
        'Gift Card': 'FALSE',
        'Cost per item': '12.000',
        Status: 'active',
      }),
      shopifyVariant({
        Handle: 'linen-shirt',
        Title: 'Linen shirt',
        'Body (HTML)': '<p>Light linen &amp; cotton shirt.</p>',
        Vendor: 'Maison Kef',
        Type: 'Shirts',
        Published: 'TRUE',
        'Option1 Name': 'Size',
        'Option1 Value': 'S',
        'Option2 Name': 'Colour',
        'Option2 Value': 'White',
        'Variant SKU': 'SHIRT-S-WHITE',
        'Variant Inventory Qty': '5',
        'Variant Price': '89.000',
        'Image Src': 'https://cdn.shopify.com/s/files/1/0001/shirt-white.jpg',
        'Image Position': '1',
        Status: 'active',
      }),
      shopifyVariant({
        Handle: 'linen-shirt',
        'Option1 Value': 'S',
        'Option2 Value': 'Blue',
        'Variant SKU': 'SHIRT-S-BLUE',
        'Variant Inventory Qty': '4',
        'Variant Inventory Policy': 'continue',
        'Variant Price': '89.000',
        'Variant Image': 'https://cdn.shopify.com/s/files/1/0001/shirt-blue.jpg',
      }),
      shopifyVariant({
        Handle: 'linen-shirt',
        'Option1 Value': 'M',
        'Option2 Value': 'White',
        'Variant SKU': 'SHIRT-M-WHITE',
        'Variant Inventory Qty': '0',
        'Variant Price': '92.000',
      }),
      {
        Handle: 'linen-shirt',
        // A host that resolves to a private address (images.ts refuses it).
        'Image Src': 'https://images.internal.example/shirt-back.jpg',
        'Image Position': '2',
      },
      shopifyVariant({
        Handle: 'ceramic-bowl',
        Title: 'Ceramic bowl',
        'Body (HTML)': '<p>Hand-painted in Nabeul.</p>',
        Type: 'Pottery',
        Published: 'TRUE',
        'Option1 Name': 'Title',
        'Option1 Value': 'Default Title',
        'Variant SKU': 'BOWL-1',
        'Variant Inventory Qty': '12',
        'Variant Price': '35.000',
        Status: 'active',
      }),
      shopifyVariant({
        Handle: 'gift-box',
        Title: 'Gift box',
        Type: 'Oils',
        Published: 'FALSE',
        'Option1 Name': 'Title',
        'Option1 Value': 'Default Title',
        'Variant SKU': 'GIFT-1',
        'Variant Inventory Tracker': '',
        'Variant Price': price,
        Status: 'draft',
      }),
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// WooCommerce: Products > Export (WC_Product_CSV_Exporter's default columns).

export const WOOCOMMERCE_HEADER = [
  'ID',
  'Type',
  'SKU',
  'Name',
  'Published',
  'Is featured?',
  'Visibility in catalog',
  'Short description',
  'Description',
  'Date sale price starts',
  'Date sale price ends',
  'Tax status',
  'Tax class',
  'In stock?',
  'Stock',
  'Low stock amount',
  'Backorders allowed?',
  'Sold individually?',
  'Weight (kg)',
  'Length (cm)',
  'Width (cm)',
  'Height (cm)',
  'Allow customer reviews?',
  'Purchase note',
  'Sale price',
  'Regular price',
  'Categories',
  'Tags',
  'Shipping class',
  'Images',
  'Download limit',
  'Download expiry days',
  'Parent',
  'Grouped products',
  'Upsells',
  'Cross-sells',
  'External URL',
  'Button text',
  'Position',
  'Attribute 1 name',
  'Attribute 1 value(s)',
  'Attribute 1 visible',
  'Attribute 1 global',
  'Attribute 2 name',
  'Attribute 2 value(s)',
  'Attribute 2 visible',
  'Attribute 2 global',
] as const;

const woo = (r: Record<string, string>) => ({
  Published: '1',
  'Is featured?': '0',
  'Visibility in catalog': 'visible',
  'Tax status': 'taxable',
  'In stock?': '1',
  'Backorders allowed?': '0',
  'Sold individually?': '0',
  'Allow customer reviews?': '1',
  Position: '0',
  ...r,
});

/**
 * Line 2 a simple product, line 3 a variable tee (Size, Colour) whose variations are lines 4-5
 * (one on sale), line 6 a category the shop lacks (Kitchen), line 7 a bad price (`price`
 * replaces it), line 8 a grouped product (not imported).
 */
export function wooCommerceFile({ price = '14.OO', grouped = true } = {}): string {
  const rows = [
    woo({
      ID: '101',
      Type: 'simple',
      SKU: 'HARISSA-200',
      Name: 'Harissa 200 g',
      'Short description': 'Spicy paste',
      Description: '<p>Traditional <em>harissa</em> from Nabeul.</p>\n<p>Keep cool.</p>',
      Stock: '60',
      'Weight (kg)': '0.2',
      'Regular price': '9.500',
      Categories: 'Food > Condiments',
      Tags: 'spicy',
      Images: 'https://shop.example.com/wp-content/uploads/harissa.jpg',
    }),
    woo({
      ID: '102',
      Type: 'variable',
      SKU: 'TEE',
      Name: 'Cotton tee',
      Description: '<p>Soft <b>organic</b> cotton.</p>',
      Categories: 'Clothing > Tees, Clothing',
      Images:
        'https://shop.example.com/wp-content/uploads/tee-1.jpg, https://shop.example.com/wp-content/uploads/tee-2.jpg',
      'Attribute 1 name': 'Size',
      'Attribute 1 value(s)': 'S, M',
      'Attribute 1 visible': '1',
      'Attribute 1 global': '1',
      'Attribute 2 name': 'Colour',
      'Attribute 2 value(s)': 'Red, Blue',
      'Attribute 2 visible': '1',
      'Attribute 2 global': '1',
    }),
    woo({
      ID: '103',
      Type: 'variation',
      SKU: 'TEE-S-RED',
      Name: 'Cotton tee - S, Red',
      Stock: '8',
      'Sale price': '25.000',
      'Regular price': '30.000',
      Parent: 'id:102',
      Position: '1',
      'Attribute 1 name': 'Size',
      'Attribute 1 value(s)': 'S',
      'Attribute 2 name': 'Colour',
      'Attribute 2 value(s)': 'Red',
    }),
    woo({
      ID: '104',
      Type: 'variation',
      SKU: 'TEE-M-BLUE',
      Name: 'Cotton tee - M, Blue',
      Stock: '3',
      'Backorders allowed?': 'notify',
      'Regular price': '30.000',
      Parent: 'TEE',
      Position: '2',
      'Attribute 1 name': 'Size',
      'Attribute 1 value(s)': 'M',
      'Attribute 2 name': 'Colour',
      'Attribute 2 value(s)': 'Blue',
    }),
    woo({
      ID: '105',
      Type: 'simple',
      SKU: 'MUG-W',
      Name: 'Enamel mug',
      Stock: '20',
      'Regular price': '14.000',
      Categories: 'Kitchen',
    }),
    woo({
      ID: '106',
      Type: 'simple',
      SKU: 'SOAP-1',
      Name: 'Olive soap',
      'Regular price': price,
      Categories: 'Condiments',
    }),
  ];
  if (grouped)
    rows.push(
      woo({
        ID: '107',
        Type: 'grouped',
        Name: 'Gift set',
        'Grouped products': 'HARISSA-200, SOAP-1',
      }),
    );
  return csvText(csvTable(WOOCOMMERCE_HEADER, rows));
}

// ---------------------------------------------------------------------------------------------
// PrestaShop 8: Catalog > Products > Export to CSV (semicolon-separated).

export const PRESTASHOP_HEADER = [
  'ID',
  'Image',
  'Name',
  'Reference',
  'Category',
  'Price (tax excl.)',
  'Price (tax incl.)',
  'Quantity',
  'Status',
  'Position',
] as const;

/**
 * Line 2 dates (both prices), line 3 a category the shop lacks (Accessories), line 4 a bad price
 * (`price` replaces it), line 5 an inactive product priced "12,50 €".
 */
export function prestaShopFile({ price = 'n/a' } = {}): string {
  return csvText(
    [
      [...PRESTASHOP_HEADER],
      [
        '1',
        'https://shop.example.com/1-home_default/dates.jpg',
        'Deglet Nour dates 1 kg',
        'DATES-1KG',
        'Dates',
        '16.806723',
        '20.000000',
        '120',
        '1',
        '0',
      ],
      [
        '2',
        'https://shop.example.com/2-home_default/chechia.jpg',
        'Chéchia rouge',
        'CHECHIA-R',
        'Accessories',
        '42.016807',
        '50.000000',
        '7',
        '1',
        '1',
      ],
      ['3', '', 'Couscous fin', 'COUS-1', 'Groceries', '4.201681', price, '30', '1', '2'],
      ['4', '', "Huile d'olive", 'HUILE-75', 'Groceries', '10,504202', '12,50 €', '0', '0', '3'],
    ],
    ';',
  );
}
