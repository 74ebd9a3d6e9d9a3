import { Chart, useChart } from '@chakra-ui/charts';
import { Box, Table, VisuallyHidden } from '@chakra-ui/react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardSalesDay } from '@generated/model';
import { formatCount, formatMoney } from '@/lib/format';
import { directionOf, INTL_TAGS, useLocale } from '@/lib/i18n';
import { useT } from './messages';

interface SalesPoint {
  day: string;
  /** The bar's height (a float); the exact amounts are the table's. */
  revenue: number;
}

/** A shop day (YYYY-MM-DD) as '30 Nov' in the language `tag` (a calendar day: no time zone). */
export function formatShopDay(day: string, tag: string, year = false): string {
  return new Intl.DateTimeFormat(tag, {
    day: 'numeric',
    month: 'short',
    ...(year ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/**
 * The period's revenue day by day as bars, with the same figures as a table for screen readers
 * (the chart is hidden from them). As the VAT return's trend (reports/VatTrendChart.tsx): theme
 * tokens, so it follows dark mode; in Arabic the days run right to left and the amounts' axis
 * stands on the right; numbers and money in the active language.
 */
export function SalesChart({ days }: { days: readonly DashboardSalesDay[] }) {
  const t = useT();
  const locale = useLocale();
  const rtl = directionOf(locale) === 'rtl';
  const tag = INTL_TAGS[locale];
  const chart = useChart<SalesPoint>({
    data: days.map((d) => ({ day: formatShopDay(d.day, tag), revenue: Number(d.revenue) })),
    series: [{ name: 'revenue', color: 'teal.solid', label: t('seriesRevenue') }],
  });
  // A theme token as the CSS variable Recharts paints with (it follows the colour mode).
  const paint = (token: string) => chart.color(token) as string;
  const compact = new Intl.NumberFormat(tag, { notation: 'compact', maximumFractionDigits: 1 });
  return (
    <>
      <Box aria-hidden="true" data-testid="sales-chart" dir="ltr">
        <Chart.Root maxH="2xs" chart={chart}>
          <BarChart
            responsive
            // Hidden from assistive technology (the table says the same): no focusable layer.
            accessibilityLayer={false}
            style={{ width: '100%', height: '100%' }}
            data={chart.data}
            margin={{ left: 8, right: 8 }}
          >
            <CartesianGrid stroke={paint('border.muted')} vertical={false} />
            <XAxis
              dataKey={chart.key('day')}
              reversed={rtl}
              tickLine={false}
              axisLine={false}
              interval="preserveStartEnd"
            />
            <YAxis
              orientation={rtl ? 'right' : 'left'}
              tickLine={false}
              axisLine={false}
              tickFormatter={(value: number) => compact.format(value)}
            />
            <Tooltip
              cursor={{ fill: paint('bg.muted') }}
              isAnimationActive={false}
              content={
                <Chart.Tooltip formatter={(value: number) => formatMoney(value.toFixed(3))} />
              }
            />
            {chart.series.map((item) => (
              <Bar
                key={item.name}
                isAnimationActive={false}
                dataKey={chart.key(item.name)}
                name={item.name}
                fill={paint(String(item.color))}
                radius={[3, 3, 0, 0]}
              />
            ))}
          </BarChart>
        </Chart.Root>
      </Box>
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
                <Table.Cell>{formatShopDay(d.day, tag, true)}</Table.Cell>
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
