import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  categoryOf,
  checkAgainstFirstRow,
  checkNewProduct,
  checkStock,
  decideActions,
  namesDefaultVariant,
  productAfter,
  productChanges,
  rateOf,
  takeSimplePrices,
  variantAfter,
  variantChanges,
  type ProductValues,
  type RowDecision,
  type VariantValues,
} from './import-plan';
import { MAX_STOCK, PLACEHOLDER_SKU } from './inventory';
import type { CellError, ImportLine } from './product-import';

const line = (n: number, parts: Partial<ImportLine> = {}): ImportLine => ({
  line: n,
  slug: 'mug',
  sku: null,
  product: {},
  variant: {},
  errors: [],
  ...parts,
});

const PRODUCT: ProductValues = {
  name: 'Mug',
  category_id: null,
  is_active: 1,
  price_includes_vat: 1,
  base_price: 10_000,
  compare_at_price: null,
  vat_rate_id: 1,
  has_variants: 0,
};
const VARIANT: VariantValues = {
  sku: 'MUG-RED',
  variant_title: 'Red',
  option_values: '{"Colour":"Red"}',
  price: 12_000,
  compare_at_price: null,
  stock_quantity: 4,
  track_inventory: 1,
  allow_backorder: 0,
  is_active: 1,
};
const noSku = () => {
  throw new Error('no SKU should be made');
};

describe('names to ids', () => {
  const categories = [
    { id: 1, name: 'Cups', slug: 'cups' },
    { id: 2, name: 'Mugs', slug: 'mugs-a' },
    { id: 3, name: 'Mugs', slug: 'mugs-b' },
  ];

  it('finds a category by slug, else by a name only it has', () => {
    const errors: CellError[] = [];
    expect(categoryOf(categories, 'mugs-b', errors)).toBe(3);
    expect(categoryOf(categories, 'Cups', errors)).toBe(1);
    expect(errors).toEqual([]);
    expect(categoryOf(categories, 'Mugs', errors)).toBeUndefined();
    expect(categoryOf(categories, 'Plates', errors)).toBeUndefined();
    expect(errors).toEqual([
      { column: 'category', message: `2 categories are named "Mugs": give the category's slug` },
      { column: 'category', message: 'Unknown category "Plates"' },
    ]);
  });

  const rate = (id: number, from: string, to: string | null) => ({
    id,
    name: 'Standard',
    rate_bp: 1900,
    country_code: 'TN',
    is_active: 1,
    is_default: 0,
    effective_from: from,
    effective_to: to,
    successor_id: null,
  });
  const at = new Date('2026-06-01T00:00:00Z');
  const expired = rate(1, '2020-01-01T00:00:00Z', '2025-12-31T23:59:59Z');
  const inForce = rate(2, '2026-01-01T00:00:00Z', null);

  it("keeps a product's own rate even expired, else takes the one in force", () => {
    const errors: CellError[] = [];
    expect(rateOf([expired, inForce], 'Standard', 1, at, errors)).toBe(1);
    expect(rateOf([expired, inForce], 'Standard', null, at, errors)).toBe(2);
    expect(errors).toEqual([]);
    expect(rateOf([expired], 'Standard', null, at, errors)).toBeUndefined();
    expect(rateOf([expired], 'Reduced', null, at, errors)).toBeUndefined();
    expect(errors).toEqual([
      { column: 'vat_rate_name', message: 'VAT rate "Standard" is not in force' },
      { column: 'vat_rate_name', message: 'Unknown VAT rate "Reduced"' },
    ]);
  });
});

