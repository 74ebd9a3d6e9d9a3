import { object, string } from 'yup';
import type { Category, CategoryCreate } from '@generated/model';
import { validationSummary, type ValidationResult } from '@/components/form';
import { ApiError } from '@/lib/http';
import { inputText, trimmedOrNull } from '@/lib/forms/text';
import { t } from './messages';

/** The Add/Edit Category dialog's fields, as typed (ids as strings, '' for none). */
export interface CategoryFormValues {
  name: string;
  slug: string;
  /** The parent's id, or '' for a top-level category. */
  parent_id: string;
  description: string;
  image_url: string;
}

export const emptyCategoryValues: CategoryFormValues = {
  name: '',
  slug: '',
  parent_id: '',
  description: '',
  image_url: '',
};

export function categoryToValues(category: Category): CategoryFormValues {
  return {
    name: category.name,
    slug: category.slug,
    parent_id: category.parent_id === null ? '' : String(category.parent_id),
    description: inputText(category.description),
    image_url: inputText(category.image_url),
  };
}

/** docs/product.md §5: name and slug required, the image URL URL-shaped; limits of the API (openapi/). */
const categorySchema = object({
  name: string()
    .trim()
    .required(() => t('nameRequired'))
    .max(100, () => t('nameTooLong', { max: 100 })),
  slug: string()
    .trim()
    .required(() => t('slugRequired'))
    .max(200, () => t('slugTooLong', { max: 200 }))
    .matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, () => t('slugFormat')),
  parent_id: string(),
  description: string().max(2000, () => t('descriptionTooLong', { max: 2000 })),
  image_url: string()
    .trim()
    .url(() => t('urlInvalid'))
    .max(2048, () => t('imageUrlTooLong', { max: 2048 })),
});

export function validateCategory(values: CategoryFormValues): ValidationResult<CategoryFormValues> {
  return validationSummary(categorySchema, values);
}

/**
 * docs/product.md §7: the create/update body — name, slug, description, image_url, parent_id, is_active
 * (true for a new category; an edited one keeps its status, so editing an inactive category does
 * not reactivate it) and display_order (0 for a new category; an edited one keeps its place).
 */
export function toCategoryPayload(
  values: CategoryFormValues,
  existing?: Category | null,
): Required<CategoryCreate> {
  return {
    name: values.name.trim(),
    slug: values.slug.trim(),
    description: trimmedOrNull(values.description),
    image_url: trimmedOrNull(values.image_url),
    parent_id: values.parent_id ? Number(values.parent_id) : null,
    is_active: existing?.is_active ?? true,
    display_order: existing?.display_order ?? 0,
  };
}

/**
 * The categories a category may be placed under: all but the category itself and its
 * descendants (the API refuses a cycle), in the list's order.
 */
export function parentOptions(
  categories: readonly Category[],
  editing?: Category | null,
): Category[] {
  if (!editing) return [...categories];
  const excluded = new Set<number>([editing.id]);
  // Walk down from the edited category (the list is small; repeat until nothing new is found).
  let grew = true;
  while (grew) {
    grew = false;
    for (const category of categories)
      if (
        category.parent_id !== null &&
        excluded.has(category.parent_id) &&
        !excluded.has(category.id)
      ) {
        excluded.add(category.id);
        grew = true;
      }
  }
  return categories.filter((category) => !excluded.has(category.id));
}

/** docs/product.md §8 (Category): the server's detail, else the error's message, else the fallback. */
export function categoryErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && typeof error.detail === 'string' && error.detail.trim())
    return error.detail;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
