import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { Category } from '@generated/model';
import {
  createCategory,
  deleteCategory,
  forceDeleteCategory,
  getListAdminCategoriesKey,
  getListCategoriesKey,
  updateCategory,
  useListAdminCategories,
} from '@generated/hooks/categories/categories';
import { notify } from '@/components/ui/notify';
import { serverMessage } from '@/lib/http';
import { CategoriesView, type CategoryDeleteMode } from './CategoriesView';
import { categoryErrorMessage, toCategoryPayload, type CategoryFormValues } from './category-form';

const LIST_PATHS = new Set<unknown>([getListCategoriesKey()[0], getListAdminCategoriesKey()[0]]);
/** Every cached category list (this screen's, the product screens' and the public one). */
const isCategoryList = (key: unknown) => Array.isArray(key) && LIST_PATHS.has(key[0]);

/**
 * Categories management (/admin/categories): loads every category, inactive (soft-deleted) ones
 * included, saves, deletes and reactivates (spec §7, §8).
 */
export function CategoriesPage() {
  const list = useListAdminCategories();
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

  const handleReactivate = useCallback(
    async (category: Category) => {
      try {
        await updateCategory(category.id, { is_active: true });
      } catch (error) {
        notify.error('Error', categoryErrorMessage(error, 'Failed to save category'));
        return;
      }
      notify.success('Success', 'Category reactivated');
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
      onReactivate={handleReactivate}
    />
  );
}
