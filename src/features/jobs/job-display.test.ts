import { afterEach, describe, expect, it } from 'vitest';
import type { Job } from '@generated/model';
import { jobs } from '@mocks/fixtures';
import { activateLocale } from '@/lib/i18n';
import { kindLabel, kindOption, statusLabel, toJobRows } from './job-display';
import { isFiltered, jobParams, NO_FILTERS } from './job-filters';
import { noun } from './messages';

afterEach(() => activateLocale('en', { remember: false }));

describe('job labels', () => {
  it('names the known kinds, and shows an unknown one as the server names it', () => {
    expect(kindLabel('mail.send')).toBe('E-mails');
    expect(kindLabel('media.sweep')).toBe('Media clean-up');
    expect(kindLabel('audit.retention')).toBe('Audit retention');
    expect(kindLabel('export.csv')).toBe('export.csv');
    expect(kindOption('mail.send')).toBe('E-mails (mail.send)');
  });

  it('calls a dead job Failed', () => {
    expect(
      ['queued', 'running', 'done', 'dead'].map((s) => statusLabel(s as Job['status'])),
    ).toEqual(['Queued', 'Running', 'Done', 'Failed']);
  });

  it('follows the language', async () => {
    await activateLocale('fr', { remember: false });
    expect(kindOption('media.sweep')).toBe('Nettoyage des médias (media.sweep)');
    expect(statusLabel('dead')).toBe('En échec');
  });
});

describe('toJobRows', () => {
  it('gives each job its texts, a dash for what it has not, and Retry to the dead only', () => {
    const dead = toJobRows(jobs).find((row) => row.id === 5)!;
    expect(dead).toMatchObject({
      kind: 'E-mails',
      status: 'Failed',
      badge: { colorPalette: 'red' },
      attempts: '5 of 5',
      lastError: 'connect ECONNREFUSED 10.0.0.25:587',
      created: '14 Mar 2025, 09:30',
      finished: '14 Mar 2025, 09:45',
      retryable: true,
    });
    const queued = toJobRows(jobs).find((row) => row.id === 6)!;
    expect(queued).toMatchObject({ lastError: '-', finished: '-', retryable: false });
    expect(
      toJobRows(jobs)
        .filter((row) => row.retryable)
        .map((row) => row.id),
    ).toEqual([5]);
    const palettes = toJobRows(jobs).map((row) => [row.status, row.badge.colorPalette]);
    expect(Object.fromEntries(palettes)).toEqual({
      Queued: 'gray',
      Failed: 'red',
      Running: 'blue',
      Done: 'green',
    });
  });
});

describe('the filters', () => {
  it('send only what is chosen', () => {
    expect(jobParams(NO_FILTERS)).toEqual({ status: undefined, kind: undefined });
    expect(isFiltered(NO_FILTERS)).toBe(false);
    const failedMails = { status: 'dead', kind: 'mail.send' } as const;
    expect(jobParams(failedMails)).toEqual({ status: 'dead', kind: 'mail.send' });
    expect(isFiltered({ ...NO_FILTERS, kind: 'media.sweep' })).toBe(true);
  });
});

describe("the jobs' count", () => {
  it('in English, and in each of the six Arabic plural forms', async () => {
    const counts = [0, 1, 2, 3, 11, 100, 1200];
    expect(counts.map(noun.count)).toEqual([
      '0 jobs',
      '1 job',
      '2 jobs',
      '3 jobs',
      '11 jobs',
      '100 jobs',
      '1,200 jobs',
    ]);
    await activateLocale('ar', { remember: false });
    expect(counts.map(noun.count)).toEqual([
      '0 مهمة',
      'مهمة واحدة',
      'مهمتان',
      '3 مهام',
      '11 مهمةً',
      '100 مهمة',
      '1.200 مهمة',
    ]);
  });
});
