import { Box, Flex, HStack, IconButton, Image, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState, type ReactNode } from 'react';
import type { Variant } from '@generated/model';
import {
  CopyIcon,
  ImageIcon,
  PencilIcon,
  StockIcon,
  HistoryIcon,
  TrashIcon,
  WarningIcon,
} from '@/components/icons';
import { DataTable, type Column, type RowSelection } from '@/components/list-screen';
import { formatMoney } from '@/lib/format';
import { useT } from './messages';
import { isAtOrBelowThreshold, STOCK_COLOR, stockState } from './stock';

/** What the table and the cards need: the page's variants, the selection and the row actions. */
export interface VariantsListProps {
  items: Variant[];
  selectedIds: ReadonlySet<number>;
  onSelectionChange: (ids: Set<number>) => void;
  onEdit: (variant: Variant) => void;
  onDuplicate: (variant: Variant) => void;
  onAdjustStock: (variant: Variant) => void;
  /** Opens the variant's stock history (its movements). */
  onShowHistory: (variant: Variant) => void;
  onDelete: (variant: Variant) => void;
  /** Variants with an action in flight (their Duplicate button is disabled). */
  busyIds?: ReadonlySet<number> | undefined;
}

/**
 * The variants of docs/product.md §2 in the list kit's table: SKU, Title (with the first image),
 * Price, Stock, Status and Actions, with row checkboxes and select-all. On a phone each row is a
 * card (the columns' `card` roles): the title with its image and options, the SKU, the status,
 * the price, the stock and the actions, as before.
 */
export function VariantsTable(props: VariantsListProps) {
  const { items, selectedIds, onSelectionChange, busyIds } = props;
  const { onEdit, onDuplicate, onAdjustStock, onShowHistory, onDelete } = props;
  const t = useT();
  const columns = useMemo<Column<Variant>[]>(
    () => [
      {
        header: t('sku'),
        card: 'subtitle',
        width: '10rem',
        cell: (v) => (
          <span className="cell-text cell-small" style={{ fontFamily: 'var(--chakra-fonts-mono)' }}>
            {v.sku}
          </span>
        ),
      },
      {
        header: t('title'),
        card: 'title',
        cell: (v) => (
          <HStack gap="3" minW="0">
            <VariantThumb src={v.images[0]} alt={v.variant_title} />
            <Stack gap="0" minW="0">
              <Text fontWeight="medium" truncate>
                <bdi>{v.variant_title}</bdi>
              </Text>
              <OptionsText variant={v} />
            </Stack>
          </HStack>
        ),
      },
      { header: t('price'), card: 'value', width: '8rem', cell: (v) => <PriceText variant={v} /> },
      { header: t('stock'), card: 'meta', width: '8rem', cell: (v) => <StockCell variant={v} /> },
      {
        header: t('status'),
        card: 'badge',
        width: '7rem',
        cell: (v) => <StatusBadge active={v.is_active} />,
      },
      {
        header: t('actions'),
        card: 'actions',
        width: '10rem',
        align: 'end',
        cell: (v) => (
          <VariantActions
            variant={v}
            busy={busyIds?.has(v.id) ?? false}
            {...{ onEdit, onDuplicate, onAdjustStock, onShowHistory, onDelete }}
          />
        ),
      },
    ],
    [t, busyIds, onEdit, onDuplicate, onAdjustStock, onShowHistory, onDelete],
  );
  const selection = useMemo<RowSelection<Variant>>(
    () => ({
      selected: selectedIds,
      onChange: (ids) => onSelectionChange(new Set([...ids].map(Number))),
      rowLabel: (v) => t('selectVariant', { sku: v.sku }),
      allLabel: t('selectAllVariants'),
    }),
    [selectedIds, onSelectionChange, t],
  );
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(v) => v.id}
      label={t('variants')}
      emptyText={t('noVariants')}
      minW="48rem"
      selection={selection}
      testId="variants-table"
    />
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

/** 'color: Red · size: M', or nothing for a variant without options. */
function OptionsText({ variant }: { variant: Variant }) {
  const text = Object.entries(variant.option_values ?? {})
    .map(([key, value]) => `${key}: ${value}`)
    .join(' · ');
  return text ? (
    <Text color="fg.muted" fontSize="xs">
      <bdi>{text}</bdi>
    </Text>
  ) : null;
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

function StockCell({ variant }: { variant: Variant }) {
  const t = useT();
  const state = stockState(variant);
  if (state === 'not_tracked')
    return (
      <Text color={STOCK_COLOR.not_tracked} fontSize="sm" whiteSpace="nowrap">
        {t('notTracked')}
      </Text>
    );
  const warning = isAtOrBelowThreshold(variant);
  const label = state === 'out_of_stock' ? t('outOfStock') : t('lowStock');
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
          aria-label={t('stockWarningLabel', {
            state: label,
            threshold: variant.low_stock_threshold,
          })}
          title={t('stockWarningTitle', { state: label, threshold: variant.low_stock_threshold })}
        >
          <WarningIcon boxSize="4" />
        </Box>
      )}
    </HStack>
  );
}

interface Action {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean | undefined;
  danger?: boolean;
}

/** Edit, Duplicate, Adjust Stock (tracked stock only), Stock History and Delete. */
function VariantActions({
  variant,
  busy,
  onEdit,
  onDuplicate,
  onAdjustStock,
  onShowHistory,
  onDelete,
}: Pick<
  VariantsListProps,
  'onEdit' | 'onDuplicate' | 'onAdjustStock' | 'onShowHistory' | 'onDelete'
> & { variant: Variant; busy: boolean }) {
  const t = useT();
  const actions: Action[] = [
    { label: t('edit'), icon: <PencilIcon />, onClick: () => onEdit(variant) },
    {
      label: t('duplicate'),
      icon: <CopyIcon />,
      onClick: () => onDuplicate(variant),
      disabled: busy,
    },
    ...(variant.track_inventory
      ? [{ label: t('adjustStock'), icon: <StockIcon />, onClick: () => onAdjustStock(variant) }]
      : []),
    { label: t('stockHistory'), icon: <HistoryIcon />, onClick: () => onShowHistory(variant) },
    { label: t('delete'), icon: <TrashIcon />, onClick: () => onDelete(variant), danger: true },
  ];
  return (
    <HStack gap="0.5" justify="flex-end">
      {actions.map((action) => (
        <IconButton
          key={action.label}
          size="xs"
          variant="ghost"
          colorPalette={action.danger ? 'red' : undefined}
          aria-label={action.label}
          title={action.label}
          disabled={action.disabled}
          onClick={action.onClick}
        >
          {action.icon}
        </IconButton>
      ))}
    </HStack>
  );
}

/** 'Active' / 'Inactive' in the variants' words, styled by the table (`.status`). */
function StatusBadge({ active }: { active: boolean }) {
  const t = useT();
  return (
    <span className="status" data-active={active || undefined}>
      {active ? t('active') : t('inactive')}
    </span>
  );
}
