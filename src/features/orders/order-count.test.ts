import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '@/lib/i18n';
import { noun } from './messages';

afterEach(() => activateLocale('en', { remember: false }));

const counts = [0, 1, 2, 3, 11, 100, 1200];

describe("the orders list's count", () => {
  it('in English and French: one and other, with the language’s separators', async () => {
    expect(counts.map(noun.count)).toEqual([
      '0 orders',
      '1 order',
      '2 orders',
      '3 orders',
      '11 orders',
      '100 orders',
      '1,200 orders',
    ]);
    await activateLocale('fr', { remember: false });
    expect(counts.map(noun.count).map((text) => text.replace(/\s/g, ' '))).toEqual([
      '0 commande',
      '1 commande',
      '2 commandes',
      '3 commandes',
      '11 commandes',
      '100 commandes',
      '1 200 commandes',
    ]);
  });

  it('in Arabic: each of the six plural forms, in Latin digits as Tunisia writes them', async () => {
    await activateLocale('ar', { remember: false });
    expect(counts.map(noun.count)).toEqual([
      '0 طلب',
      'طلب واحد',
      'طلبان',
      '3 طلبات',
      '11 طلبًا',
      '100 طلب',
      '1.200 طلب',
    ]);
    expect(noun.plural()).toBe('طلبات');
  });
});
