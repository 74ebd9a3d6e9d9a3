import { Stack, Table } from '@chakra-ui/react';
import type { ReturnsFigures, ReturnsReport } from '@generated/model';
import { formatCount } from '@/lib/format';
import {
  FigureCell,
  MoneyCell,
  ReportScreen,
  ReportTable,
  type ReportLoad,
  ReportChart,
} from '../reports';
import { bucketText, EmptyReport, PeriodPicker, ReportSection } from './AnalyticsControls';
import { useT } from './messages';
import type { AnalyticsDownloads, AnalyticsQuery } from './use-analytics';

export interface ReturnsReportViewProps extends AnalyticsDownloads {
  query: AnalyticsQuery;
  returns: ReportLoad<ReturnsReport>;
}

/** /admin/reports/returns: the period and buckets, returns over time, products returned most. */
export function ReturnsReportView({ query, returns, ...downloads }: ReturnsReportViewProps) {
  const t = useT();
  return (
    <ReportScreen
      {...downloads}
      title={t('returnsTitle')}
      description={t('returnsDescription')}
      period={<PeriodPicker {...query} buckets={query} />}
      load={returns}
      loadingText={t('returnsLoading')}
    >
      {(data) =>
        data.totals.return_count === 0 ? (
          <EmptyReport>{t('returnsEmpty')}</EmptyReport>
        ) : (
          <Stack gap="8">
            <ReportSection title={t('returnsOverTime')}>
              <ReportChart
                testId="returns-chart"
                points={data.buckets.map((b) => ({
                  label: bucketText(b),
                  amount: Number(b.amount),
                  units: b.units,
                }))}
                series={[
                  {
                    name: 'amount',
                    label: t('columnCredited'),
                    color: 'red.solid',
                    unit: 'money',
                  },
                  { name: 'units', label: t('columnUnits'), color: 'blue.solid', unit: 'count' },
                ]}
              />
              <ReturnsTable data={data} />
            </ReportSection>
            <ReportSection title={t('returnedProductsTitle')}>
              <ReportTable label={t('returnedProductsTitle')} minW="24rem">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('columnProduct')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('columnUnits')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('columnCredited')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {data.products.map((p, i) => (
                    <Table.Row key={p.product_id ?? `deleted-${i}`}>
                      <Table.Cell>{p.product_name}</Table.Cell>
                      <FigureCell>{formatCount(p.units)}</FigureCell>
                      <MoneyCell amount={p.revenue} />
                    </Table.Row>
                  ))}
                </Table.Body>
              </ReportTable>
            </ReportSection>
          </Stack>
        )
      }
    </ReportScreen>
  );
}

function FigureCells({ figures, strong }: { figures: ReturnsFigures; strong?: boolean }) {
  return (
    <>
      <FigureCell strong={strong}>{formatCount(figures.return_count)}</FigureCell>
      <FigureCell strong={strong}>{formatCount(figures.units)}</FigureCell>
      <MoneyCell amount={figures.amount} strong={strong} />
    </>
  );
}

function ReturnsTable({ data }: { data: ReturnsReport }) {
  const t = useT();
  return (
    <ReportTable label={t('returnsTable')} minW="28rem">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('columnPeriod')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('columnReturns')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('columnUnits')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('columnCredited')}</Table.ColumnHeader>
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
