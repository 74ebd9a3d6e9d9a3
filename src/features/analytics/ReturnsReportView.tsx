import { Stack, Table } from '@chakra-ui/react';
import type { ReturnsFigures, ReturnsReport } from '@generated/model';
import { formatCount } from '@/lib/format';
import { FigureCell, FiguresTable, MoneyCell, ReportScreen, type ReportLoad } from '../reports';
import { BucketsReport, EmptyReport, PeriodPicker, ReportSection } from './AnalyticsControls';
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
              <BucketsReport
                chart={{
                  testId: 'returns-chart',
                  series: [
                    {
                      name: 'amount',
                      label: t('columnCredited'),
                      color: 'red.solid',
                      unit: 'money',
                    },
                    { name: 'units', label: t('columnUnits'), color: 'blue.solid', unit: 'count' },
                  ],
                  heights: (b) => ({ amount: Number(b.amount), units: b.units }),
                }}
                table={{
                  label: t('returnsTable'),
                  minW: '28rem',
                  figures: [t('columnReturns'), t('columnUnits'), t('columnCredited')],
                }}
                buckets={data.buckets}
                totals={data.totals}
                cells={(figures, strong) => <FigureCells figures={figures} strong={strong} />}
              />
            </ReportSection>
            <ReportSection title={t('returnedProductsTitle')}>
              <FiguresTable
                label={t('returnedProductsTitle')}
                minW="24rem"
                names={[t('columnProduct')]}
                figures={[t('columnUnits'), t('columnCredited')]}
                rows={data.products}
                rowKey={(p, i) => p.product_id ?? `deleted-${i}`}
              >
                {(p) => (
                  <>
                    <Table.Cell>{p.product_name}</Table.Cell>
                    <FigureCell>{formatCount(p.units)}</FigureCell>
                    <MoneyCell amount={p.revenue} />
                  </>
                )}
              </FiguresTable>
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
