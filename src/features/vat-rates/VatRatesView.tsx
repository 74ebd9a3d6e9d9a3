import { Badge, HStack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { VatRate } from '@generated/model';
import {
  CrudListScreen,
  type Column,
  type CrudListData,
  type CrudTexts,
} from '@/components/list-screen';
import { formatDate, formatVatRate } from '@/lib/format';
import { filterVatRates, STATUS_LABELS, usageText, type VatRateFormValues } from './vat-rate-form';
import { VatRateFormDialog } from './VatRateFormDialog';

const STATUS_PALETTES: Record<VatRate['status'], string> = {
  in_force: 'green',
  scheduled: 'blue',
  expired: 'orange',
  inactive: 'gray',
};

/** The columns; the name cell says which rate replaced an expired one, hence `vatRates`. */
function vatRateColumns(vatRates: readonly VatRate[]): Column<VatRate>[] {
  return [
    {
      header: 'Name',
      cell: (rate) => (
        <>
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
            <span className="cell-text cell-muted cell-small">
              {`Replaced by ${vatRates.find((r) => r.id === rate.successor_id)?.name ?? `#${rate.successor_id}`}`}
            </span>
          )}
        </>
      ),
    },
    { header: 'Country', width: '6rem', cell: (rate) => rate.country_code },
    {
      header: 'Rate',
      width: '6rem',
      align: 'end',
      cell: (rate) => <span className="cell-numeric">{formatVatRate(rate.rate)}</span>,
    },
    {
      header: 'Effective From',
      width: '8.5rem',
      cell: (rate) => <span className="cell-nowrap">{formatDate(rate.effective_from)}</span>,
    },
    {
      header: 'Effective To',
      width: '8.5rem',
      cell: (rate) => <span className="cell-nowrap">{formatDate(rate.effective_to, '-')}</span>,
    },
    {
      header: 'Status',
      width: '7rem',
      cell: (rate) => (
        <Badge
          variant="subtle"
          colorPalette={STATUS_PALETTES[rate.status]}
          data-testid="vat-rate-status"
        >
          {STATUS_LABELS[rate.status]}
        </Badge>
      ),
    },
    {
      header: 'Used by',
      width: '9rem',
      cell: (rate) => <span className="cell-nowrap">{usageText(rate)}</span>,
    },
  ];
}

/** The screen's texts (docs/product.md §2 VAT rates, §8). */
export const VAT_RATE_TEXTS: CrudTexts = {
  noun: ['VAT rate', 'VAT rates'],
  title: 'VAT Rates',
  addLabel: 'Add VAT Rate',
  searchPlaceholder: 'Search VAT rates...',
  searchLabel: 'Search VAT rates',
  tableLabel: 'VAT rates',
  loadingText: 'Loading VAT rates...',
  errorTitle: 'Failed to load VAT rates',
  emptyText: 'No VAT rates found',
  deleteTitle: 'Delete VAT Rate',
  toasts: {
    created: 'VAT rate created successfully',
    updated: 'VAT rate updated successfully',
    deleted: 'VAT rate deleted successfully',
    createFailed: 'Failed to create VAT rate',
    updateFailed: 'Failed to update VAT rate',
    deleteFailed: 'Failed to delete VAT rate',
  },
};
const rateName = (rate: VatRate) => rate.name;

/** VAT rates management (/admin/vat-rates, docs/product.md §2): search, table, dialogs. */
export function VatRatesView(props: CrudListData<VatRate, VatRateFormValues>) {
  const vatRates = props.items;
  const columns = useMemo(() => vatRateColumns(vatRates ?? []), [vatRates]);
  return (
    <CrudListScreen
      {...props}
      texts={VAT_RATE_TEXTS}
      description="Manage the VAT rates applied to products, per country"
      filter={filterVatRates}
      columns={columns}
      nameOf={rateName}
      renderForm={(form) => <VatRateFormDialog {...form} vatRates={vatRates ?? []} />}
    />
  );
}
