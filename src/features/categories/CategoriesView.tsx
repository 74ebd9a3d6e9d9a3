import { Box, Button, NativeSelect, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import type { Category } from '@generated/model';
import { PlusIcon } from '@/components/icons';
import {
  ConfirmDialog,
  DataTable,
  ListScreen,
  LoadErrorState,
  RowActions,
  StatusBadge,
  textColumn,
  useCrudDialogs,
  type Column,
} from '@/components/list-screen';
import type { CategoryFormValues } from './category-form';
import { CategoryFormDialog } from './CategoryFormDialog';

const EMPTY_TEXT = 'No categories found. Add your first category!';

/** Soft delete marks a category inactive; force delete removes it for good. */
export type CategoryDeleteMode = 'soft' | 'force';

/** Which categories the table shows: all, or only the active or the inactive (soft-deleted) ones. */
type CategoryStatusFilter = 'all' | 'active' | 'inactive';

const matches = (filter: CategoryStatusFilter) => (category: Category) =>
  filter === 'all' || category.is_active === (filter === 'active');

interface RowHandlers {
  edit: (category: Category) => void;
  askDelete: (category: Category) => void;
  reactivate: (category: Category) => void;
  /** The category being reactivated, if any: one at a time, its button waits for the answer. */
  reactivating: number | null;
}

function categoryColumns({
  edit,
  askDelete,
  reactivate,
  reactivating,
}: RowHandlers): Column<Category>[] {
  return [
    textColumn('Name', (category) => category.name, { width: '24%', tone: 'strong' }),
    textColumn('Slug', (category) => category.slug, { width: '20%', tone: 'muted' }),
    {
      header: 'Description',
      cell: (category) => (
        <span
          className={category.description ? 'cell-text' : 'cell-text cell-muted'}
          title={category.description ?? undefined}
          data-testid="category-description"
        >
          {category.description || '-'}
        </span>
      ),
    },
    {
      header: 'Status',
      width: '6.5rem',
      cell: (category) => <StatusBadge active={category.is_active} />,
    },
    {
      header: 'Actions',
      width: '11rem',
      align: 'end',
      cell: (category) => (
        <div className="actions">
          {!category.is_active && (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Reactivate ${category.name}`}
              loading={reactivating === category.id}
              disabled={reactivating !== null}
              onClick={() => reactivate(category)}
            >
              Reactivate
            </Button>
          )}
          <RowActions
            name={category.name}
            edit={() => edit(category)}
            onDelete={() => askDelete(category)}
          />
        </div>
      ),
    },
  ];
}

const categoryId = (category: Category) => category.id;

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
 * Categories management (/admin/categories, docs/product.md §2): table with a status filter, Add/Edit dialog,
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
  const [reactivating, setReactivating] = useState<number | null>(null);
  const columns = useMemo(() => {
    const reactivate = (category: Category) => {
      setReactivating(category.id);
      void Promise.resolve(onReactivate(category)).finally(() => setReactivating(null));
    };
    return categoryColumns({ edit: openForm, askDelete, reactivate, reactivating });
  }, [openForm, askDelete, onReactivate, reactivating]);
  const shown = useMemo(() => categories?.filter(matches(filter)), [categories, filter]);
  const inactive = remove.target ? !remove.target.is_active : false;

  return (
    <ListScreen
      title="Categories"
      description="Organise the catalogue into categories and subcategories"
      actions={
        <Button onClick={() => openForm(null)}>
          <PlusIcon />
          Add Category
        </Button>
      }
      filters={
        <NativeSelect.Root width={{ base: 'full', md: '44' }} ms={{ sm: 'auto' }}>
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
      }
      error={
        loadError &&
        !categories && (
          <LoadErrorState title="Failed to load categories" message={loadError} onRetry={onRetry} />
        )
      }
      loading={loading || !categories || !shown}
      loadingText="Loading categories..."
      footer={
        <>
          {shown && shown.length > 0 && (
            <Text fontSize="sm" color="fg.muted" mt="3" data-testid="category-count">
              {shown.length === 1 ? '1 category' : `${shown.length} categories`}
            </Text>
          )}
          <CategoryFormDialog
            key={form.session}
            open={form.open}
            item={form.item}
            categories={categories ?? []}
            onSubmit={form.submit}
            onClose={form.close}
          />
          <ConfirmDialog
            {...remove.dialog}
            title="Delete Category"
            details={inactive ? INACTIVE_NOTE : SOFT_DELETE_NOTE}
            choices={[
              {
                label: 'Force Delete',
                outline: true,
                loading: remove.pending === 'force',
                onClick: () => remove.confirm('force'),
              },
              ...(inactive
                ? []
                : [
                    {
                      label: 'Soft Delete',
                      loading: remove.pending === 'soft',
                      onClick: () => remove.confirm('soft'),
                    },
                  ]),
            ]}
          >
            How do you want to delete &quot;{remove.target?.name ?? ''}&quot;?
          </ConfirmDialog>
        </>
      }
    >
      {shown && (
        <DataTable
          rows={shown}
          columns={columns}
          rowKey={categoryId}
          label="Categories"
          emptyText={
            categories?.length === 0
              ? EMPTY_TEXT
              : filter === 'active'
                ? 'No active categories.'
                : 'No inactive categories.'
          }
          minW="48rem"
        />
      )}
    </ListScreen>
  );
}

const FORCE_DELETE_NOTE = (
  <Box borderWidth="1px" borderColor="border.error" rounded="md" p="3">
    <Text fontWeight="semibold" color="fg.error">
      Force Delete (permanent)
    </Text>
    <Text fontSize="sm" color="fg.muted">
      Removes the category for good: its subcategories become top-level and its products
      uncategorised. This action cannot be undone.
    </Text>
  </Box>
);

/** An active category: both ways, soft first. */
const SOFT_DELETE_NOTE = (
  <>
    <Box borderWidth="1px" rounded="md" p="3">
      <Text fontWeight="semibold">Soft Delete (recommended)</Text>
      <Text fontSize="sm" color="fg.muted">
        Marks the category as inactive: it disappears from the shop, and its subcategories and
        products keep their link to it.
      </Text>
    </Box>
    {FORCE_DELETE_NOTE}
  </>
);

/** Already soft deleted: only Force Delete is offered. */
const INACTIVE_NOTE = (
  <>
    <Text fontSize="sm" color="fg.muted">
      This category is already inactive (soft deleted). Reactivate it from the list, or delete it
      permanently.
    </Text>
    {FORCE_DELETE_NOTE}
  </>
);
