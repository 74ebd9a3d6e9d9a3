import { Alert, Button, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentProps,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from 'react';
import { Link } from 'wouter';
import type { Category, VatRate } from '@generated/model';
import { MediaUploader } from '@/components/media-uploader';
import { mediaApi } from '@/features/media';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes';
import { formatMoney, formatVatRate } from '@/lib/format';
import {
  focusFirstInvalidField,
  MoneyField,
  SelectField,
  SwitchField,
  TextAreaField,
  FormSection,
  TextField,
  type Option,
} from '@/components/form';
import { paths } from '@/lib/paths';
import { SHOP_COUNTRY } from '@/lib/shop';
import { t as translate, useT } from '../messages';
import { productFormSchema } from './product-form-schema';
import {
  grossPrice,
  LIMITS,
  nextSlug,
  type ProductFieldErrors,
  type ProductFormField,
  type ProductFormValues,
} from './product-form-values';

/** The empty <form> the product's inputs belong to through their `form` attribute. */
const PRODUCT_FORM_ID = 'product-form';

export interface ProductFormProps {
  mode: 'create' | 'edit';
  initialValues: ProductFormValues;
  /** Undefined while loading. */
  categories?: readonly Category[];
  categoriesFailed?: boolean;
  /** The active VAT rates; undefined while loading. */
  vatRates?: readonly VatRate[];
  vatRatesFailed?: boolean;
  /**
   * Resolves when the save is over; may return field errors to show next to the fields. `then`
   * is where the admin goes next: the list ('Create Product', 'Update Product') or, on the create
   * form, the new product's edit page ('Create and continue editing').
   */
  onSubmit: (values: ProductFormValues, then: SaveThen) => Promise<ProductFieldErrors | void>;
  /** Edit only: the inventory card (simple product) or the variants manager. */
  inventory?: ReactNode;
}

/** Where a save leads: back to the list, or on to the saved product's edit page. */
export type SaveThen = 'list' | 'edit';

interface Uploading {
  images: boolean;
  videos: boolean;
}
type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type SetFieldValue = ReturnType<typeof useFormik<ProductFormValues>>['setFieldValue'];

/**
 * The product form (docs/product.md §2 'Product form', §5): Basic Information, Product Media, Product Type &
 * Inventory, Product Status, SEO & Meta Information, then Cancel and the submit button.
 *
 * The inputs are tied to an empty <form> through their `form` attribute instead of sitting inside
 * it: the inventory card and variants manager rendered in the middle of the page have inputs,
 * buttons and dialogs of their own, and must neither submit the product (Enter in their search
 * box, a submit bubbling out of their dialog's form) nor nest forms.
 *
 * Every field is a memoised component fed with its own value and error, so a keystroke re-renders
 * that field rather than the whole page (media grids and the variants manager included).
 */
export function ProductForm({
  mode,
  initialValues,
  categories,
  categoriesFailed,
  vatRates,
  vatRatesFailed,
  onSubmit,
  inventory,
}: ProductFormProps) {
  const t = useT();
  // The button that submitted: a ref for the save (read once Formik has validated), a state for
  // the label of that button while it saves.
  const then = useRef<SaveThen>('list');
  const [saving, setSaving] = useState<SaveThen>('list');
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormik<ProductFormValues>({
    initialValues,
    validationSchema: productFormSchema,
    onSubmit: async (values, helpers) => {
      const fieldErrors = await onSubmit(values, then.current);
      if (fieldErrors && Object.keys(fieldErrors).length > 0) helpers.setErrors(fieldErrors);
    },
  });
  const { values, errors, touched, handleChange, handleBlur, setFieldValue } = form;
  const busy = form.isSubmitting;
  const [uploading, setUploading] = useState<Uploading>({ images: false, videos: false });

  // A new product starts with the country's default VAT rate, once the rates are there.
  const defaultVatRateId =
    mode === 'create'
      ? vatRates?.find((rate) => rate.is_default && rate.country_code === SHOP_COUNTRY)?.id
      : undefined;
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || defaultVatRateId === undefined) return;
    preselected.current = true;
    if (values.vat_rate_id === '')
      void setFieldValue('vat_rate_id', String(defaultVatRateId), false);
  }, [defaultVatRateId, values.vat_rate_id, setFieldValue]);
  // Unsaved changes (media and uploads under way included): leaving the page asks first. The
  // preselected rate is no change.
  const onlyPreselected =
    defaultVatRateId !== undefined &&
    JSON.stringify(values) ===
      JSON.stringify({ ...initialValues, vat_rate_id: String(defaultVatRateId) });
  useUnsavedChangesGuard(uploading.images || uploading.videos || (form.dirty && !onlyPreselected));

  // The slug follows the name until it is edited by hand (see nextSlug). Field by field:
  // Formik's setValues(fn) reads the last rendered values and could undo a change not yet rendered.
  const { name: currentName, slug: currentSlug } = values;
  const handleNameChange = useCallback(
    (name: string) => {
      const slug = nextSlug(currentName, name, currentSlug);
      void setFieldValue('name', name);
      if (slug !== currentSlug) void setFieldValue('slug', slug);
    },
    [currentName, currentSlug, setFieldValue],
  );

  // Formik reads the field from the event (and a number input's value as a number).
  const handleFieldChange = useCallback(
    (_value: string, event: ChangeEvent<Control>) => handleChange(event),
    [handleChange],
  );

  /** The props every text-like field takes from the form state. */
  const bind = (name: ProductFormField) => {
    const error = errors[name];
    return {
      name,
      value: values[name] as string,
      error: touched[name] ? (Array.isArray(error) ? error.find(Boolean) : error) : undefined,
      onChange: handleFieldChange,
      onBlur: handleBlur,
      disabled: busy,
      form: PRODUCT_FORM_ID,
      maxLength: MAX_LENGTH[name],
    };
  };

  const categoryOptions = useMemo(
    () =>
      withCurrent(
        // Inactive categories are not offered, except the product's own (named as inactive).
        categories
          ?.filter((category) => category.is_active || String(category.id) === values.category_id)
          .map((category) => ({
            value: String(category.id),
            label: category.is_active
              ? categoryLabel(category, categories)
              : inactiveCategoryLabel(categoryLabel(category, categories)),
          })),
        values.category_id,
        inactiveCategoryLabel(t('categoryNumber', { id: values.category_id })),
      ),
    [categories, values.category_id, t],
  );
  const vatRateOptions = useMemo(
    () =>
      withCurrent(
        // An expired rate cannot be assigned (the server refuses it): offered only when it is
        // the product's current rate, marked as such.
        vatRates
          ?.filter((rate) => rate.status !== 'expired' || String(rate.id) === values.vat_rate_id)
          .map((rate) => ({
            value: String(rate.id),
            label: t(rate.status === 'expired' ? 'vatRateExpiredOption' : 'vatRateOption', {
              name: rate.name,
              rate: formatVatRate(rate.rate),
              country: rate.country_code,
            }),
          })),
        values.vat_rate_id,
        t('inactiveVatRate', { id: values.vat_rate_id }),
      ),
    [vatRates, values.vat_rate_id, t],
  );

  /** A picker's options, and its placeholder and disabled state while they load or failed to. */
  const picker = (
    options: Option[] | undefined,
    failed: boolean | undefined,
    placeholders: PickerPlaceholders,
  ) => ({
    options,
    disabled: busy || options === undefined,
    placeholder: t(placeholders[options ? 0 : failed ? 1 : 2]),
  });

  const rate = vatRates?.find((r) => String(r.id) === values.vat_rate_id)?.rate;
  const gross = grossPrice(values.base_price, rate, values.price_includes_vat);

  return (
    <Stack gap="6">
      <form
        id={PRODUCT_FORM_ID}
        ref={formRef}
        onSubmit={(event) => {
          // 'Create and continue editing' submits without a submitter (requestSubmit()); the main
          // button, and Enter in a field, submit with it and go back to the list.
          if (event.nativeEvent.submitter) then.current = 'list';
          setSaving(then.current);
          form.handleSubmit(event);
          void focusFirstInvalidField(event.currentTarget, form.validateForm());
        }}
        noValidate
      />
      <FormSection title={t('basicInformation')}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <TextField
            {...bind('name')}
            onChange={handleNameChange}
            label={t('productName')}
            required
            placeholder={t('productNamePlaceholder')}
          />
          <TextField
            {...bind('slug')}
            label={t('slug')}
            required
            spellCheck={false}
            helperText={t('slugHelp')}
          />
        </SimpleGrid>
        <TextAreaField
          {...bind('short_description')}
          label={t('shortDescription')}
          rows={2}
          helperText={t('shortDescriptionHelp')}
        />
        <TextAreaField {...bind('description')} label={t('fullDescription')} required rows={6} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <SelectField
            {...bind('category_id')}
            {...picker(categoryOptions, categoriesFailed, CATEGORY_PLACEHOLDERS)}
            label={t('category')}
            required
          />
          <TextField {...bind('brand')} label={t('brand')} />
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <MoneyField {...bind('base_price')} label={t('basePrice')} required />
          <MoneyField
            {...bind('compare_at_price')}
            label={t('compareAtPrice')}
            helperText={t('compareAtPriceHelp')}
          />
          <SelectField
            {...bind('vat_rate_id')}
            {...picker(vatRateOptions, vatRatesFailed, VAT_RATE_PLACEHOLDERS)}
            label={t('vatRate')}
            required
          />
          <Stack gap="1.5" justify="center" pt={{ md: '6' }}>
            <FlagSwitch
              name="price_includes_vat"
              label={t('priceIncludesVat')}
              checked={values.price_includes_vat}
              disabled={busy}
              setFieldValue={setFieldValue}
            />
            <Text fontSize="sm" color="fg.muted" data-testid="gross-price">
              {gross === null
                ? t('grossPriceMissing')
                : t('grossPrice', { amount: formatMoney(gross) })}
            </Text>
          </Stack>
        </SimpleGrid>
      </FormSection>
      <MediaSection
        images={values.images}
        videos={values.videos}
        imagesError={typeof errors.images === 'string' ? errors.images : undefined}
        videosError={typeof errors.videos === 'string' ? errors.videos : undefined}
        disabled={busy}
        setFieldValue={setFieldValue}
        setUploading={setUploading}
      />
      <ProductTypeSection
        mode={mode}
        hasVariants={values.has_variants}
        disabled={busy}
        setFieldValue={setFieldValue}
        inventory={inventory}
      />
      <StatusSection
        isActive={values.is_active}
        isFeatured={values.is_featured}
        disabled={busy}
        setFieldValue={setFieldValue}
      />
      <FormSection title={t('seo')} description={t('seoDescription')}>
        <TextField
          {...bind('meta_title')}
          label={t('metaTitle')}
          counter
          helperText={t('metaTitleHelp')}
        />
        <TextAreaField
          {...bind('meta_description')}
          label={t('metaDescription')}
          rows={3}
          counter
          helperText={t('metaDescriptionHelp')}
        />
        <TextField {...bind('tags')} label={t('tags')} helperText={t('tagsHelp')} />
      </FormSection>
      <Flex
        gap="3"
        justify="flex-end"
        direction={{ base: 'column-reverse', sm: 'row' }}
        align={{ base: 'stretch', sm: 'center' }}
      >
        {(uploading.images || uploading.videos) && (
          <Text fontSize="sm" color="fg.muted" textAlign={{ base: 'center', sm: 'end' }}>
            {t('waitingForUploads')}
          </Text>
        )}
        <Button asChild variant="outline">
          <Link href={paths.products.list}>{t('cancel')}</Link>
        </Button>
        {mode === 'create' && (
          <Button
            type="button"
            variant="outline"
            disabled={busy || uploading.images || uploading.videos}
            onClick={() => {
              then.current = 'edit';
              formRef.current?.requestSubmit();
            }}
          >
            {t(busy && saving === 'edit' ? 'saving' : 'createAndContinue')}
          </Button>
        )}
        <Button
          type="submit"
          form={PRODUCT_FORM_ID}
          disabled={busy || uploading.images || uploading.videos}
        >
          {t(
            busy && saving === 'list'
              ? 'saving'
              : mode === 'create'
                ? 'createProduct'
                : 'updateProduct',
          )}
        </Button>
      </Flex>
    </Stack>
  );
}

