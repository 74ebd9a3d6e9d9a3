import { describe, expect, it } from 'vitest';
import {
  changeOf,
  DEFAULT_QUERY,
  queryOfSearch,
  searchOfQuery,
  summaryParams,
} from './dashboard-query';

describe('the dashboard period in the address', () => {
  it('reads a named period, a custom one with its days, and today otherwise', () => {
    expect(queryOfSearch('?period=7_days')).toEqual({ period: '7_days', from: '', to: '' });
    // Days go with custom only.
    expect(queryOfSearch('?period=this_month&from=2026-11-01')).toEqual({
      period: 'this_month',
      from: '',
      to: '',
    });
    expect(queryOfSearch('?period=custom&from=2026-11-01&to=2026-11-15')).toEqual({
      period: 'custom',
      from: '2026-11-01',
      to: '2026-11-15',
    });
    expect(queryOfSearch('?period=custom&from=1/11/2026')).toEqual({
      period: 'custom',
      from: '',
      to: '',
    });
    for (const wrong of ['', '?period=week', '?period='])
      expect(queryOfSearch(wrong)).toEqual(DEFAULT_QUERY);
  });

  it('writes it back (nothing for today) and asks the server once both custom days are in', () => {
    expect(searchOfQuery(DEFAULT_QUERY)).toBe('');
    expect(searchOfQuery({ period: '30_days', from: '2026-11-01', to: '' })).toBe(
      '?period=30_days',
    );
    const custom = { period: 'custom' as const, from: '2026-11-01', to: '2026-11-15' };
    expect(searchOfQuery(custom)).toBe('?period=custom&from=2026-11-01&to=2026-11-15');
    expect(queryOfSearch(searchOfQuery(custom))).toEqual(custom);
    expect(summaryParams(custom)).toEqual(custom);
    expect(summaryParams({ ...custom, to: '' })).toBeNull();
    expect(summaryParams({ period: 'today', from: '', to: '' })).toEqual({ period: 'today' });
  });
});

describe('changeOf', () => {
  it('gives the ratio of the change, new without a previous figure, same when both are nothing', () => {
    expect(changeOf(112, 100)).toEqual({ ratio: 0.12 });
    expect(changeOf(50, 100)).toEqual({ ratio: -0.5 });
    expect(changeOf(3, 0)).toBe('new');
    expect(changeOf(0, 0)).toBe('same');
    expect(changeOf(0, 4)).toEqual({ ratio: -1 });
  });
});
