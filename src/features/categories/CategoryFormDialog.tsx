import { useState } from 'react';
import type { Category } from '@generated/model';
import {
  FormDialog,
  SelectField,
  TextAreaField,
  TextField,
  useFormDialog,
  type ItemFormDialogProps,
} from '@/components/form';
import { slugify } from '@/lib/format';
import {
  categoryToValues,
  emptyCategoryValues,
  parentOptions,
  validateCategory,
  type CategoryFormValues,
} from './category-form';
import { useT } from './messages';

/** An address, the same in every language. */
const IMAGE_URL_EXAMPLE = 'https://example.com/image.jpg';

interface CategoryFormDialogProps extends ItemFormDialogProps<Category, CategoryFormValues> {
  /** Every category, for the parent picker. */
  categories: readonly Category[];
}

/**
 * Add/Edit Category (docs/product.md §2): the slug follows the name (slugify) until it is edited by hand;
 * the parent picker offers 'None (Top-level category)' and never the category itself.
 */
export function CategoryFormDialog({ categories, ...props }: CategoryFormDialogProps) {
  const t = useT();
  const { editing, setField, bind, dialog } = useFormDialog(props, {
    values: { empty: emptyCategoryValues, of: categoryToValues },
    validate: validateCategory,
    titles: [t('addCategory'), t('editCategory')],
  });
  // An existing category keeps its slug (its public address) unless it is changed by hand.
  const [slugEdited, setSlugEdited] = useState(editing);

  return (
    <FormDialog {...dialog}>
      <TextField
        label={t('categoryName')}
        required
        {...bind('name')}
        placeholder={t('categoryNamePlaceholder')}
        onChange={(name) => {
          setField('name', name);
          if (!slugEdited) setField('slug', slugify(name));
        }}
      />
      <TextField
        label={t('slug')}
        required
        {...bind('slug')}
        placeholder={t('slugPlaceholder')}
        onChange={(slug) => {
          // Clearing the slug hands it back to the name.
          setSlugEdited(slug !== '');
          setField('slug', slug);
        }}
        helperText={t('slugHelp')}
      />
      <SelectField label={t('parentCategory')} {...bind('parent_id')}>
        <option value="">{t('noParent')}</option>
        {parentOptions(categories, props.item).map((option) => (
          <option key={option.id} value={String(option.id)}>
            {option.name}
          </option>
        ))}
      </SelectField>
      <TextAreaField label={t('columnDescription')} {...bind('description')} />
      <TextField
        label={t('imageUrl')}
        type="url"
        {...bind('image_url')}
        inputMode="url"
        placeholder={IMAGE_URL_EXAMPLE}
      />
    </FormDialog>
  );
}
