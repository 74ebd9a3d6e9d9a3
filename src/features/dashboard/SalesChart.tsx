import { Table, VisuallyHidden } from '@chakra-ui/react';
import type { DashboardSalesDay } from '@generated/model';
import { formatCount, formatMoney } from '@/lib/format';
import { INTL_TAGS, useLocale } from '@/lib/i18n';
import { ReportChart } from '../reports';
import { useT } from './messages';

/** A shop day (YYYY-MM-DD) as '30 Nov' in the language `tag` (a calendar day: no time zone). */
export function shortShopDay(day: string, tag: string, year = false): string {
  return new Intl.DateTimeFormat(tag, {
    day: 'numeric',
    month: 'short',
    ...(year ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/**
 * The period's revenue day by day as bars (the reports' chart), with the same figures as a table
 * for screen readers (the chart is hidden from them).
 */
export function SalesChart({ days }: { days: readonly DashboardSalesDay[] }) {
  const t = useT();
  const locale = useLocale();
  const tag = INTL_TAGS[locale];
  return (
    <>
      <ReportChart
        testId="sales-chart"
        legend={false}
        maxH="2xs"
        points={days.map((d) => ({ label: shortShopDay(d.day, tag), revenue: Number(d.revenue) }))}
        series={[
          { name: 'revenue', color: 'teal.solid', label: t('seriesRevenue'), unit: 'money' },
        ]}
      />
      <VisuallyHidden>
        <Table.Root size="sm" aria-label={t('salesTable')} data-testid="sales-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('columnDay')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('columnOrders')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('columnRevenue')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {days.map((d) => (
              <Table.Row key={d.day}>
                <Table.Cell>{shortShopDay(d.day, tag, true)}</Table.Cell>
                <Table.Cell>{formatCount(d.order_count)}</Table.Cell>
                <Table.Cell>{formatMoney(d.revenue)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </VisuallyHidden>
    </>
  );
}
