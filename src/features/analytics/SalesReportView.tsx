import { Stack, Table } from '@chakra-ui/react';
import type { SalesBreakdown, SalesFigures, SalesReport } from '@generated/model';
import { formatCount } from '@/lib/format';
import { paymentMethodLabel } from '../orders';
import {
  FigureCell,
  MoneyCell,
  ReportBody,
  ReportScreen,
  ReportTable,
  type ReportLoad,
  ReportChart,
} from '../reports';
import { bucketText, EmptyReport, PeriodPicker, ReportSection } from './AnalyticsControls';
import { useT } from './messages';
import type { AnalyticsDownloads, AnalyticsQuery } from './use-analytics';

export interface SalesReportViewProps extends AnalyticsDownloads {
  query: AnalyticsQuery;
  sales: ReportLoad<SalesReport>;
  breakdown: ReportLoad<SalesBreakdown>;
}

/** /admin/reports/sales: the period and buckets, sales over time, then the breakdown. */
export function SalesReportView({ query, sales, breakdown, ...downloads }: SalesReportViewProps) {
  const t = useT();
  return (
    <ReportScreen
      {...downloads}
      title={t('salesTitle')}
      description={t('salesDescription')}
      period={<PeriodPicker {...query} buckets={query} />}
      load={sales}
      loadingText={t('salesLoading')}
    >
      {(data) => (
        <Stack gap="8">
          <ReportSection title={t('salesOverTime')}>
            {data.totals.order_count === 0 && Number(data.totals.refunds) === 0 ? (
              <EmptyReport>{t('salesEmpty')}</EmptyReport>
            ) : (
              <>
                <ReportChart
                  testId="sales-chart"
                  points={data.buckets.map((b) => ({
                    label: bucketText(b),
                    gross: Number(b.gross),
                    orders: b.order_count,
                  }))}
                  series={[
                    { name: 'gross', label: t('columnGross'), color: 'teal.solid', unit: 'money' },
                    {
                      name: 'orders',
                      label: t('columnOrders'),
                      color: 'orange.solid',
                      unit: 'count',
                    },
                  ]}
                />
                <SalesTable data={data} />
              </>
            )}
          </ReportSection>
          <ReportBody load={breakdown} loadingText={t('breakdownLoading')}>
            {(split) => <Breakdown data={split} />}
          </ReportBody>
        </Stack>
      )}
    </ReportScreen>
  );
}

/** The amounts of a span, in the columns' order (after the order count). */
const MONEY_COLUMNS = [
  'gross',
  'net',
  'vat',
  'discounts',
  'shipping',
  'refunds',
  'average_order',
] as const satisfies readonly (keyof SalesFigures)[];

/** The figures of a span, in the columns' order. */
function FigureCells({ figures, strong }: { figures: SalesFigures; strong?: boolean }) {
  return (
    <>
      <FigureCell strong={strong}>{formatCount(figures.order_count)}</FigureCell>
      {MONEY_COLUMNS.map((column) => (
        <MoneyCell key={column} amount={figures[column]} strong={strong} />
      ))}
    </>
  );
}

function SalesTable({ data }: { data: SalesReport }) {
  const t = useT();
  const headers = [
    t('columnOrders'),
    t('columnGross'),
    t('columnNet'),
    t('columnVat'),
    t('columnDiscounts'),
    t('columnShipping'),
    t('columnRefunds'),
    t('columnAverage'),
  ];
  return (
    <ReportTable label={t('salesTable')} minW="56rem">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('columnPeriod')}</Table.ColumnHeader>
          {headers.map((header) => (
            <Table.ColumnHeader key={header} textAlign="end">
              {header}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {data.buckets.map((bucket) => (
          <Table.Row key={bucket.start}>
            <Table.Cell whiteSpace="nowrap">{bucketText(bucket)}</Table.Cell>
            <FigureCells figures={bucket} />
          </Table.Row>
        ))}
      </Table.Body>
      <Table.Footer>
        <Table.Row>
          <Table.Cell fontWeight="semibold">{t('total')}</Table.Cell>
          <FigureCells figures={data.totals} strong />
        </Table.Row>
      </Table.Footer>
    </ReportTable>
  );
}

function Breakdown({ data }: { data: SalesBreakdown }) {
  const t = useT();
  const categoryName = (name: string | null) => name ?? t('noCategory');
  return (
    <>
      <ReportSection title={t('byCategoryTitle')}>
        {data.by_category.length === 0 ? (
          <EmptyReport>{t('salesEmpty')}</EmptyReport>
        ) : (
          <>
            <ReportChart
              testId="category-chart"
              points={data.by_category.map((c) => ({
                label: categoryName(c.category_name),
                revenue: Number(c.revenue),
              }))}
              series={[
                { name: 'revenue', label: t('columnRevenue'), color: 'teal.solid', unit: 'money' },
              ]}
            />
            <ReportTable label={t('byCategoryTable')} minW="28rem">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('columnCategory')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('columnOrders')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('columnUnits')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('columnRevenue')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.by_category.map((c) => (
                  <Table.Row key={c.category_id ?? 'none'}>
                    <Table.Cell>{categoryName(c.category_name)}</Table.Cell>
                    <FigureCell>{formatCount(c.order_count)}</FigureCell>
                    <FigureCell>{formatCount(c.units)}</FigureCell>
                    <MoneyCell amount={c.revenue} />
                  </Table.Row>
                ))}
              </Table.Body>
            </ReportTable>
          </>
        )}
      </ReportSection>
      <ReportSection title={t('byPaymentTitle')}>
        {data.by_payment_method.length === 0 ? (
          <EmptyReport>{t('salesEmpty')}</EmptyReport>
        ) : (
          <ReportTable label={t('byPaymentTable')} minW="24rem">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('columnPaymentMethod')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('columnOrders')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('columnGross')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.by_payment_method.map((p) => (
                <Table.Row key={p.payment_method}>
                  <Table.Cell>{paymentMethodLabel(p.payment_method)}</Table.Cell>
                  <FigureCell>{formatCount(p.order_count)}</FigureCell>
                  <MoneyCell amount={p.gross} />
                </Table.Row>
              ))}
            </Table.Body>
          </ReportTable>
        )}
      </ReportSection>
    </>
  );
}
