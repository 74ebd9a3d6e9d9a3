import { Stack, Table, Text } from '@chakra-ui/react';
import type { StockValuation } from '@generated/model';
import { formatCount, formatDateTime, formatMoney } from '@/lib/format';
import { FigureCell, MoneyCell, ReportScreen, ReportTable, type ReportLoad } from '../reports';
import { ByCategorySection } from './AnalyticsControls';
import { useT } from './messages';
import type { AnalyticsDownloads } from './use-analytics';

export interface StockReportViewProps extends AnalyticsDownloads {
  valuation: ReportLoad<StockValuation>;
}

/** /admin/reports/stock: the value of the stock on hand, in total and by category. */
export function StockReportView({ valuation, ...downloads }: StockReportViewProps) {
  const t = useT();
  return (
    <ReportScreen
      {...downloads}
      title={t('stockTitle')}
      description={t('stockDescription')}
      period={null}
      load={valuation}
      loadingText={t('stockLoading')}
    >
      {(data) => <Valuation data={data} />}
    </ReportScreen>
  );
}

function Valuation({ data }: { data: StockValuation }) {
  const t = useT();
  return (
    <Stack gap="8">
      <Stack gap="3">
        <Text data-testid="stock-as-of">{t('stockAsOf', { at: formatDateTime(data.as_of) })}</Text>
        <ReportTable label={t('stockTotalsTable')} minW="16rem">
          <Table.Body>
            <Table.Row>
              <Table.Cell>{t('stockValue')}</Table.Cell>
              <FigureCell strong>{formatMoney(data.cost_value)}</FigureCell>
            </Table.Row>
            <Table.Row>
              <Table.Cell>{t('stockUnits')}</Table.Cell>
              <FigureCell>{formatCount(data.units)}</FigureCell>
            </Table.Row>
            <Table.Row>
              <Table.Cell>{t('stockWithoutCost')}</Table.Cell>
              <FigureCell>{formatCount(data.variants_without_cost)}</FigureCell>
            </Table.Row>
          </Table.Body>
        </ReportTable>
      </Stack>
      <ByCategorySection
        title={t('stockByCategoryTitle')}
        emptyText={t('stockEmpty')}
        chart={{
          testId: 'stock-chart',
          name: 'value',
          label: t('columnCostValue'),
          amount: (c) => c.cost_value,
        }}
        table={{
          label: t('stockByCategoryTable'),
          minW: '32rem',
          figures: [t('columnUnits'), t('columnCostValue'), t('columnWithoutCost')],
        }}
        rows={data.by_category}
        cells={(c) => (
          <>
            <FigureCell>{formatCount(c.units)}</FigureCell>
            <MoneyCell amount={c.cost_value} />
            <FigureCell>{formatCount(c.variants_without_cost)}</FigureCell>
          </>
        )}
        total={
          <>
            <FigureCell strong>{formatCount(data.units)}</FigureCell>
            <MoneyCell amount={data.cost_value} strong />
            <FigureCell strong>{formatCount(data.variants_without_cost)}</FigureCell>
          </>
        }
      />
    </Stack>
  );
}
