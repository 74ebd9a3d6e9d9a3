import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { Category } from '@generated/model';
import {
  createCategory,
  deleteCategory,
  forceDeleteCategory,
  updateCategory,
  useListCategories,
} from '@generated/hooks/categories/categories';
import { notify } from '@/components/ui/notify';
import { serverMessage } from '@/lib/http';
import { CategoriesView } from './CategoriesView';
import { categoryErrorMessage, toCategoryPayload, type CategoryFormValues } from './category-form';
import type { CategoryDeleteMode } from './DeleteCategoryDialog';

const LIST_PATH = '/api/v1/categories/';
/** Every cached category list (this screen's and the product screens' pickers). */
const isCategoryList = (key: unknown) => Array.isArray(key) && key[0] === LIST_PATH;

/** Categories management (/admin/categories): loads the list, saves and deletes (spec §7, §8). */
export function CategoriesPage() {
  const list = useListCategories();
  const { mutate } = useSWRConfig();
  const reload = useCallback(() => void mutate(isCategoryList), [mutate]);

  const handleSave = useCallback(
    async (values: CategoryFormValues, category: Category | null) => {
      try {
        const payload = toCategoryPayload(values, category);
        if (category) await updateCategory(category.id, payload);
        else await createCategory(payload);
      } catch (error) {
        notify.error('Error', categoryErrorMessage(error, 'Failed to save category'));
        return false;
      }
      notify.success(
        'Success',
        category ? 'Category updated successfully' : 'Category created successfully',
      );
      reload();
      return true;
    },
    [reload],
  );

  const handleDelete = useCallback(
    async (category: Category, mode: CategoryDeleteMode) => {
      try {
        if (mode === 'force') await forceDeleteCategory(category.id);
        else await deleteCategory(category.id);
      } catch (error) {
        notify.error('Error', categoryErrorMessage(error, 'Failed to delete category'));
        return;
      }
      notify.success(
        'Success',
        mode === 'force' ? 'Category permanently deleted' : 'Category deactivated (soft delete)',
      );
      reload();
    },
    [reload],
  );

  return (
    <CategoriesView
      categories={list.data}
      loading={list.isLoading}
      loadError={list.error ? serverMessage(list.error, 'Failed to load categories') : null}
      onRetry={() => void list.mutate()}
      onSave={handleSave}
      onDelete={handleDelete}
    />
  );
}
