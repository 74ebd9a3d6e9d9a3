import { describe, expect, it } from 'vitest';
import {
  intervalOfQuery,
  periodOfQuery,
  presetDays,
  slowMoverDaysOf,
  withQuery,
} from './analytics-period';

const query = (text: string) => new URLSearchParams(text);

describe('presetDays', () => {
  it('counts the presets back from the shop day, today included', () => {
    const today = '2026-03-31';
    expect(presetDays('7_days', today)).toEqual({ from: '2026-03-25', to: today });
    expect(presetDays('30_days', today)).toEqual({ from: '2026-03-02', to: today });
    expect(presetDays('this_month', today)).toEqual({ from: '2026-03-01', to: today });
    expect(presetDays('last_month', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetDays('this_year', today)).toEqual({ from: '2026-01-01', to: today });
  });

  it('crosses the year and leap days as the calendar does', () => {
    expect(presetDays('last_month', '2026-01-15')).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(presetDays('last_month', '2024-03-01')).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
    expect(presetDays('7_days', '2024-03-02')).toEqual({ from: '2024-02-25', to: '2024-03-02' });
  });
});

describe('periodOfQuery', () => {
  const today = '2026-11-30';
  it('reads two real days as a custom period, whatever the preset', () => {
    expect(periodOfQuery(query('from=2026-01-01&to=2026-02-01&period=7_days'), today)).toEqual({
      choice: 'custom',
      from: '2026-01-01',
      to: '2026-02-01',
    });
  });

  it('reads a preset, and falls back to the last 30 days', () => {
    expect(periodOfQuery(query('period=this_month'), today)).toEqual({
      choice: 'this_month',
      from: '2026-11-01',
      to: today,
    });
    const last30 = { choice: '30_days', from: '2026-11-01', to: today };
    expect(periodOfQuery(query(''), today)).toEqual(last30);
    expect(periodOfQuery(query('period=forever'), today)).toEqual(last30);
    expect(periodOfQuery(query('from=2026-02-30&to=2026-03-01'), today)).toEqual(last30);
  });
});

describe('intervalOfQuery', () => {
  it('keeps the interval asked, else picks one the chart can show', () => {
    const march = { from: '2026-03-01', to: '2026-03-31' };
    expect(intervalOfQuery(query('interval=month'), march)).toBe('month');
    expect(intervalOfQuery(query('interval=hour'), march)).toBe('day');
    expect(intervalOfQuery(query(''), { from: '2026-03-01', to: '2026-05-31' })).toBe('week');
    expect(intervalOfQuery(query(''), { from: '2026-01-01', to: '2026-06-01' })).toBe('month');
    // A backwards period is the server's to refuse: the screen still asks.
    expect(intervalOfQuery(query(''), { from: '2026-03-31', to: '2026-03-01' })).toBe('day');
  });
});

describe('slowMoverDaysOf', () => {
  it('offers 30, 60, 90 and 180 days, 90 by default', () => {
    expect(slowMoverDaysOf(query('days=180'))).toBe(180);
    expect(slowMoverDaysOf(query('days=45'))).toBe(90);
    expect(slowMoverDaysOf(query(''))).toBe(90);
  });
});

describe('withQuery', () => {
  it('sets and removes keys, keeping the others', () => {
    expect(
      withQuery('/admin/reports/sales', 'from=2026-01-01&to=2026-01-31&interval=week', {
        period: '7_days',
        from: null,
        to: null,
      }),
    ).toBe('/admin/reports/sales?interval=week&period=7_days');
    expect(withQuery('/admin/reports/stock', '', { days: null })).toBe('/admin/reports/stock');
  });
});