/** A yes/no field of the product, bound to the form. */
function FlagSwitch({
  name,
  setFieldValue,
  ...props
}: Omit<ComponentProps<typeof SwitchField>, 'name' | 'onChange' | 'form'> & {
  name: 'price_includes_vat' | 'has_variants' | 'is_active' | 'is_featured';
  setFieldValue: SetFieldValue;
}) {
  return (
    <SwitchField
      {...props}
      name={name}
      form={PRODUCT_FORM_ID}
      onChange={(checked) => void setFieldValue(name, checked)}
    />
  );
}

/** The inputs stop at the schema's length limits (meta title/description show a counter). */
const MAX_LENGTH: Partial<Record<ProductFormField, number>> = {
  name: LIMITS.name,
  slug: LIMITS.slug,
  short_description: LIMITS.shortDescription,
  description: LIMITS.description,
  brand: LIMITS.brand,
  meta_title: LIMITS.metaTitle,
  meta_description: LIMITS.metaDescription,
};

/* ---- Options ---- */

/** A picker's placeholder (messages): to choose, when its list failed, while it loads. */
type PickerPlaceholders = readonly [MessageKey, MessageKey, MessageKey];
type MessageKey = Parameters<ReturnType<typeof useT>>[0];
const CATEGORY_PLACEHOLDERS: PickerPlaceholders = [
  'selectCategory',
  'categoriesFailed',
  'categoriesLoading',
];
const VAT_RATE_PLACEHOLDERS: PickerPlaceholders = [
  'selectVatRate',
  'vatRatesFailed',
  'vatRatesLoading',
];

