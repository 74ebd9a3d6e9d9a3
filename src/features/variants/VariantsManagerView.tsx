import {
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  Input,
  InputGroup,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { VariantPage } from '@generated/model';
import { PlusIcon, SearchIcon, TrashIcon } from '@/components/icons';
import { BulkActionBar, type BulkActionKind } from '@/components/bulk-edit';
import {
  FilterSelect,
  LoadErrorState,
  LoadingState,
  SEARCH_MAX_LENGTH,
  type FilterOption,
} from '@/components/list-screen';
import { type StatusFilter, type StockFilter, type VariantFilters } from './list-params';
import { pageStats } from './stock';
import { VariantCards, VariantsTable, type VariantsListProps } from './VariantsList';
import { ROW_FROM_SM } from '@/components/layout/responsive';

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
  return (
    <Stack gap="5" data-testid="variants-manager">
      <Flex gap="3" {...ROW_FROM_SM} justify="space-between">
        <Stack gap="1">
          <Heading as="h2" size="lg">
            Variants
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Options, prices and stock of each variant of this product.
          </Text>
        </Stack>
        <Button onClick={onAdd}>
          <PlusIcon /> Add Variant
        </Button>
      </Flex>

      <StatTiles data={data} />
      <Toolbar filters={props.filters} onFiltersChange={props.onFiltersChange} />

      {!data && loadError ? (
        <LoadErrorState title="Failed to load variants" message={loadError} onRetry={onRetry} />
      ) : !data ? (
        <LoadingState text="Loading variants..." />
      ) : data.total === 0 ? (
        <EmptyState filtered={filtered} onClearFilters={onClearFilters} />
      ) : (
        <>
          <BulkBar {...props} />
          <VariantsTable {...props} items={data.items} />
          <VariantCards {...props} items={data.items} />
          {data.total_pages > 1 && <Pagination data={data} onPageChange={props.onPageChange} />}
        </>
      )}
    </Stack>
  );
}

function StatTiles({ data }: { data: VariantPage | undefined }) {
  const stats = data ? pageStats(data.items) : null;
  const tiles = [
    { id: 'total', label: 'Total Variants', value: data?.total, color: undefined },
    { id: 'active', label: 'Active', value: stats?.active, color: undefined },
    { id: 'low-stock', label: 'Low Stock', value: stats?.lowStock, color: 'fg.warning' },
    { id: 'out-of-stock', label: 'Out of Stock', value: stats?.outOfStock, color: 'fg.error' },
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
  return (
    <Flex gap="3" direction={{ base: 'column', md: 'row' }}>
      <InputGroup flex="1" startElement={<SearchIcon color="fg.muted" boxSize="4" />}>
        <Input
          type="search"
          aria-label="Search variants"
          placeholder="Search by SKU, title, or barcode..."
          maxLength={SEARCH_MAX_LENGTH}
          value={filters.search}
          onChange={(event) => onFiltersChange({ ...filters, search: event.target.value })}
        />
      </InputGroup>
      <HStack gap="3">
        <FilterSelect
          label="Status filter"
          value={filters.status}
          onChange={(status) => onFiltersChange({ ...filters, status })}
          options={STATUS_OPTIONS}
        />
        <FilterSelect
          label="Stock filter"
          value={filters.stock}
          onChange={(stock) => onFiltersChange({ ...filters, stock })}
          options={STOCK_OPTIONS}
        />
      </HStack>
    </Flex>
  );
}

const STATUS_OPTIONS: readonly FilterOption<StatusFilter>[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];
const STOCK_OPTIONS: readonly FilterOption<StockFilter>[] = [
  { value: 'all', label: 'All stock' },
  { value: 'low', label: 'Low stock' },
  { value: 'out', label: 'Out of stock' },
];

function EmptyState({
  filtered,
  onClearFilters,
}: {
  filtered: boolean;
  onClearFilters: () => void;
}) {
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
          <Text color="fg.muted">No variants match your filters.</Text>
          <Button variant="outline" size="sm" onClick={onClearFilters}>
            Clear Filters
          </Button>
        </>
      ) : (
        <Text color="fg.muted">No variants yet. Add your first variant!</Text>
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
  if (selectedIds.size === 0) return null;
  return (
    <BulkActionBar
      label={`${selectedIds.size} variant(s) selected`}
      kinds={VARIANT_BULK_ACTIONS}
      onAction={onBulkAction}
    >
      <Button size="sm" variant="outline" onClick={() => onSelectionChange(new Set())}>
        Clear Selection
      </Button>
      <Button size="sm" colorPalette="red" onClick={onDeleteSelected}>
        <TrashIcon /> Delete Selected
      </Button>
    </BulkActionBar>
  );
}

function Pagination({
  data,
  onPageChange,
}: { data: VariantPage } & Pick<VariantsManagerViewProps, 'onPageChange'>) {
  return (
    <Flex
      gap="3"
      align="center"
      justify="space-between"
      direction={{ base: 'column', sm: 'row' }}
      aria-label="Pagination"
      as="nav"
    >
      <Text color="fg.muted" fontSize="sm">
        Page {data.page} of {data.total_pages} ({data.total} total variants)
      </Text>
      <HStack gap="2">
        <Button
          size="sm"
          variant="outline"
          disabled={data.page <= 1}
          onClick={() => onPageChange(data.page - 1)}
        >
          Previous
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={data.page >= data.total_pages}
          onClick={() => onPageChange(data.page + 1)}
        >
          Next
        </Button>
      </HStack>
    </Flex>
  );
}
