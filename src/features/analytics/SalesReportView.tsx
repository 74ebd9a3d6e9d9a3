import { Stack, Table } from '@chakra-ui/react';
import type { SalesBreakdown, SalesFigures, SalesReport } from '@generated/model';
import { formatCount } from '@/lib/format';
import { SALES_COLUMNS } from '../../../server/src/domain/analytics';
import { paymentMethodLabel } from '../orders';
import {
  FigureCell,
  FiguresTable,
  MoneyCell,
  ReportBody,
  ReportScreen,
  type ReportLoad,
} from '../reports';
import {
  BucketsReport,
  ByCategorySection,
  EmptyReport,
  PeriodPicker,
  ReportSection,
} from './AnalyticsControls';
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
                <BucketsReport
                  chart={{
                    testId: 'sales-chart',
                    series: [
                      {
                        name: 'gross',
                        label: t('columnGross'),
                        color: 'teal.solid',
                        unit: 'money',
                      },
                      {
                        name: 'orders',
                        label: t('columnOrders'),
                        color: 'orange.solid',
                        unit: 'count',
                      },
                    ],
                    heights: (b) => ({ gross: Number(b.gross), orders: b.order_count }),
                  }}
                  table={{
                    label: t('salesTable'),
                    minW: '56rem',
                    figures: [
                      t('columnOrders'),
                      t('columnGross'),
                      t('columnNet'),
                      t('columnVat'),
                      t('columnDiscounts'),
                      t('columnShipping'),
                      t('columnRefunds'),
                      t('columnAverage'),
                    ],
                  }}
                  buckets={data.buckets}
                  totals={data.totals}
                  cells={(figures, strong) => <FigureCells figures={figures} strong={strong} />}
                />
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

/**
 * The amounts of a span: the sales CSV's columns after its days and order count, so that the
 * table and the file list the figures in one order.
 */
const MONEY_COLUMNS = SALES_COLUMNS.filter(
  (column): column is Exclude<(typeof SALES_COLUMNS)[number], 'start' | 'end' | 'order_count'> =>
    column !== 'start' && column !== 'end' && column !== 'order_count',
);

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

function Breakdown({ data }: { data: SalesBreakdown }) {
  const t = useT();
  return (
    <>
      <ByCategorySection
        title={t('byCategoryTitle')}
        emptyText={t('salesEmpty')}
        chart={{
          testId: 'category-chart',
          name: 'revenue',
          label: t('columnRevenue'),
          amount: (c) => c.revenue,
        }}
        table={{
          label: t('byCategoryTable'),
          minW: '28rem',
          figures: [t('columnOrders'), t('columnUnits'), t('columnRevenue')],
        }}
        rows={data.by_category}
        cells={(c) => (
          <>
            <FigureCell>{formatCount(c.order_count)}</FigureCell>
            <FigureCell>{formatCount(c.units)}</FigureCell>
            <MoneyCell amount={c.revenue} />
          </>
        )}
      />
      <ReportSection title={t('byPaymentTitle')}>
        {data.by_payment_method.length === 0 ? (
          <EmptyReport>{t('salesEmpty')}</EmptyReport>
        ) : (
          <FiguresTable
            label={t('byPaymentTable')}
            minW="24rem"
            names={[t('columnPaymentMethod')]}
            figures={[t('columnOrders'), t('columnGross')]}
            rows={data.by_payment_method}
            rowKey={(p) => p.payment_method}
          >
            {(p) => (
              <>
                <Table.Cell>{paymentMethodLabel(p.payment_method)}</Table.Cell>
                <FigureCell>{formatCount(p.order_count)}</FigureCell>
                <MoneyCell amount={p.gross} />
              </>
            )}
          </FiguresTable>
        )}
      </ReportSection>
    </>
  );
}
