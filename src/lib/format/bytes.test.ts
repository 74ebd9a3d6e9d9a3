import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '@/lib/i18n';
import { formatBytes } from './bytes';

describe('formatBytes', () => {
  afterEach(async () => {
    await activateLocale('en', { remember: false });
  });

  it('writes a size in the largest unit it reaches, to one decimal', () => {
    expect(formatBytes(0)).toBe('0 byte');
    expect(formatBytes(999)).toBe('999 byte');
    expect(formatBytes(1000)).toBe('1 kB');
    expect(formatBytes(912_384)).toBe('912.4 kB');
    expect(formatBytes(48_213_504)).toBe('48.2 MB');
    expect(formatBytes(3_500_000_000)).toBe('3.5 GB');
    expect(formatBytes(2_000_000_000_000_000)).toBe('2,000 TB');
  });

  it('never writes 1000 of a unit: it moves to the next one', () => {
    expect(formatBytes(999_960)).toBe('1 MB');
    expect(formatBytes(999_940)).toBe('999.9 kB');
  });

  it('writes the units of the active language', async () => {
    await activateLocale('fr', { remember: false });
    expect(formatBytes(48_213_504).replace(/\s/g, ' ')).toBe('48,2 Mo');
  });
});
