import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Checkbox,
  Flex,
  Heading,
  HStack,
  IconButton,
  Image,
  Input,
  InputGroup,
  NativeSelect,
  SimpleGrid,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import type { Variant, VariantPage } from '@generated/model';
import { formatMoney } from '@/lib/format';
import {
  CopyIcon,
  ImageIcon,
  PencilIcon,
  PlusIcon,
  SearchIcon,
  StockIcon,
  TrashIcon,
  WarningIcon,
} from '@/components/icons';
import {
  MAX_SEARCH_LENGTH,
  type StatusFilter,
  type StockFilter,
  type VariantFilters,
} from './list-params';
import { isAtOrBelowThreshold, pageStats, STOCK_COLOR, stockState } from './stock';

export interface VariantsManagerViewProps {
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
  selectedIds: ReadonlySet<number>;
  onSelectionChange: (ids: Set<number>) => void;
  onPageChange: (page: number) => void;
  onAdd: () => void;
  onEdit: (variant: Variant) => void;
  onDuplicate: (variant: Variant) => void;
  onAdjustStock: (variant: Variant) => void;
  onDelete: (variant: Variant) => void;
  onDeleteSelected: () => void;
  /** Variants with an action in flight (their Duplicate button is disabled). */
  busyIds?: ReadonlySet<number>;
}

/** Variants manager of the product edit form (spec §2): tiles, filters, table, bulk bar, pages. */
export function VariantsManagerView(props: VariantsManagerViewProps) {
  const { data, loadError, onRetry, filtered, onClearFilters, onAdd } = props;
  return (
    <Stack gap="5" data-testid="variants-manager">
      <Flex
        gap="3"
        direction={{ base: 'column', sm: 'row' }}
        align={{ base: 'stretch', sm: 'center' }}
        justify="space-between"
      >
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
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Failed to load variants</Alert.Title>
            <Alert.Description>{loadError}</Alert.Description>
          </Alert.Content>
          {onRetry && (
            <Button size="sm" variant="outline" onClick={onRetry} alignSelf="center">
              Retry
            </Button>
          )}
        </Alert.Root>
      ) : !data ? (
        <Center py="10" role="status" aria-live="polite" gap="3">
          <Spinner size="sm" />
          <Text color="fg.muted">Loading variants...</Text>
        </Center>
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
}: {
  filters: VariantFilters;
  onFiltersChange: (filters: VariantFilters) => void;
}) {
  return (
    <Flex gap="3" direction={{ base: 'column', md: 'row' }}>
      <InputGroup flex="1" startElement={<SearchIcon color="fg.muted" boxSize="4" />}>
        <Input
          type="search"
          aria-label="Search variants"
          placeholder="Search by SKU, title, or barcode..."
          maxLength={MAX_SEARCH_LENGTH}
          value={filters.search}
          onChange={(event) => onFiltersChange({ ...filters, search: event.target.value })}
        />
      </InputGroup>
      <HStack gap="3">
        <NativeSelect.Root width={{ base: 'full', md: '40' }}>
          <NativeSelect.Field
            aria-label="Status filter"
            value={filters.status}
            onChange={(event) =>
              onFiltersChange({ ...filters, status: event.currentTarget.value as StatusFilter })
            }
          >
            <option value="all">All statuses</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root width={{ base: 'full', md: '40' }}>
          <NativeSelect.Field
            aria-label="Stock filter"
            value={filters.stock}
            onChange={(event) =>
              onFiltersChange({ ...filters, stock: event.currentTarget.value as StockFilter })
            }
          >
            <option value="all">All stock</option>
            <option value="low">Low stock</option>
            <option value="out">Out of stock</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
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

function BulkBar({ selectedIds, onSelectionChange, onDeleteSelected }: VariantsManagerViewProps) {
  if (selectedIds.size === 0) return null;
  return (
    <Flex
      gap="3"
      px="4"
      py="2"
      align="center"
      wrap="wrap"
      bg="bg.muted"
      rounded="l2"
      role="region"
      aria-label="Bulk actions"
    >
      <Text fontWeight="medium" flex="1" minW="max-content">
        {selectedIds.size} variant(s) selected
      </Text>
      <HStack gap="2">
        <Button size="sm" variant="outline" onClick={() => onSelectionChange(new Set())}>
          Clear Selection
        </Button>
        <Button size="sm" colorPalette="red" onClick={onDeleteSelected}>
          <TrashIcon /> Delete Selected
        </Button>
      </HStack>
    </Flex>
  );
}

function VariantThumb({ src, alt }: { src: string | undefined; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed)
    return (
      <Flex
        boxSize="10"
        align="center"
        justify="center"
        bg="bg.muted"
        rounded="sm"
        flexShrink="0"
        data-testid="variant-image-placeholder"
      >
        <ImageIcon color="fg.subtle" boxSize="5" />
      </Flex>
    );
  return (
    <Image
      src={src}
      alt={alt}
      boxSize="10"
      objectFit="cover"
      rounded="sm"
      flexShrink="0"
      onError={() => setFailed(true)}
    />
  );
}

function StockCell({ variant }: { variant: Variant }) {
  const state = stockState(variant);
  if (state === 'not_tracked')
    return (
      <Text color={STOCK_COLOR.not_tracked} fontSize="sm" whiteSpace="nowrap">
        Not tracked
      </Text>
    );
  const warning = isAtOrBelowThreshold(variant);
  const label = state === 'out_of_stock' ? 'Out of stock' : 'Low stock';
  return (
    <HStack gap="1.5" color={STOCK_COLOR[state]} data-stock-state={state}>
      <Text fontWeight="semibold" data-testid="stock-quantity">
        {variant.stock_quantity}
      </Text>
      {warning && (
        <Box
          as="span"
          display="inline-flex"
          role="img"
          aria-label={`${label} (threshold ${variant.low_stock_threshold})`}
          title={`${label}: at or below the threshold of ${variant.low_stock_threshold}`}
        >
          <WarningIcon boxSize="4" />
        </Box>
      )}
    </HStack>
  );
}

type ActionProps = Pick<
  VariantsManagerViewProps,
  'onEdit' | 'onDuplicate' | 'onAdjustStock' | 'onDelete' | 'busyIds'
>;

function SelectBox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean | 'indeterminate';
  onChange: (checked: boolean) => void;
}) {
  return (
    <Checkbox.Root
      size="sm"
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked === true)}
      verticalAlign="middle"
    >
      <Checkbox.HiddenInput aria-label={label} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