/** How the select names an inactive (soft-deleted) category. */
const inactiveCategoryLabel = (label: string) => translate('inactiveCategory', { label });

function categoryLabel(category: Category, all: readonly Category[]): string {
  const parent = all.find((c) => c.id === category.parent_id);
  return parent ? `${parent.name} › ${category.name}` : category.name;
}

/**
 * The options, plus the current value when the list lacks it (the product's own category or VAT
 * rate may be inactive): it stays selected and selectable. Undefined while the list loads.
 */
function withCurrent(
  options: Option[] | undefined,
  current: string,
  label: string,
): Option[] | undefined {
  if (!options || current === '' || options.some((option) => option.value === current))
    return options;
  return [...options, { value: current, label }];
}

/* ---- Sections ---- */

/** The two media fields: what each holds and how its uploader is named. */
const MEDIA = {
  images: { kind: 'image', label: 'images', uploaderLabel: 'productImages', helper: undefined },
  videos: {
    kind: 'video',
    label: 'videos',
    uploaderLabel: 'productVideos',
    helper: 'videosHelp',
  },
} as const;

function MediaSection(
  props: Omit<ComponentProps<typeof MediaField>, 'field' | 'urls' | 'error'> & {
    images: string[];
    videos: string[];
    imagesError?: string | undefined;
    videosError?: string | undefined;
  },
) {
  const { images, videos, imagesError, videosError, ...shared } = props;
  const t = useT();
  return (
    <FormSection title={t('productMedia')} description={t('productMediaDescription')}>
      <MediaField field="images" urls={images} error={imagesError} {...shared} />
      <MediaField field="videos" urls={videos} error={videosError} {...shared} />
    </FormSection>
  );
}

