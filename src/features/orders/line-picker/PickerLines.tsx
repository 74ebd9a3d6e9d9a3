import {
  Box,
  Button,
  Field,
  HStack,
  IconButton,
  Input,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { TrashIcon } from '@/components/icons';
import { formatMoney, toMoneyString } from '@/lib/format';
import { ProductName } from './VariantSearch';
import { useT } from './messages';

/** A unit price set by hand, with the reason for it (both or neither: the contract's rule). */
export interface LineOverride {
  price: string;
  reason: string;
}

/** A variant picked into an order's lines (a draft's or an edit's): what it is and how many. */
export interface PickedVariant {
  variantId: number;
  productId: number;
  name: string | null;
  variantTitle: string | null;
  sku: string | null;
  quantity: number;
}

/** One line as the picker shows it: what it is, how many, and the server's figures. */
export interface PickerLine {
  /** Stable key of the line (e.g. `v12` for a variant, `i34` for an order's item). */
  key: string;
  productId: number;
  /** The product's name; loaded by id when not known yet. */
  name?: string | null;
  variantTitle: string | null;
  sku: string | null;
  quantity: number;
  /** The server's unit price and line total incl. VAT; null: not priced (yet). */
  unitPrice?: string | null;
  total?: string | null;
  /** Why the line cannot be placed now, in words (shown next to it). */
  problem?: string | null;
  /** The unit price set by hand (drafts only). */
  override?: LineOverride | null;
}

/** The most units a line takes (DraftOrderLineInput's maximum). */
export const MAX_QUANTITY = 999;

export interface PickerLinesProps {
  lines: readonly PickerLine[];
  onQuantityChange: (key: string, quantity: number) => void;
  onRemove: (key: string) => void;
  /** Sets (or with null, removes) a line's unit price override; without it none is offered. */
  onOverride?: (key: string, override: LineOverride | null) => void;
  disabled?: boolean;
}

/** The picked lines: quantities edited in place, a line removed, its price overridden. */
export function PickerLines({
  lines,
  onQuantityChange,
  onRemove,
  onOverride,
  disabled = false,
}: PickerLinesProps) {
  const t = useT();
  if (lines.length === 0)
    return (
      <Text color="fg.muted" py="4" data-testid="no-lines">
        {t('noLines')}
      </Text>
    );
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label={t('linesLabel')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('columnProduct')}</Table.ColumnHeader>
            <Table.ColumnHeader w="7rem">{t('columnQuantity')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('columnUnitPrice')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('columnTotal')}</Table.ColumnHeader>
            <Table.ColumnHeader w="3rem" />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lines.map((line) => (
            <LineRow
              key={line.key}
              line={line}
              onQuantityChange={onQuantityChange}
              onRemove={onRemove}
              onOverride={onOverride}
              disabled={disabled}
            />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function lineName(line: PickerLine) {
  return line.name ?? line.sku ?? '';
}

function LineRow({
  line,
  onQuantityChange,
  onRemove,
  onOverride,
  disabled,
}: {
  line: PickerLine;
  onQuantityChange: PickerLinesProps['onQuantityChange'];
  onRemove: PickerLinesProps['onRemove'];
  onOverride: PickerLinesProps['onOverride'];
  disabled: boolean;
}) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const name = lineName(line);
  return (
    <Table.Row data-testid="picker-line" data-key={line.key}>
      <Table.Cell>
        <Stack gap="0.5">
          <Text fontWeight="medium" data-testid="line-name">
            {line.name ?? <ProductName productId={line.productId} />}
            {line.variantTitle && ` · ${line.variantTitle}`}
          </Text>
          {line.sku && (
            <Text fontSize="sm" color="fg.muted">
              <bdi>{t('sku', { sku: line.sku })}</bdi>
            </Text>
          )}
          {line.override && (
            <Text fontSize="sm" color="fg.muted" data-testid="line-override">
              {t('overriddenTo', {
                price: formatMoney(line.override.price),
                reason: line.override.reason,
              })}
            </Text>
          )}
          {line.problem && (
            <Text fontSize="sm" color="fg.error" data-testid="line-problem">
              {line.problem}
            </Text>
          )}
          {onOverride && !editing && (
            <Box>
              <Button
                size="xs"
                variant="ghost"
                px="0"
                disabled={disabled}
                onClick={() => setEditing(true)}
              >
                {t('overridePrice')}
              </Button>
            </Box>
          )}
          {onOverride && editing && (
            <OverrideForm
              name={name}
              initial={line.override ?? null}
              onDone={(override) => {
                setEditing(false);
                if (override !== undefined) onOverride(line.key, override);
              }}
            />
          )}
        </Stack>
      </Table.Cell>
      <Table.Cell verticalAlign="top">
        <QuantityInput
          name={name}
          quantity={line.quantity}
          disabled={disabled}
          onChange={(quantity) => onQuantityChange(line.key, quantity)}
        />
      </Table.Cell>
      <Table.Cell textAlign="end" verticalAlign="top" data-testid="line-unit-price">
        {line.unitPrice ? formatMoney(line.unitPrice) : t('notPriced')}
      </Table.Cell>
      <Table.Cell textAlign="end" verticalAlign="top" data-testid="line-total">
        {line.total ? formatMoney(line.total) : t('notPriced')}
      </Table.Cell>
      <Table.Cell verticalAlign="top">
        <IconButton
          size="sm"
          variant="ghost"
          aria-label={t('removeLine', { name })}
          disabled={disabled}
          onClick={() => onRemove(line.key)}
        >
          <TrashIcon />
        </IconButton>
      </Table.Cell>
    </Table.Row>
  );
}

/** The quantity as typed; the line takes it when it is a whole number from 1 to 999. */
function QuantityInput({
  name,
  quantity,
  disabled,
  onChange,
}: {
  name: string;
  quantity: number;
  disabled: boolean;
  onChange: (quantity: number) => void;
}) {
  const t = useT();
  const [text, setText] = useState(String(quantity));
  const [shown, setShown] = useState(quantity);
  // The line's quantity changed elsewhere (the same variant picked again): show it.
  if (shown !== quantity) {
    setShown(quantity);
    setText(String(quantity));
  }
  const value = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  const valid = value >= 1 && value <= MAX_QUANTITY;
  return (
    <Field.Root invalid={!valid}>
      <Input
        size="sm"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_QUANTITY}
        step={1}
        aria-label={t('quantityOf', { name })}
        value={text}
        disabled={disabled}
        onChange={(e) => {
          setText(e.target.value);
          const typed = e.target.value.trim();
          const n = /^\d+$/.test(typed) ? Number(typed) : NaN;
          if (n >= 1 && n <= MAX_QUANTITY) {
            setShown(n);
            onChange(n);
          }
        }}
      />
      {!valid && <Field.ErrorText>{t('quantityInvalid', { max: MAX_QUANTITY })}</Field.ErrorText>}
    </Field.Root>
  );
}

/** The price and its reason, both required together; undefined: cancelled. */
function OverrideForm({
  name,
  initial,
  onDone,
}: {
  name: string;
  initial: LineOverride | null;
  onDone: (override: LineOverride | null | undefined) => void;
}) {
  const t = useT();
  const [price, setPrice] = useState(initial?.price ?? '');
  const [reason, setReason] = useState(initial?.reason ?? '');
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    if (price.trim() === '' || reason.trim() === '') return setError(t('overrideBothRequired'));
    const money = toMoneyString(price.trim());
    if (money === null || Number(money) < 0) return setError(t('overridePriceInvalid'));
    onDone({ price: money, reason: reason.trim() });
  };
  return (
    <Stack
      as="fieldset"
      gap="2"
      p="2"
      mt="1"
      borderWidth="1px"
      rounded="md"
      aria-label={t('overrideTitle', { name })}
    >
      <HStack gap="2" align="start" flexWrap="wrap">
        <Field.Root w="8rem" invalid={error !== null}>
          <Field.Label fontSize="sm">{t('overridePriceLabel')}</Field.Label>
          <Input
            size="sm"
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
        </Field.Root>
        <Field.Root flex="1" minW="10rem" invalid={error !== null}>
          <Field.Label fontSize="sm">{t('overrideReasonLabel')}</Field.Label>
          <Input
            size="sm"
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field.Root>
      </HStack>
      {error && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {error}
        </Text>
      )}
      <HStack gap="2">
        <Button size="xs" onClick={apply}>
          {t('overrideApply')}
        </Button>
        {initial && (
          <Button size="xs" variant="outline" onClick={() => onDone(null)}>
            {t('overrideRemove')}
          </Button>
        )}
        <Button size="xs" variant="ghost" onClick={() => onDone(undefined)}>
          {t('overrideCancel')}
        </Button>
      </HStack>
    </Stack>
  );
}
