// The dashboard's periods (domain/dashboard-period.ts): the days each name covers and the
// previous period, month ends included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './analytics';
import {
  dashboardPeriods,
  daysIn,
  previousPeriod,
  type DashboardPeriodName,
} from './dashboard-period';

describe('dashboardPeriods', () => {
  /** Each row: a period's name, today, then [from, to] of the period and of the one before. */
  type Row = [
    DashboardPeriodName,
    today: string,
    period: [string, string],
    previous: [string, string],
  ];
  const expectPeriods = (rows: readonly Row[]) => {
    for (const [name, today, [from, to], [previousFrom, previousTo]] of rows) {
      expect(dashboardPeriods(name, today), `${name} on ${today}`).toEqual({
        period: { from, to },
        previous_period: { from: previousFrom, to: previousTo },
      });
    }
  };

  it('counts today, the last 7 and 30 days with today, and the days just before', () => {
    expectPeriods([
      ['today', '2026-03-01', ['2026-03-01', '2026-03-01'], ['2026-02-28', '2026-02-28']],
      ['7_days', '2026-03-03', ['2026-02-25', '2026-03-03'], ['2026-02-18', '2026-02-24']],
      ['30_days', '2026-11-30', ['2026-11-01', '2026-11-30'], ['2026-10-02', '2026-10-31']],
    ]);
  });

  it('compares this month so far with as many first days of the previous month, up to its end', () => {
    expectPeriods([
      // 31 March: the whole of February (28 days), not into March.
      ['this_month', '2026-03-31', ['2026-03-01', '2026-03-31'], ['2026-02-01', '2026-02-28']],
      // A leap year: 29 February.
      ['this_month', '2028-03-30', ['2028-03-01', '2028-03-30'], ['2028-02-01', '2028-02-29']],
      ['this_month', '2026-03-15', ['2026-03-01', '2026-03-15'], ['2026-02-01', '2026-02-15']],
      // 31 January: the whole of December of the year before.
      ['this_month', '2027-01-31', ['2027-01-01', '2027-01-31'], ['2026-12-01', '2026-12-31']],
      // The 1st: one day against the 1st of the month before.
      ['this_month', '2026-12-01', ['2026-12-01', '2026-12-01'], ['2026-11-01', '2026-11-01']],
      // 31 May against April's 30 days.
      ['this_month', '2026-05-31', ['2026-05-01', '2026-05-31'], ['2026-04-01', '2026-04-30']],
    ]);
  });

  it('takes a custom period as given, compared with as many days just before', () => {
    expect(
      dashboardPeriods('custom', '2026-11-30', { from: '2026-10-01', to: '2026-10-31' }),
    ).toEqual({
      period: { from: '2026-10-01', to: '2026-10-31' },
      previous_period: { from: '2026-08-31', to: '2026-09-30' },
    });
    expect(() => dashboardPeriods('custom', '2026-11-30')).toThrow(RangeError);
  });

  it('puts the previous period of the same length right before (every period but this_month)', () => {
    const day = fc.integer({ min: 0, max: 20_000 }).map((n) => addDays('2000-01-01', n));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 365 }), (from, length) => {
        const period = { from, to: addDays(from, length) };
        const previous = previousPeriod('custom', period);
        expect(daysIn(previous)).toBe(daysIn(period));
        expect(addDays(previous.to, 1)).toBe(period.from);
      }),
    );
  });
});
