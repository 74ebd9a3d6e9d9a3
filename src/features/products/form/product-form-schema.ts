import * as yup from 'yup';
import { LIMITS, parseTags } from './product-form-values';

/** A decimal amount of at most 9 digits before and 3 after the point (API `Money`). */
const MONEY = /^\d{1,9}(\.\d{1,3})?$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const money = () =>
  yup
    .string()
    .trim()
    .test(
      'money',
      'Enter an amount of 0 or more with up to 3 decimals',
      (value) => !value || MONEY.test(value),
    );

const atMost = (label: string, max: number) => `${label} must be at most ${max} characters`;

/**
 * Validation of the product form (docs/product.md §5): name, slug, full description, category, base price
 * and VAT rate are required; meta title ≤ 60 and meta description ≤ 160 characters; at most 10
 * images and 3 videos; prices with up to 3 decimals.
 */
export const productFormSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required('Product name is required')
    .max(LIMITS.name, atMost('Product name', LIMITS.name)),
  slug: yup
    .string()
    .trim()
    .required('Slug is required')
    .max(LIMITS.slug, atMost('Slug', LIMITS.slug))
    .matches(SLUG, {
      message: 'Use lower-case letters, digits and single hyphens only',
      excludeEmptyString: true,
    }),
  short_description: yup
    .string()
    .max(LIMITS.shortDescription, atMost('Short description', LIMITS.shortDescription)),
  description: yup
    .string()
    .trim()
    .required('Full description is required')
    .max(LIMITS.description, atMost('Full description', LIMITS.description)),
  category_id: yup.string().required('Category is required'),
  brand: yup.string().max(LIMITS.brand, atMost('Brand', LIMITS.brand)),
  base_price: money().required('Base price is required'),
  compare_at_price: money(),
  vat_rate_id: yup.string().required('VAT rate is required'),
  images: yup.array(yup.string()).max(LIMITS.images, `At most ${LIMITS.images} images`),
  videos: yup.array(yup.string()).max(LIMITS.videos, `At most ${LIMITS.videos} videos`),
  meta_title: yup.string().max(LIMITS.metaTitle, atMost('Meta title', LIMITS.metaTitle)),
  meta_description: yup
    .string()
    .max(LIMITS.metaDescription, atMost('Meta description', LIMITS.metaDescription)),
  tags: yup
    .string()
    .test(
      'tag-count',
      `At most ${LIMITS.tags} tags`,
      (value) => parseTags(value ?? '').length <= LIMITS.tags,
    ),
});
