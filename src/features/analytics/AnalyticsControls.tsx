import { Flex, Stack, Table, Text } from '@chakra-ui/react';
import { useMemo, type ComponentProps, type ReactNode } from 'react';
import type { ReportInterval } from '@generated/model';
import { FilterSelect } from '@/components/list-screen';
import { DayField } from '@/components/list-screen/DayField';
import { formatShopDay } from '@/lib/format';
import { FiguresTable, ReportChart, SectionTitle } from '../reports';
import { INTERVALS, PRESETS, type PeriodChoice, type Preset } from './analytics-period';
import { useT } from './messages';
import type { AnalyticsQuery } from './use-analytics';

const PRESET_KEYS = {
  '7_days': 'preset7Days',
  '30_days': 'preset30Days',
  this_month: 'presetThisMonth',
  last_month: 'presetLastMonth',
  this_year: 'presetThisYear',
} as const satisfies Record<Preset, string>;

const INTERVAL_KEYS = {
  day: 'intervalDay',
  week: 'intervalWeek',
  month: 'intervalMonth',
} as const satisfies Record<ReportInterval, string>;

/** What a period picker shows and changes (a screen's useAnalyticsQuery). */
export type PeriodProps = Pick<AnalyticsQuery, 'choice' | 'from' | 'to' | 'setChoice' | 'setDays'>;

/**
 * The period: a preset, or 'Custom' with its two days (a day being typed is not sent), and the
 * size of the buckets when the report has some.
 */
export function PeriodPicker({
  choice,
  from,
  to,
  setChoice,
  setDays,
  buckets,
}: PeriodProps & {
  /** The report's buckets (day, week, month), when it has some. */
  buckets?: Pick<AnalyticsQuery, 'interval' | 'setInterval'>;
}) {
  const t = useT();
  const presets = useMemo(
    (): { value: PeriodChoice; label: string }[] => [
      ...PRESETS.map((value) => ({ value, label: t(PRESET_KEYS[value]) })),
      { value: 'custom', label: t('presetCustom') },
    ],
    [t],
  );
  const intervals = useMemo(
    () => INTERVALS.map((value) => ({ value, label: t(INTERVAL_KEYS[value]) })),
    [t],
  );
  return (
    <Stack gap="2">
      <Flex gap="4" wrap="wrap" align="end">
        <FilterSelect
          label={t('periodLabel')}
          value={choice}
          options={presets}
          onChange={setChoice}
          width={{ base: 'full', sm: '48' }}
        />
        {choice === 'custom' && (
          <>
            <DayField
              label={t('fromLabel')}
              value={from}
              onChange={(day) => day && setDays({ from: day, to })}
            />
            <DayField
              label={t('toLabel')}
              value={to}
              onChange={(day) => day && setDays({ from, to: day })}
            />
          </>
        )}
        {buckets && (
          <FilterSelect
            label={t('intervalLabel')}
            value={buckets.interval}
            options={intervals}
            onChange={buckets.setInterval}
            width={{ base: 'full', sm: '32' }}
          />
        )}
      </Flex>
      <Text color="fg.muted" fontSize="sm" data-testid="period-text">
        {t('periodText', { from: formatShopDay(from), to: formatShopDay(to) })}
      </Text>
    </Stack>
  );
}

/** A bucket's days as a table writes them: one day, or its first and last. */
const bucketText = ({ start, end }: { start: string; end: string }) =>
  start === end ? formatShopDay(start) : `${formatShopDay(start)} – ${formatShopDay(end)}`;

/** A part of a report screen: its title (and text), then its content. */
export function ReportSection({
  title,
  text,
  actions,
  children,
}: {
  title: string;
  text?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <Flex justify="space-between" align="end" gap="3" wrap="wrap">
        <SectionTitle title={title} text={text} />
        {actions}
      </Flex>
      {children}
    </Stack>
  );
}

/** What a report says when its period holds nothing. */
export function EmptyReport({ children }: { children: ReactNode }) {
  return (
    <Text color="fg.muted" borderWidth="1px" rounded="md" p="4">
      {children}
    </Text>
  );
}

/** A bucket of a report over time: its first and last day. */
interface Bucket {
  start: string;
  end: string;
}

/**
 * A report over time: its chart (a point a bucket), then its table, a row a bucket (its period,
 * then its figures) and the period's totals.
 */
export function BucketsReport<F>({
  chart: { heights, ...chart },
  table,
  buckets,
  totals,
  cells,
}: {
  /** The chart, and a bucket's height in each of its series. */
  chart: Omit<ComponentProps<typeof ReportChart>, 'points'> & {
    heights: (bucket: F) => Record<string, number>;
  };
  /** The table's label and width, and the figures' headers in the order `cells` writes them. */
  table: { label: string; minW: string; figures: readonly string[] };
  buckets: readonly (F & Bucket)[];
  totals: F;
  /** The figure cells of a bucket, or of the totals (strong). */
  cells: (figures: F, strong?: boolean) => ReactNode;
}) {
  const t = useT();
  return (
    <>
      <ReportChart
        {...chart}
        points={buckets.map((bucket) => ({ label: bucketText(bucket), ...heights(bucket) }))}
      />
      <FiguresTable
        {...table}
        names={[t('columnPeriod')]}
        rows={buckets}
        rowKey={(bucket) => bucket.start}
        total={cells(totals, true)}
      >
        {(bucket) => (
          <>
            <Table.Cell whiteSpace="nowrap">{bucketText(bucket)}</Table.Cell>
            {cells(bucket)}
          </>
        )}
      </FiguresTable>
    </>
  );
}

/** A row of a report by category (none for the products without one). */
interface CategoryRow {
  category_id: number | null;
  category_name: string | null;
}

/**
 * A report's section by category: one amount a category charted, then the table of the
 * categories' figures ('No category' for the products without one), or `emptyText`.
 */
export function ByCategorySection<C extends CategoryRow>({
  title,
  emptyText,
  chart,
  table,
  rows,
  cells,
  total,
}: {
  title: string;
  emptyText: string;
  /** The charted amount: its series' name and label, and its value in a row. */
  chart: { testId: string; name: string; label: string; amount: (row: C) => string };
  table: { label: string; minW: string; figures: readonly string[] };
  rows: readonly C[];
  /** A category's figure cells, in the order of `table.figures`. */
  cells: (row: C) => ReactNode;
  total?: ReactNode;
}) {
  const t = useT();
  const categoryName = (row: C) => row.category_name ?? t('noCategory');
  return (
    <ReportSection title={title}>
      {rows.length === 0 ? (
        <EmptyReport>{emptyText}</EmptyReport>
      ) : (
        <>
          <ReportChart
            testId={chart.testId}
            points={rows.map((row) => ({
              label: categoryName(row),
              [chart.name]: Number(chart.amount(row)),
            }))}
            series={[{ name: chart.name, label: chart.label, color: 'teal.solid', unit: 'money' }]}
          />
          <FiguresTable
            {...table}
            names={[t('columnCategory')]}
            rows={rows}
            rowKey={(row) => row.category_id ?? 'none'}
            total={total}
          >
            {(row) => (
              <>
                <Table.Cell>{categoryName(row)}</Table.Cell>
                {cells(row)}
              </>
            )}
          </FiguresTable>
        </>
      )}
    </ReportSection>
  );
}
