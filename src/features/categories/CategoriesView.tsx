import { Box, Button, NativeSelect, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import type { Category } from '@generated/model';
import {
  AddButton,
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
import { t as translate, useT } from './messages';

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

function categoryColumns(
  { edit, askDelete, reactivate, reactivating }: RowHandlers,
  canEdit: boolean,
): Column<Category>[] {
  const columns: Column<Category>[] = [
    textColumn(translate('columnName'), (category) => category.name, {
      width: '24%',
      tone: 'strong',
      card: 'title',
    }),
    textColumn(translate('columnSlug'), (category) => category.slug, {
      width: '20%',
      tone: 'muted',
      card: 'subtitle',
    }),
    textColumn(translate('columnDescription'), (category) => category.description || '-', {
      card: 'meta',
      missing: (category) => !category.description,
      title: (category) => category.description ?? undefined,
      testId: 'category-description',
    }),
    {
      header: translate('columnStatus'),
      width: '6.5rem',
      card: 'badge',
      cell: (category) => <StatusBadge active={category.is_active} />,
    },
  ];
  if (!canEdit) return columns;
  return [
    ...columns,
    {
      header: translate('columnActions'),
      width: '11rem',
      align: 'end',
      card: 'actions',
      cell: (category) => (
        <div className="actions">
          {!category.is_active && (
            <Button
              size="sm"
              variant="ghost"
              aria-label={translate('reactivateNamed', { name: category.name })}
              loading={reactivating === category.id}
              disabled={reactivating !== null}
              onClick={() => reactivate(category)}
            >
              {translate('reactivate')}
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
  /**
   * The address asked for the Add dialog (/admin/categories?new, the command palette's 'New
   * category'): it opens once, then `onCreateOpened` drops the request from the address.
   */
  createRequested?: boolean;
  onCreateOpened?: () => void;
  /**
   * The admin may write categories (categories:write): Add, edit, delete, reactivate. Without it
   * the list is read-only.
   */
  canEdit?: boolean;
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
  createRequested = false,
  onCreateOpened,
  canEdit = true,
}: CategoriesViewProps) {
  const { form, openForm, remove, askDelete } = useCrudDialogs<
    Category,
    CategoryFormValues,
    CategoryDeleteMode
  >({ onSave, onDelete });
  const t = useT();
  useEffect(() => {
    if (!createRequested) return;
    if (canEdit) openForm(null);
    onCreateOpened?.();
  }, [createRequested, openForm, onCreateOpened, canEdit]);
  const [filter, setFilter] = useState<CategoryStatusFilter>('all');
  const [reactivating, setReactivating] = useState<number | null>(null);
  const columns = useMemo(() => {
    const reactivate = (category: Category) => {
      setReactivating(category.id);
      void Promise.resolve(onReactivate(category)).finally(() => setReactivating(null));
    };
    return categoryColumns({ edit: openForm, askDelete, reactivate, reactivating }, canEdit);
  }, [openForm, askDelete, onReactivate, reactivating, canEdit]);
  const shown = useMemo(() => categories?.filter(matches(filter)), [categories, filter]);
  const inactive = remove.target ? !remove.target.is_active : false;

  return (
    <ListScreen
      title={t('title')}
      description={t('description')}
      actions={canEdit && <AddButton label={t('addCategory')} onClick={() => openForm(null)} />}
      filters={
        <NativeSelect.Root width={{ base: 'full', md: '44' }} ms={{ sm: 'auto' }}>
          <NativeSelect.Field
            aria-label={t('statusFilter')}
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value as CategoryStatusFilter)}
          >
            <option value="all">{t('allStatuses')}</option>
            <option value="active">{t('active')}</option>
            <option value="inactive">{t('inactive')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      }
      error={
        loadError &&
        !categories && (
          <LoadErrorState title={t('loadFailed')} message={loadError} onRetry={onRetry} />
        )
      }
      loading={loading || !categories || !shown}
      loadingText={t('loading')}
      footer={
        <>
          {shown && shown.length > 0 && (
            <Text fontSize="sm" color="fg.muted" mt="3" data-testid="category-count">
              {t('count', { count: shown.length })}
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
            title={t('deleteTitle')}
            details={inactive ? <InactiveNote /> : <SoftDeleteNote />}
            choices={[
              {
                label: t('forceDelete'),
                outline: true,
                loading: remove.pending === 'force',
                onClick: () => remove.confirm('force'),
              },
              ...(inactive
                ? []
                : [
                    {
                      label: t('softDelete'),
                      loading: remove.pending === 'soft',
                      onClick: () => remove.confirm('soft'),
                    },
                  ]),
            ]}
          >
            {t('deleteQuestion', { name: remove.target?.name ?? '' })}
          </ConfirmDialog>
        </>
      }
    >
      {shown && (
        <DataTable
          rows={shown}
          columns={columns}
          rowKey={categoryId}
          label={t('title')}
          emptyText={
            categories?.length === 0
              ? t('empty')
              : t(filter === 'active' ? 'noActive' : 'noInactive')
          }
          minW="48rem"
        />
      )}
    </ListScreen>
  );
}

function ForceDeleteNote() {
  const t = useT();
  return (
    <Box borderWidth="1px" borderColor="border.error" rounded="md" p="3">
      <Text fontWeight="semibold" color="fg.error">
        {t('forceDeleteTitle')}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {t('forceDeleteText')}
      </Text>
    </Box>
  );
}

/** An active category: both ways, soft first. */
function SoftDeleteNote() {
  const t = useT();
  return (
    <>
      <Box borderWidth="1px" rounded="md" p="3">
        <Text fontWeight="semibold">{t('softDeleteTitle')}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t('softDeleteText')}
        </Text>
      </Box>
      <ForceDeleteNote />
    </>
  );
}

/** Already soft deleted: only Force Delete is offered. */
function InactiveNote() {
  const t = useT();
  return (
    <>
      <Text fontSize="sm" color="fg.muted">
        {t('inactiveText')}
      </Text>
      <ForceDeleteNote />
    </>
  );
}
