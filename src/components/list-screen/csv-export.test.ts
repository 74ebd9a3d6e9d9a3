import { describe, expect, it } from 'vitest';
import { formatBytes, progressText, type CsvProgress } from './csv-export';
import { englishNoun } from './english-noun';

const ORDERS = englishNoun('order', 'orders');
const at = (progress: Partial<CsvProgress>): CsvProgress => ({
  label: 'One row per order',
  loaded: 0,
  totalBytes: null,
  rows: null,
  ...progress,
});

describe('progressText', () => {
  it('says the export is being prepared until the first bytes arrive', () => {
    expect(progressText(at({ rows: 1200 }), ORDERS)).toBe('Preparing the export...');
  });

  it('gives the bytes, then the rows: estimated with a known size, else the count', () => {
    expect(progressText(at({ loaded: 5400 }), ORDERS)).toBe('Received 5.4 kB');
    expect(progressText(at({ loaded: 5400, rows: 1200 }), ORDERS)).toBe(
      'Received 5.4 kB of 1,200 orders',
    );
    expect(progressText(at({ loaded: 250_000, totalBytes: 1_000_000, rows: 1200 }), ORDERS)).toBe(
      'Received 250.0 kB · about 300 of 1,200 orders',
    );
    expect(progressText(at({ loaded: 10, rows: 1 }), ORDERS)).toBe('Received 10 B of 1 order');
  });
});

describe('formatBytes', () => {
  it('writes B, kB and MB', () => {
    expect([formatBytes(999), formatBytes(1000), formatBytes(12_345_678)]).toEqual([
      '999 B',
      '1.0 kB',
      '12.3 MB',
    ]);
  });
});