function PriceText({ variant }: { variant: Variant }) {
  return (
    <Stack gap="0">
      <Text whiteSpace="nowrap">{formatMoney(variant.price_incl_vat)}</Text>
      {variant.compare_at_price && (
        <Text
          as="s"
          color="fg.muted"
          fontSize="xs"
          whiteSpace="nowrap"
          data-testid="compare-at-price"
        >
          {formatMoney(variant.compare_at_price)}
        </Text>
      )}
    </Stack>
  );
}

const optionText = (variant: Variant) =>
  Object.entries(variant.option_values ?? {})
    .map(([key, value]) => `${key}: ${value}`)
    .join(' · ');

function StatusBadge({ active }: { active: boolean }) {
  return <Badge colorPalette={active ? 'green' : 'gray'}>{active ? 'Active' : 'Inactive'}</Badge>;
}

function RowActions({
  variant,
  onEdit,
  onDuplicate,
  onAdjustStock,
  onDelete,
  busyIds,
}: ActionProps & { variant: Variant }) {
  return (
    <HStack gap="0.5" justify="flex-end">
      <IconButton
        size="xs"
        variant="ghost"
        aria-label="Edit"
        title="Edit"
        onClick={() => onEdit(variant)}
      >
        <PencilIcon />
      </IconButton>
      <IconButton
        size="xs"
        variant="ghost"
        aria-label="Duplicate"
        title="Duplicate"
        disabled={busyIds?.has(variant.id)}
        onClick={() => onDuplicate(variant)}
      >
        <CopyIcon />
      </IconButton>
      {variant.track_inventory && (
        <IconButton
          size="xs"
          variant="ghost"
          aria-label="Adjust Stock"
          title="Adjust Stock"
          onClick={() => onAdjustStock(variant)}
        >
          <StockIcon />
        </IconButton>
      )}
      <IconButton
        size="xs"
        variant="ghost"
        colorPalette="red"
        aria-label="Delete"
        title="Delete"
        onClick={() => onDelete(variant)}
      >
        <TrashIcon />
      </IconButton>
    </HStack>
  );
}

function useSelection(
  items: readonly Variant[],
  selectedIds: ReadonlySet<number>,
  onSelectionChange: (ids: Set<number>) => void,
) {
  const selectedOnPage = items.filter((v) => selectedIds.has(v.id)).length;
  const all: boolean | 'indeterminate' =
    selectedOnPage === 0 ? false : selectedOnPage === items.length ? true : 'indeterminate';
  return {
    all,
    selectAll: (checked: boolean) =>
      onSelectionChange(checked ? new Set(items.map((v) => v.id)) : new Set()),
    toggle: (id: number, checked: boolean) => {
      const next = new Set(selectedIds);
      if (checked) next.add(id);
      else next.delete(id);
      onSelectionChange(next);
    },
  };
}