describe("a product's rows", () => {
  const cells = fc.record(
    {
      name: fc.constantFrom('Mug', 'Cup'),
      category: fc.constantFrom('cups', 'mugs'),
      is_active: fc.boolean(),
      price_includes_vat: fc.boolean(),
      base_price: fc.constantFrom(1_000, 2_000),
      vat_rate_name: fc.constantFrom('Standard', 'Reduced'),
    },
    { requiredKeys: [] },
  );

  it('refuses exactly the product cells of a later row that differ from the first row', () => {
    fc.assert(
      fc.property(cells, cells, (first, later) => {
        const row = line(3, { product: later });
        checkAgainstFirstRow(line(2, { product: first }), row);
        const differing = Object.keys(later).filter(
          (k) => later[k as keyof typeof later] !== first[k as keyof typeof first],
        );
        expect(row.errors).toEqual(
          differing.map((k) => ({
            column: k === 'name' ? 'product_name' : k,
            message: "Differs from line 2, the same product's first row",
          })),
        );
      }),
    );
  });

  it('takes the first row over what the product has, and defaults for a new one', () => {
    expect(productAfter(line(2, { product: { name: 'Cup' } }), PRODUCT, 7, undefined)).toEqual({
      ...PRODUCT,
      name: 'Cup',
      category_id: 7,
    });
    const fresh = line(2, { product: { name: 'Cup', is_active: false }, variant: { price: 900 } });
    expect(productAfter(fresh, null, undefined, 3)).toEqual({
      name: 'Cup',
      category_id: null,
      is_active: 0,
      price_includes_vat: 1,
      base_price: 900,
      compare_at_price: null,
      vat_rate_id: 3,
      has_variants: 0,
    });
  });

  it('asks a new product for a price and a VAT rate, once per column', () => {
    const empty = line(2, { product: { name: 'Cup' } });
    checkNewProduct(empty);
    expect(empty.errors).toEqual([
      { column: 'base_price', message: 'Required for a new product' },
      { column: 'vat_rate_name', message: 'Required for a new product' },
    ]);
    const wrongRate = line(2, {
      product: { vat_rate_name: 'Nope' },
      variant: { price: 1_000 },
      errors: [{ column: 'vat_rate_name', message: 'Unknown VAT rate "Nope"' }],
    });
    checkNewProduct(wrongRate);
    expect(wrongRate.errors).toHaveLength(1);
  });

  it('sends a row without SKU, the placeholder or the default SKU to the default variant', () => {
    const known = { is_default: 1, product_slug: 'mug' };
    expect(namesDefaultVariant(null, 'mug', undefined, undefined)).toBe(true);
    expect(namesDefaultVariant(PLACEHOLDER_SKU, 'mug', undefined, undefined)).toBe(true);
    expect(namesDefaultVariant('MUG', 'mug', known, undefined)).toBe(true);
    expect(namesDefaultVariant('MUG', 'mug', undefined, 'MUG')).toBe(true);
    expect(namesDefaultVariant('MUG', 'cup', known, undefined)).toBe(false);
    expect(namesDefaultVariant('MUG', 'mug', { ...known, is_default: 0 }, 'CUP')).toBe(false);
  });

  it('gives a product without variants one price', () => {
    const after = { ...PRODUCT };
    takeSimplePrices(line(2, { variant: { price: 9_000, compare_at_price: 11_000 } }), after);
    expect([after.base_price, after.compare_at_price]).toEqual([9_000, 11_000]);
    const both = line(2, { product: { base_price: 9_000 }, variant: { price: 8_000 } });
    takeSimplePrices(both, after);
    expect(both.errors).toEqual([
      {
        column: 'price',
        message:
          'A product without variants has one price: leave price empty or equal to base_price',
      },
    ]);
  });
});

describe("a variant's row", () => {
  it('takes the cells over what the variant has; a default variant follows its product', () => {
    const row = line(2, { sku: 'MUG-RED', variant: { stock_quantity: 9, is_active: false } });
    expect(variantAfter(row, VARIANT, PRODUCT, false, noSku)).toEqual({
      ...VARIANT,
      stock_quantity: 9,
      is_active: 0,
    });
    const simple = line(2, { variant: { price: 1, stock_quantity: 3 } });
    expect(variantAfter(simple, null, PRODUCT, true, () => 'MUG')).toEqual({
      sku: 'MUG',
      variant_title: PLACEHOLDER_SKU,
      option_values: '{}',
      price: PRODUCT.base_price,
      compare_at_price: null,
      stock_quantity: 3,
      track_inventory: 1,
      allow_backorder: 0,
      is_active: 1,
    });
  });

  it('names a new variant by its options, else its SKU; same options keep their text', () => {
    const options = line(2, { sku: 'M-R', variant: { option_values: { Size: 'M', Colour: 'R' } } });
    expect(variantAfter(options, null, PRODUCT, false, noSku).variant_title).toBe('M / R');
    expect(variantAfter(line(2, { sku: 'M-R' }), null, PRODUCT, false, noSku).variant_title).toBe(
      'M-R',
    );
    const same = line(2, { sku: 'MUG-RED', variant: { option_values: { Colour: 'Red' } } });
    expect(variantAfter(same, VARIANT, PRODUCT, false, noSku).option_values).toBe(
      VARIANT.option_values,
    );
  });

  it('refuses a stock out of range only when the row changes it', () => {
    const kept = line(2);
    checkStock(kept, { ...VARIANT, stock_quantity: -1 }, { ...VARIANT, stock_quantity: -1 });
    expect(kept.errors).toEqual([]);
    const changed = line(2);
    checkStock(changed, VARIANT, { ...VARIANT, stock_quantity: MAX_STOCK + 1 });
    checkStock(changed, null, { ...VARIANT, stock_quantity: -2 });
    expect(changed.errors).toEqual(
      Array(2).fill({
        column: 'stock_quantity',
        message: `Stock quantity must be a whole number from 0 to ${MAX_STOCK}`,
      }),
    );
  });
});

