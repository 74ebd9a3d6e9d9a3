import { Stack, Table, Text } from '@chakra-ui/react';
import { useMemo, type Key, type ReactNode } from 'react';
import type {
  LowStockReport,
  ProductSales,
  SlowMovers,
  StockVariant,
  TopProducts,
} from '@generated/model';
import { FilterSelect } from '@/components/list-screen';
import { formatCount, formatMoney, formatShopDay } from '@/lib/format';
import {
  FigureCell,
  FiguresTable,
  MoneyCell,
  ReportBody,
  ReportChart,
  ReportScreen,
  type ReportLoad,
} from '../reports';
import { SLOW_MOVER_DAYS } from './analytics-period';
import { EmptyReport, PeriodPicker, ReportSection } from './AnalyticsControls';
import { useT } from './messages';
import type { AnalyticsDownloads, AnalyticsQuery } from './use-analytics';

export interface ProductsReportViewProps extends AnalyticsDownloads {
  query: AnalyticsQuery;
  top: ReportLoad<TopProducts>;
  slowMovers: ReportLoad<SlowMovers>;
  lowStock: ReportLoad<LowStockReport>;
}

/** /admin/reports/products: the best sellers of the period, then slow movers and low stock. */
export function ProductsReportView({
  query,
  top,
  slowMovers,
  lowStock,
  ...downloads
}: ProductsReportViewProps) {
  const t = useT();
  return (
    <ReportScreen
      {...downloads}
      title={t('productsTitle')}
      description={t('productsDescription')}
      period={<PeriodPicker {...query} />}
      load={top}
      loadingText={t('productsLoading')}
    >
      {(data) => (
        <Stack gap="8">
          <BestSellers data={data} />
          <ReportSection
            title={t('slowMoversTitle')}
            actions={<DaysPicker days={query.days} onChange={query.setSlowMoverDays} />}
          >
            <ReportBody load={slowMovers} loadingText={t('slowMoversLoading')}>
              {(slow) => <SlowMoversTable data={slow} />}
            </ReportBody>
          </ReportSection>
          <ReportSection title={t('lowStockTitle')} text={t('lowStockText')}>
            <ReportBody load={lowStock} loadingText={t('lowStockLoading')}>
              {(low) => <LowStockTable data={low} />}
            </ReportBody>
          </ReportSection>
        </Stack>
      )}
    </ReportScreen>
  );
}

function BestSellers({ data }: { data: TopProducts }) {
  const t = useT();
  if (data.products.length === 0) return <EmptyReport>{t('productsEmpty')}</EmptyReport>;
  const figures = [t('columnUnits'), t('columnRevenue')];
  const cells = (row: ProductSales) => (
    <>
      <FigureCell>{formatCount(row.units)}</FigureCell>
      <MoneyCell amount={row.revenue} />
    </>
  );
  return (
    <Stack gap="4">
      <ReportChart
        testId="top-products-chart"
        points={data.products.map((p) => ({ label: p.product_name, units: p.units }))}
        series={[{ name: 'units', label: t('unitsSold'), color: 'teal.solid', unit: 'count' }]}
      />
      <FiguresTable
        label={t('topProductsTable')}
        minW="24rem"
        names={[t('columnProduct')]}
        figures={figures}
        rows={data.products}
        rowKey={(p, i) => p.product_id ?? `deleted-${i}`}
      >
        {(p) => (
          <>
            <Table.Cell>{p.product_name}</Table.Cell>
            {cells(p)}
          </>
        )}
      </FiguresTable>
      <VariantsTable
        label={t('topVariantsTable')}
        minW="36rem"
        figures={figures}
        rows={data.variants}
        rowKey={(v, i) => v.variant_id ?? `deleted-${i}`}
        cells={cells}
      />
    </Stack>
  );
}