/** Wide screens: the table of spec §2. */
function VariantsTable(props: VariantsManagerViewProps & { items: Variant[] }) {
  const { items, selectedIds, onSelectionChange } = props;
  const selection = useSelection(items, selectedIds, onSelectionChange);
  return (
    <Table.ScrollArea borderWidth="1px" rounded="l2" hideBelow="md">
      <Table.Root size="sm" interactive aria-label="Variants">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader width="10">
              <SelectBox
                label="Select all variants"
                checked={selection.all}
                onChange={selection.selectAll}
              />
            </Table.ColumnHeader>
            <Table.ColumnHeader>SKU</Table.ColumnHeader>
            <Table.ColumnHeader>Title</Table.ColumnHeader>
            <Table.ColumnHeader>Price</Table.ColumnHeader>
            <Table.ColumnHeader>Stock</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((v) => {
            const options = optionText(v);
            return (
              <Table.Row key={v.id} data-selected={selectedIds.has(v.id) ? '' : undefined}>
                <Table.Cell>
                  <SelectBox
                    label={`Select ${v.sku}`}
                    checked={selectedIds.has(v.id)}
                    onChange={(checked) => selection.toggle(v.id, checked)}
                  />
                </Table.Cell>
                <Table.Cell fontFamily="mono" fontSize="xs" whiteSpace="nowrap">
                  {v.sku}
                </Table.Cell>
                <Table.Cell minW="48">
                  <HStack gap="3">
                    <VariantThumb src={v.images[0]} alt={v.variant_title} />
                    <Stack gap="0" minW="0">
                      <Text fontWeight="medium">{v.variant_title}</Text>
                      {options && (
                        <Text color="fg.muted" fontSize="xs">
                          {options}
                        </Text>
                      )}
                    </Stack>
                  </HStack>
                </Table.Cell>
                <Table.Cell>
                  <PriceText variant={v} />
                </Table.Cell>
                <Table.Cell>
                  <StockCell variant={v} />
                </Table.Cell>
                <Table.Cell>
                  <StatusBadge active={v.is_active} />
                </Table.Cell>
                <Table.Cell>
                  <RowActions variant={v} {...props} />
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** Small screens: one card per variant with the same content and actions. */
function VariantCards(props: VariantsManagerViewProps & { items: Variant[] }) {
  const { items, selectedIds, onSelectionChange } = props;
  const selection = useSelection(items, selectedIds, onSelectionChange);
  return (
    <Stack gap="3" hideFrom="md">
      <HStack gap="3" px="3">
        <SelectBox
          label="Select all variants"
          checked={selection.all}
          onChange={selection.selectAll}
        />
        <Text fontSize="sm" color="fg.muted">
          Select all
        </Text>
      </HStack>
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Variants">
        {items.map((v) => {
          const options = optionText(v);
          return (
            <Box
              as="li"
              key={v.id}
              aria-label={`${v.variant_title} (${v.sku})`}
              borderWidth="1px"
              rounded="l2"
              p="3"
              bg={selectedIds.has(v.id) ? 'bg.muted' : undefined}
            >
              <HStack gap="3" align="flex-start">
                <Box pt="1">
                  <SelectBox
                    label={`Select ${v.sku}`}
                    checked={selectedIds.has(v.id)}
                    onChange={(checked) => selection.toggle(v.id, checked)}
                  />
                </Box>
                <VariantThumb src={v.images[0]} alt={v.variant_title} />
                <Stack gap="0" flex="1" minW="0">
                  <HStack justify="space-between" align="flex-start" gap="2">
                    <Text fontWeight="medium">{v.variant_title}</Text>
                    <StatusBadge active={v.is_active} />
                  </HStack>
                  <Text fontFamily="mono" fontSize="xs" truncate>
                    {v.sku}
                  </Text>
                  {options && (
                    <Text color="fg.muted" fontSize="xs">
                      {options}
                    </Text>
                  )}
                </Stack>
              </HStack>
              <Flex mt="2" gap="3" align="center" justify="space-between" wrap="wrap">
                <HStack gap="4" align="center">
                  <PriceText variant={v} />
                  <HStack gap="1" fontSize="sm">
                    <Text color="fg.muted">Stock:</Text>
                    <StockCell variant={v} />
                  </HStack>
                </HStack>
                <RowActions variant={v} {...props} />
              </Flex>
            </Box>
          );
        })}
      </Stack>
    </Stack>
  );
}

function Pagination({
  data,
  onPageChange,
}: {
  data: VariantPage;
  onPageChange: (page: number) => void;
}) {
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
