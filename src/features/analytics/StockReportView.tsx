import { Stack, Table, Text } from '@chakra-ui/react';
import type { StockValuation } from '@generated/model';
import { formatCount, formatDateTime, formatMoney } from '@/lib/format';
import {
  FigureCell,
  MoneyCell,
  ReportScreen,
  ReportTable,
  type ReportLoad,
  ReportChart,
} from '../reports';
import { EmptyReport, ReportSection } from './AnalyticsControls';
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
  const categoryName = (name: string | null) => name ?? t('noCategory');
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
      <ReportSection title={t('stockByCategoryTitle')}>
        {data.by_category.length === 0 ? (
          <EmptyReport>{t('stockEmpty')}</EmptyReport>
        ) : (
          <>
            <ReportChart
              testId="stock-chart"
              points={data.by_category.map((c) => ({
                label: categoryName(c.category_name),
                value: Number(c.cost_value),
              }))}
              series={[
                { name: 'value', label: t('columnCostValue'), color: 'teal.solid', unit: 'money' },
              ]}
            />
            <ReportTable label={t('stockByCategoryTable')} minW="32rem">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('columnCategory')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('columnUnits')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('columnCostValue')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('columnWithoutCost')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.by_category.map((c) => (
                  <Table.Row key={c.category_id ?? 'none'}>
                    <Table.Cell>{categoryName(c.category_name)}</Table.Cell>
                    <FigureCell>{formatCount(c.units)}</FigureCell>
                    <MoneyCell amount={c.cost_value} />
                    <FigureCell>{formatCount(c.variants_without_cost)}</FigureCell>
                  </Table.Row>
                ))}
              </Table.Body>
              <Table.Footer>
                <Table.Row>
                  <Table.Cell fontWeight="semibold">{t('total')}</Table.Cell>
                  <FigureCell strong>{formatCount(data.units)}</FigureCell>
                  <MoneyCell amount={data.cost_value} strong />
                  <FigureCell strong>{formatCount(data.variants_without_cost)}</FigureCell>
                </Table.Row>
              </Table.Footer>
            </ReportTable>
          </>
        )}
      </ReportSection>
    </Stack>
  );
}
