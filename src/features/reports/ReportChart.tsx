import { Chart, useChart } from '@chakra-ui/charts';
import { Box } from '@chakra-ui/react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, formatMoney } from '@/lib/format';
import { directionOf, INTL_TAGS, useLocale } from '@/lib/i18n';

/** One series of a chart: money (bars) or a count (a line on its own axis when beside money). */
interface ChartSeries {
  name: string;
  label: string;
  /** A theme token ('teal.solid'), so the chart follows dark mode. */
  color: string;
  unit: 'money' | 'count';
}

/** A point of the chart: its label on the axis, and each series' height (floats: the exact figures are the table's). */
type ChartPoint = { label: string } & Record<string, string | number>;

/**
 * The one chart of the console's figures (the VAT return's trend, the dashboard's sales, the
 * analytics reports): theme tokens so it follows dark mode; in Arabic the points run right to
 * left and the axis of amounts stands on the right; figures in the active language. Hidden from
 * assistive technology: the table beside it says the same.
 */
export function ReportChart({
  testId,
  points,
  series,
  legend = true,
  maxH = 'xs',
}: {
  testId: string;
  points: readonly ChartPoint[];
  series: readonly ChartSeries[];
  /** Off where one series is named by the card around it (the dashboard's revenue). */
  legend?: boolean;
  /** The chart's most height (a size token): landscape at most this high. */
  maxH?: '2xs' | 'xs';
}) {
  const locale = useLocale();
  const rtl = directionOf(locale) === 'rtl';
  const tag = INTL_TAGS[locale];
  const chart = useChart<ChartPoint>({
    data: [...points],
    series: series.map(({ name, color, label }) => ({ name, color, label })),
  });
  // A theme token as the CSS variable Recharts paints with (it follows the colour mode).
  const paint = (token: string) => chart.color(token) as string;
  const compact = new Intl.NumberFormat(tag, { notation: 'compact', maximumFractionDigits: 1 });
  // Money and a count together: the count is a line on its own axis, on the other side.
  const mixed = series.some((s) => s.unit === 'money') && series.some((s) => s.unit === 'count');
  const axisOf = (item: ChartSeries) => (mixed && item.unit === 'count' ? 'side' : 'main');
  const start = rtl ? 'right' : 'left';
  const end = rtl ? 'left' : 'right';
  const format = (value: number, name: string) =>
    series.find((s) => s.name === name)?.unit === 'count'
      ? formatCount(value)
      : formatMoney(value.toFixed(3));
  return (
    <Box aria-hidden="true" data-testid={testId} dir="ltr">
      <Chart.Root maxH={maxH} chart={chart}>
        <ComposedChart
          responsive
          // Hidden from assistive technology (the table says the same): no focusable layer.
          accessibilityLayer={false}
          style={{ width: '100%', height: '100%' }}
          data={chart.data}
          margin={{ left: 8, right: 8 }}
        >
          <CartesianGrid stroke={paint('border.muted')} vertical={false} yAxisId="main" />
          <XAxis
            dataKey={chart.key('label')}
            reversed={rtl}
            tickLine={false}
            axisLine={false}
            interval="preserveStartEnd"
          />
          <YAxis
            yAxisId="main"
            orientation={start}
            tickLine={false}
            axisLine={false}
            tickFormatter={(value: number) => compact.format(value)}
          />
          {mixed && (
            <YAxis
              yAxisId="side"
              orientation={end}
              tickLine={false}
              axisLine={false}
              allowDecimals={false}
              tickFormatter={(value: number) => compact.format(value)}
            />
          )}
          <Tooltip
            cursor={{ fill: paint('bg.muted') }}
            isAnimationActive={false}
            content={<Chart.Tooltip formatter={format} />}
          />
          {legend && <Legend content={<Chart.Legend />} />}
          {series.map((item) => {
            // What a series draws from, whichever mark draws it: its axis, its data, its name.
            const drawn = {
              yAxisId: axisOf(item),
              dataKey: chart.key(item.name),
              name: item.name,
              isAnimationActive: false,
            };
            return drawn.yAxisId === 'side' ? (
              <Line
                key={item.name}
                {...drawn}
                stroke={paint(item.color)}
                strokeWidth={2}
                dot={false}
              />
            ) : (
              <Bar key={item.name} {...drawn} fill={paint(item.color)} radius={[3, 3, 0, 0]} />
            );
          })}
        </ComposedChart>
      </Chart.Root>
    </Box>
  );
}
