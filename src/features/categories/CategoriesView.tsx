import { Button, Flex, HStack, NativeSelect, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Category } from '@generated/model';
import { PlusIcon } from '@/components/icons';
import { PageHeader } from '@/components/layout/PageHeader';
import {
  LoadErrorState,
  LoadingState,
  ManagementTable,
  RowActions,
  StatusBadge,
  useCrudDialogs,
  type ManagementColumn,
} from '@/components/management';
import type { CategoryFormValues } from './category-form';
import { CategoryFormDialog } from './CategoryFormDialog';
import { DeleteCategoryDialog, type CategoryDeleteMode } from './DeleteCategoryDialog';

export const EMPTY_TEXT = 'No categories found. Add your first category!';
export const NO_ACTIVE_TEXT = 'No active categories.';
export const NO_INACTIVE_TEXT = 'No inactive categories.';

const COLUMNS: readonly ManagementColumn[] = [
  { header: 'Name', width: '24%' },
  { header: 'Slug', width: '20%' },
  { header: 'Description' },
  { header: 'Status', width: '6.5rem' },
  { header: 'Actions', width: '11rem', align: 'end' },
];

/** Which categories the table shows: all, or only the active or the inactive (soft-deleted) ones. */
export type CategoryStatusFilter = 'all' | 'active' | 'inactive';

const matches = (filter: CategoryStatusFilter) => (category: Category) =>
  filter === 'all' || category.is_active === (filter === 'active');

export interface CategoriesViewProps {
  /** The categories; undefined until loaded. */
  categories: readonly Category[] | undefined;
  loading: boolean;
  /** Why the list could not be loaded (shown instead of the table), else null. */
  loadError?: string | null;
  onRetry?: () => void;
  /** Creates (category null) or updates; resolves true when saved (the dialog then closes). */
  onSave: (values: CategoryFormValues, category: Category | null) => Promise<boolean>;
  /** Soft or force deletes; the dialog closes once it settles (the container reports it). */
  onDelete: (category: Category, mode: CategoryDeleteMode) => Promise<unknown>;
  /** Makes an inactive (soft-deleted) category active again. */
  onReactivate: (category: Category) => Promise<unknown>;
}

/**
 * Categories management (/admin/categories, spec §2): table with a status filter, Add/Edit dialog,
 * delete dialog. Inactive (soft-deleted) categories are listed as Inactive and can be reactivated
 * or force deleted.
 */
export function CategoriesView({
  categories,
  loading,
  loadError = null,
  onRetry,
  onSave,
  onDelete,
  onReactivate,
}: CategoriesViewProps) {
  const { form, openForm, remove, askDelete } = useCrudDialogs<
    Category,
    CategoryFormValues,
    CategoryDeleteMode
  >({ onSave, onDelete });
  const [filter, setFilter] = useState<CategoryStatusFilter>('all');
  // One reactivation at a time per row: its button waits for the answer.
  const [reactivating, setReactivating] = useState<number | null>(null);
  const reactivate = async (category: Category) => {
    setReactivating(category.id);
    try {
      await onReactivate(category);
    } finally {
      setReactivating(null);
    }
  };
  const shown = categories?.filter(matches(filter));

  return (
    <>
      <PageHeader
        title="Categories"
        description="Organise the catalogue into categories and subcategories"
        actions={
          <Button onClick={() => openForm(null)}>
            <PlusIcon />
            Add Category
          </Button>
        }
      />

      <Flex justify="flex-end" mb="4">
        <NativeSelect.Root width={{ base: 'full', md: '44' }}>
          <NativeSelect.Field
            aria-label="Status filter"
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value as CategoryStatusFilter)}
          >
            <option value="all">All statuses</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>

      {loadError && !categories ? (
        <LoadErrorState title="Failed to load categories" message={loadError} onRetry={onRetry} />
      ) : loading || !categories || !shown ? (
        <LoadingState text="Loading categories..." />
      ) : (
        <ManagementTable
          label="Categories"
          columns={COLUMNS}
          minWidth="48rem"
          emptyText={
            categories.length === 0
              ? EMPTY_TEXT
              : filter === 'active'
                ? NO_ACTIVE_TEXT
                : NO_INACTIVE_TEXT
          }
          rows={shown.map((category) => (
            <Table.Row key={category.id}>
              <Table.Cell fontWeight="medium" truncate title={category.name}>
                {category.name}
              </Table.Cell>
              <Table.Cell color="fg.muted" truncate title={category.slug}>
                {category.slug}
              </Table.Cell>
              <Table.Cell
                color={category.description ? undefined : 'fg.muted'}
                truncate
                title={category.description ?? undefined}
                data-testid="category-description"
              >
                {category.description || '-'}
              </Table.Cell>
              <Table.Cell>
                <StatusBadge active={category.is_active} />
              </Table.Cell>
              <Table.Cell textAlign="end">
                <HStack gap="1" justify="flex-end">
                  {!category.is_active && (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Reactivate ${category.name}`}
                      loading={reactivating === category.id}
                      disabled={reactivating !== null}
                      onClick={() => void reactivate(category)}
                    >
                      Reactivate
                    </Button>
                  )}
                  <RowActions
                    name={category.name}
                    onEdit={() => openForm(category)}
                    onDelete={() => askDelete(category)}
                  />
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        />
      )}
      {shown && shown.length > 0 && (
        <Text fontSize="sm" color="fg.muted" mt="3" data-testid="category-count">
          {shown.length === 1 ? '1 category' : `${shown.length} categories`}
        </Text>
      )}

      <CategoryFormDialog
        key={form.session}
        open={form.open}
        category={form.item}
        categories={categories ?? []}
        onSubmit={form.submit}
        onClose={form.close}
      />
      <DeleteCategoryDialog
        open={remove.open}
        categoryName={remove.target?.name ?? ''}
        inactive={remove.target ? !remove.target.is_active : false}
        pending={remove.pending}
        onCancel={remove.cancel}
        onConfirm={remove.confirm}
      />
    </>
  );
}
