import { describe, expect, it } from 'vitest';
import type { Category } from '@generated/model';
import { categories } from '@mocks/fixtures';
import { ApiError } from '@/lib/http';
import {
  categoryErrorMessage,
  categoryToValues,
  emptyCategoryValues,
  parentOptions,
  toCategoryPayload,
  validateCategory,
  type CategoryFormValues,
} from './category-form';

const valid: CategoryFormValues = {
  name: 'Sacs à main',
  slug: 'sacs-a-main',
  parent_id: '1',
  description: 'Cabas et pochettes',
  image_url: 'https://cdn.example.tn/sacs.jpg',
};

describe('validateCategory', () => {
  it('accepts a complete category and one with only name and slug', () => {
    expect(validateCategory(valid)).toEqual({ errors: {}, summary: null });
    expect(
      validateCategory({ ...emptyCategoryValues, name: 'Bijoux', slug: 'bijoux' }).summary,
    ).toBe(null);
  });

  it('requires the name and the slug (blank counts as missing)', () => {
    const result = validateCategory({ ...valid, name: '   ', slug: '' });
    expect(result.errors).toEqual({
      name: 'Category name is required',
      slug: 'Slug is required',
    });
    expect(result.summary).toBe('Please fill in all required fields');
  });

  it('wants a URL-safe slug', () => {
    for (const slug of ['Sacs', 'sacs en cuir', 'sacs--cuir', '-sacs', 'sacs_cuir'])
      expect(validateCategory({ ...valid, slug }).errors).toEqual({
        slug: 'Slug may only contain lowercase letters, numbers and hyphens',
      });
    expect(validateCategory({ ...valid, slug: 'sacs-2025' }).errors).toEqual({});
  });

  it('wants an URL-shaped image URL when one is given', () => {
    for (const image_url of ['sacs.jpg', 'cdn.example.tn/sacs.jpg', 'http//x'])
      expect(validateCategory({ ...valid, image_url })).toEqual({
        errors: { image_url: 'Please enter a valid URL' },
        summary: 'Please enter a valid URL',
      });
    expect(validateCategory({ ...valid, image_url: '' }).errors).toEqual({});
    expect(
      validateCategory({ ...valid, image_url: 'http://cdn.example.tn:8080/a/b.png?v=2' }).errors,
    ).toEqual({});
  });
});

describe('form values and payload', () => {
  /** What the dialog sends besides its fields: the category active, ordered first. */
  const CREATED = { is_active: true, display_order: 0 };

  it('sends docs/product.md body: trimmed texts, null for empty optional fields, active, order 0', () => {
    expect(
      toCategoryPayload({
        name: '  Bijoux ',
        slug: ' bijoux ',
        parent_id: '',
        description: '  ',
        image_url: '',
      }),
    ).toEqual({
      name: 'Bijoux',
      slug: 'bijoux',
      description: null,
      image_url: null,
      parent_id: null,
      ...CREATED,
    });
    expect(toCategoryPayload(valid)).toEqual({
      name: 'Sacs à main',
      slug: 'sacs-a-main',
      description: 'Cabas et pochettes',
      image_url: 'https://cdn.example.tn/sacs.jpg',
      parent_id: 1,
      ...CREATED,
    });
  });

  it('keeps an edited category in its place and its status (reactivating is its own action)', () => {
    const bougies = categories.find((c) => c.slug === 'bougies')!;
    expect(toCategoryPayload(categoryToValues(bougies), bougies)).toEqual({
      name: 'Bougies',
      slug: 'bougies',
      description: 'Collection arrêtée.',
      image_url: null,
      parent_id: null,
      is_active: false,
      display_order: 9,
    });
    const sacs = categories.find((c) => c.slug === 'sacs')!;
    expect(toCategoryPayload(categoryToValues(sacs), sacs)).toMatchObject({ is_active: true });
  });

  it('round-trips a category through the form', () => {
    const sacs = categories.find((c) => c.slug === 'sacs')!;
    expect(categoryToValues(sacs)).toEqual({
      name: 'Sacs',
      slug: 'sacs',
      parent_id: '1',
      description: '',
      image_url: '',
    });
    const ceramique = categories.find((c) => c.slug === 'ceramique')!;
    const payload = toCategoryPayload(categoryToValues(ceramique), ceramique);
    expect(payload).toMatchObject({
      name: ceramique.name,
      slug: ceramique.slug,
      description: ceramique.description,
      image_url: ceramique.image_url,
      parent_id: ceramique.parent_id,
    });
  });
});

describe('parentOptions', () => {
  const tree: Category[] = [
    { ...categories[0]!, id: 1, name: 'A', parent_id: null },
    { ...categories[0]!, id: 2, name: 'A.1', parent_id: 1 },
    { ...categories[0]!, id: 3, name: 'A.1.a', parent_id: 2 },
    { ...categories[0]!, id: 4, name: 'B', parent_id: null },
    { ...categories[0]!, id: 5, name: 'B.1', parent_id: 4 },
  ];
  const names = (list: Category[]) => list.map((c) => c.name);

  it('offers every category for a new one', () => {
    expect(names(parentOptions(tree))).toEqual(['A', 'A.1', 'A.1.a', 'B', 'B.1']);
    expect(names(parentOptions(tree, null))).toEqual(['A', 'A.1', 'A.1.a', 'B', 'B.1']);
  });

  it('never offers the edited category itself, nor anything below it', () => {
    expect(names(parentOptions(tree, tree[0]))).toEqual(['B', 'B.1']);
    expect(names(parentOptions(tree, tree[1]))).toEqual(['A', 'B', 'B.1']);
    expect(names(parentOptions(tree, tree[2]))).toEqual(['A', 'A.1', 'B', 'B.1']);
    expect(names(parentOptions(tree, tree[4]))).toEqual(['A', 'A.1', 'A.1.a', 'B']);
  });

  it('copes with a cycle in the data', () => {
    const cyclic = [{ ...tree[0]!, parent_id: 2 }, { ...tree[1]!, parent_id: 1 }, tree[3]!];
    expect(names(parentOptions(cyclic, cyclic[0]))).toEqual(['B']);
  });
});

describe('categoryErrorMessage', () => {
  it('prefers the server detail, then the error message, then the fallback', () => {
    const fallback = 'Failed to save category';
    expect(
      categoryErrorMessage(
        new ApiError(409, 'Slug already exists', 'http', 'Slug already exists'),
        fallback,
      ),
    ).toBe('Slug already exists');
    expect(categoryErrorMessage(new ApiError(0, 'Network error', 'network'), fallback)).toBe(
      'Network error',
    );
    expect(
      categoryErrorMessage(
        new ApiError(422, 'parent_id: Parent not found', 'http', [
          { loc: ['body', 'parent_id'], msg: 'Parent not found' },
        ]),
        fallback,
      ),
    ).toBe('parent_id: Parent not found');
    expect(categoryErrorMessage(new Error(''), fallback)).toBe(fallback);
    expect(categoryErrorMessage('boom', fallback)).toBe(fallback);
    expect(categoryErrorMessage(undefined, 'Failed to delete category')).toBe(
      'Failed to delete category',
    );
  });
});
