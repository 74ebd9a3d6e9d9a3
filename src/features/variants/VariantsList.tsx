import {
  Badge,
  Box,
  Checkbox,
  Flex,
  HStack,
  IconButton,
  Image,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
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

/** Wide screens: the table of docs/product.md §2. */
export function VariantsTable(props: VariantsListProps) {
  const { items, selectedIds } = props;
  const selection = useSelection(props);
  const t = useT();
  return (
    <Table.ScrollArea borderWidth="1px" rounded="l2" hideBelow="md">
      <Table.Root size="sm" interactive aria-label={t('variants')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader width="10">{selection.allBox}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('sku')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('title')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('price')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('stock')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('status')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((v) => (
            <Table.Row key={v.id} data-selected={selectedIds.has(v.id) ? '' : undefined}>
              <Table.Cell>{selection.box(v)}</Table.Cell>
              <Table.Cell fontFamily="mono" fontSize="xs" whiteSpace="nowrap">
                {v.sku}
              </Table.Cell>
              <Table.Cell minW="48">
                <HStack gap="3">
                  <VariantThumb src={v.images[0]} alt={v.variant_title} />
                  <Stack gap="0" minW="0">
                    <Text fontWeight="medium">
                      <bdi>{v.variant_title}</bdi>
                    </Text>
                    <OptionsText variant={v} />
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
                <VariantActions variant={v} {...props} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** Small screens: one card per variant with the same content and actions. */
export function VariantCards(props: VariantsListProps) {
  const { items, selectedIds } = props;
  const selection = useSelection(props);
  const t = useT();
  return (
    <Stack gap="3" hideFrom="md">
      <HStack gap="3" px="3">
        {selection.allBox}
        <Text fontSize="sm" color="fg.muted">
          {t('selectAll')}
        </Text>
      </HStack>
      <Stack as="ul" gap="3" listStyleType="none" aria-label={t('variants')}>
        {items.map((v) => (
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
              <Box pt="1">{selection.box(v)}</Box>
              <VariantThumb src={v.images[0]} alt={v.variant_title} />
              <Stack gap="0" flex="1" minW="0">
                <HStack justify="space-between" align="flex-start" gap="2">
                  <Text fontWeight="medium">
                    <bdi>{v.variant_title}</bdi>
                  </Text>
                  <StatusBadge active={v.is_active} />
                </HStack>
                <Text fontFamily="mono" fontSize="xs" truncate>
                  {v.sku}
                </Text>
                <OptionsText variant={v} />
              </Stack>
            </HStack>
            <Flex mt="2" gap="3" align="center" justify="space-between" wrap="wrap">
              <HStack gap="4" align="center">
                <PriceText variant={v} />
                <HStack gap="1" fontSize="sm">
                  <Text color="fg.muted">{t('stockLabel')}</Text>
                  <StockCell variant={v} />
                </HStack>
              </HStack>
              <VariantActions variant={v} {...props} />
            </Flex>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

/** The page's select-all checkbox and each variant's own. */
function useSelection({ items, selectedIds, onSelectionChange }: VariantsListProps) {
  const t = useT();
  const selectedOnPage = items.filter((v) => selectedIds.has(v.id)).length;
  const all: boolean | 'indeterminate' =
    selectedOnPage === 0 ? false : selectedOnPage === items.length ? true : 'indeterminate';
  const toggle = (id: number, checked: boolean) => {
    const next = new Set(selectedIds);
    if (checked) next.add(id);
    else next.delete(id);
    onSelectionChange(next);
  };
  return {
    allBox: (
      <SelectBox
        label={t('selectAllVariants')}
        checked={all}
        onChange={(checked) =>
          onSelectionChange(checked ? new Set(items.map((v) => v.id)) : new Set())
        }
      />
    ),
    box: (variant: Variant) => (
      <SelectBox
        label={t('selectVariant', { sku: variant.sku })}
        checked={selectedIds.has(variant.id)}
        onChange={(checked) => toggle(variant.id, checked)}
      />
    ),
  };
}

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
  onEdit,
  onDuplicate,
  onAdjustStock,
  onShowHistory,
  onDelete,
  busyIds,
}: VariantsListProps & { variant: Variant }) {
  const t = useT();
  const actions: Action[] = [
    { label: t('edit'), icon: <PencilIcon />, onClick: () => onEdit(variant) },
    {
      label: t('duplicate'),
      icon: <CopyIcon />,
      onClick: () => onDuplicate(variant),
      disabled: busyIds?.has(variant.id),
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

/** 'Active' / 'Inactive' as a Chakra badge: this list is not a DataTable, so the kit's table-styled badge does not apply. */
function StatusBadge({ active }: { active: boolean }) {
  const t = useT();
  return (
    <Badge colorPalette={active ? 'green' : 'gray'} variant="subtle">
      {active ? t('active') : t('inactive')}
    </Badge>
  );
}
