import { Chart, useChart } from '@chakra-ui/charts';
import { Box } from '@chakra-ui/react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { VatReturnMonth } from '@generated/model';
import { formatMoney } from '@/lib/format';
import { directionOf, INTL_TAGS, useLocale } from '@/lib/i18n';
import { useT } from './messages';
import { formatMonth } from './report-period';

interface TrendPoint {
  month: string;
  /** Heights of bars (floats); the exact amounts are the table's. */
  taxable: number;
  vat: number;
}

/**
 * The twelve months of the return's trend as bars (taxable base and VAT). The colours are theme
 * tokens, so the chart follows dark mode; in Arabic the months run right to left and the axis of
 * amounts stands on the right. The table below it says the same for a screen reader.
 */
export function VatTrendChart({ trend }: { trend: readonly VatReturnMonth[] }) {
  const t = useT();
  const locale = useLocale();
  const rtl = directionOf(locale) === 'rtl';
  const tag = INTL_TAGS[locale];
  const chart = useChart<TrendPoint>({
    data: trend.map((m) => ({
      month: formatMonth(m.month, tag, 'short'),
      taxable: Number(m.taxable_amount),
      vat: Number(m.vat_amount),
    })),
    series: [
      { name: 'taxable', color: 'teal.solid', label: t('columnTaxable') },
      { name: 'vat', color: 'orange.solid', label: t('columnVat') },
    ],
  });
  // A theme token as the CSS variable Recharts paints with (it follows the colour mode).
  const paint = (token: string) => chart.color(token) as string;
  const compact = new Intl.NumberFormat(tag, { notation: 'compact', maximumFractionDigits: 1 });
  return (
    <Box aria-hidden="true" data-testid="vat-trend-chart" dir="ltr">
      <Chart.Root maxH="xs" chart={chart}>
        {/* Sized by CSS (Recharts 3's `responsive`): the root's box, landscape, at most 20rem high. */}
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
            dataKey={chart.key('month')}
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
            content={<Chart.Tooltip formatter={(value: number) => formatMoney(value.toFixed(3))} />}
          />
          <Legend content={<Chart.Legend />} />
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
  );
}
