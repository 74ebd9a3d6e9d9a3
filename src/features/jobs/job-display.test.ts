import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { JobStatus } from '@generated/model';
import { jobs } from '@mocks/fixtures';
import { activateLocale } from '@/lib/i18n';
import { JOB_KINDS, kindLabel, kindOption, statusLabel, toJobRows } from './job-display';
import { jobQuery, NO_FILTERS } from './job-filters';
import { noun } from './messages';

afterEach(() => activateLocale('en', { remember: false }));

describe('job labels', () => {
  it('names the known kinds, and shows an unknown one as the server names it', () => {
    expect([...JOB_KINDS, 'export.csv'].map(kindLabel)).toEqual([
      'E-mails',
      'Order e-mails',
      'E-invoices to TTN',
      'Webhook deliveries',
      'Imported product images',
      'Media clean-up',
      'Audit retention',
      'Finished jobs clean-up',
      'Webhook deliveries clean-up',
      'Database integrity check',
      'Scheduled backup',
      'export.csv',
    ]);
    expect(kindOption('mail.send')).toBe('E-mails (mail.send)');
  });

  it('names every kind the server enqueues, in every language (never the raw name)', async () => {
    // The kinds the server declares (server/src: `kind: 'x.y'` and `…_JOB = 'x.y'`), tests aside.
    const declared = new Set<string>();
    const scan = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) scan(path);
        else if (/(?<!\.test)\.ts$/.test(entry.name)) {
          const source = readFileSync(path, 'utf8');
          for (const [, kind] of source.matchAll(
            /(?:kind: |_JOB(?:_KIND)? = )'([a-z]+\.[a-z_]+)'/g,
          ))
            declared.add(kind!);
        }
      }
    };
    scan(fileURLToPath(new URL('../../../server/src', import.meta.url)));
    expect([...declared].sort()).toEqual([...JOB_KINDS].sort());
    for (const locale of ['en', 'fr', 'ar'] as const) {
      await activateLocale(locale, { remember: false });
      for (const kind of JOB_KINDS) expect(kindLabel(kind)).not.toBe(kind);
    }
    await activateLocale('fr', { remember: false });
    expect(kindLabel('jobs.prune')).toBe('Nettoyage des tâches terminées');
  });

  it('calls a dead job Failed', () => {
    const labels = Object.values(JobStatus).map(statusLabel);
    expect(labels).toEqual(['Queued', 'Running', 'Done', 'Failed']);
  });

  it('follows the language', async () => {
    await activateLocale('fr', { remember: false });
    expect(kindOption('media.sweep')).toBe('Nettoyage des médias (media.sweep)');
    expect(statusLabel('dead')).toBe('En échec');
  });
});

describe('toJobRows', () => {
  const rows = toJobRows(jobs);
  const row = (id: number) => rows.find((r) => r.id === id);

  it("gives a dead job its texts in the shop's time, and Retry", () => {
    expect(row(5)).toMatchObject({
      kind: 'E-mails',
      status: 'Failed',
      badge: { colorPalette: 'red' },
      attempts: '5 of 5',
      lastError: 'connect ECONNREFUSED 10.0.0.25:587',
      created: '14 Mar 2025, 09:30',
      finished: '14 Mar 2025, 09:45',
      retryable: true,
    });
  });

  it('shows a dash for what a job has not, and Retry for the dead ones only', () => {
    expect(row(6)).toMatchObject({ lastError: '-', finished: '-', retryable: false });
    expect(rows.filter((r) => r.retryable).map((r) => r.id)).toEqual([5]);
  });

  it('colours each status: failed red, done green, running blue, queued grey', () => {
    const palettes = new Map(rows.map((r) => [r.status, r.badge.colorPalette]));
    const expected = { Queued: 'gray', Failed: 'red', Running: 'blue', Done: 'green' };
    expect(Object.fromEntries(palettes)).toEqual(expected);
  });
});

describe('jobQuery', () => {
  it('sends only what is chosen, and asks for the whole list beside a filtered one', () => {
    expect(jobQuery(NO_FILTERS)).toEqual({ params: {}, unfiltered: null });
    expect(jobQuery({ status: 'dead', kind: 'mail.send' })).toEqual({
      params: { status: 'dead', kind: 'mail.send' },
      unfiltered: {},
    });
    expect(jobQuery({ ...NO_FILTERS, kind: 'media.sweep' }).unfiltered).toEqual({});
  });
});

it("counts the jobs in English, and in each of Arabic's six plural forms", async () => {
  const counts = [0, 1, 2, 3, 11, 100, 1200];
  const english = counts.map(noun.count);
  await activateLocale('ar', { remember: false });
  expect(Object.fromEntries(counts.map((count, i) => [english[i], noun.count(count)]))).toEqual({
    '0 jobs': '0 مهمة',
    '1 job': 'مهمة واحدة',
    '2 jobs': 'مهمتان',
    '3 jobs': '3 مهام',
    '11 jobs': '11 مهمةً',
    '100 jobs': '100 مهمة',
    '1,200 jobs': '1.200 مهمة',
  });
});
