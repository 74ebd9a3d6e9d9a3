import { Badge, HStack } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { VatRate } from '@generated/model';
import {
  CrudListScreen,
  crudTexts,
  paletteBadgeColumn,
  type Column,
  type CrudListData,
  type CrudTexts,
} from '@/components/list-screen';
import { formatVatRate } from '@/lib/format';
import { noun, t, useT } from './messages';
import {
  filterVatRates,
  formatVatDay,
  statusLabel,
  usageText,
  type VatRateFormValues,
} from './vat-rate-form';
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
      header: t('name'),
      card: 'title',
      cell: (rate) => (
        <>
          <HStack gap="2" minW="0">
            {/* The table's cut text: in Arabic, 'BE standard rate' loses its end, not 'BE'. */}
            <span
              className="cell-text cell-strong"
              title={rate.description ? `${rate.name}: ${rate.description}` : rate.name}
            >
              {rate.name}
            </span>
            {rate.is_default && (
              <Badge variant="solid" flexShrink={0}>
                {t('default')}
              </Badge>
            )}
          </HStack>
          {rate.successor_id !== null && (
            <span className="cell-text cell-muted cell-small">
              {t('replacedByName', {
                name:
                  vatRates.find((r) => r.id === rate.successor_id)?.name ?? `#${rate.successor_id}`,
              })}
            </span>
          )}
        </>
      ),
    },
    { header: t('country'), width: '6rem', card: 'subtitle', cell: (rate) => rate.country_code },
    {
      header: t('rate'),
      width: '6rem',
      align: 'end',
      card: 'value',
      cell: (rate) => <span className="cell-numeric">{formatVatRate(rate.rate)}</span>,
    },
    {
      header: t('effectiveFrom'),
      width: '8.5rem',
      card: 'meta',
      cell: (rate) => <span className="cell-nowrap">{formatVatDay(rate.effective_from)}</span>,
    },
    {
      header: t('effectiveTo'),
      width: '8.5rem',
      card: 'meta',
      cell: (rate) => <span className="cell-nowrap">{formatVatDay(rate.effective_to)}</span>,
    },
    paletteBadgeColumn(t('status'), (rate) => rate.status, {
      width: '7rem',
      palettes: STATUS_PALETTES,
      label: statusLabel,
      testId: 'vat-rate-status',
    }),
    {
      header: t('usedBy'),
      width: '9rem',
      card: 'meta',
      cell: (rate) => <span className="cell-nowrap">{usageText(rate)}</span>,
    },
  ];
}

/** The screen's texts (docs/product.md §2 VAT rates, §8), in the language of the moment. */
export function vatRateTexts(): CrudTexts {
  return crudTexts(t, noun, 'vatRates');
}
const rateName = (rate: VatRate) => rate.name;

/** VAT rates management (/admin/vat-rates, docs/product.md §2): search, table, dialogs. */
export function VatRatesView(props: CrudListData<VatRate, VatRateFormValues>) {
  const t = useT();
  const vatRates = props.items;
  const columns = useMemo(() => vatRateColumns(vatRates ?? []), [vatRates]);
  return (
    <CrudListScreen
      {...props}
      texts={vatRateTexts()}
      description={t('subtitle')}
      filter={filterVatRates}
      columns={columns}
      nameOf={rateName}
      renderForm={(form) => <VatRateFormDialog {...form} vatRates={vatRates ?? []} />}
    />
  );
}
