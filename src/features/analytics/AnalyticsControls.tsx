import { Flex, Stack, Text } from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';
import type { ReportInterval } from '@generated/model';
import { FilterSelect } from '@/components/list-screen';
import { DayField } from '@/components/list-screen/DayField';
import { formatShopDay } from '@/lib/format';
import { SectionTitle } from '../reports';
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
export const bucketText = ({ start, end }: { start: string; end: string }) =>
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
