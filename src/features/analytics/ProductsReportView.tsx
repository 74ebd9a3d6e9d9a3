import { Stack, Table, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
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
  MoneyCell,
  ReportBody,
  ReportScreen,
  ReportTable,
  type ReportLoad,
  ReportChart,
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
  const figures = (row: ProductSales) => (
    <>
      <FigureCell>{formatCount(row.units)}</FigureCell>
      <MoneyCell amount={row.revenue} />
    </>
  );
  const figureHeaders = (
    <>
      <Table.ColumnHeader textAlign="end">{t('columnUnits')}</Table.ColumnHeader>
      <Table.ColumnHeader textAlign="end">{t('columnRevenue')}</Table.ColumnHeader>
    </>
  );
  return (
    <Stack gap="4">
      <ReportChart
        testId="top-products-chart"
        points={data.products.map((p) => ({ label: p.product_name, units: p.units }))}
        series={[{ name: 'units', label: t('unitsSold'), color: 'teal.solid', unit: 'count' }]}
      />
      <ReportTable label={t('topProductsTable')} minW="24rem">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('columnProduct')}</Table.ColumnHeader>
            {figureHeaders}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.products.map((p, i) => (
            <Table.Row key={p.product_id ?? `deleted-${i}`}>
              <Table.Cell>{p.product_name}</Table.Cell>
              {figures(p)}
            </Table.Row>
          ))}
        </Table.Body>
      </ReportTable>
      <ReportTable label={t('topVariantsTable')} minW="36rem">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('columnProduct')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('columnVariant')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('columnSku')}</Table.ColumnHeader>
            {figureHeaders}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.variants.map((v, i) => (
            <Table.Row key={v.variant_id ?? `deleted-${i}`}>
              <Table.Cell>{v.product_name}</Table.Cell>
              <Table.Cell>{v.variant_title ?? '-'}</Table.Cell>
              <Table.Cell>{v.sku ?? '-'}</Table.Cell>
              {figures(v)}
            </Table.Row>
          ))}
        </Table.Body>
      </ReportTable>
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

/** The product, variant and SKU cells of a variant's row. */
function VariantCells({ row }: { row: StockVariant }) {
  return (
    <>
      <Table.Cell>{row.product_name}</Table.Cell>
      <Table.Cell>{row.variant_title ?? '-'}</Table.Cell>
      <Table.Cell>{row.sku ?? '-'}</Table.Cell>
    </>
  );
}

function VariantHeaders() {
  const t = useT();
  return (
    <>
      <Table.ColumnHeader>{t('columnProduct')}</Table.ColumnHeader>
      <Table.ColumnHeader>{t('columnVariant')}</Table.ColumnHeader>
      <Table.ColumnHeader>{t('columnSku')}</Table.ColumnHeader>
      <Table.ColumnHeader textAlign="end">{t('columnStock')}</Table.ColumnHeader>
    </>
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
        <ReportTable label={t('slowMoversTitle')} minW="44rem">
          <Table.Header>
            <Table.Row>
              <VariantHeaders />
              <Table.ColumnHeader textAlign="end">{t('columnCostValue')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('columnLastSold')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.items.map((row) => (
              <Table.Row key={row.variant_id}>
                <VariantCells row={row} />
                <FigureCell>{formatCount(row.stock_quantity)}</FigureCell>
                <FigureCell>
                  {row.cost_value === null ? '-' : formatMoney(row.cost_value)}
                </FigureCell>
                <FigureCell>
                  {row.last_sold_on === null ? t('never') : formatShopDay(row.last_sold_on)}
                </FigureCell>
              </Table.Row>
            ))}
          </Table.Body>
        </ReportTable>
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
      <ReportTable label={t('lowStockTitle')} minW="48rem">
        <Table.Header>
          <Table.Row>
            <VariantHeaders />
            <Table.ColumnHeader textAlign="end">{t('columnThreshold')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('columnSold30')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('columnCover')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.items.map((row) => (
            <Table.Row key={row.variant_id}>
              <VariantCells row={row} />
              <FigureCell>{formatCount(row.stock_quantity)}</FigureCell>
              <FigureCell>{formatCount(row.low_stock_threshold)}</FigureCell>
              <FigureCell>{formatCount(row.units_sold_30_days)}</FigureCell>
              <FigureCell>
                {row.days_of_cover === null ? t('noSale') : formatCount(row.days_of_cover)}
              </FigureCell>
            </Table.Row>
          ))}
        </Table.Body>
      </ReportTable>
      <ShownOf shown={data.items.length} total={data.total} />
    </Stack>
  );
}