function DaysPicker({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  const t = useT();
  const options = useMemo(
    () =>
      SLOW_MOVER_DAYS.map((value) => ({
        value: String(value),
        label: t('daysOption', { days: formatCount(value) }),
      })),
    [t],
  );
  return (
    <FilterSelect
      label={t('daysLabel')}
      value={String(days)}
      options={options}
      onChange={(value) => onChange(Number(value))}
      width={{ base: 'full', sm: '40' }}
    />
  );
}

/** What names a variant's row: its product, its title and its SKU (a dash when it has none). */
type VariantRow = Pick<StockVariant, 'product_name' | 'variant_title' | 'sku'>;

/** A table of variants: the product, variant and SKU columns, then the figures. */
function VariantsTable<R extends VariantRow>({
  cells,
  ...table
}: {
  label: string;
  minW: string;
  figures: readonly string[];
  rows: readonly R[];
  rowKey: (row: R, index: number) => Key;
  /** A variant's figure cells, in the order of `figures`. */
  cells: (row: R) => ReactNode;
}) {
  const t = useT();
  return (
    <FiguresTable {...table} names={[t('columnProduct'), t('columnVariant'), t('columnSku')]}>
      {(row) => (
        <>
          <Table.Cell>{row.product_name}</Table.Cell>
          <Table.Cell>{row.variant_title ?? '-'}</Table.Cell>
          <Table.Cell>{row.sku ?? '-'}</Table.Cell>
          {cells(row)}
        </>
      )}
    </FiguresTable>
  );
}

/** 'The first 50 of 120' when the list holds only the first of them. */
function ShownOf({ shown, total }: { shown: number; total: number }) {
  const t = useT();
  if (shown >= total) return null;
  return (
    <Text color="fg.muted" fontSize="sm">
      {t('shownOf', { shown: formatCount(shown), total: formatCount(total) })}
    </Text>
  );
}

function SlowMoversTable({ data }: { data: SlowMovers }) {
  const t = useT();
  return (
    <Stack gap="3">
      <Text color="fg.muted" fontSize="sm" data-testid="slow-movers-since">
        {t('slowMoversText', { since: formatShopDay(data.since) })}
      </Text>
      {data.items.length === 0 ? (
        <EmptyReport>{t('slowMoversEmpty')}</EmptyReport>
      ) : (
        <VariantsTable
          label={t('slowMoversTitle')}
          minW="44rem"
          figures={[t('columnStock'), t('columnCostValue'), t('columnLastSold')]}
          rows={data.items}
          rowKey={(row) => row.variant_id}
          cells={(row) => (
            <>
              <FigureCell>{formatCount(row.stock_quantity)}</FigureCell>
              <FigureCell>{row.cost_value === null ? '-' : formatMoney(row.cost_value)}</FigureCell>
              <FigureCell>
                {row.last_sold_on === null ? t('never') : formatShopDay(row.last_sold_on)}
              </FigureCell>
            </>
          )}
        />
      )}
      <ShownOf shown={data.items.length} total={data.total} />
    </Stack>
  );
}

function LowStockTable({ data }: { data: LowStockReport }) {
  const t = useT();
  if (data.items.length === 0) return <EmptyReport>{t('lowStockEmpty')}</EmptyReport>;
  return (
    <Stack gap="3">
      <VariantsTable
        label={t('lowStockTitle')}
        minW="48rem"
        figures={[t('columnStock'), t('columnThreshold'), t('columnSold30'), t('columnCover')]}
        rows={data.items}
        rowKey={(row) => row.variant_id}
        cells={(row) => (
          <>
            <FigureCell>{formatCount(row.stock_quantity)}</FigureCell>
            <FigureCell>{formatCount(row.low_stock_threshold)}</FigureCell>
            <FigureCell>{formatCount(row.units_sold_30_days)}</FigureCell>
            <FigureCell>
              {row.days_of_cover === null ? t('noSale') : formatCount(row.days_of_cover)}
            </FigureCell>
          </>
        )}
      />
      <ShownOf shown={data.items.length} total={data.total} />
    </Stack>
  );
}
