import { afterEach, expect, it } from 'vitest';
import { activateLocale } from '@/lib/i18n';
import { t } from './messages';

afterEach(() => activateLocale('en', { remember: false }));

it("writes '#' in a plural message as the counts are written (ar-TN, not Arabic-Indic digits)", async () => {
  await activateLocale('ar', { remember: false });
  expect(t('count', { count: 1200 })).toBe('1.200 فئة');
  expect(t('count', { count: 3 })).toBe('3 فئات');
});
