import { Button, Table, Text } from '@chakra-ui/react';
import type { Category } from '@generated/model';
import { PlusIcon } from '@/components/icons';
import { PageHeader } from '@/components/layout/PageHeader';
import {
  LoadErrorState,
  LoadingState,
  ManagementTable,
  RowActions,
  useCrudDialogs,
  type ManagementColumn,
} from '@/components/management';
import type { CategoryFormValues } from './category-form';
import { CategoryFormDialog } from './CategoryFormDialog';
import { DeleteCategoryDialog, type CategoryDeleteMode } from './DeleteCategoryDialog';

export const EMPTY_TEXT = 'No categories found. Add your first category!';

const COLUMNS: readonly ManagementColumn[] = [
  { header: 'Name', width: '28%' },
  { header: 'Slug', width: '24%' },
  { header: 'Description' },
  { header: 'Actions', width: '5.5rem', align: 'end' },
];

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
}

/** Categories management (/admin/categories, spec §2): table, Add/Edit dialog, delete dialog. */
export function CategoriesView({
  categories,
  loading,
  loadError = null,
  onRetry,
  onSave,
  onDelete,
}: CategoriesViewProps) {
  const { form, openForm, remove, askDelete } = useCrudDialogs<
    Category,
    CategoryFormValues,
    CategoryDeleteMode
  >({ onSave, onDelete });

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

      {loadError && !categories ? (
        <LoadErrorState title="Failed to load categories" message={loadError} onRetry={onRetry} />
      ) : loading || !categories ? (
        <LoadingState text="Loading categories..." />
      ) : (
        <ManagementTable
          label="Categories"
          columns={COLUMNS}
          minWidth="40rem"
          emptyText={EMPTY_TEXT}
          rows={categories.map((category) => (
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
              <Table.Cell textAlign="end">
                <RowActions
                  name={category.name}
                  onEdit={() => openForm(category)}
                  onDelete={() => askDelete(category)}
                />
              </Table.Cell>
            </Table.Row>
          ))}
        />
      )}
      {categories && categories.length > 0 && (
        <Text fontSize="sm" color="fg.muted" mt="3" data-testid="category-count">
          {categories.length === 1 ? '1 category' : `${categories.length} categories`}
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
        pending={remove.pending}
        onCancel={remove.cancel}
        onConfirm={remove.confirm}
      />
    </>
  );
}
