import {
  Button,
  Card,
  Flex,
  HStack,
  Input,
  InputGroup,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { VariantPage } from '@generated/model';
import { PlusIcon, SearchIcon, TrashIcon } from '@/components/icons';
import { BulkActionBar, type BulkActionKind } from '@/features/bulk-edit';
import {
  FilterSelect,
  LoadErrorState,
  LoadingState,
  SEARCH_MAX_LENGTH,
  type FilterOption,
} from '@/components/list-screen';
import { type StatusFilter, type StockFilter, type VariantFilters } from './list-params';
import { useT } from './messages';
import { pageStats, STOCK_COLOR } from './stock';
import { VariantsTable, type VariantsListProps } from './VariantsList';
import { ROW_FROM_SM } from '@/components/layout/responsive';
import { SectionTitle } from '@/components/layout/SectionTitle';

export interface VariantsManagerViewProps extends Omit<VariantsListProps, 'items'> {
  /** The current page; undefined until the first answer. */
  data: VariantPage | undefined;
  /** A failed load (shown when there is no data to show). */
  loadError?: string | null;
  onRetry?: () => void;
  filters: VariantFilters;
  onFiltersChange: (filters: VariantFilters) => void;
  /** Whether the list is filtered (the empty state then offers Clear Filters). */
  filtered: boolean;
  onClearFilters: () => void;
  onPageChange: (page: number) => void;
  onAdd: () => void;
  onDeleteSelected: () => void;
  /** Opens the dialog of a bulk action for the selected variants. */
  onBulkAction: (kind: BulkActionKind) => void;
}

const VARIANT_BULK_ACTIONS: readonly BulkActionKind[] = [
  'set_price',
  'shift_price',
  'set_stock',
  'adjust_stock',
  'set_status',
  'set_vat_rate',
];

/** Variants manager of the product edit form (docs/product.md §2): tiles, filters, table, bulk bar, pages. */
export function VariantsManagerView(props: VariantsManagerViewProps) {
  const { data, loadError, onRetry, filtered, onClearFilters, onAdd } = props;
  const t = useT();
  return (
    <Stack gap="5" data-testid="variants-manager">
      <Flex gap="3" {...ROW_FROM_SM} justify="space-between">
        <SectionTitle title={t('variants')} description={t('subtitle')} />
        <Button onClick={onAdd}>
          <PlusIcon /> {t('addVariant')}
        </Button>
      </Flex>

      <StatTiles data={data} />
      <Toolbar filters={props.filters} onFiltersChange={props.onFiltersChange} />

      {!data && loadError ? (
        <LoadErrorState title={t('loadFailed')} message={loadError} onRetry={onRetry} />
      ) : !data ? (
        <LoadingState text={t('loading')} />
      ) : data.total === 0 ? (
        <EmptyState filtered={filtered} onClearFilters={onClearFilters} />
      ) : (
        <>
          <BulkBar {...props} />
          <VariantsTable {...props} items={data.items} />
          {data.total_pages > 1 && <Pagination data={data} onPageChange={props.onPageChange} />}
        </>
      )}
    </Stack>
  );
}

function StatTiles({ data }: { data: VariantPage | undefined }) {
  const t = useT();
  const stats = data ? pageStats(data.items) : null;
  const tiles = [
    { id: 'total', label: t('totalVariants'), value: data?.total, color: undefined },
    { id: 'active', label: t('active'), value: stats?.active, color: undefined },
    {
      id: 'low-stock',
      label: t('lowStockTile'),
      value: stats?.lowStock,
      color: STOCK_COLOR.low_stock,
    },
    {
      id: 'out-of-stock',
      label: t('outOfStockTile'),
      value: stats?.outOfStock,
      color: STOCK_COLOR.out_of_stock,
    },
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
      {tiles.map((tile) => (
        <Card.Root key={tile.id} size="sm" data-testid={`tile-${tile.id}`}>
          <Card.Body gap="1">
            <Text color="fg.muted" fontSize="sm">
              {tile.label}
            </Text>
            <Text
              fontSize="2xl"
              fontWeight="semibold"
              color={tile.value ? tile.color : undefined}
              data-testid="tile-value"
            >
              {tile.value ?? '—'}
            </Text>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

function Toolbar({
  filters,
  onFiltersChange,
}: Pick<VariantsManagerViewProps, 'filters' | 'onFiltersChange'>) {
  const t = useT();
  const statusOptions: readonly FilterOption<StatusFilter>[] = [
    { value: 'all', label: t('allStatuses') },
    { value: 'active', label: t('active') },
    { value: 'inactive', label: t('inactive') },
  ];
  const stockOptions: readonly FilterOption<StockFilter>[] = [
    { value: 'all', label: t('allStock') },
    { value: 'low', label: t('lowStock') },
    { value: 'out', label: t('outOfStock') },
  ];
  return (
    <Flex gap="3" direction={{ base: 'column', md: 'row' }}>
      <InputGroup flex="1" startElement={<SearchIcon color="fg.muted" boxSize="4" />}>
        <Input
          type="search"
          aria-label={t('searchVariants')}
          placeholder={t('searchPlaceholder')}
          maxLength={SEARCH_MAX_LENGTH}
          value={filters.search}
          onChange={(event) => onFiltersChange({ ...filters, search: event.target.value })}
        />
      </InputGroup>
      <HStack gap="3">
        <FilterSelect
          label={t('statusFilter')}
          value={filters.status}
          onChange={(status) => onFiltersChange({ ...filters, status })}
          options={statusOptions}
        />
        <FilterSelect
          label={t('stockFilter')}
          value={filters.stock}
          onChange={(stock) => onFiltersChange({ ...filters, stock })}
          options={stockOptions}
        />
      </HStack>
    </Flex>
  );
}

function EmptyState({
  filtered,
  onClearFilters,
}: {
  filtered: boolean;
  onClearFilters: () => void;
}) {
  const t = useT();
  return (
    <Stack
      align="center"
      gap="3"
      py="10"
      px="4"
      borderWidth="1px"
      borderStyle="dashed"
      rounded="l2"
      textAlign="center"
    >
      {filtered ? (
        <>
          <Text color="fg.muted">{t('noMatch')}</Text>
          <Button variant="outline" size="sm" onClick={onClearFilters}>
            {t('clearFilters')}
          </Button>
        </>
      ) : (
        <Text color="fg.muted">{t('noVariants')}</Text>
      )}
    </Stack>
  );
}

function BulkBar({
  selectedIds,
  onSelectionChange,
  onDeleteSelected,
  onBulkAction,
}: VariantsManagerViewProps) {
  const t = useT();
  if (selectedIds.size === 0) return null;
  return (
    <BulkActionBar
      label={t('selectedCount', { count: selectedIds.size })}
      kinds={VARIANT_BULK_ACTIONS}
      onAction={onBulkAction}
    >
      <Button size="sm" variant="outline" onClick={() => onSelectionChange(new Set())}>
        {t('clearSelection')}
      </Button>
      <Button size="sm" colorPalette="red" onClick={onDeleteSelected}>
        <TrashIcon /> {t('deleteSelected')}
      </Button>
    </BulkActionBar>
  );
}

function Pagination({
  data,
  onPageChange,
}: { data: VariantPage } & Pick<VariantsManagerViewProps, 'onPageChange'>) {
  const t = useT();
  return (
    <Flex
      gap="3"
      align="center"
      justify="space-between"
      direction={{ base: 'column', sm: 'row' }}
      aria-label={t('pagination')}
      as="nav"
    >
      <Text color="fg.muted" fontSize="sm">
        {t('pageOf', { page: data.page, pages: data.total_pages, total: data.total })}
      </Text>
      <HStack gap="2">
        <Button
          size="sm"
          variant="outline"
          disabled={data.page <= 1}
          onClick={() => onPageChange(data.page - 1)}
        >
          {t('previous')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={data.page >= data.total_pages}
          onClick={() => onPageChange(data.page + 1)}
        >
          {t('next')}
        </Button>
      </HStack>
    </Flex>
  );
}
