import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { useLocation, useSearch } from 'wouter';
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
import { withToasts } from '@/components/ui/notify';
import { usePermission } from '@/lib/auth/permissions';
import { serverMessage } from '@/lib/http';
import { paths } from '@/lib/paths';
import { CategoriesView, type CategoryDeleteMode } from './CategoriesView';
import { t } from './messages';
import { categoryErrorMessage, toCategoryPayload, type CategoryFormValues } from './category-form';

const LIST_PATHS = new Set<unknown>([getListCategoriesKey()[0], getListAdminCategoriesKey()[0]]);
/** Every cached category list (this screen's, the product screens' and the public one). */
const isCategoryList = (key: unknown) => Array.isArray(key) && LIST_PATHS.has(key[0]);

/**
 * Categories management (/admin/categories): loads every category, inactive (soft-deleted) ones
 * included, saves, deletes and reactivates (docs/product.md §7, §8).
 */
export function CategoriesPage() {
  // createCategory, updateCategory, deleteCategory, forceDeleteCategory.
  const canEdit = usePermission('categories:write');
  const list = useListAdminCategories();
  const { mutate } = useSWRConfig();
  const reload = useCallback(() => void mutate(isCategoryList), [mutate]);
  const createRequested = new URLSearchParams(useSearch()).has('new');
  const [, navigate] = useLocation();
  // Replace, so Back and a reload do not open the dialog again.
  const dropCreateRequest = useCallback(
    () => navigate(paths.categories.list, { replace: true }),
    [navigate],
  );

  const handleSave = useCallback(
    async (values: CategoryFormValues, category: Category | null) => {
      const saved = await withToasts(
        () => {
          const payload = toCategoryPayload(values, category);
          return category ? updateCategory(category.id, payload) : createCategory(payload);
        },
        {
          success: t(category ? 'updated' : 'created'),
          failure: t('saveFailed'),
          errorMessage: categoryErrorMessage,
        },
      );
      if (saved) reload();
      return saved;
    },
    [reload],
  );

  const handleDelete = useCallback(
    async (category: Category, mode: CategoryDeleteMode) => {
      const deleted = await withToasts(
        () => (mode === 'force' ? forceDeleteCategory(category.id) : deleteCategory(category.id)),
        {
          success: t(mode === 'force' ? 'forceDeleted' : 'softDeleted'),
          failure: t('deleteFailed'),
          errorMessage: categoryErrorMessage,
        },
      );
      if (deleted) reload();
    },
    [reload],
  );

  const handleReactivate = useCallback(
    async (category: Category) => {
      const saved = await withToasts(() => updateCategory(category.id, { is_active: true }), {
        success: t('reactivated'),
        failure: t('saveFailed'),
        errorMessage: categoryErrorMessage,
      });
      if (saved) reload();
    },
    [reload],
  );

  return (
    <CategoriesView
      categories={list.data}
      loading={list.isLoading}
      loadError={list.error ? serverMessage(list.error, t('loadFailed')) : null}
      onRetry={() => void list.mutate()}
      onSave={handleSave}
      onDelete={handleDelete}
      onReactivate={handleReactivate}
      createRequested={createRequested}
      onCreateOpened={dropCreateRequest}
      canEdit={canEdit}
    />
  );
}
