import { describe, expect, it } from 'vitest';
import { products } from '@mocks/fixtures';
import { ApiError, fromResponseBody } from '@/lib/http';
import { productFormSchema } from './product-form-schema';
import {
  EMPTY_PRODUCT_VALUES,
  fieldErrorsFrom,
  fromProduct,
  grossPrice,
  nextSlug,
  parseTags,
  toProductCreate,
  toProductUpdate,
  type ProductFormValues,
} from './product-form-values';

const filled: ProductFormValues = {
  ...EMPTY_PRODUCT_VALUES,
  name: '  Chéchia rouge  ',
  slug: 'chechia-rouge',
  short_description: '  ',
  description: ' Bonnet traditionnel en laine feutrée. ',
  category_id: '3',
  brand: ' Souk Ech-Chaouachia ',
  base_price: '35.5',
  compare_at_price: '',
  vat_rate_id: '1',
  images: ['/api/v1/media/a.jpg', '/api/v1/media/b.jpg'],
  videos: ['/api/v1/media/clip.mp4'],
  meta_title: 'Chéchia ',
  tags: 'laine, fait-main, , laine',
};

describe('toProductCreate', () => {
  it('maps the values to the API body', () => {
    expect(toProductCreate(filled)).toEqual({
      name: 'Chéchia rouge',
      slug: 'chechia-rouge',
      description: 'Bonnet traditionnel en laine feutrée.',
      short_description: null,
      category_id: 3,
      brand: 'Souk Ech-Chaouachia',
      has_variants: false,
      base_price: '35.500',
      compare_at_price: null,
      vat_rate_id: 1,
      price_includes_vat: true,
      images: ['/api/v1/media/a.jpg', '/api/v1/media/b.jpg'],
      is_active: true,
      is_featured: false,
      meta_title: 'Chéchia',
      meta_description: null,
      tags: ['laine', 'fait-main'],
    });
  });

  it('never sends the videos', () => {
    expect(toProductCreate(filled)).not.toHaveProperty('videos');
    expect(toProductUpdate(filled)).not.toHaveProperty('videos');
  });

  it('sends money as 3-decimal strings, rounded half-up', () => {
    const body = toProductCreate({ ...filled, base_price: '12.0005', compare_at_price: '20' });
    expect(body.base_price).toBe('12.001');
    expect(body.compare_at_price).toBe('20.000');
  });
});

describe('toProductUpdate', () => {
  it('is the full payload without the fixed product type', () => {
    const expected: Partial<ReturnType<typeof toProductCreate>> = toProductCreate(filled);
    delete expected.has_variants;
    expect(toProductUpdate(filled)).toEqual(expected);
    expect(toProductUpdate(filled)).not.toHaveProperty('has_variants');
    expect(toProductUpdate(filled)).not.toHaveProperty('inventory');
  });

  it('carries unsaved inventory settings of a simple product', () => {
    const inventory = { sku: 'CHECHIA-R', stock_quantity: 12, track_inventory: true };
    expect(toProductUpdate(filled, inventory).inventory).toEqual(inventory);
    expect(toProductUpdate(filled, null)).not.toHaveProperty('inventory');
  });
});

describe('fromProduct', () => {
  it('fills the form from a product and maps back to the same data', () => {
    const product = products[0]!;
    const values = fromProduct(product);
    expect(values).toMatchObject({
      name: product.name,
      category_id: '5',
      vat_rate_id: '1',
      base_price: '189.000',
      compare_at_price: '229.000',
      short_description: 'Cuir pleine fleur, cousu main',
      meta_description: '',
      tags: 'cuir, fait-main',
      videos: [],
      has_variants: true,
    });
    const body = toProductUpdate(values);
    expect(body).toMatchObject({
      name: product.name,
      slug: product.slug,
      category_id: product.category_id,
      base_price: product.base_price,
      compare_at_price: product.compare_at_price,
      images: product.images,
      tags: product.tags,
      meta_description: null,
    });
  });

  it('leaves the category empty when the product lost it', () => {
    expect(fromProduct(products[5]!).category_id).toBe('');
  });
});

describe('parseTags', () => {
  it('trims, drops empty and repeated tags', () => {
    expect(parseTags(' bio ,, terroir,bio ')).toEqual(['bio', 'terroir']);
    expect(parseTags('')).toEqual([]);
  });
});

describe('nextSlug', () => {
  it('follows the name while the slug is generated or empty', () => {
    expect(nextSlug('', '  Été 2024 -- Promo!! ', '')).toBe('ete-2024-promo');
    expect(nextSlug('Été 2024', 'Été 2025', 'ete-2024')).toBe('ete-2025');
  });

  it('keeps a slug edited by hand', () => {
    expect(nextSlug('Été 2024', 'Été 2025', 'summer-sale')).toBe('summer-sale');
  });
});