describe('what changes', () => {
  const product = fc.record({
    name: fc.constantFrom('Mug', 'Cup'),
    category_id: fc.constantFrom(null, 1, 2),
    is_active: fc.constantFrom<0 | 1>(0, 1),
    price_includes_vat: fc.constantFrom<0 | 1>(0, 1),
    base_price: fc.constantFrom(1_000, 2_000),
    compare_at_price: fc.constantFrom(null, 3_000),
    vat_rate_id: fc.constantFrom(1, 2),
    has_variants: fc.constantFrom<0 | 1>(0, 1),
  });
  const FIELD_OF = {
    product_name: 'name',
    category: 'category_id',
    is_active: 'is_active',
    price_includes_vat: 'price_includes_vat',
    base_price: 'base_price',
    vat_rate_name: 'vat_rate_id',
    compare_at_price: 'compare_at_price',
  } as const;

  it("lists exactly the product's columns whose values differ", () => {
    fc.assert(
      fc.property(product, product, (before, after) => {
        const changed = productChanges(before, after, line(2));
        for (const [column, field] of Object.entries(FIELD_OF)) {
          expect(changed.includes(column as keyof typeof FIELD_OF)).toBe(
            before[field] !== after[field],
          );
        }
      }),
    );
  });

  it('lists for a new product the columns the file sets', () => {
    const first = line(2, { product: { is_active: true } });
    expect(productChanges(null, PRODUCT, first)).toEqual([
      'product_name',
      'is_active',
      'base_price',
      'vat_rate_name',
    ]);
    expect(
      productChanges(null, { ...PRODUCT, category_id: 4, compare_at_price: 1 }, line(2)),
    ).toEqual(['product_name', 'category', 'base_price', 'vat_rate_name', 'compare_at_price']);
  });

  it('lists for a new variant its SKU when given and the cells the row fills', () => {
    const row = line(2, { sku: 'MUG-RED', variant: { price: 1, stock_quantity: 2 } });
    expect(variantChanges(row, null, VARIANT)).toEqual(['sku', 'price', 'stock_quantity']);
    expect(variantChanges(line(2), VARIANT, { ...VARIANT, allow_backorder: 1 })).toEqual([
      'allow_backorder',
    ]);
  });
});

describe("each row's action", () => {
  // A file: rows of a few products (new or not), each maybe with a variant (new or not) and an
  // error of its own cells.
  const file = fc.record({
    newProducts: fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
    rows: fc.array(
      fc.record({
        product: fc.option(fc.nat(3), { nil: null }),
        variant: fc.option(fc.boolean(), { nil: null }),
        stock: fc.nat(3),
        error: fc.boolean(),
      }),
      { maxLength: 12 },
    ),
  });

  it('refuses a row with an error and the later rows of a new product whose first row is', () => {
    fc.assert(
      fc.property(file, ({ newProducts, rows }) => {
        const products = newProducts.map(() => null as RowDecision['product']);
        const planned: RowDecision[] = rows.map((r, i) => {
          const own = line(i + 2, {
            errors: r.error ? [{ column: 'price', message: 'Not a price' }] : [],
          });
          let product: RowDecision['product'] = null;
          if (r.product !== null) {
            const index = r.product % newProducts.length;
            product = products[index] ??= {
              firstLine: own,
              existing: newProducts[index] ? undefined : { id: index },
              changed: ['product_name'],
            };
          }
          const variant =
            r.variant === null
              ? null
              : {
                  existing: r.variant ? undefined : {},
                  before: r.variant ? null : VARIANT,
                  after: { ...VARIANT, stock_quantity: r.stock },
                };
          return { line: own, product, variant, changed: [], action: 'unchanged' };
        });
        const ownErrors = planned.map((r) => r.line.errors.length > 0);
        decideActions(planned);

        const firstRefused = new Set(
          planned.flatMap((r, i) =>
            r.product?.firstLine === r.line && ownErrors[i] ? [r.product] : [],
          ),
        );
        planned.forEach((row, i) => {
          const { product, variant } = row;
          const isFirst = product?.firstLine === row.line;
          const follows =
            product !== null && !product.existing && !isFirst && firstRefused.has(product);
          expect(row.action === 'refused').toBe(ownErrors[i]! || follows);
          if (follows) {
            expect(row.line.errors.at(-1)).toEqual({
              column: null,
              message: `The product's first row (line ${product.firstLine.line}) is refused`,
            });
          }
          if (row.action === 'refused') return;
          const expected = [
            ...(isFirst ? ['product_name'] : []),
            ...(variant ? variantChanges(row.line, variant.before, variant.after) : []),
          ];
          expect(row.changed).toEqual(expected);
          const creates = (isFirst && !product.existing) || (variant !== null && !variant.existing);
          expect(row.action).toBe(
            creates ? 'create' : expected.length > 0 ? 'update' : 'unchanged',
          );
        });
      }),
    );
  });
});
