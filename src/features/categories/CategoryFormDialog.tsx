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

const NO_PARENT_LABEL = 'None (Top-level category)';

interface CategoryFormDialogProps extends ItemFormDialogProps<Category, CategoryFormValues> {
  /** Every category, for the parent picker. */
  categories: readonly Category[];
}

/**
 * Add/Edit Category (docs/product.md §2): the slug follows the name (slugify) until it is edited by hand;
 * the parent picker offers 'None (Top-level category)' and never the category itself.
 */
export function CategoryFormDialog({ categories, ...props }: CategoryFormDialogProps) {
  const { editing, setField, bind, dialog } = useFormDialog(props, {
    values: { empty: emptyCategoryValues, of: categoryToValues },
    validate: validateCategory,
    titles: ['Add Category', 'Edit Category'],
  });
  // An existing category keeps its slug (its public address) unless it is changed by hand.
  const [slugEdited, setSlugEdited] = useState(editing);

  return (
    <FormDialog {...dialog}>
      <TextField
        label="Category Name"
        required
        {...bind('name')}
        placeholder="e.g. Leather goods"
        onChange={(name) => {
          setField('name', name);
          if (!slugEdited) setField('slug', slugify(name));
        }}
      />
      <TextField
        label="Slug"
        required
        {...bind('slug')}
        placeholder="e.g. leather-goods"
        onChange={(slug) => {
          // Clearing the slug hands it back to the name.
          setSlugEdited(slug !== '');
          setField('slug', slug);
        }}
        helperText="Used in the category's address: lowercase letters, numbers and hyphens"
      />
      <SelectField label="Parent Category" {...bind('parent_id')}>
        <option value="">{NO_PARENT_LABEL}</option>
        {parentOptions(categories, props.item).map((option) => (
          <option key={option.id} value={String(option.id)}>
            {option.name}
          </option>
        ))}
      </SelectField>
      <TextAreaField label="Description" {...bind('description')} />
      <TextField
        label="Image URL"
        type="url"
        {...bind('image_url')}
        inputMode="url"
        placeholder="https://example.com/image.jpg"
      />
    </FormDialog>
  );
}
