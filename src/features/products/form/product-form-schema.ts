import * as yup from 'yup';
import { t } from '../messages';
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
      () => t('moneyInvalid'),
      (value) => !value || MONEY.test(value),
    );

/** The message of a length limit, in the language of the moment it is shown. */
const atMost = (field: FieldName, max: number) => () => t('tooLong', { field: t(field), max });
type FieldName = Parameters<typeof t>[0];

/**
 * Validation of the product form (docs/product.md §5): name, slug, full description, category, base price
 * and VAT rate are required; meta title ≤ 60 and meta description ≤ 160 characters; at most 10
 * images and 3 videos; prices with up to 3 decimals.
 */
export const productFormSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required(() => t('nameRequired'))
    .max(LIMITS.name, atMost('fieldName', LIMITS.name)),
  slug: yup
    .string()
    .trim()
    .required(() => t('slugRequired'))
    .max(LIMITS.slug, atMost('fieldSlug', LIMITS.slug))
    .matches(SLUG, {
      message: () => t('slugInvalid'),
      excludeEmptyString: true,
    }),
  short_description: yup
    .string()
    .max(LIMITS.shortDescription, atMost('fieldShortDescription', LIMITS.shortDescription)),
  description: yup
    .string()
    .trim()
    .required(() => t('descriptionRequired'))
    .max(LIMITS.description, atMost('fieldDescription', LIMITS.description)),
  category_id: yup.string().required(() => t('categoryRequired')),
  brand: yup.string().max(LIMITS.brand, atMost('fieldBrand', LIMITS.brand)),
  base_price: money().required(() => t('basePriceRequired')),
  compare_at_price: money(),
  vat_rate_id: yup.string().required(() => t('vatRateRequired')),
  images: yup
    .array(yup.string())
    .max(LIMITS.images, () => t('tooManyImages', { max: LIMITS.images })),
  videos: yup
    .array(yup.string())
    .max(LIMITS.videos, () => t('tooManyVideos', { max: LIMITS.videos })),
  meta_title: yup.string().max(LIMITS.metaTitle, atMost('fieldMetaTitle', LIMITS.metaTitle)),
  meta_description: yup
    .string()
    .max(LIMITS.metaDescription, atMost('fieldMetaDescription', LIMITS.metaDescription)),
  tags: yup.string().test(
    'tag-count',
    () => t('tooManyTags', { max: LIMITS.tags }),
    (value) => parseTags(value ?? '').length <= LIMITS.tags,
  ),
});