const MediaField = memo(function MediaField({
  field,
  urls,
  error,
  disabled,
  setFieldValue,
  setUploading,
}: {
  field: keyof typeof MEDIA;
  urls: string[];
  error?: string | undefined;
  disabled: boolean;
  setFieldValue: SetFieldValue;
  setUploading: Dispatch<SetStateAction<Uploading>>;
}) {
  const t = useT();
  const { kind, label, uploaderLabel, helper } = MEDIA[field];
  const onChange = useCallback(
    (next: string[]) => void setFieldValue(field, next),
    [field, setFieldValue],
  );
  const onUploadingChange = useCallback(
    (busy: boolean) => setUploading((state) => ({ ...state, [field]: busy })),
    [field, setUploading],
  );
  return (
    <Stack gap="2">
      <Text fontWeight="medium" fontSize="sm">
        {t(label)}
      </Text>
      <MediaUploader
        kind={kind}
        api={mediaApi}
        label={t(uploaderLabel)}
        value={urls}
        onChange={onChange}
        max={LIMITS[field]}
        disabled={disabled}
        onUploadingChange={onUploadingChange}
      />
      {helper && (
        <Text fontSize="xs" color="fg.muted">
          {t(helper)}
        </Text>
      )}
      {error && (
        <Text fontSize="xs" color="fg.error" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
});

const ProductTypeSection = memo(function ProductTypeSection({
  mode,
  hasVariants,
  disabled,
  setFieldValue,
  inventory,
}: {
  mode: 'create' | 'edit';
  hasVariants: boolean;
  disabled: boolean;
  setFieldValue: SetFieldValue;
  inventory?: ReactNode;
}) {
  const t = useT();
  return (
    <FormSection title={t('productTypeInventory')}>
      <FlagSwitch
        name="has_variants"
        label={t('hasVariants')}
        checked={hasVariants}
        setFieldValue={setFieldValue}
        helperText={t(mode === 'edit' ? 'productTypeLocked' : 'variantsHelp')}
        disabled={mode === 'edit' || disabled}
      />
      {mode === 'create' ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('inventoryAfterSaving')}</Alert.Title>
            <Alert.Description>{t('inventoryAfterSavingText')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        inventory
      )}
    </FormSection>
  );
});

/** The status switches, in the order shown: on sale in the shop, and featured by it. */
const STATUS_FLAGS = [
  { name: 'is_active', label: 'active', helperText: 'activeHelp' },
  { name: 'is_featured', label: 'featured', helperText: 'featuredHelp' },
] as const;

const StatusSection = memo(function StatusSection({
  isActive,
  isFeatured,
  disabled,
  setFieldValue,
}: {
  isActive: boolean;
  isFeatured: boolean;
  disabled: boolean;
  setFieldValue: SetFieldValue;
}) {
  const t = useT();
  const checked = { is_active: isActive, is_featured: isFeatured };
  return (
    <FormSection title={t('productStatus')}>
      {STATUS_FLAGS.map((flag) => (
        <FlagSwitch
          key={flag.name}
          name={flag.name}
          label={t(flag.label)}
          helperText={t(flag.helperText)}
          checked={checked[flag.name]}
          setFieldValue={setFieldValue}
          disabled={disabled}
        />
      ))}
    </FormSection>
  );
});
