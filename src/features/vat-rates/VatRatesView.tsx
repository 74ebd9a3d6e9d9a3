import { Badge, Button, Flex, HStack, Table, Text } from '@chakra-ui/react';
import { useDeferredValue, useMemo, useState } from 'react';
import type { VatRate } from '@generated/model';
import { PlusIcon } from '@/components/icons';
import { PageHeader } from '@/components/layout/PageHeader';
import {
  ConfirmDeleteDialog,
  LoadErrorState,
  LoadingState,
  ManagementTable,
  RowActions,
  SearchInput,
  useCrudDialogs,
  type ManagementColumn,
} from '@/components/management';
import { formatDate, formatVatRate } from '@/lib/format';
import { filterVatRates, STATUS_LABELS, usageText, type VatRateFormValues } from './vat-rate-form';

const STATUS_PALETTES: Record<VatRate['status'], string> = {
  in_force: 'green',
  scheduled: 'blue',
  expired: 'orange',
  inactive: 'gray',
};
import { VatRateFormDialog } from './VatRateFormDialog';

export const EMPTY_TEXT = 'No VAT rates found';

const COLUMNS: readonly ManagementColumn[] = [
  { header: 'Name' },
  { header: 'Country', width: '6rem' },
  { header: 'Rate', width: '6rem', align: 'end' },
  { header: 'Effective From', width: '8.5rem' },
  { header: 'Effective To', width: '8.5rem' },
  { header: 'Status', width: '7rem' },
  { header: 'Used by', width: '9rem' },
  { header: 'Actions', width: '5.5rem', align: 'end' },
];

export interface VatRatesViewProps {
  /** The VAT rates; undefined until loaded. */
  vatRates: readonly VatRate[] | undefined;
  loading: boolean;
  /** Why the list could not be loaded (shown instead of the table), else null. */
  loadError?: string | null;
  onRetry?: () => void;
  /** Creates (rate null) or updates; resolves true when saved (the dialog then closes). */
  onSave: (values: VatRateFormValues, vatRate: VatRate | null) => Promise<boolean>;
  /** Deletes; the confirmation closes once it settles (the container reports the outcome). */
  onDelete: (vatRate: VatRate) => Promise<unknown>;
  /** Initial search text (stories). */
  initialSearch?: string;
}

/** VAT rates management (/admin/vat-rates, spec §2): search, table, dialogs. */
export function VatRatesView({
  vatRates,
  loading,
  loadError = null,
  onRetry,
  onSave,
  onDelete,
  initialSearch = '',
}: VatRatesViewProps) {
  const [search, setSearch] = useState(initialSearch);
  const query = useDeferredValue(search);
  const shown = useMemo(() => filterVatRates(vatRates ?? [], query), [vatRates, query]);

  const { form, openForm, remove, askDelete } = useCrudDialogs<VatRate, VatRateFormValues>({
    onSave,
    onDelete,
  });

  return (
    <>
      <PageHeader
        title="VAT Rates"
        description="Manage the VAT rates applied to products, per country"
        actions={
          <Button onClick={() => openForm(null)}>
            <PlusIcon />
            Add VAT Rate
          </Button>
        }
      />
      <Flex
        gap="3"
        mb="4"
        direction={{ base: 'column', sm: 'row' }}
        align={{ base: 'stretch', sm: 'center' }}
        justify="space-between"
      >
        <SearchInput
          placeholder="Search VAT rates..."
          label="Search VAT rates"
          value={search}
          onChange={setSearch}
        />
        {vatRates && (
          <Text fontSize="sm" color="fg.muted" data-testid="vat-rate-count">
            {query.trim()
              ? `${shown.length} of ${vatRates.length} VAT rates`
              : `${vatRates.length} ${vatRates.length === 1 ? 'VAT rate' : 'VAT rates'}`}
          </Text>
        )}
      </Flex>

      {loadError && !vatRates ? (
        <LoadErrorState title="Failed to load VAT rates" message={loadError} onRetry={onRetry} />
      ) : loading || !vatRates ? (
        <LoadingState text="Loading VAT rates..." />
      ) : (
        <ManagementTable
          label="VAT rates"
          columns={COLUMNS}
          minWidth="60rem"
          emptyText={EMPTY_TEXT}
          rows={shown.map((rate) => (
            <Table.Row key={rate.id}>
              <Table.Cell>
                <HStack gap="2" minW="0">
                  <Text
                    fontWeight="medium"
                    truncate
                    title={rate.description ? `${rate.name}: ${rate.description}` : rate.name}
                  >
                    {rate.name}
                  </Text>
                  {rate.is_default && (
                    <Badge variant="solid" flexShrink={0}>
                      Default
                    </Badge>
                  )}
                </HStack>
                {rate.successor_id !== null && (
                  <Text fontSize="xs" color="fg.muted" truncate>
                    {`Replaced by ${vatRates.find((r) => r.id === rate.successor_id)?.name ?? `#${rate.successor_id}`}`}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>{rate.country_code}</Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {formatVatRate(rate.rate)}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDate(rate.effective_from)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDate(rate.effective_to, '-')}</Table.Cell>
              <Table.Cell>
                <Badge
                  variant="subtle"
                  colorPalette={STATUS_PALETTES[rate.status]}
                  data-testid="vat-rate-status"
                >
                  {STATUS_LABELS[rate.status]}
                </Badge>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap" fontSize="sm">
                {usageText(rate)}
              </Table.Cell>
              <Table.Cell textAlign="end">
                <RowActions
                  name={rate.name}
                  onEdit={() => openForm(rate)}
                  onDelete={() => askDelete(rate)}
                />
              </Table.Cell>
            </Table.Row>
          ))}
        />
      )}

      <VatRateFormDialog
        key={form.session}
        open={form.open}
        vatRate={form.item}
        vatRates={vatRates ?? []}
        onSubmit={form.submit}
        onClose={form.close}
      />
      <ConfirmDeleteDialog
        open={remove.open}
        title="Delete VAT Rate"
        pending={remove.pending !== null}
        onCancel={remove.cancel}
        onConfirm={() => remove.confirm()}
      >
        Are you sure you want to delete &quot;{remove.target?.name}&quot;? This action cannot be
        undone.
      </ConfirmDeleteDialog>
    </>
  );
}