describe('grossPrice', () => {
  it('is the base price when it includes VAT', () => {
    expect(grossPrice('45', 19, true)).toBe('45.000');
  });
  it('adds the VAT to a net price, half-up to 3 decimals', () => {
    expect(grossPrice('26.5', 7, false)).toBe('28.355');
    expect(grossPrice('0.005', 0, false)).toBe('0.005');
    expect(grossPrice('10.001', 19, false)).toBe('11.901');
  });
  it('is null without a usable price or rate', () => {
    expect(grossPrice('', 19, true)).toBeNull();
    expect(grossPrice('abc', 19, true)).toBeNull();
    expect(grossPrice('-1', 19, true)).toBeNull();
    expect(grossPrice('10', undefined, false)).toBeNull();
  });
});

describe('fieldErrorsFrom', () => {
  it('maps 422 issues that name a field', () => {
    const error = fromResponseBody(422, {
      detail: [
        { loc: ['body', 'slug'], msg: 'String should match pattern', type: 'pattern' },
        { loc: ['body', 'base_price'], msg: 'Invalid amount', type: 'pattern' },
        { loc: ['body', 'slug'], msg: 'second message', type: 'x' },
        { loc: ['body', 'inventory', 'sku'], msg: 'SKU taken', type: 'x' },
        { loc: ['body'], msg: 'whole body', type: 'x' },
      ],
    });
    expect(fieldErrorsFrom(error)).toEqual({
      slug: 'String should match pattern',
      base_price: 'Invalid amount',
    });
  });

  it('has nothing for other errors', () => {
    expect(fieldErrorsFrom(fromResponseBody(409, { detail: 'Slug already used' }))).toEqual({});
    expect(fieldErrorsFrom(new ApiError(0, 'Network error', 'network'))).toEqual({});
    expect(fieldErrorsFrom(new Error('x'))).toEqual({});
  });
});

describe('productFormSchema', () => {
  const errorsOf = async (values: ProductFormValues) => {
    try {
      await productFormSchema.validate(values, { abortEarly: false });
      return {};
    } catch (error) {
      const { inner } = error as { inner: { path: string; message: string }[] };
      // The first message per field, as Formik shows it.
      return Object.fromEntries(inner.reverse().map((issue) => [issue.path, issue.message]));
    }
  };

  it('requires name, slug, full description, category, base price and VAT rate', async () => {
    expect(await errorsOf(EMPTY_PRODUCT_VALUES)).toEqual({
      name: 'Product name is required',
      slug: 'Slug is required',
      description: 'Full description is required',
      category_id: 'Category is required',
      base_price: 'Base price is required',
      vat_rate_id: 'VAT rate is required',
    });
  });

  it('accepts a complete product', async () => {
    expect(await errorsOf(filled)).toEqual({});
  });

  it('treats whitespace-only required text as missing', async () => {
    const errors = await errorsOf({ ...filled, name: '   ', description: '\n ' });
    expect(errors.name).toBe('Product name is required');
    expect(errors.description).toBe('Full description is required');
  });

  it('checks the slug shape', async () => {
    expect((await errorsOf({ ...filled, slug: 'Bad Slug' })).slug).toBe(
      'Use lower-case letters, digits and single hyphens only',
    );
    expect((await errorsOf({ ...filled, slug: 'a--b' })).slug).toBeDefined();
  });

  it('checks prices: positive, up to 3 decimals', async () => {
    const message = 'Enter an amount of 0 or more with up to 3 decimals';
    expect((await errorsOf({ ...filled, base_price: '1.2345' })).base_price).toBe(message);
    expect((await errorsOf({ ...filled, base_price: '-3' })).base_price).toBe(message);
    expect((await errorsOf({ ...filled, compare_at_price: '1e3' })).compare_at_price).toBe(message);
    expect(await errorsOf({ ...filled, base_price: '0.001', compare_at_price: '9.9' })).toEqual({});
  });

  it('limits the meta texts to 60 and 160 characters', async () => {
    expect(await errorsOf({ ...filled, meta_title: 'x'.repeat(60) })).toEqual({});
    expect((await errorsOf({ ...filled, meta_title: 'x'.repeat(61) })).meta_title).toBe(
      'Meta title must be at most 60 characters',
    );
    expect(await errorsOf({ ...filled, meta_description: 'x'.repeat(160) })).toEqual({});
    expect(
      (await errorsOf({ ...filled, meta_description: 'x'.repeat(161) })).meta_description,
    ).toBe('Meta description must be at most 160 characters');
  });

  it('limits images to 10 and videos to 3', async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => `/api/v1/media/${i}.jpg`);
    expect(await errorsOf({ ...filled, images: many(10), videos: many(3) })).toEqual({});
    const errors = await errorsOf({ ...filled, images: many(11), videos: many(4) });
    expect(errors.images).toBe('At most 10 images');
    expect(errors.videos).toBe('At most 3 videos');
  });
});
